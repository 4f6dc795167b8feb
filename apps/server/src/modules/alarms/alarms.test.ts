import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { OFFLINE_AFTER_MS, type TAlarm, type TAlarmWithEvents, type TUplinkMessage } from '@aquasmart/domain';
import { useTestContext } from '../../test/test-app';
import { queryRows, type TDb } from '../../db/database';
import { deviceChannels, deviceParameters, devices, users } from '../../db/schema';
import { processIntakeBatch } from '../telemetry/intake-worker';
import { chirpstackUp, payload, postChirpstack, seedDevice, seedNetworkServer } from '../../test/intake-fixtures';
import { caller, insertCustomer, insertLocation, restrictUser } from '../../test/places-fixtures';
import { runOfflineAlarmSweep } from './offline-alarm-job';
import { alarmRows as fixtureAlarmRows } from './alarm-rows.fixture';

/**
 * Alarms as records (docs/alarms.md): uplinks open and close each kind, hysteresis, the offline
 * sweep, the handling steps with who and when, scope and rights. On PGlite, and on PostgreSQL
 * with TEST_DATABASE_URL.
 */

const ctx = useTestContext();
const call = caller(ctx);
let db: TDb;
let tokens: Record<'admin' | 'engineer' | 'viewer' | 'other' | 'water', string>;
let ids: { acme: number; beta: number; hal: number; elders: number; engineer: number; other: number; viewer: number };

const SECRET = 'alarms-secret-0001';
const V1 = '70B3D5499B00A001';
const V2 = '70B3D5499B00A002';
const V3 = '70B3D5499B00A003';
const BETA_NODE = '70B3D5499B00B001';
const LOOSE_NODE = '70B3D5499B00C001';
const MINUTE = 60_000;
/** The uplinks' clock: a day ago, so the node's and the network's times are believed. */
const T0 = Math.floor((Date.now() - 2 * 86_400_000) / MINUTE) * MINUTE;
let fCnt = 0;

beforeAll(async () => {
  db = ctx.database.db;
});

beforeEach(async () => {
  tokens = await ctx.signedInUsers({
    admin: { administrator: true },
    engineer: { rights: { dashboard: true, editNode: true } },
    viewer: { rights: { dashboard: true } },
    other: { rights: { dashboard: true, editNode: true } },
    water: { rights: { overflowDetection: true } },
  });
  const acme = await insertCustomer(db, 'Acme');
  const beta = await insertCustomer(db, 'Beta');
  const hal = await insertLocation(db, acme, 'Hal');
  const elders = await insertLocation(db, beta, 'Elders');
  const idOf = async (name: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, `${name}@example.com`)))[0].id;
  ids = { acme, beta, hal, elders, engineer: await idOf('engineer'), other: await idOf('other'), viewer: await idOf('viewer') };
  await restrictUser(db, ids.engineer, [acme]);
  await restrictUser(db, ids.other, [beta]);
  const networkServerId = await seedNetworkServer(db, 'ChirpStack', 'chirpstack', SECRET);
  await seedDevice(db, V1, 'V1', networkServerId, { name: 'Kraan 1', customerId: acme, locationId: hal, flushMinimumTemperatureDeviation: 2 });
  await seedDevice(db, V2, 'V2', networkServerId, { name: 'Kraan 2', customerId: acme, locationId: hal, presets: [{ register: 1, value: { sendinterval: 6 } }] });
  await seedDevice(db, V3, 'V3', networkServerId, { name: 'Kraan 3', customerId: acme, locationId: hal });
  await seedDevice(db, BETA_NODE, 'V2', networkServerId, { name: 'Beta 1', customerId: beta, locationId: elders });
  await seedDevice(db, LOOSE_NODE, 'V2', networkServerId, { name: 'Los', customerId: null, locationId: null });
});

async function uplink(eui: string, type: 'V1' | 'V2' | 'V3', message: TUplinkMessage, atMs: number): Promise<void> {
  fCnt += 1;
  const response = await postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(eui, fCnt, payload(type, message), { time: new Date(atMs).toISOString(), rxInfo: [{ gatewayId: '0016c001f153a14c', uplinkId: 1, rssi: -80, snr: 9, time: new Date(atMs).toISOString() }] }));
  expect(response.statusCode).toBe(200);
  await processIntakeBatch(db);
}

