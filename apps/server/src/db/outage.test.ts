import { afterAll, describe, expect, inject, it } from 'vitest';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { ERROR } from '@aquasmart/domain';
import { customers } from './schema';
import { isDatabaseUnreachable } from './db-errors';
import { useTestContext } from '../test/test-app';
import { startTcpProxy, throughProxy, type TTcpProxy } from '../test/tcp-proxy';
import { chirpstackUp, countOf, payload, postChirpstack, seedDevice, seedNetworkServer } from '../test/intake-fixtures';
import { processIntakeBatch } from '../modules/telemetry/intake-worker';

/** A real refusal: node-postgres connecting to a port nobody listens on. */
async function refusedConnectionError(): Promise<unknown> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'nobody', database: 'none' });
  return client.connect().then(
    () => new Error('connected to a closed port'),
    (error: unknown) => error,
  );
}

function withCode(code: string, message = 'pg error'): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnreachable: which failures mean "the database cannot be reached"', () => {
  it('a refused connection (ECONNREFUSED from the driver itself)', async () => {
    expect(isDatabaseUnreachable(await refusedConnectionError())).toBe(true);
  });

  it.each([
    ['ECONNRESET', withCode('ECONNRESET', 'read ECONNRESET')],
    ['ETIMEDOUT', withCode('ETIMEDOUT', 'connect ETIMEDOUT')],
    ['connection terminated unexpectedly', new Error('Connection terminated unexpectedly')],
    ['connection terminated (pool ending)', new Error('Connection terminated')],
    ['connect timeout of the pool', new Error('Connection terminated due to connection timeout')],
    ['timeout acquiring a connection', new Error('timeout exceeded when trying to connect')],
    ['client broken after an error', new Error('Client has encountered a connection error and is not queryable')],
    ['08000 connection_exception', withCode('08000')],
    ['08003 connection_does_not_exist', withCode('08003')],
    ['08006 connection_failure', withCode('08006')],
    ['08P01 protocol_violation', withCode('08P01')],
    ['57P01 admin_shutdown', withCode('57P01', 'terminating connection due to administrator command')],
    ['57P02 crash_shutdown', withCode('57P02')],
    ['57P03 cannot_connect_now', withCode('57P03', 'the database system is starting up')],
    ['wrapped by Drizzle', new DrizzleQueryError('select 1', [], withCode('57P01'))],
    ['twice wrapped', new Error('outer', { cause: new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly')) })],
    ['one address of several refused (AggregateError)', Object.assign(new AggregateError([new Error('x'), withCode('ECONNREFUSED')], 'connect failed'))],
  ])('unreachable: %s', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ['23505 unique_violation', withCode('23505')],
    ['23503 foreign_key_violation', withCode('23503')],
    ['57014 query_canceled (statement timeout: errors.queryTimeout)', withCode('57014')],
    ['57P04 database_dropped (not one of 57P01-57P03)', withCode('57P04')],
    ['42P01 undefined_table', withCode('42P01')],
    ['07000 (class 07, next to 08)', withCode('07000')],
    ['09000 (class 09, next to 08)', withCode('09000')],
    ['a plain error', new Error('boom')],
    ['a message that only mentions a connection', new Error('the connection string is fine')],
    ['Drizzle wrapping a unique violation', new DrizzleQueryError('insert', [], withCode('23505'))],
    ['null', null],
    ['a string', 'ECONNREFUSED'],
  ])('not unreachable: %s', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });
});

/**
 * A database outage through the API (docs/operations-limits.md, "Database outage"): the app's
 * pools reach PostgreSQL through a TCP proxy the test cuts and restores. PostgreSQL only: PGlite
 * runs inside the process and cannot be cut off.
 */
