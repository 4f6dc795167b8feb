import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TUplinkMessage } from '@aquasmart/domain';
import { createTestContext, type TTestContext } from '../../test/test-app';
import type { TDb } from '../../db/client';
import { deviceChannels, deviceData, deviceParameters, devices, intakeEvents, overflowLogs } from '../../db/schema';
import { processIntakeBatch } from '../intake/intake-worker';
import { chirpstackUp, countOf, payload, postChirpstack, seedDevice, seedNetworkServer } from '../intake/intake-fixtures';

let ctx: TTestContext;
let db: TDb;
let networkServerId: number;
const SECRET = 'telemetry-secret-0001';
const V1 = '70B3D5499B000001';
const V2 = '70B3D5499B000002';
const V3 = '70B3D5499B000003';
const TS = 1_795_000_000;
let fCnt = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
});
afterAll(async () => ctx.close());
beforeEach(async () => {
  await ctx.database.reset();
  networkServerId = await seedNetworkServer(db, 'ChirpStack', 'chirpstack', SECRET);
  await seedDevice(db, V1, 'V1', networkServerId, { flushMinimumTemperatureDeviation: 2, customerId: null }, { temperature1: 1 });
  await seedDevice(db, V2, 'V2', networkServerId, { flushMinimumTemperatureDeviation: 3 });
  await seedDevice(db, V3, 'V3', networkServerId);
});

async function uplink(eui: string, type: 'V1' | 'V2' | 'V3', message: TUplinkMessage): Promise<void> {
  fCnt += 1;
  const response = await postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(eui, fCnt, payload(type, message)));
  expect(response.statusCode).toBe(200);
  await processIntakeBatch(db);
}

async function device(eui: string) {
  const [row] = await db.select().from(devices).where(eq(devices.eui, eui));
  return row;
}

async function channel(eui: string, id: string) {
  const rows = await db.select().from(deviceChannels).where(eq(deviceChannels.deviceEui, eui));
  return rows.find((row) => row.channelId === id)!;
}

describe('battery', () => {
  it.each([
    ['no register 1: default threshold 3.1 V, 3.05 V raises the alarm', null, 3.05, TS],
    ['no register 1: 3.2 V is fine', null, 3.2, 0],
    ['register 1 threshold 2.9 V: 3.0 V is fine', 2.9, 3.0, 0],
    ['register 1 threshold 3.3 V: 3.2 V raises the alarm', 3.3, 3.2, TS],
  ])('%s', async (_what, threshold, voltage, alarmS) => {
    if (threshold !== null) {
      await db.insert(deviceParameters).values({ deviceEui: V2, register: 1, value: { sendinterval: 6, 'supply-voltage-threshold': threshold, 'calibration-duration': 5 }, status: 'saved' });
    }
    await uplink(V2, 'V2', { kind: 'battery', msgId: 40, timestamp: TS, voltage });
    const row = await device(V2);
    expect(row.batteryVoltage).toBe(voltage);
    expect(row.batteryAlarmTs).toBe(alarmS);
    expect(await channel(V2, 'battery1')).toMatchObject({ value: voltage, rawValue: voltage });
    const [history] = await db.select().from(deviceData);
    expect(history.value).toEqual({ timestamp: TS, voltage });
    expect(history.msgId).toBe(40);
  });
});

describe('flush', () => {
  it.each([
    ['moved 1.5 °C, minimum 2: alarm (ms)', 40, 41.5, TS * 1000],
    ['moved 20 °C: no alarm', 40, 60, 0],
  ])('%s', async (_what, before, after, alarmMs) => {
    await uplink(V1, 'V1', { kind: 'flush', msgId: 50, timestamp: TS, channel: 1, before, after });
    expect((await device(V1)).flushAlarmTs).toBe(alarmMs);
    expect(await channel(V1, 'flush1')).toMatchObject({ value: 1 });
    const [history] = await db.select().from(deviceData);
    // The offset of temperature1 (+1) applies to the flush temperatures too.
    expect(history.value).toEqual({ timestamp: TS, before: before + 1, after: after + 1, channel: 1 });
  });
});