const seconds = (ms: number) => Math.floor(ms / 1000);

const alarmRows = (eui: string, kind?: string) => fixtureAlarmRows(db, eui, kind);

async function actions(alarmId: number): Promise<string[]> {
  const rows = await queryRows<{ action: string }>(db, sql`SELECT action FROM alarm_events WHERE alarm_id = ${alarmId} ORDER BY at, id`);
  return rows.map((row) => row.action);
}

const flush = (before: number, after: number, atMs: number): TUplinkMessage => ({ kind: 'flush', msgId: 50, timestamp: seconds(atMs), channel: 1, before, after });

describe('uplinks open and close each kind', () => {
  it('flush alarm: a weak flush opens it with the node, customer and location; a good flush closes it', async () => {
    await uplink(V1, 'V1', flush(40, 41, T0), T0);
    const [opened] = await alarmRows(V1, 'flushAlarm');
    expect(opened).toMatchObject({ customer_id: ids.acme, location_id: ids.hal, closed_at: null, state: 'new' });
    expect(new Date(opened.opened_at).getTime()).toBe(T0);
    await uplink(V1, 'V1', flush(40, 41.5, T0 + 15 * MINUTE), T0 + 15 * MINUTE);
    expect(await alarmRows(V1, 'flushAlarm')).toHaveLength(1);
    await uplink(V1, 'V1', flush(40, 60, T0 + 30 * MINUTE), T0 + 30 * MINUTE);
    const [closed] = await alarmRows(V1, 'flushAlarm');
    expect(new Date(closed.closed_at!).getTime()).toBe(T0 + 30 * MINUTE);
    expect(await actions(closed.id)).toEqual(['opened', 'closed']);
  });

  it('water detection: detected opens, dry closes', async () => {
    await uplink(V2, 'V2', { kind: 'overflow', msgId: 52, timestamp: seconds(T0), resistance: 240, detected: true }, T0);
    expect(await alarmRows(V2, 'waterDetection')).toMatchObject([{ closed_at: null }]);
    await uplink(V2, 'V2', { kind: 'overflow', msgId: 52, timestamp: seconds(T0 + MINUTE), resistance: 20, detected: false }, T0 + MINUTE);
    const [row] = await alarmRows(V2, 'waterDetection');
    expect(row.closed_at).not.toBeNull();
  });

  it('faulty sensor per channel: -100 or lower opens that channel only, a good reading closes it', async () => {
    await uplink(V3, 'V3', { kind: 'temperature', msgId: 32, timestamp: seconds(T0), temperatures: [-102.4, 21.3] }, T0);
    expect(await alarmRows(V3, 'faultySensor')).toMatchObject([{ channel_id: 'temperature1', closed_at: null }]);
    await uplink(V3, 'V3', { kind: 'temperature', msgId: 32, timestamp: seconds(T0 + 15 * MINUTE), temperatures: [20, 21] }, T0 + 15 * MINUTE);
    expect((await alarmRows(V3, 'faultySensor'))[0].closed_at).not.toBeNull();
  });

  it('faulty sensor: a channel whose input does not measure is no alarm, as the dashboard counts', async () => {
    await db.insert(deviceParameters).values({ deviceEui: V3, register: 1, value: { inputs: [{ mode: 'disabled' }, { mode: 'actual' }] }, status: 'saved' });
    await uplink(V3, 'V3', { kind: 'temperature', msgId: 32, timestamp: seconds(T0), temperatures: [-102.4, -102.4] }, T0);
    expect(await alarmRows(V3, 'faultySensor')).toMatchObject([{ channel_id: 'temperature2' }]);
  });

  it('low battery: below the threshold opens, the band up to +0.1 V keeps it, threshold + 0.1 V closes', async () => {
    await uplink(V2, 'V2', { kind: 'battery', msgId: 40, timestamp: seconds(T0), voltage: 3.0 }, T0);
    expect(await alarmRows(V2, 'lowBattery')).toMatchObject([{ closed_at: null }]);
    await uplink(V2, 'V2', { kind: 'battery', msgId: 40, timestamp: seconds(T0 + MINUTE), voltage: 3.15 }, T0 + MINUTE);
    expect(await alarmRows(V2, 'lowBattery')).toMatchObject([{ closed_at: null }]);
    await uplink(V2, 'V2', { kind: 'battery', msgId: 40, timestamp: seconds(T0 + 2 * MINUTE), voltage: 3.2 }, T0 + 2 * MINUTE);
    expect((await alarmRows(V2, 'lowBattery'))[0].closed_at).not.toBeNull();
  });

  it('low battery: a battery swap closes it (the sweep), a reading from before the swap does not reopen it', async () => {
    await uplink(V2, 'V2', { kind: 'battery', msgId: 40, timestamp: seconds(T0), voltage: 3.0 }, T0);
    await db.update(devices).set({ batteryTs: new Date(T0 + 10 * MINUTE), batteryAlarmTs: 0 }).where(eq(devices.eui, V2));
    expect(await runOfflineAlarmSweep(db, new Date(T0 + 11 * MINUTE))).toMatchObject({ closed: 1 });
    const [closed] = await alarmRows(V2, 'lowBattery');
    expect(new Date(closed.closed_at!).getTime()).toBe(T0 + 10 * MINUTE);
    await uplink(V2, 'V2', { kind: 'battery', msgId: 40, timestamp: seconds(T0 + 5 * MINUTE), voltage: 2.9 }, T0 + 12 * MINUTE);
    expect(await alarmRows(V2, 'lowBattery')).toHaveLength(1);
  });

  it('settings not taken: a report that differs from the presets opens it, a matching one closes it', async () => {
    const report = (sendinterval: number): TUplinkMessage => ({
      kind: 'parameters',
      msgId: 62,
      registers: [{ register: 1, value: { sendinterval, 'supply-voltage-threshold': 3.1, 'calibration-duration': 5 } }],
    });
    await uplink(V2, 'V2', report(10), T0);
    expect(await alarmRows(V2, 'settingsNotTaken')).toMatchObject([{ closed_at: null }]);
    await uplink(V2, 'V2', report(6), T0 + MINUTE);
    expect((await alarmRows(V2, 'settingsNotTaken'))[0].closed_at).not.toBeNull();
  });

  it('offline: the sweep opens it when the node was silent for more than 6 hours, the next message closes it', async () => {
    await uplink(V2, 'V2', { kind: 'battery', msgId: 40, timestamp: seconds(T0), voltage: 3.6 }, T0);
    expect(await runOfflineAlarmSweep(db, new Date(T0 + OFFLINE_AFTER_MS))).toMatchObject({ opened: 0 });
    expect(await runOfflineAlarmSweep(db, new Date(T0 + OFFLINE_AFTER_MS + MINUTE))).toMatchObject({ opened: 1 });
    expect(await runOfflineAlarmSweep(db, new Date(T0 + OFFLINE_AFTER_MS + 2 * MINUTE))).toMatchObject({ opened: 0 });
    const [opened] = await alarmRows(V2, 'offline');
    expect(new Date(opened.opened_at).getTime()).toBe(T0 + OFFLINE_AFTER_MS);
    await uplink(V2, 'V2', { kind: 'battery', msgId: 40, timestamp: seconds(T0 + 7 * 60 * MINUTE), voltage: 3.6 }, T0 + 7 * 60 * MINUTE);
    const [closed] = await alarmRows(V2, 'offline');
    expect(new Date(closed.closed_at!).getTime()).toBe(T0 + 7 * 60 * MINUTE);
  });

  it('sustained temperature: a WW channel below 60 °C for longer than the customer’s duration, not at the bound', async () => {
    await db.update(deviceChannels).set({ custom: { mode: 'WW' } }).where(sql`${deviceChannels.deviceEui} = ${V3} AND ${deviceChannels.channelId} = 'temperature1'`);
    const reading = (celsius: number, atMs: number): TUplinkMessage => ({ kind: 'temperature', msgId: 32, timestamp: seconds(atMs), temperatures: [celsius, 20] });
    await uplink(V3, 'V3', reading(55, T0), T0);
    await uplink(V3, 'V3', reading(54, T0 + 60 * MINUTE), T0 + 60 * MINUTE);
    expect(await alarmRows(V3, 'temperature')).toHaveLength(0);
    await uplink(V3, 'V3', reading(54, T0 + 75 * MINUTE), T0 + 75 * MINUTE);
    expect(await alarmRows(V3, 'temperature')).toMatchObject([{ channel_id: 'temperature1', closed_at: null }]);
    await uplink(V3, 'V3', reading(61, T0 + 90 * MINUTE), T0 + 90 * MINUTE);
    expect((await alarmRows(V3, 'temperature'))[0].closed_at).not.toBeNull();
  });

  it('sustained temperature: a KW channel above 25 °C with a 15-minute customer duration; a draw-off in between restarts the stretch', async () => {
    await db.execute(sql`UPDATE customers SET alarm_temperature_minutes = 15 WHERE id = ${ids.acme}`);
    await db.update(deviceChannels).set({ custom: { mode: 'KW' } }).where(sql`${deviceChannels.deviceEui} = ${V3} AND ${deviceChannels.channelId} = 'temperature2'`);
    const reading = (celsius: number, atMs: number): TUplinkMessage => ({ kind: 'temperature', msgId: 32, timestamp: seconds(atMs), temperatures: [50, celsius] });
    await uplink(V3, 'V3', reading(27, T0), T0);
    await uplink(V3, 'V3', reading(20, T0 + 10 * MINUTE), T0 + 10 * MINUTE);
    await uplink(V3, 'V3', reading(27, T0 + 20 * MINUTE), T0 + 20 * MINUTE);
    await uplink(V3, 'V3', reading(27, T0 + 35 * MINUTE), T0 + 35 * MINUTE);
    expect(await alarmRows(V3, 'temperature')).toHaveLength(0);
    await uplink(V3, 'V3', reading(27, T0 + 36 * MINUTE), T0 + 36 * MINUTE);
    expect(await alarmRows(V3, 'temperature')).toMatchObject([{ channel_id: 'temperature2' }]);
  });

  it('a node without a customer gets no alarm', async () => {
    await uplink(LOOSE_NODE, 'V2', { kind: 'battery', msgId: 40, timestamp: seconds(T0), voltage: 2.5 }, T0);
    expect(await alarmRows(LOOSE_NODE)).toHaveLength(0);
  });
});

