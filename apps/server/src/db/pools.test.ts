import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { customers } from './schema';
import { queryRows, type TDb } from './database';
import { useTestContext } from '../test/test-app';
import { chirpstackUp, countOf, payload, postChirpstack, seedNetworkServer } from '../test/intake-fixtures';

/**
 * The two pools of db/client.ts (docs/operations-limits.md): the API's connections carry a
 * statement timeout and are the only ones API requests use; the system's (intake, jobs,
 * migrations, health) carry none and stay free while the API's are all taken. On PostgreSQL
 * when TEST_DATABASE_URL is set; on PGlite, which is one connection, each test checks what the
 * documentation says of PGlite instead.
 */
const STATEMENT_TIMEOUT_MS = 1000;
const API_POOL_SIZE = 3;
/** Far above the few milliseconds the awaited answers take, so no assertion depends on speed. */
const GENEROUS_MS = 20_000;
const SECRET = 'pool-test-secret-0001';
const UPLINK = payload('V2', { kind: 'battery', msgId: 40, timestamp: 1_795_000_000, voltage: 3.58 });

let reader: string;

const ctx = useTestContext({ database: { apiStatementTimeoutMs: STATEMENT_TIMEOUT_MS, apiPoolSize: API_POOL_SIZE }, reset: 'never' });
beforeAll(async () => {
  await ctx.database.db.insert(customers).values({ name: 'Gemeente Utrecht' });
  await seedNetworkServer(ctx.database.db, 'ChirpStack', 'chirpstack', SECRET);
  ({ reader } = await ctx.signedInUsers({ reader: {} }));
});

const postgres = () => ctx.database.kind === 'postgres';

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Rejects after `ms`, naming what did not happen: a hang fails the test instead of stalling it. */
function within<T>(promise: Promise<T>, what: string, ms = GENEROUS_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function statementTimeout(db: TDb): Promise<string> {
  const [row] = await queryRows<{ statement_timeout: string }>(db, sql`SHOW statement_timeout`);
  return row.statement_timeout;
}

/**
 * Opens a transaction on `db` that runs `first`, then holds its connection until `release`
 * settles; answers once `first` ran, with the transaction's end in `held`.
 */
async function holdConnection(db: TDb, release: Promise<void>, first = sql`SELECT 1`): Promise<{ held: Promise<void> }> {
  const started = gate();
  const held = db.transaction(async (tx) => {
    await tx.execute(first);
    started.open();
    await release;
  });
  await within(Promise.race([started.opened, held]), 'opening a transaction');
  return { held };
}

describe('the API pool and the system pool', () => {
  it('the API connections carry the statement timeout, the system connections none', async () => {
    if (postgres()) {
      expect(await statementTimeout(ctx.database.db)).toBe('1s');
      expect(await statementTimeout(ctx.database.system)).toBe('0');
    } else {
      // PGlite: one connection for both, no timeout set (it would also cut migrations).
      expect(ctx.database.system).toBe(ctx.database.db);
      expect(await statementTimeout(ctx.database.db)).toBe('0');
    }
  });

  it('a read past the statement timeout answers 503 errors.queryTimeout', async () => {
    if (postgres()) {
      // A lock held by another connection makes the list read wait: a genuinely slow read
      // through the real route, cancelled by the API connection's statement timeout.
      const release = gate();
      const { held } = await holdConnection(ctx.database.system, release.opened, sql`LOCK TABLE customers IN ACCESS EXCLUSIVE MODE`);
      try {
        const response = await within(ctx.app.inject({ method: 'GET', url: '/api/v1/customers', headers: { 'x-access-token': reader } }), 'the list');
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable', key: 'errors.queryTimeout' });
      } finally {
        release.open();
        await held;
      }
      // The connection is usable again: the next read is answered.
      const again = await ctx.app.inject({ method: 'GET', url: '/api/v1/customers', headers: { 'x-access-token': reader } });
      expect(again.statusCode).toBe(200);
    } else {
      // PGlite accepts statement_timeout but does not enforce it (checked here, so that a PGlite
      // that starts enforcing it is noticed): a statement past it runs to its end.
      await ctx.database.exec(`SET statement_timeout = 50`);
      try {
        await expect(ctx.database.db.execute(sql`SELECT pg_sleep(0.2)`)).resolves.toBeDefined();
      } finally {
        await ctx.database.exec(`RESET statement_timeout`);
      }
    }
  });

  it('uplinks are stored and /readyz answers while every API connection is taken', async () => {
    if (!postgres()) {
      // PGlite: API, intake and jobs share the one connection; there is nothing to keep apart.
      expect(ctx.database.system).toBe(ctx.database.db);
      return;
    }
    const release = gate();
    const held: Promise<void>[] = [];
    for (let i = 0; i < API_POOL_SIZE; i++) held.push((await holdConnection(ctx.database.db, release.opened)).held);
    let listAnswered = false;
    const list = ctx.app.inject({ method: 'GET', url: '/api/v1/customers', headers: { 'x-access-token': reader } }).finally(() => (listAnswered = true));
    try {
      const uplink = await within(postChirpstack(ctx.app, SECRET, 'up', chirpstackUp('70B3D5499D000001', 1, UPLINK)), 'the uplink');
      expect(uplink.statusCode, uplink.body).toBe(200);
      const health = await within(ctx.app.inject({ method: 'GET', url: '/readyz' }), '/readyz');
      expect(health.statusCode).toBe(200);
      expect(await countOf(ctx.database.system, 'intake_events')).toBe(1);
      // The API really was saturated: its request is still waiting for a connection.
      expect(listAnswered).toBe(false);
    } finally {
      release.open();
      await Promise.all(held);
    }
    expect((await within(list, 'the list after the release')).statusCode).toBe(200);
  });
});
