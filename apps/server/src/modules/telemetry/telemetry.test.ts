import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TUplinkMessage } from '@aquasmart/domain';
import { useTestContext } from '../../test/test-app';
import type { TDb } from '../../db/database';
import { auditLogs, deviceChannels, deviceData, deviceParameters, devices, downlinks, intakeEvents, overflowLogs } from '../../db/schema';
import { processIntakeBatch } from './intake-worker';
import { FOREIGN_NETWORK_SERVER } from './process-events';
import { NEW_DEVICES_PER_NETWORK_SERVER_PER_HOUR } from './new-device-quota';
import { chirpstackUp, countOf, payload, postChirpstack, seedDevice, seedNetworkServer } from '../../test/intake-fixtures';

let db: TDb;
let networkServerId: number;
const SECRET = 'telemetry-secret-0001';
// Every network server is seeded before each test (same ids after each reset), so the intake's
// cache of secrets, loaded on the first request, knows them all.
const OTHER_SECRET = 'other-chirpstack-secret-0001';
const TTS_SECRET = 'other-tts-secret-0001';
let otherNetworkServerId: number;
const V1 = '70B3D5499B000001';
const V2 = '70B3D5499B000002';
const V3 = '70B3D5499B000003';
const TS = 1_795_000_000;
let fCnt = 0;