describe('hysteresis', () => {
  const faulty = (celsius: number, atMs: number): TUplinkMessage => ({ kind: 'temperature', msgId: 32, timestamp: seconds(atMs), temperatures: [celsius, 21] });

  it('a faulty sensor that comes back within an hour of the close reopens the same alarm; later, a new one', async () => {
    await uplink(V3, 'V3', faulty(-102.4, T0), T0);
    await uplink(V3, 'V3', faulty(20, T0 + 15 * MINUTE), T0 + 15 * MINUTE);
    await uplink(V3, 'V3', faulty(-102.4, T0 + 75 * MINUTE), T0 + 75 * MINUTE);
    const [first] = await alarmRows(V3, 'faultySensor');
    expect(await alarmRows(V3, 'faultySensor')).toHaveLength(1);
    expect(first.closed_at).toBeNull();
    expect(await actions(first.id)).toEqual(['opened', 'closed', 'reopened']);
    await uplink(V3, 'V3', faulty(20, T0 + 90 * MINUTE), T0 + 90 * MINUTE);
    await uplink(V3, 'V3', faulty(-102.4, T0 + 151 * MINUTE), T0 + 151 * MINUTE);
    expect(await alarmRows(V3, 'faultySensor')).toMatchObject([{ id: first.id }, { closed_at: null }]);
  });

  it('a resolved alarm does not reopen: the returning condition is a new alarm', async () => {
    await uplink(V3, 'V3', faulty(-102.4, T0), T0);
    const [alarm] = await alarmRows(V3, 'faultySensor');
    expect((await call(tokens.engineer, 'POST', `/alarms/${alarm.id}/resolve`, { note: 'Sensor vervangen' })).statusCode).toBe(200);
    await uplink(V3, 'V3', faulty(20, T0 + 15 * MINUTE), T0 + 15 * MINUTE);
    await uplink(V3, 'V3', faulty(-102.4, T0 + 30 * MINUTE), T0 + 30 * MINUTE);
    expect(await alarmRows(V3, 'faultySensor')).toMatchObject([{ id: alarm.id, state: 'resolved' }, { state: 'new', closed_at: null }]);
  });
});