describe('overflow detection', () => {
  it('detection opens a Started log; the end of detection stops it; a second detection opens a new one', async () => {
    await db.execute(sql`UPDATE devices SET customer_id = NULL WHERE eui = ${V2}`);
    await uplink(V2, 'V2', { kind: 'overflow', msgId: 52, timestamp: TS, resistance: 240.5, detected: true });
    await uplink(V2, 'V2', { kind: 'overflow', msgId: 52, timestamp: TS + 60, resistance: 250, detected: true });
    let logs = await db.select().from(overflowLogs).where(eq(overflowLogs.deviceEui, V2));
    expect(logs.map((log) => [log.state, log.resistance])).toEqual([['Started', 240.5]]);
    expect(logs[0].ts.getTime()).toBe(TS * 1000);

    await uplink(V2, 'V2', { kind: 'overflow', msgId: 52, timestamp: TS + 600, resistance: 20, detected: false });
    await uplink(V2, 'V2', { kind: 'overflow', msgId: 52, timestamp: TS + 900, resistance: 300, detected: true });
    logs = await db.select().from(overflowLogs).where(eq(overflowLogs.deviceEui, V2)).orderBy(overflowLogs.id);
    expect(logs.map((log) => log.state)).toEqual(['Stopped', 'Started']);
  });
});

describe('version and temperatures', () => {
  it('a version report sets diagnostics.version', async () => {
    await uplink(V3, 'V3', { kind: 'version', msgId: 74, version: { major: 2, minor: 4, patch: 1 } });
    expect((await device(V3)).diagnostics).toEqual({ version: { major: 2, minor: 4, patch: 1 } });
  });

  it('a faulty sensor reading (-102.4) is kept as it is, so the faulty-sensor rule sees it', async () => {
    await uplink(V3, 'V3', { kind: 'temperature', msgId: 32, timestamp: TS, temperatures: [-102.4, 21.3] });
    expect(await channel(V3, 'temperature1')).toMatchObject({ value: -102.4, rawValue: -102.4 });
    expect(await channel(V3, 'temperature2')).toMatchObject({ value: 21.3 });
  });

  it('an older reading that arrives late goes to history but does not overwrite the newer state', async () => {
    await uplink(V3, 'V3', { kind: 'temperature', msgId: 32, timestamp: TS, temperatures: [50, 20] });
    await uplink(V3, 'V3', { kind: 'temperature', msgId: 32, timestamp: TS - 900, temperatures: [40, 10] });
    expect(await channel(V3, 'temperature1')).toMatchObject({ value: 50 });
    expect(await countOf(db, 'device_data')).toBe(2);
  });

  it('a message timestamp far in the future is replaced by the reception time', async () => {
    await uplink(V3, 'V3', { kind: 'temperature', msgId: 32, timestamp: 4_000_000_000, temperatures: [50, 20] });
    const [history] = await db.select().from(deviceData);
    expect(history.ts.toISOString()).toBe('2026-11-20T10:00:00.100Z');
  });
});

