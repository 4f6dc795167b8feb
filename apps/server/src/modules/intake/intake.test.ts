import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestContext, type TTestContext } from '../../test/test-app';
import { deviceChannels, deviceData, devices, intakeEvents } from '../../db/schema';
import { processIntakeBatch } from './intake-worker';
import { IntakeWriter } from './intake-writer';
import { chirpstackUp, countOf, payload, postChirpstack, seedDevice, seedNetworkServer } from './intake-fixtures';
import type { TDb } from '../../db/client';

let ctx: TTestContext;
let db: TDb;
const SECRET = 'cs-secret-0123456789';
const TTS_SECRET = 'tts-secret-0123456789';
const EUI = '70B3D5499A000001';
const TS = 1_795_000_000; // 2026-11-18

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
});
afterAll(async () => ctx.close());
beforeEach(async () => {
  await ctx.database.reset();
  const chirpstack = await seedNetworkServer(db, 'ChirpStack', 'chirpstack', SECRET);
  await seedNetworkServer(db, 'TTN', 'tts', TTS_SECRET);
  await seedDevice(db, EUI, 'V2', chirpstack, {}, { temperature1: 0.5 });
});

const temperature = payload('V2', { kind: 'temperature', msgId: 42, timestamp: TS, temperatures: [58.2, 14.9, -102.4] });