async function openFlushAlarm(): Promise<number> {
  await uplink(V1, 'V1', flush(40, 41, T0), T0);
  return (await alarmRows(V1, 'flushAlarm'))[0].id;
}

describe('handling', () => {
  it('acknowledge, assign, comment and resolve are stored with who and when; the condition may still be present', async () => {
    const id = await openFlushAlarm();
    const acknowledged = await call(tokens.engineer, 'POST', `/alarms/${id}/acknowledge`, {});
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json()).toMatchObject({ state: 'acknowledged', acknowledgedBy: { id: ids.engineer }, mayHandle: true });
    const assignees = (await call(tokens.engineer, 'GET', `/alarms/${id}/assignees`)).json<{ id: number; email: string }[]>();
    // Only users who may handle it (issue 37): the viewer sees it but is not offered (alarm-assignees.test.ts).
    expect(assignees.map((user) => user.email)).toEqual(expect.arrayContaining(['admin@example.com', 'engineer@example.com']));
    expect(assignees.map((user) => user.email)).not.toContain('other@example.com');
    expect(assignees.map((user) => user.email)).not.toContain('viewer@example.com');
    const assigned = await call(tokens.engineer, 'POST', `/alarms/${id}/assign`, { assigneeId: ids.engineer, note: 'Jan gaat morgen' });
    expect(assigned.json()).toMatchObject({ state: 'assigned', assignee: { id: ids.engineer } });
    expect((await call(tokens.engineer, 'POST', `/alarms/${id}/comment`, { note: 'Sleutel bij de receptie' })).statusCode).toBe(200);
    const resolved = await call(tokens.engineer, 'POST', `/alarms/${id}/resolve`, { note: 'Klep vervangen, 62 °C' });
    const body = resolved.json<TAlarmWithEvents>();
    expect(body).toMatchObject({ state: 'resolved', resolution: 'Klep vervangen, 62 °C', resolvedBy: { id: ids.engineer }, closedAt: null });
    expect(body.events.map((event) => [event.action, event.user?.email ?? null, event.note])).toEqual([
      ['opened', null, null],
      ['acknowledged', 'engineer@example.com', null],
      ['assigned', 'engineer@example.com', 'Jan gaat morgen'],
      ['commented', 'engineer@example.com', 'Sleutel bij de receptie'],
      ['resolved', 'engineer@example.com', 'Klep vervangen, 62 °C'],
    ]);
    expect(body.events[2].assignee).toMatchObject({ id: ids.engineer });
    for (const event of body.events) expect(Date.parse(event.at)).not.toBeNaN();
    // The condition clears later: the alarm closes and drops off the to-handle list.
    await uplink(V1, 'V1', flush(40, 60, T0 + 15 * MINUTE), T0 + 15 * MINUTE);
    const list = await call(tokens.engineer, 'GET', '/alarms');
    expect(list.json<TAlarm[]>().map((alarm) => alarm.id)).not.toContain(id);
    expect((await call(tokens.engineer, 'GET', '/alarms?status=all')).json()).toMatchObject([{ id, state: 'resolved' }]);
  });

  it('assign without acknowledge implies it', async () => {
    const id = await openFlushAlarm();
    const assigned = await call(tokens.engineer, 'POST', `/alarms/${id}/assign`, { assigneeId: ids.engineer });
    expect(assigned.json()).toMatchObject({ state: 'assigned', acknowledgedBy: { id: ids.engineer } });
  });

  it.each([
    ['resolve twice', [['resolve', { note: 'x' }]], 'resolve', { note: 'y' }, 'errors.alarmAlreadyResolved'],
    ['acknowledge twice', [['acknowledge', {}]], 'acknowledge', {}, 'errors.alarmAlreadyAcknowledged'],
    ['acknowledge an assigned alarm', [['assign', { assigneeId: 0 }]], 'acknowledge', {}, 'errors.alarmAlreadyAcknowledged'],
    ['assign a resolved alarm', [['resolve', { note: 'x' }]], 'assign', { assigneeId: 0 }, 'errors.alarmAlreadyResolved'],
  ] as const)('409 on a step the state does not allow: %s', async (_case, before, step, body, key) => {
    const id = await openFlushAlarm();
    const withAssignee = (payload: object) => ('assigneeId' in payload ? { ...payload, assigneeId: ids.engineer } : payload);
    for (const [earlier, payload] of before) expect((await call(tokens.engineer, 'POST', `/alarms/${id}/${earlier}`, withAssignee(payload))).statusCode).toBe(200);
    const refused = await call(tokens.engineer, 'POST', `/alarms/${id}/${step}`, withAssignee(body));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ key });
  });

  it('validation errors name the field', async () => {
    const id = await openFlushAlarm();
    const noNote = await call(tokens.engineer, 'POST', `/alarms/${id}/resolve`, {});
    expect(noNote.statusCode).toBe(400);
    expect(Object.keys(noNote.json().fields ?? {})).toContain('note');
    const blank = await call(tokens.engineer, 'POST', `/alarms/${id}/comment`, { note: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().fields ?? {})).toContain('note');
    const badAssignee = await call(tokens.engineer, 'POST', `/alarms/${id}/assign`, { assigneeId: 'jan' });
    expect(Object.keys(badAssignee.json().fields ?? {})).toContain('assigneeId');
    const outsider = await call(tokens.engineer, 'POST', `/alarms/${id}/assign`, { assigneeId: ids.other });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json()).toMatchObject({ key: 'errors.alarmAssigneeNotAllowed', fields: { assigneeId: 'errors.alarmAssigneeNotAllowed' } });
    const badKind = await call(tokens.engineer, 'GET', '/alarms?kind=fire');
    expect(Object.keys(badKind.json().fields ?? {})).toContain('kind');
  });
});