describe.runIf(inject('postgresTemplateUrl') !== '')('the API while PostgreSQL cannot be reached', () => {
  let proxy: TTcpProxy | undefined;
  const ctx = useTestContext({
    reset: 'never',
    connectThrough: async (url) => {
      proxy = await startTcpProxy({ host: new URL(url).hostname, port: Number(new URL(url).port || 5432) });
      return throughProxy(url, proxy);
    },
  });
  afterAll(async () => proxy?.close());

  const list = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/customers', headers: { 'x-access-token': token } });

  it('answers 503 errors.unavailable while cut, and 200 again by itself once restored', async () => {
    await ctx.database.db.insert(customers).values({ name: 'Gemeente Utrecht' });
    const { reader } = await ctx.signedInUsers({ reader: {} });
    const before = await list(reader);
    expect(before.statusCode).toBe(200);

    proxy!.cut();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const during = await list(reader);
      expect(during.statusCode).toBe(503);
      expect(during.json()).toMatchObject({ statusCode: 503, key: ERROR.unavailable });
    }
    const health = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);

    proxy!.restore();
    const after = await list(reader);
    expect(after.statusCode).toBe(200);
    expect(after.json<{ items?: { name: string }[] }>()).toBeTruthy();
    expect(JSON.stringify(after.json())).toContain('Gemeente Utrecht');
  });
});

/**
 * The HTTP intake during an outage (docs/telemetry.md, "While the database is unreachable"):
 * answered uplinks go to the spool in DATA_DIR and are replayed once the database is back.
 */
describe.runIf(inject('postgresTemplateUrl') !== '')('the HTTP intake while PostgreSQL cannot be reached', () => {
  const SECRET = 'outage-test-secret-0001';
  const EUI = '70B3D5499D000077';
  const WAVE = 40;
  const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-spool-'));
  let proxy: TTcpProxy | undefined;
  const ctx = useTestContext({
    reset: 'never',
    intakeSpoolDir: spoolDir,
    connectThrough: async (url) => {
      proxy = await startTcpProxy({ host: new URL(url).hostname, port: Number(new URL(url).port || 5432) });
      return throughProxy(url, proxy);
    },
  });
  afterAll(async () => {
    await proxy?.close();
    fs.rmSync(spoolDir, { recursive: true, force: true });
  });

  const now = Math.floor(Date.now() / 1000);
  const post = (fCnt: number) =>
    postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(EUI, fCnt, payload('V2', { kind: 'temperature', msgId: 42, timestamp: now - fCnt, temperatures: [60, 15, 30] })));
  const wave = (first: number) => Array.from({ length: WAVE }, (_v, i) => post(first + i));
  const spooled = () => fs.readdirSync(spoolDir).filter((name) => name.startsWith('intake-spool'));

  it('every uplink answered during a burst with the database cut off is in the history exactly once', async () => {
    const networkServerId = await seedNetworkServer(ctx.database.db, 'ChirpStack', 'chirpstack', SECRET);
    await seedDevice(ctx.database.db, EUI, 'V2', networkServerId);
    expect((await post(1)).statusCode).toBe(200);

    // In flight when the cut comes, during the cut (past the network-server cache's freshness), and right after.
    const inFlight = wave(2);
    proxy!.cut();
    const duringCut = [...(await Promise.all(inFlight))];
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    duringCut.push(...(await Promise.all(wave(2 + WAVE))));
    expect(spooled().length).toBeGreaterThan(0); // the spool, and the copy a failed replay attempt moved aside
    const lines = spooled().reduce((sum, name) => sum + fs.readFileSync(path.join(spoolDir, name), 'utf8').split('\n').filter(Boolean).length, 0);
    expect(lines).toBe(2 * WAVE);
    const resent = await post(2 + WAVE); // a network server's retry of an uplink already spooled
    proxy!.restore();
    const afterRestore = await Promise.all(wave(2 + 2 * WAVE));
    const total = 1 + 3 * WAVE;
    expect([...duringCut, resent, ...afterRestore].map((answer) => answer.statusCode)).toEqual(Array(2 * WAVE + 1 + WAVE).fill(200));

    const deadline = Date.now() + 20_000;
    while ((spooled().length || (await countOf(ctx.database.db, 'intake_events')) < total) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(spooled()).toEqual([]);
    expect(await countOf(ctx.database.db, 'intake_events')).toBe(total);
    while ((await processIntakeBatch(ctx.database.db)) > 0);
    expect(await countOf(ctx.database.db, 'device_data', sql`device_eui = ${EUI}`)).toBe(total);
    expect(await countOf(ctx.database.db, 'intake_events', sql`processed_at IS NULL`)).toBe(0);
  });
});