describe('ChirpStack HTTP intake: secret and body', () => {
  it.each([
    ['no Authorization header', null, 401],
    ['a wrong secret', 'not-the-secret', 401],
    ["a The Things Stack server's secret", TTS_SECRET, 401],
    ['the right secret', SECRET, 200],
  ])('%s: secret %s answers %s', async (_what, secret, status) => {
    const response = await postChirpstack(ctx.app, secret, 'up', chirpstackUp(EUI, 7, temperature));
    expect(response.statusCode).toBe(status);
    expect(await countOf(db, 'intake_events')).toBe(status === 200 ? 1 : 0);
  });

  it.each([
    ['a body that is not JSON', 'up', '{"deviceInfo": ', /JSON/i],
    ['no deviceInfo', 'up', { fCnt: 1, data: 'AA==' }, /deviceInfo/],
    ['a devEui that is not 16 hex characters', 'up', { deviceInfo: { devEui: '70b3d5' } }, /deviceInfo\.devEui/],
    ['a negative fCnt', 'up', { deviceInfo: { devEui: EUI }, fCnt: -1 }, /fCnt/],
    ['data that is not base64', 'up', { deviceInfo: { devEui: EUI }, data: '***' }, /data: not base64/],
    ['an unknown event', 'location', { deviceInfo: { devEui: EUI } }, /event/],
  ])('%s: 400 with the reason, nothing stored', async (_what, event, body, reason) => {
    const response = await postChirpstack(ctx.app, SECRET, event, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(reason);
    expect(await countOf(db, 'intake_events')).toBe(0);
  });

  it('a wrong secret wins over a malformed body (401, not 400)', async () => {
    expect((await postChirpstack(ctx.app, 'wrong', 'up', '{not json')).statusCode).toBe(401);
  });

  it.each(['join', 'ack', 'txack', 'status', 'log'])('accepts the %s event', async (event) => {
    const body = { deduplicationId: 'd1', time: '2026-11-20T10:00:00Z', deviceInfo: { devEui: EUI.toLowerCase() }, level: 'ERROR', code: 'UPLINK_CODEC', description: 'x' };
    expect((await postChirpstack(ctx.app, SECRET, event, body)).statusCode).toBe(200);
    await processIntakeBatch(db);
    const [row] = await db.select().from(intakeEvents);
    expect(row.event).toBe(event);
    expect(row.processedAt).not.toBeNull();
  });
});

describe('ChirpStack up: stored, deduplicated, processed', () => {
  it('a V2 temperature reading reaches history and current state (offset applied, raw kept, signal, lora)', async () => {
    const first = await postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(EUI, 7, temperature));
    expect(first.json()).toEqual({ duplicate: false });
    const again = await postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(EUI, 7, temperature));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ duplicate: true });
    expect(await processIntakeBatch(db)).toBe(1);

    const history = await db.select().from(deviceData).where(eq(deviceData.deviceEui, EUI));
    expect(history).toHaveLength(1);
    // The strongest gateway (-80 dBm) counts; its own time is the reception time.
    expect(history[0]).toMatchObject({ msgId: 42, counter: 7, rssi: -80, snr: 9, gateway: '0016c001f1500001' });
    expect(history[0].ts.getTime()).toBe(TS * 1000);
    expect(history[0].value).toEqual({ timestamp: TS, temperature1: 58.7, temperature2: 14.9, temperature3: -102.4 });

    const [device] = await db.select().from(devices).where(eq(devices.eui, EUI));
    expect(device).toMatchObject({ counter: 7, rssi: -80, snr: 9, signal: 4 });
    expect(device.loraTs?.toISOString()).toBe('2026-11-20T10:00:00.100Z');
    const channels = Object.fromEntries((await db.select().from(deviceChannels).where(eq(deviceChannels.deviceEui, EUI))).map((c) => [c.channelId, c]));
    expect(channels.temperature1).toMatchObject({ value: 58.7, rawValue: 58.2 });
    expect(channels.temperature1.ts?.getTime()).toBe(TS * 1000);
    expect(channels.temperature2).toMatchObject({ value: 14.9, rawValue: 14.9 });
    // No sensor: kept as the sentinel, no offset (the faulty-sensor rule reads it).
    expect(channels.temperature3).toMatchObject({ value: -102.4, rawValue: -102.4 });
  });

  it('acceptance: the processed uplink shows in GET /devices/{eui} and GET /devices/{eui}/data', async () => {
    await postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(EUI, 7, temperature));
    const battery = payload('V2', { kind: 'battery', msgId: 40, timestamp: TS + 60, voltage: 3.58 });
    await postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(EUI, 8, battery));
    await postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(EUI, 8, battery));
    await processIntakeBatch(db);
    const { admin } = await ctx.signedInUsers({ admin: { administrator: true } });
    const node = await ctx.app.inject({ method: 'GET', url: `/api/v1/devices/${EUI.toLowerCase()}`, headers: { 'x-access-token': admin } });
    expect(node.statusCode).toBe(200);
    const body = node.json();
    expect(body.channels.find((c: { id: string }) => c.id === 'temperature1')).toMatchObject({ value: 58.7, rawValue: 58.2 });
    expect(body.battery.voltage).toBe(3.58);
    expect(body.signal).toBe(4);
    expect(body.lora).toMatchObject({ ts: '2026-11-20T10:00:00.100Z', counter: 8, rssi: -80, snr: 9 });
    const data = await ctx.app.inject({ method: 'GET', url: `/api/v1/devices/${EUI}/data`, headers: { 'x-access-token': admin } });
    expect(data.statusCode).toBe(200);
    expect(data.json().map((item: { msgId: number }) => item.msgId)).toEqual([42, 40]);
  });

  it('a left-out fCnt is 0; without gateway time the network-server time counts', async () => {
    const body = chirpstackUp(EUI, undefined, temperature, { rxInfo: [{ gatewayId: 'aa00000000000001', rssi: -110, snr: -7, nsTime: '2026-11-20T11:00:00Z' }] });
    expect((await postChirpstack(ctx.app, SECRET, 'up', body)).statusCode).toBe(200);
    await processIntakeBatch(db);
    const [device] = await db.select().from(devices).where(eq(devices.eui, EUI));
    expect(device).toMatchObject({ counter: 0, rssi: -110, snr: -7, signal: 0 });
    expect(device.loraTs?.toISOString()).toBe('2026-11-20T11:00:00.000Z');
  });

  it('the same frame counter with another deduplication id (a counter reset after a rejoin) is a new uplink', async () => {
    await postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(EUI, 1, temperature));
    const later = await postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(EUI, 1, temperature, { deduplicationId: 'after-rejoin' }));
    expect(later.json()).toEqual({ duplicate: false });
  });
});

