import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TAlarm, TAlarmWithEvents, TUplinkMessage } from '@aquasmart/domain';
import { useTestContext } from '../../test/test-app';
import { queryRows, type TDb } from '../../db/database';
import { deviceChannels, devices, users } from '../../db/schema';
import { processIntakeBatch } from '../telemetry/intake-worker';
import { chirpstackUp, payload, postChirpstack, seedDevice, seedNetworkServer } from '../../test/intake-fixtures';
import { caller, insertCustomer, insertLocation, restrictUser } from '../../test/places-fixtures';
import { runOfflineAlarmSweep } from './offline-alarm-job';
import { alarmRows as fixtureAlarmRows } from './alarm-rows.fixture';

/**
 * A node that moves or is removed (docs/alarms.md, "A node that moves or is removed"): its active
 * alarms close under the old place, in the move's transaction, with the reason in the timeline;
 * the node's own conditions open again at once under the new place, the water's from the next
 * reading there. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const ctx = useTestContext();
const call = caller(ctx);
let db: TDb;
let tokens: Record<'admin' | 'engineer' | 'other', string>;
let ids: { acme: number; beta: number; hal: number; zaal: number; elders: number };

const SECRET = 'alarms-place-secret-01';
const V1 = '70B3D5499B00D001';
const V2 = '70B3D5499B00D002';
const V3 = '70B3D5499B00D003';
const MINUTE = 60_000;
/** Readings before the move: an hour ago. */
const BEFORE = Math.floor((Date.now() - 60 * MINUTE) / MINUTE) * MINUTE;
let fCnt = 0;

beforeAll(() => {
  db = ctx.database.db;
});

beforeEach(async () => {
  tokens = await ctx.signedInUsers({
    admin: { administrator: true },
    engineer: { rights: { dashboard: true, editNode: true } },
    other: { rights: { dashboard: true, editNode: true } },
  });
  const acme = await insertCustomer(db, 'Acme');
  const beta = await insertCustomer(db, 'Beta');
  const hal = await insertLocation(db, acme, 'Hal');
  const zaal = await insertLocation(db, acme, 'Zaal');
  const elders = await insertLocation(db, beta, 'Elders');
  ids = { acme, beta, hal, zaal, elders };
  const idOf = async (name: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, `${name}@example.com`)))[0].id;
  await restrictUser(db, await idOf('engineer'), [acme]);
  await restrictUser(db, await idOf('other'), [beta]);
  const networkServerId = await seedNetworkServer(db, 'ChirpStack', 'chirpstack', SECRET);
  await seedDevice(db, V1, 'V1', networkServerId, { name: 'Kraan 1', customerId: acme, locationId: hal, flushMinimumTemperatureDeviation: 2 });
  await seedDevice(db, V2, 'V2', networkServerId, { name: 'Kraan 2', customerId: acme, locationId: hal });
  await seedDevice(db, V3, 'V3', networkServerId, { name: 'Kraan 3', customerId: acme, locationId: hal });
});

const seconds = (ms: number) => Math.floor(ms / 1000);

async function uplink(eui: string, type: 'V1' | 'V2' | 'V3', message: TUplinkMessage, atMs: number): Promise<void> {
  fCnt += 1;
  const response = await postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(eui, fCnt, payload(type, message), { time: new Date(atMs).toISOString() }));
  expect(response.statusCode).toBe(200);
  await processIntakeBatch(db);
}

const flush = (before: number, after: number, atMs: number): TUplinkMessage => ({ kind: 'flush', msgId: 50, timestamp: seconds(atMs), channel: 1, before, after });
const battery = (voltage: number, atMs: number, msgId = 40): TUplinkMessage => ({ kind: 'battery', msgId, timestamp: seconds(atMs), voltage });
const temperatures = (values: number[], atMs: number): TUplinkMessage => ({ kind: 'temperature', msgId: 32, timestamp: seconds(atMs), temperatures: values });