describe('scope and rights', () => {
  it('a user of another customer can neither see nor handle the alarm (404)', async () => {
    const id = await openFlushAlarm();
    expect((await call(tokens.other, 'GET', `/alarms/${id}`)).statusCode).toBe(404);
    expect((await call(tokens.other, 'GET', `/alarms/${id}/assignees`)).statusCode).toBe(404);
    for (const [step, body] of [['acknowledge', {}], ['assign', { assigneeId: ids.other }], ['comment', { note: 'x' }], ['resolve', { note: 'x' }]] as const) {
      expect((await call(tokens.other, 'POST', `/alarms/${id}/${step}`, body)).statusCode).toBe(404);
    }
    expect((await call(tokens.other, 'GET', '/alarms')).json()).toEqual([]);
    expect((await call(tokens.other, 'GET', '/alarms/count')).json()).toEqual({ unacknowledged: 0 });
    expect((await call(tokens.other, 'GET', `/devices/${V1}/alarms`)).statusCode).toBe(404);
    expect((await call(tokens.engineer, 'GET', '/alarms/count')).json()).toEqual({ unacknowledged: 1 });
    expect((await queryRows<{ state: string }>(db, sql`SELECT state FROM alarms WHERE id = ${id}`))[0].state).toBe('new');
  });

  it('dashboard sees but does not handle; overflowDetection handles water detections only', async () => {
    const flushId = await openFlushAlarm();
    const seen = await call(tokens.viewer, 'GET', `/alarms/${flushId}`);
    expect(seen.json()).toMatchObject({ id: flushId, mayHandle: false });
    expect((await call(tokens.viewer, 'POST', `/alarms/${flushId}/acknowledge`, {})).statusCode).toBe(403);
    expect((await call(tokens.water, 'POST', `/alarms/${flushId}/acknowledge`, {})).json()).toMatchObject({ statusCode: 403, key: 'errors.alarmKindNotHandled' });
    await uplink(V2, 'V2', { kind: 'overflow', msgId: 52, timestamp: seconds(T0), resistance: 240, detected: true }, T0);
    const [water] = await alarmRows(V2, 'waterDetection');
    expect((await call(tokens.water, 'POST', `/alarms/${water.id}/acknowledge`, {})).json()).toMatchObject({ state: 'acknowledged', mayHandle: true });
  });
});