describe('The Things Stack webhooks', () => {
  const uplink = (fCnt: number) => ({
    end_device_ids: { device_id: 'aquasmart-node-1', application_ids: { application_id: 'aquasmart' }, dev_eui: EUI, join_eui: '0000000000000000', dev_addr: '260B1234' },
    correlation_ids: ['as:up:01HX'],
    received_at: '2026-11-20T10:00:01.5Z',
    uplink_message: {
      session_key_id: 'AYx=',
      f_port: temperature.fPort,
      f_cnt: fCnt,
      frm_payload: temperature.data,
      rx_metadata: [{ gateway_ids: { gateway_id: 'eui-b827ebfffe000001', eui: 'B827EBFFFE000001' }, time: '2026-11-20T10:00:01Z', rssi: -101, channel_rssi: -101, snr: -6.25 }],
      settings: { data_rate: { lora: { bandwidth: 125000, spreading_factor: 9 } }, frequency: '868300000' },
      received_at: '2026-11-20T10:00:01.4Z',
    },
  });
  const post = (type: string, secret: string, body: unknown) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/integrations/tts/${type}`, headers: { authorization: `Bearer ${secret}` }, payload: body as object });

  it('an uplink is stored once and processed; the device id is kept for downlinks', async () => {
    expect((await post('uplink', TTS_SECRET, uplink(3))).json()).toEqual({ duplicate: false });
    expect((await post('uplink', TTS_SECRET, uplink(3))).json()).toEqual({ duplicate: true });
    await processIntakeBatch(db);
    const [device] = await db.select().from(devices).where(eq(devices.eui, EUI));
    expect(device).toMatchObject({ counter: 3, rssi: -101, snr: -6.25, signal: 1, networkDeviceId: 'aquasmart-node-1', networkApplicationId: 'aquasmart' });
    expect(await countOf(db, 'device_data')).toBe(1);
  });

  it.each([
    ['a ChirpStack secret', 'uplink', SECRET, 401],
    ['an unknown message type', 'location-solved', TTS_SECRET, 400],
    ['downlink-ack', 'downlink-ack', TTS_SECRET, 200],
    ['downlink-sent', 'downlink-sent', TTS_SECRET, 200],
    ['downlink-queued', 'downlink-queued', TTS_SECRET, 200],
  ])('%s: message type %s with secret %s answers %s', async (_what, type, secret, status) => {
    const body = type === 'uplink' ? uplink(1) : { end_device_ids: uplink(1).end_device_ids, received_at: '2026-11-20T10:00:00Z', [type.replace('-', '_')]: { f_port: 100, f_cnt: 2 } };
    expect((await post(type, secret, body)).statusCode).toBe(status);
  });

  it('a failed downlink marks the oldest sent downlink failed with the reason', async () => {
    await db.execute(sql`INSERT INTO downlinks (device_eui, f_port, payload, status) VALUES (${EUI}, 100, '\\x01'::bytea, 'sent')`);
    const body = { end_device_ids: uplink(1).end_device_ids, received_at: '2026-11-20T10:00:00Z', downlink_failed: { downlink: { f_port: 100 }, error: { name: 'no_device_session', message_format: 'no device session' } } };
    expect((await post('downlink-failed', TTS_SECRET, body)).statusCode).toBe(200);
    await processIntakeBatch(db);
    const [row] = await ctx.database.db.execute(sql`SELECT status, last_error FROM downlinks`).then((r) => (r as { rows: { status: string; last_error: string }[] }).rows);
    expect(row).toEqual({ status: 'failed', last_error: 'no device session' });
  });
});

describe('group commit', () => {
  it('requests arriving together are written by one INSERT and all answered after it', async () => {
    let inserts = 0;
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        if (property === 'execute') {
          return (...args: Parameters<TDb['execute']>) => {
            inserts += 1;
            return target.execute(...args);
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const writer = new IntakeWriter(counting, { maxConcurrent: 1 });
    const events = Array.from({ length: 60 }, (_v, i) => ({
      envelope: { kind: 'up' as const, eui: EUI, fCnt: i, receivedAt: Date.now(), fPort: 1, data: '' },
      dedupeKey: `group-${i % 50}`,
    }));
    const answers = await Promise.all(events.map((event) => writer.submit(null, event)));
    expect(inserts).toBe(1);
    expect(answers.filter(Boolean)).toHaveLength(50);
    expect(await countOf(db, 'intake_events')).toBe(50);
  });
});