const patch = (token: string, eui: string, body: unknown) => call(token, 'PATCH', `/devices/${eui}/lora/NS`, body);

const alarmRows = (eui: string, kind?: string) => fixtureAlarmRows(db, eui, kind);

async function steps(alarmId: number): Promise<{ action: string; at: number; details: Record<string, unknown> }[]> {
  const rows = await queryRows<{ action: string; at: string | Date; details: Record<string, unknown> | string }>(
    db,
    sql`SELECT action, at, details FROM alarm_events WHERE alarm_id = ${alarmId} ORDER BY at, id`,
  );
  return rows.map((row) => ({ action: row.action, at: new Date(row.at).getTime(), details: typeof row.details === 'string' ? JSON.parse(row.details) : row.details }));
}

async function detail(token: string, id: number): Promise<TAlarmWithEvents> {
  const response = await call(token, 'GET', `/alarms/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json<TAlarmWithEvents>();
}

describe('a node moved to another customer', () => {
  it('closes its flush alarm under the old place with the reason, at the move; the next weak flush opens one under the new customer', async () => {
    await uplink(V1, 'V1', flush(40, 41, BEFORE), BEFORE);
    const [open] = await alarmRows(V1, 'flushAlarm');
    expect(open).toMatchObject({ customer_id: ids.acme, location_id: ids.hal, closed_at: null });

    const before = Date.now();
    const moved = await patch(tokens.admin, V1, { customer: 'Beta', location: 'Elders' });
    expect(moved.statusCode).toBe(200);
    const after = Date.now();

    const [closed, ...none] = await alarmRows(V1, 'flushAlarm');
    expect(none).toEqual([]);
    expect(closed).toMatchObject({ id: open.id, customer_id: ids.acme, location_id: ids.hal });
    const closedAt = new Date(closed.closed_at!).getTime();
    expect(closedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(closedAt).toBeLessThanOrEqual(after);
    const timeline = await steps(open.id);
    expect(timeline.map((step) => step.action)).toEqual(['opened', 'closed']);
    expect(timeline[1]).toMatchObject({ at: closedAt, details: { reason: 'nodeMoved' } });

    // The API gives the reason on the step; the old customer's user still has it to handle, the new one does not see it.
    const seen = await detail(tokens.engineer, open.id);
    expect(seen.events.at(-1)).toMatchObject({ action: 'closed', reason: 'nodeMoved', user: null });
    expect(seen.events[0].reason).toBeNull();
    expect((await call(tokens.engineer, 'GET', '/alarms')).json<TAlarm[]>().map((alarm) => alarm.id)).toEqual([open.id]);
    expect((await call(tokens.other, 'GET', `/alarms/${open.id}`)).statusCode).toBe(404);
    expect((await call(tokens.other, 'GET', '/alarms')).json<TAlarm[]>()).toEqual([]);

    // Flush is about the water at the place: the next weak flush there opens a new alarm, not the old one again (within its 7 days).
    await uplink(V1, 'V1', flush(40, 41, after + MINUTE), after + MINUTE);
    const rows = await alarmRows(V1, 'flushAlarm');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ id: open.id, closed_at: closed.closed_at });
    expect(rows[1]).toMatchObject({ customer_id: ids.beta, location_id: ids.elders, closed_at: null });
    expect((await steps(open.id)).map((step) => step.action)).toEqual(['opened', 'closed']);
    expect((await call(tokens.other, 'GET', '/alarms')).json<TAlarm[]>().map((alarm) => alarm.id)).toEqual([rows[1].id]);
    expect((await call(tokens.engineer, 'GET', '/alarms')).json<TAlarm[]>().map((alarm) => alarm.id)).toEqual([open.id]);
  });

  it('a move refused (an invalid field, a missing right) writes nothing: the alarm stays open', async () => {
    await uplink(V1, 'V1', flush(40, 41, BEFORE), BEFORE);
    const refused = await patch(tokens.admin, V1, { customer: 'Beta', location: 'Nergens' });
    expect(refused.statusCode).toBe(400);
    // Refused for the right (editNode without moveNode): nothing written either.
    expect((await patch(tokens.engineer, V1, { customer: 'Acme', location: 'Zaal' })).statusCode).toBe(403);
    const [row] = await alarmRows(V1, 'flushAlarm');
    expect(row).toMatchObject({ customer_id: ids.acme, closed_at: null });
    expect((await steps(row.id)).map((step) => step.action)).toEqual(['opened']);
    const [node] = await db.select({ customerId: devices.customerId }).from(devices).where(eq(devices.eui, V1));
    expect(node.customerId).toBe(ids.acme);
  });

  it('an edit that keeps the place leaves the alarms alone', async () => {
    await uplink(V1, 'V1', flush(40, 41, BEFORE), BEFORE);
    expect((await patch(tokens.admin, V1, { name: 'Kraan 1 nieuw', customer: 'Acme', location: 'Hal' })).statusCode).toBe(200);
    expect(await alarmRows(V1, 'flushAlarm')).toMatchObject([{ closed_at: null }]);
  });
});

describe('the node’s own conditions open again at once under the new place', () => {
  it('low battery, moved to another location of the customer: closed at Hal, opened at Zaal at the move with the same details', async () => {
    await uplink(V2, 'V2', battery(3.0, BEFORE), BEFORE);
    const [open] = await alarmRows(V2, 'lowBattery');
    expect((await patch(tokens.admin, V2, { location: 'Zaal' })).statusCode).toBe(200);
    const [closed, reopened] = await alarmRows(V2, 'lowBattery');
    expect(closed).toMatchObject({ id: open.id, location_id: ids.hal });
    expect(reopened).toMatchObject({ customer_id: ids.acme, location_id: ids.zaal, closed_at: null, details: { voltage: 3.0, threshold: 3.1 } });
    expect(new Date(reopened.opened_at).getTime()).toBe(new Date(closed.closed_at!).getTime());
    expect((await steps(closed.id)).at(-1)).toMatchObject({ action: 'closed', details: { reason: 'nodeMoved' } });
    expect(await steps(reopened.id)).toMatchObject([{ action: 'opened', details: { reason: 'nodeMoved', voltage: 3.0 } }]);
    expect((await detail(tokens.engineer, reopened.id)).events).toMatchObject([{ action: 'opened', reason: 'nodeMoved' }]);
    // The intake sees it as active: the next low reading changes nothing.
    await uplink(V2, 'V2', battery(2.9, Date.now() + MINUTE), Date.now() + MINUTE);
    expect(await alarmRows(V2, 'lowBattery')).toHaveLength(2);
  });

  it('a faulty sensor moved to another customer opens there; a battery swapped in the same request ends the low battery', async () => {
    await uplink(V3, 'V3', temperatures([-102.4, 21], BEFORE), BEFORE);
    await uplink(V3, 'V3', battery(3.0, BEFORE + MINUTE, 36), BEFORE + MINUTE);
    expect((await patch(tokens.admin, V3, { customer: 'Beta', location: 'Elders', battery: {} })).statusCode).toBe(200);
    const faulty = await alarmRows(V3, 'faultySensor');
    expect(faulty).toMatchObject([
      { customer_id: ids.acme, channel_id: 'temperature1' },
      { customer_id: ids.beta, location_id: ids.elders, channel_id: 'temperature1', closed_at: null },
    ]);
    expect(faulty[0].closed_at).not.toBeNull();
    const lowBattery = await alarmRows(V3, 'lowBattery');
    expect(lowBattery).toHaveLength(1);
    expect(lowBattery[0].closed_at).not.toBeNull();
    expect((await steps(lowBattery[0].id)).at(-1)).toMatchObject({ details: { reason: 'nodeMoved' } });
    // A good reading at the new place closes the new faulty-sensor alarm the usual way.
    await uplink(V3, 'V3', temperatures([20, 21], Date.now() + MINUTE), Date.now() + MINUTE);
    expect((await alarmRows(V3, 'faultySensor'))[1].closed_at).not.toBeNull();
  });

  it('offline moves with the node: opened at the new place at the move, the sweep opens no second one', async () => {
    await uplink(V2, 'V2', battery(3.6, BEFORE - 10 * 60 * MINUTE), BEFORE - 10 * 60 * MINUTE);
    expect(await runOfflineAlarmSweep(db, new Date())).toMatchObject({ opened: 1 });
    expect((await patch(tokens.admin, V2, { customer: 'Beta', location: 'Elders' })).statusCode).toBe(200);
    expect(await runOfflineAlarmSweep(db, new Date())).toMatchObject({ opened: 0 });
    expect(await alarmRows(V2, 'offline')).toMatchObject([
      { customer_id: ids.acme, details: { lastMessageAt: expect.any(String) } },
      { customer_id: ids.beta, closed_at: null },
    ]);
  });
});

describe('the temperature stretch starts again at the move', () => {
  it('clears out_of_range_since of the node’s channels', async () => {
    await db.update(deviceChannels).set({ outOfRangeSince: new Date(BEFORE) }).where(eq(deviceChannels.deviceEui, V3));
    expect((await patch(tokens.admin, V3, { customer: 'Beta', location: 'Elders' })).statusCode).toBe(200);
    const channels = await db.select({ since: deviceChannels.outOfRangeSince }).from(deviceChannels).where(eq(deviceChannels.deviceEui, V3));
    expect(channels.every((channel) => channel.since === null)).toBe(true);
  });
});

describe('a node removed', () => {
  it('closes every active alarm with nodeRemoved, opens none again; later readings open nothing', async () => {
    await uplink(V2, 'V2', battery(3.0, BEFORE), BEFORE);
    await uplink(V2, 'V2', { kind: 'overflow', msgId: 52, timestamp: seconds(BEFORE + MINUTE), resistance: 240, detected: true }, BEFORE + MINUTE);
    const open = await alarmRows(V2);
    expect(open.map((row) => row.kind).sort()).toEqual(['lowBattery', 'waterDetection']);
    expect((await patch(tokens.admin, V2, { customer: null, location: null })).statusCode).toBe(200);
    const rows = await alarmRows(V2);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.closed_at).not.toBeNull();
      expect((await steps(row.id)).at(-1)).toMatchObject({ action: 'closed', details: { reason: 'nodeRemoved' } });
    }
    await uplink(V2, 'V2', battery(2.9, Date.now() + MINUTE), Date.now() + MINUTE);
    expect(await alarmRows(V2)).toHaveLength(2);
    // Still to handle for the old customer: nobody recorded what was done.
    expect((await call(tokens.engineer, 'GET', '/alarms')).json<TAlarm[]>()).toHaveLength(2);
  });
});

describe('battery swap: the closed step carries the reason', () => {
  it('the sweep closes with { reason: batterySwap }; a step of the first shape { batterySwap: true } reads the same', async () => {
    await uplink(V2, 'V2', battery(3.0, BEFORE), BEFORE);
    await db.update(devices).set({ batteryTs: new Date(BEFORE + 10 * MINUTE), batteryAlarmTs: 0 }).where(eq(devices.eui, V2));
    await runOfflineAlarmSweep(db, new Date(BEFORE + 11 * MINUTE));
    const [alarm] = await alarmRows(V2, 'lowBattery');
    expect((await steps(alarm.id)).at(-1)).toMatchObject({ action: 'closed', details: { reason: 'batterySwap' } });
    expect((await detail(tokens.engineer, alarm.id)).events.at(-1)).toMatchObject({ action: 'closed', reason: 'batterySwap' });
    await db.execute(sql`UPDATE alarm_events SET details = '{"batterySwap":true}'::jsonb WHERE alarm_id = ${alarm.id} AND action = 'closed'`);
    expect((await detail(tokens.engineer, alarm.id)).events.at(-1)).toMatchObject({ action: 'closed', reason: 'batterySwap' });
  });
});