describe('lists', () => {
  it('pages with X-Total-Count, active first then newest, and filters', async () => {
    await uplink(V1, 'V1', flush(40, 41, T0), T0);
    await uplink(V3, 'V3', { kind: 'temperature', msgId: 32, timestamp: seconds(T0 + MINUTE), temperatures: [-102.4, -102.4] }, T0 + MINUTE);
    await uplink(V2, 'V2', { kind: 'overflow', msgId: 52, timestamp: seconds(T0 + 2 * MINUTE), resistance: 240, detected: true }, T0 + 2 * MINUTE);
    await uplink(V2, 'V2', { kind: 'overflow', msgId: 52, timestamp: seconds(T0 + 3 * MINUTE), resistance: 20, detected: false }, T0 + 3 * MINUTE);
    await uplink(BETA_NODE, 'V2', { kind: 'battery', msgId: 40, timestamp: seconds(T0), voltage: 2.5 }, T0);

    const first = await call(tokens.engineer, 'GET', '/alarms?page=1&limit=2');
    expect(first.headers['x-total-count']).toBe('4');
    const all = (await call(tokens.engineer, 'GET', '/alarms?limit=10')).json<TAlarm[]>();
    expect(all.map((alarm) => [alarm.kind, alarm.channelId, alarm.closedAt === null])).toEqual([
      ['faultySensor', 'temperature2', true],
      ['faultySensor', 'temperature1', true],
      ['flushAlarm', null, true],
      ['waterDetection', null, false],
    ]);
    expect(all[2]).toMatchObject({ deviceEui: V1, deviceName: 'Kraan 1', customerName: 'Acme', locationName: 'Hal', state: 'new' });
    expect(first.json<TAlarm[]>().map((alarm) => alarm.id)).toEqual(all.slice(0, 2).map((alarm) => alarm.id));
    expect((await call(tokens.engineer, 'GET', '/alarms?status=active')).json<TAlarm[]>().length).toBe(3);
    expect((await call(tokens.engineer, 'GET', '/alarms?kind=flushAlarm')).json<TAlarm[]>().map((alarm) => alarm.kind)).toEqual(['flushAlarm']);
    expect((await call(tokens.admin, 'GET', `/alarms?customerId=${ids.beta}`)).json<TAlarm[]>().map((alarm) => alarm.kind)).toEqual(['lowBattery']);
    // By name, as the screens' addresses name places; a name that names nothing filters everything out.
    expect((await call(tokens.admin, 'GET', '/alarms?customer=Beta')).json<TAlarm[]>().map((alarm) => alarm.kind)).toEqual(['lowBattery']);
    expect((await call(tokens.admin, 'GET', '/alarms?customer=Beta&location=Elders')).json<TAlarm[]>().map((alarm) => alarm.kind)).toEqual(['lowBattery']);
    expect((await call(tokens.admin, 'GET', '/alarms?customer=Acme&location=Hal')).json<TAlarm[]>().length).toBe(4);
    expect((await call(tokens.admin, 'GET', '/alarms?customer=Acme&location=Elders')).json<TAlarm[]>()).toEqual([]);
    expect((await call(tokens.admin, 'GET', '/alarms?customer=Nobody')).headers['x-total-count']).toBe('0');
    expect((await call(tokens.engineer, 'GET', `/alarms?deviceEui=${V3.toLowerCase()}`)).json<TAlarm[]>().length).toBe(2);

    await call(tokens.engineer, 'POST', `/alarms/${all[2].id}/assign`, { assigneeId: ids.engineer });
    expect((await call(tokens.engineer, 'GET', '/alarms?assignee=me')).json<TAlarm[]>().map((alarm) => alarm.id)).toEqual([all[2].id]);
    expect((await call(tokens.engineer, 'GET', '/alarms?state=assigned')).json<TAlarm[]>().map((alarm) => alarm.id)).toEqual([all[2].id]);
    expect((await call(tokens.engineer, 'GET', '/alarms/count')).json()).toEqual({ unacknowledged: 3 });

    const history = await call(tokens.engineer, 'GET', `/devices/${V2}/alarms`);
    expect(history.headers['x-total-count']).toBe('1');
    expect(history.json()).toMatchObject([{ kind: 'waterDetection', deviceEui: V2 }]);
  });
});