const ctx = useTestContext();
beforeAll(async () => {
  db = ctx.database.db;
});
beforeEach(async () => {
  networkServerId = await seedNetworkServer(db, 'ChirpStack', 'chirpstack', SECRET);
  otherNetworkServerId = await seedNetworkServer(db, 'Other ChirpStack', 'chirpstack', OTHER_SECRET);
  await seedNetworkServer(db, 'Other TTS', 'tts', TTS_SECRET);
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
    await db.insert(intakeEvents).values({ networkServerId, event: 'up', dedupeKey: 'broken', body: { kind: 'up', eui: V2, fCnt: 1, fPort: 42, data: 12345, receivedAt: Date.now() } });
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

describe("only the device's own network server", () => {
  const temperature = () => payload('V2', { kind: 'temperature', msgId: 42, timestamp: TS, temperatures: [58.2, 14.9, 40] });
  const ttsUplink = (eui: string) => ({
    end_device_ids: { device_id: 'hijacked-id', application_ids: { application_id: 'hijacked-app' }, dev_eui: eui },
    received_at: '2026-11-20T10:00:01Z',
    uplink_message: { f_port: temperature().fPort, f_cnt: 500, frm_payload: temperature().data, rx_metadata: [{ gateway_ids: { gateway_id: 'gw' }, rssi: -50 }] },
  });
  const posts = {
    'another ChirpStack': (eui: string) => postChirpstack(ctx.app, OTHER_SECRET, 'up', chirpstackUp(eui, 500, temperature(), { deviceInfo: { devEui: eui, applicationId: 'hijacked-app' } })),
    'a The Things Stack': (eui: string) => ctx.app.inject({ method: 'POST', url: '/api/v1/integrations/tts/uplink', headers: { authorization: `Bearer ${TTS_SECRET}` }, payload: ttsUplink(eui) }),
  };

  beforeEach(async () => {
    await db.update(devices).set({ networkDeviceId: 'own-id', networkApplicationId: 'own-app', counter: 7, loraTs: new Date(TS * 1000) }).where(eq(devices.eui, V2));
  });

  it.each(Object.keys(posts) as (keyof typeof posts)[])(
    'an uplink for a known device from %s network server: answered like any, not applied, an intake error for administrators',
    async (sender) => {
      const forKnown = await posts[sender](V2);
      // The answer does not tell whether the device exists (here: at another network server).
      const forUnknown = await posts[sender]('70B3D5499BEEEE01');
      expect([forKnown.statusCode, forKnown.json()]).toEqual([forUnknown.statusCode, forUnknown.json()]);
      await processIntakeBatch(db);

      expect(await countOf(db, 'device_data', sql`device_eui = ${V2}`)).toBe(0);
      expect(await device(V2)).toMatchObject({ networkDeviceId: 'own-id', networkApplicationId: 'own-app', counter: 7, loraTs: new Date(TS * 1000) });
      expect((await channel(V2, 'temperature1')).value).toBeNull();
      const { admin } = await ctx.signedInUsers({ admin: { administrator: true } });
      const listed = await ctx.app.inject({ method: 'GET', url: `/api/v1/intakeEvents?conditions=${encodeURIComponent(JSON.stringify({ eui: V2 }))}`, headers: { 'x-access-token': admin } });
      expect(listed.json()).toMatchObject([{ eui: V2, lastError: FOREIGN_NETWORK_SERVER }]);
    },
  );

  it("another network server's acknowledgement does not acknowledge the device's downlink", async () => {
    await db.execute(sql`INSERT INTO downlinks (device_eui, f_port, payload, status) VALUES (${V2}, 100, '\\x01'::bytea, 'sent')`);
    const ack = { deduplicationId: 'a1', time: '2026-11-20T10:00:00Z', deviceInfo: { devEui: V2.toLowerCase() }, acknowledged: true, queueItemId: 'q1' };
    expect((await postChirpstack(ctx.app, OTHER_SECRET, 'ack', ack)).statusCode).toBe(200);
    await processIntakeBatch(db);
    expect((await db.select().from(downlinks))[0].status).toBe('sent');
    expect((await db.select().from(intakeEvents))[0].lastError).toBe(FOREIGN_NETWORK_SERVER);
  });
});

describe('unknown devices: at most NEW_DEVICES_PER_NETWORK_SERVER_PER_HOUR per network server per hour', () => {
  const N = NEW_DEVICES_PER_NETWORK_SERVER_PER_HOUR;
  const eui = (prefix: string, i: number) => `${prefix}${i.toString(16).toUpperCase().padStart(6, '0')}`;
  const reading = payload('V3', { kind: 'temperature', msgId: 32, timestamp: TS, temperatures: [55, 12] });
  const post = (secret: string, devEui: string) => postChirpstack(ctx.app, secret, 'up', chirpstackUp(devEui, 1, reading));
  const createdBy = async (serverId: number) => countOf(db, 'devices', sql`network_server_id = ${serverId} AND customer_id IS NULL`);

  it(`${N + 1} unknown EUIs in an hour: ${N} devices created, the rest kept as intake errors; another network server has its own quota`, async () => {
    const before = await createdBy(networkServerId);
    const answers = await Promise.all([...Array.from({ length: N + 1 }, (_v, i) => post(SECRET, eui('70B3D5499C', i))), post(OTHER_SECRET, eui('70B3D5499D', 0))]);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    await processIntakeBatch(db);
    expect((await createdBy(networkServerId)) - before).toBe(N);
    expect(await createdBy(otherNetworkServerId)).toBe(1);
    const refused = await db.select().from(intakeEvents).where(sql`last_error LIKE 'unknown device: not created%'`);
    expect(refused.map((event) => (event.body as { eui: string }).eui)).toEqual([eui('70B3D5499C', N)]);
    expect(refused[0].processedAt).not.toBeNull();
  });

  it.each([
    ['59 minutes ago: still counted, refused', 59, false],
    ['61 minutes ago: out of the hour, created', 61, true],
  ])(`${N} devices created %s`, async (_what, minutesAgo, created) => {
    await Promise.all(Array.from({ length: N }, (_v, i) => post(SECRET, eui('70B3D5499E', i))));
    await processIntakeBatch(db);
    await db.update(auditLogs).set({ ts: sql`now() - ${minutesAgo} * interval '1 minute'` });
    const next = eui('70B3D5499F', 0);
    await post(SECRET, next);
    await processIntakeBatch(db);
    expect(await device(next)).toSatisfy((row) => (row !== undefined) === created);
  });
});
