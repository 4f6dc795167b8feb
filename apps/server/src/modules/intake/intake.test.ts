import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestContext } from '../../test/test-app';
import { deviceChannels, deviceData, devices, intakeEvents } from '../../db/schema';
import { processIntakeBatch } from '../telemetry/intake-worker';
import { IntakeWriter } from './intake-writer';
import { chirpstackUp, countOf, payload, postChirpstack, seedDevice, seedNetworkServer } from '../../test/intake-fixtures';
import { queryRows, type TDb } from '../../db/database';

let db: TDb;
let ttsId: number;
const SECRET = 'cs-secret-0123456789';
const TTS_SECRET = 'tts-secret-0123456789';
const EUI = '70B3D5499A000001';
const TS = 1_795_000_000; // 2026-11-18

const ctx = useTestContext();
beforeAll(async () => {
  db = ctx.database.db;
});
beforeEach(async () => {
  const chirpstack = await seedNetworkServer(db, 'ChirpStack', 'chirpstack', SECRET);
  ttsId = await seedNetworkServer(db, 'TTN', 'tts', TTS_SECRET);
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
  // Events are applied only from the device's own network server.
  beforeEach(async () => {
    await db.update(devices).set({ networkServerId: ttsId }).where(eq(devices.eui, EUI));
  });
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

  it('a duplicate key counts per network server: another one cannot claim an event first', async () => {
    const [chirpstack, tts] = (await queryRows<{ id: number }>(db, sql`SELECT id FROM network_servers ORDER BY id`)).map((row) => row.id);
    const writer = new IntakeWriter(db, { maxConcurrent: 1 });
    const event = { envelope: { kind: 'up' as const, eui: EUI, fCnt: 7, receivedAt: Date.now(), fPort: 1, data: '' }, dedupeKey: 'guessable-time' };
    expect(await writer.submit(tts, event)).toBe(true);
    expect(await writer.submit(chirpstack, event)).toBe(true);
    expect(await writer.submit(chirpstack, event)).toBe(false);
    expect(await countOf(db, 'intake_events')).toBe(2);
  });
});

describe('one bad event never fails the others', () => {
  const GOOD = 40;
  const goodUplinks = () => Array.from({ length: GOOD }, (_v, i) => postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(EUI, 100 + i, temperature)));
  const ttsUplink = (deviceId: string) => ({ end_device_ids: { device_id: deviceId, dev_eui: EUI }, received_at: '2026-11-20T10:00:01Z', uplink_message: { f_port: 1, f_cnt: 1, frm_payload: 'AA==' } });

  it.each([
    ['a NUL in deviceInfo.applicationId', () => postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(EUI, 1, temperature, { deviceInfo: { devEui: EUI, applicationId: 'app\u0000' } })), 'deviceInfo.applicationId'],
    ['a lone surrogate in rxInfo[0].gatewayId', () => postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(EUI, 1, temperature, { rxInfo: [{ gatewayId: '\ud800', rssi: -90 }] })), 'rxInfo.0.gatewayId'],
    ['a NUL in a log description', () => postChirpstack(ctx.app, SECRET, 'log', { time: '2026-11-20T10:00:00Z', deviceInfo: { devEui: EUI }, level: 'ERROR', description: 'bad\u0000' }), 'description'],
    [
      'a lone low surrogate in a The Things Stack device id',
      () => ctx.app.inject({ method: 'POST', url: '/api/v1/integrations/tts/uplink', headers: { authorization: `Bearer ${TTS_SECRET}` }, payload: ttsUplink('node\udc00') }),
      'end_device_ids.device_id',
    ],
  ])(`HTTP, %s, sent with ${GOOD} good uplinks at once: the good ones stored, the bad one 400 naming the field`, async (_what, poisoned, field) => {
    const [bad, ...good] = await Promise.all([poisoned(), ...goodUplinks()]);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual([field]);
    expect(good.map((response) => response.statusCode)).toEqual(Array(GOOD).fill(200));
    expect(await countOf(db, 'intake_events')).toBe(GOOD);
  });

  // Rows forced past the routes' checks: the group INSERT fails, its rows are written one by one.
  it.each([
    ['a network server that does not exist (foreign key)', 999_999, {}],
    ['a NUL in the application id', null, { applicationId: 'app\u0000' }],
    ['a lone surrogate in the gateway', null, { gateway: 'gw\ud800' }],
  ])(`writer: a row with %s fails alone; the ${GOOD} others of its group are stored`, async (_what, networkServerId, poison) => {
    const writer = new IntakeWriter(db, { maxConcurrent: 1 });
    const event = (i: number, extra: object = {}) => ({ envelope: { kind: 'up' as const, eui: EUI, fCnt: i, receivedAt: Date.now(), ...extra }, dedupeKey: `row-${i}` });
    const submits = [writer.submit(networkServerId, event(0, poison)), ...Array.from({ length: GOOD }, (_v, i) => writer.submit(null, event(i + 1)))];
    const results = await Promise.allSettled(submits);
    expect(results[0].status).toBe('rejected');
    expect(results.slice(1)).toEqual(Array(GOOD).fill({ status: 'fulfilled', value: true }));
    expect(await countOf(db, 'intake_events')).toBe(GOOD);
    expect(await countOf(db, 'intake_events', sql`dedupe_key LIKE '%:row-0'`)).toBe(0);
    expect(await countOf(db, 'intake_events', sql`dedupe_key LIKE '%:row-1'`)).toBe(1);
  });
});