describe('dashboard lists', () => {
  it('rows of an alarm list carry the node’s alarm and its state; other lists null', async () => {
    const id = await openFlushAlarm();
    const flushes = await call(tokens.engineer, 'GET', '/dashboard/lists/flushAlarms');
    expect(flushes.json()).toMatchObject([{ eui: V1, alarm: { id, state: 'new' } }]);
    await call(tokens.engineer, 'POST', `/alarms/${id}/acknowledge`, {});
    expect((await call(tokens.engineer, 'GET', '/dashboard/lists/flushAlarms')).json()).toMatchObject([{ eui: V1, alarm: { id, state: 'acknowledged' } }]);
    const nodes = (await call(tokens.engineer, 'GET', '/dashboard/lists/nodes')).json<{ alarm: unknown }[]>();
    expect(nodes.length).toBeGreaterThan(0);
    for (const row of nodes) expect(row.alarm).toBeNull();
  });
});

describe('migration 0015', () => {
  it('turns the nodes\' current alarm states into open alarms, each with an opened step', async () => {
    const file = fs.readFileSync(path.resolve(__dirname, '../../db/migrations/0015_alarm_records.sql'), 'utf8');
    const inserts = file
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('INSERT'));
    await db.update(devices).set({ batteryAlarmTs: seconds(T0), flushAlarmTs: T0, incorrectSettings: true, loraTs: new Date(T0) }).where(eq(devices.eui, V2));
    await db.update(deviceChannels).set({ value: -102.4, ts: new Date(T0) }).where(sql`${deviceChannels.deviceEui} = ${V3}`);
    // V3 measures on its second input only: its first channel is no alarm.
    await db.insert(deviceParameters).values({ deviceEui: V3, register: 1, value: { inputs: [{ mode: 'disabled' }, { mode: 'actual' }] }, status: 'saved' });
    await db.update(devices).set({ batteryAlarmTs: seconds(T0) }).where(eq(devices.eui, LOOSE_NODE));
    await db.execute(sql`INSERT INTO overflow_logs (device_eui, customer_id, location_id, resistance, ts, state) VALUES (${V1}, ${ids.acme}, ${ids.hal}, 240, ${new Date(T0).toISOString()}::timestamptz, 'Started')`);
    for (const statement of inserts) await db.execute(sql.raw(statement));
    const rows = await queryRows<{ kind: string; device_eui: string; channel_id: string; events: number }>(
      db,
      sql`SELECT a.kind, a.device_eui, a.channel_id, (SELECT count(*)::int FROM alarm_events e WHERE e.alarm_id = a.id AND e.action = 'opened') AS events
        FROM alarms a WHERE a.closed_at IS NULL ORDER BY a.device_eui, a.kind, a.channel_id`,
    );
    expect(rows.map((row) => [row.device_eui, row.kind, row.channel_id, row.events])).toEqual([
      [V1, 'waterDetection', '', 1],
      [V2, 'flushAlarm', '', 1],
      [V2, 'lowBattery', '', 1],
      [V2, 'offline', '', 1],
      [V2, 'settingsNotTaken', '', 1],
      [V3, 'faultySensor', 'temperature2', 1],
    ]);
  });
});