describe('last-seen time (lora.ts) with a wrong gateway clock', () => {
  const HOUR = 3_600_000;
  const at = (ms: number) => new Date(ms).toISOString();
  async function uplinkAt(gatewayTime: string, timestamp = TS): Promise<void> {
    fCnt += 1;
    const body = chirpstackUp(V3, fCnt, payload('V3', { kind: 'temperature', msgId: 32, timestamp, temperatures: [50, 20] }), {
      rxInfo: [{ gatewayId: 'aa00000000000001', rssi: -90, snr: 5, time: gatewayTime }],
    });
    expect((await postChirpstack(ctx.app, SECRET, 'up', body)).statusCode).toBe(200);
    await processIntakeBatch(db);
  }
  const storedAt = async () => (await db.select().from(intakeEvents).orderBy(intakeEvents.id)).at(-1)!.receivedAt.getTime();

  it('a gateway time of 9999-12-31 does not become lora.ts (the stored time does); a later uplink still counts', async () => {
    await uplinkAt('9999-12-31T23:59:59Z', 4_000_000_000);
    expect((await device(V3)).loraTs?.getTime()).toBe(await storedAt());
    // The history time falls back to the same reception time, not to 9999.
    expect((await db.select().from(deviceData))[0].ts.getTime()).toBe(await storedAt());
    const later = Date.now() + HOUR;
    await uplinkAt(at(later));
    expect((await device(V3)).loraTs?.getTime()).toBe(later);
  });

  it.each([
    ['23 hours ahead is believed', 23, true],
    ['25 hours ahead is not', 25, false],
  ])('a gateway time %s', async (_what, hours, believed) => {
    const ahead = Date.now() + hours * HOUR;
    await uplinkAt(at(ahead));
    expect((await device(V3)).loraTs?.getTime()).toBe(believed ? ahead : await storedAt());
  });

  it('a last-seen time stored far ahead before the clamp no longer holds newer uplinks back', async () => {
    await db.update(devices).set({ loraTs: new Date('9999-12-31T23:59:59Z') }).where(eq(devices.eui, V3));
    const now = Date.now();
    await uplinkAt(at(now));
    expect((await device(V3)).loraTs?.getTime()).toBe(now);
  });
});

describe('unknown devices', () => {
  it('an uplink whose payload tells the type creates an unassigned device with its channels', async () => {
    const eui = '70B3D5499BFFFF01';
    await uplink(eui, 'V3', { kind: 'temperature', msgId: 32, timestamp: TS, temperatures: [55, 12] });
    const created = await device(eui);
    expect(created).toMatchObject({ type: 'V3', customerId: null, locationId: null, loraState: 'Stopped', networkServerId, connectorId: 'aquasmart-v3' });
    expect((await channel(eui, 'temperature2')).value).toBe(12);
    expect(await countOf(db, 'device_data', sql`device_eui = ${eui}`)).toBe(1);
  });

  it('an uplink whose type cannot be told is kept as failed for administrators, with the reason', async () => {
    const eui = '70B3D5499BFFFF02';
    const response = await postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(eui, 1, { fPort: 200, data: 'AQID' }));
    expect(response.statusCode).toBe(200);
    await processIntakeBatch(db);
    expect(await device(eui)).toBeUndefined();
    const [event] = await db.select().from(intakeEvents);
    expect(event.processedAt).not.toBeNull();
    expect(event.lastError).toMatch(/unknown device/);
  });

  it('an undecodable payload of a known device is processed (lora state) and its reason kept', async () => {
    await postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(V2, 9, { fPort: 201, data: 'AQID' }));
    await processIntakeBatch(db);
    const [event] = await db.select().from(intakeEvents);
    expect(event.lastError).toMatch(/payload not understood/);
    expect((await device(V2)).counter).toBe(9);
    expect(await countOf(db, 'device_data')).toBe(0);
  });
});

describe('processing errors', () => {
  it('an event that fails is retried later with back-off, its error and attempts visible; the others go through', async () => {
    // A stored event that processing cannot handle (data of the wrong type), next to a good one.
    await db.insert(intakeEvents).values({ event: 'up', dedupeKey: 'broken', body: { kind: 'up', eui: V2, fCnt: 1, fPort: 42, data: 12345, receivedAt: Date.now() } });
    await postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(V3, 2, payload('V3', { kind: 'temperature', msgId: 32, timestamp: TS, temperatures: [50, 20] })));
    await processIntakeBatch(db);
    const events = await db.select().from(intakeEvents).orderBy(intakeEvents.id);
    expect(events[0]).toMatchObject({ processedAt: null, attempts: 1 });
    expect(events[0].lastError).toBeTruthy();
    expect(events[0].nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(events[1].processedAt).not.toBeNull();
    expect(await countOf(db, 'device_data')).toBe(1);
    // Not due yet: a second run leaves it alone.
    expect(await processIntakeBatch(db)).toBe(0);
  });
});