describe('event times: refused outside 1970-01-01 .. 9999-12-31 or when not RFC 3339', () => {
  const withGatewayTime = (time: string) => chirpstackUp(EUI, 1, temperature, { rxInfo: [{ gatewayId: 'aa00000000000001', rssi: -90, snr: 5, time }] });
  it.each([
    ['rxInfo.0.time', '1970-01-01T00:00:00Z', 200],
    ['rxInfo.0.time', '1969-12-31T23:59:59.999Z', 400],
    ['rxInfo.0.time', '9999-12-31T23:59:59.999Z', 200],
    ['rxInfo.0.time', '9999-12-31T23:59:59.999-00:01', 400],
    ['rxInfo.0.time', '10000-01-01T00:00:00Z', 400],
    ['rxInfo.0.time', '+010000-01-01T00:00:00Z', 400],
    ['rxInfo.0.time', '-000001-01-01T00:00:00Z', 400],
    ['rxInfo.0.time', 'Nov 20 2026', 400],
    ['rxInfo.0.time', '2026-13-01T00:00:00Z', 400],
    ['rxInfo.0.time', '2026-11-20T10:00:00.123456789+00:00', 200],
    ['rxInfo.0.time', '', 200],
  ])('ChirpStack %s %j: %i', async (field, time, status) => {
    const response = await postChirpstack(ctx.app, SECRET, 'up', withGatewayTime(time));
    expect(response.statusCode).toBe(status);
    if (status === 400) expect(response.json().message).toContain(`${field}: not an RFC 3339 time between 1970-01-01 and 9999-12-31`);
    expect(await countOf(db, 'intake_events')).toBe(status === 200 ? 1 : 0);
  });

  it.each([
    ['nsTime', { rxInfo: [{ nsTime: '10000-01-01T00:00:00Z' }] }, 'rxInfo.0.nsTime'],
    ['gwTime', { rxInfo: [{ gwTime: 'yesterday' }] }, 'rxInfo.0.gwTime'],
    ['the event time', { time: '1969-07-20T20:17:40Z' }, 'time'],
  ])('ChirpStack %s out of range: 400 naming it', async (_what, extra, field) => {
    const response = await postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(EUI, 1, temperature, extra));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(`${field}: not an RFC 3339 time`);
  });

  it.each([
    ['received_at', { received_at: '10000-01-01T00:00:00Z' }, {}, 'received_at'],
    ['uplink_message.received_at', {}, { received_at: 'not a time' }, 'uplink_message.received_at'],
    ['a gateway time', {}, { rx_metadata: [{ time: '1960-01-01T00:00:00Z' }] }, 'uplink_message.rx_metadata.0.time'],
  ])('The Things Stack %s out of range: 400 naming it', async (_what, top, message, field) => {
    const body = { end_device_ids: { dev_eui: EUI }, ...top, uplink_message: { f_port: 1, f_cnt: 1, frm_payload: 'AA==', ...message } };
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/integrations/tts/uplink', headers: { authorization: `Bearer ${TTS_SECRET}` }, payload: body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(`${field}: not an RFC 3339 time`);
  });
});
