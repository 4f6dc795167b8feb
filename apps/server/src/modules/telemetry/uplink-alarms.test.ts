import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { TUplinkMessage } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import type * as TObservedAlarmsModule from '../alarm-store/observed-alarms';

/**
 * An uplink's alarms are written once (docs/alarms.md, "The alarm store"): in one call of the
 * store, the records and the e-mail of the reading together, nowhere else in the batch. On PGlite,
 * and on PostgreSQL with TEST_DATABASE_URL.
 */

/** Calls of the store's batch writer, and whether one is running (the intake reaches it through process-events.ts). */
const store = vi.hoisted(() => ({ calls: 0, running: false }));
vi.mock('../alarm-store/observed-alarms', async (importOriginal) => {
  const actual = await importOriginal<typeof TObservedAlarmsModule>();
  return {
    ...actual,
    recordObservedAlarms: async (...args: Parameters<typeof actual.recordObservedAlarms>) => {
      store.calls += 1;
      store.running = true;
      try {
        return await actual.recordObservedAlarms(...args);
      } finally {
        store.running = false;
      }
    },
  };
});

// Test files share a worker's modules (vitest.config.ts): the intake's modules are loaded afresh
// here, after the mock, or an earlier file's copy would call the real store uncounted.
vi.resetModules();
const { useTestContext } = await import('../../test/test-app');
const { processIntakeBatch } = await import('./intake-worker');
const { chirpstackUp, countOf, payload, postChirpstack, seedDevice, seedNetworkServer } = await import('../../test/intake-fixtures');
const { insertCustomer, insertLocation } = await import('../../test/places-fixtures');
const { insertSubscriber } = await import('../../test/alert-fixtures');

const ctx = useTestContext();
let db: TDb;

const SECRET = 'uplink-alarms-secret-01';
const NODE = '70B3D5499B00D001';
const MINUTE = 60_000;
const T0 = Math.floor((Date.now() - 86_400_000) / MINUTE) * MINUTE;
let fCnt = 0;

beforeEach(async () => {
  db = ctx.database.db;
  const customerId = await insertCustomer(db, 'Acme');
  const locationId = await insertLocation(db, customerId, 'Hal');
  const networkServerId = await seedNetworkServer(db, 'ChirpStack', 'chirpstack', SECRET);
  await seedDevice(db, NODE, 'V1', networkServerId, { name: 'Kraan 1', customerId, locationId, flushMinimumTemperatureDeviation: 2 });
  await insertSubscriber(db, { email: 'piet@example.com', administrator: true, flush: true });
});

const dialect = new PgDialect();

/** The statements a database handle's transactions executed while `work` ran, each with whether the alarm store's batch writer ran it. */
async function statementsOf(work: (db: TDb) => Promise<unknown>): Promise<{ text: string; inStore: boolean }[]> {
  const seen: { text: string; inStore: boolean }[] = [];
  const watch = <T extends object>(handle: T): T =>
    new Proxy(handle, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        if (key === 'execute') return (query: SQL) => (seen.push({ text: dialect.sqlToQuery(query).sql, inStore: store.running }), value.call(target, query));
        if (key === 'transaction') return (run: (tx: object) => Promise<unknown>) => value.call(target, (tx: object) => run(watch(tx)));
        return value.bind(target);
      },
    });
  await work(watch(db));
  return seen;
}

const flush = (before: number, after: number, atMs: number): TUplinkMessage => ({ kind: 'flush', msgId: 50, timestamp: Math.floor(atMs / 1000), channel: 1, before, after });

async function uplink(handle: TDb, message: TUplinkMessage): Promise<void> {
  fCnt += 1;
  const at = new Date(T0 + fCnt * MINUTE).toISOString();
  expect((await postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(NODE, fCnt, payload('V1', message), { time: at }))).statusCode).toBe(200);
  expect(await processIntakeBatch(handle)).toBe(1);
}

/** Statements that write alarm records, their steps or alert e-mails: all in the store's one call, answered as their text. */
function alarmWrites(statements: { text: string; inStore: boolean }[]): string[] {
  const writes = statements.filter((statement) => /INSERT INTO (alarms|alarm_events|alert_items)\b|UPDATE alarms\b/.test(statement.text));
  expect(writes.filter((statement) => !statement.inStore)).toEqual([]);
  return writes.map((statement) => statement.text);
}

beforeEach(() => {
  store.calls = 0;
});

describe('one uplink, its alarms written once', () => {
  it('a weak flush: one call of the store; in it one statement opens the alarm with its step, one writes the e-mail of the reading; nothing else', async () => {
    const written = alarmWrites(await statementsOf((handle) => uplink(handle, flush(40, 40.5, T0))));
    expect(store.calls).toBe(1);
    expect(written).toHaveLength(2);
    expect(written.filter((text) => text.includes('INSERT INTO alarms'))).toHaveLength(1);
    expect(written.filter((text) => text.includes('INSERT INTO alert_items'))).toHaveLength(1);
    expect(await countOf(db, 'alarms')).toBe(1);
    expect(await countOf(db, 'alarm_events', sql`action = 'opened'`)).toBe(1);
    expect(await countOf(db, 'alert_items')).toBe(1);
  });

  it('a second weak flush while the alarm is open: no record is written, the reading is e-mailed again', async () => {
    await uplink(db, flush(40, 40.5, T0));
    const written = alarmWrites(await statementsOf((handle) => uplink(handle, flush(41, 41.2, T0 + MINUTE))));
    expect(written.map((text) => text.includes('INSERT INTO alert_items'))).toEqual([true]);
    expect(await countOf(db, 'alarms')).toBe(1);
    expect(await countOf(db, 'alarm_events')).toBe(1);
    expect(await countOf(db, 'alert_items')).toBe(2);
  });

  it('an uplink that changes no alarm writes none', async () => {
    const written = alarmWrites(await statementsOf((handle) => uplink(handle, flush(40, 55, T0))));
    expect(written).toEqual([]);
  });
});
