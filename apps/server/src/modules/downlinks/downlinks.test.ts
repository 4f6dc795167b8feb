import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { connectAsync } from 'mqtt';
import { decodeDownlink, encodeUplink, type TRegisterValue } from '@aquasmart/domain';
import { createTestContext, type TTestContext } from '../../test/test-app';
import type { TDb } from '../../db/database';
import { auditLogs, customers, deviceParameters, devices, downlinks, networkServers, userCustomers, users } from '../../db/schema';
import { processIntakeBatch } from '../telemetry/intake-worker';
import { IntakeWriter } from '../intake/intake-writer';
import { ChirpstackMqtt } from '../intake/chirpstack-mqtt';
import { chirpstackUp, countOf, postChirpstack, seedDevice, seedNetworkServer } from '../../test/intake-fixtures';
import { sendDueDownlinks } from './downlink-sender';
import { startFakeNetworkServer } from './fake-network-server.fixture';

let ctx: TTestContext;
let db: TDb;
let fake: Awaited<ReturnType<typeof startFakeNetworkServer>>;
let tokens: Record<'admin' | 'engineer' | 'nobody' | 'restricted', string>;
let networkServerId: number;
const SECRET = 'downlink-secret-0001';
const API_TOKEN = 'chirpstack-api-token';
const EUI = '70B3D5499C000002';
const OTHER_EUI = '70B3D5499C000099';
const FRESH_EUI = '70B3D5499C000003';
const FLUSH = { enabled: 1, flushtime: 5, flushCycles: 2, highTempFlushtime: 15, highTempFlushdelay: 30, flushStartThreshold: 55, measureInterval: 10, resistanceThreshold: 0, valvePulseLength: 250, flushStopThreshold: -102.4 };
/** What the node has now (saved before the test); the engineer changes the flush time from 3 to 5. */
const FLUSH_SAVED = { ...FLUSH, flushtime: 3 };
const silent = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  fake = await startFakeNetworkServer();
});
afterAll(async () => {
  await fake.close();
  await ctx.close();
});
beforeEach(async () => {
  await ctx.database.reset();
  fake.received.length = 0;
  fake.setStatus(200);
  tokens = await ctx.signedInUsers({ admin: { administrator: true }, engineer: { rights: { settings: true } }, nobody: { rights: { editNode: true } }, restricted: { rights: { settings: true } } });
  networkServerId = await seedNetworkServer(db, 'ChirpStack', 'chirpstack', SECRET, { apiUrl: `${fake.url}/`, apiToken: API_TOKEN });
  const [mine, theirs] = await db.insert(customers).values([{ name: 'Gemeente Utrecht' }, { name: 'Ander' }]).returning({ id: customers.id });
  await seedDevice(db, EUI, 'V2', networkServerId, { customerId: mine.id });
  await seedDevice(db, OTHER_EUI, 'V2', networkServerId, { customerId: theirs.id });
  await seedDevice(db, FRESH_EUI, 'V2', networkServerId, { customerId: mine.id });
  const [restricted] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'restricted@example.com'));
  await db.insert(userCustomers).values({ userId: restricted.id, customerId: mine.id });
  await db.insert(deviceParameters).values({ deviceEui: EUI, register: 3, value: FLUSH_SAVED, status: 'saved', reported: FLUSH_SAVED });
  await db.update(devices).set({ sync: 1 }).where(eq(devices.eui, EUI));
});

function postParameters(token: string, eui: string, body: unknown) {
  return ctx.app.inject({ method: 'POST', url: `/api/v1/devices/${eui}/parameters`, headers: { 'x-access-token': token }, payload: body as object });
}

async function parameterReport(registers: TRegisterValue[], fCnt: number): Promise<void> {
  const frame = encodeUplink('V2', { kind: 'parameters', msgId: 62, registers });
  const body = chirpstackUp(EUI, fCnt, { fPort: frame.fPort, data: Buffer.from(frame.bytes).toString('base64') });
  expect((await postChirpstack(ctx.app, SECRET, 'up', body)).statusCode).toBe(200);
  await processIntakeBatch(db);
}

async function parameterRows() {
  return db.select().from(deviceParameters).where(eq(deviceParameters.deviceEui, EUI)).orderBy(deviceParameters.register);
}

describe('a parameter change: pending -> downlink at the network server -> report -> saved', () => {
  it('goes through with sync 0 then 1', async () => {
    const response = await postParameters(tokens.engineer, EUI.toLowerCase(), [{ register: 3, value: FLUSH }]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ eui: EUI, sync: 0, parameters: [{ register: 3, status: 'pending' }] });
    expect((await parameterRows())[0]).toMatchObject({ register: 3, status: 'pending', value: FLUSH });
    const [device] = await db.select().from(devices).where(eq(devices.eui, EUI));
    expect(device.sync).toBe(0);
    const [audit] = await db.select().from(auditLogs).where(eq(auditLogs.deviceEui, EUI));
    // The previous value beside the new one, only for what changed.
    expect(audit).toMatchObject({ userEmail: 'engineer@example.com', value: { action: 'settings', registers: [3], changes: { '3.flushtime': [3, 5] } } });
    expect(Object.keys((audit.value as { changes: object }).changes)).toEqual(['3.flushtime']);

    expect(await sendDueDownlinks(db, {})).toBe(1);
    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/api/devices/${EUI.toLowerCase()}/queue`);
    expect(request.headers.authorization).toBe(`Bearer ${API_TOKEN}`);
    expect(request.headers['grpc-metadata-authorization']).toBe(`Bearer ${API_TOKEN}`);
    const item = (request.body as { queueItem: { confirmed: boolean; fPort: number; data: string } }).queueItem;
    expect(item.confirmed).toBe(false);
    const decoded = decodeDownlink('V2', item.fPort, new Uint8Array(Buffer.from(item.data, 'base64')));
    expect(decoded).toEqual({ ok: true, registers: [{ register: 3, value: FLUSH }] });
    const [sent] = await db.select().from(downlinks);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null, registers: [3] });

    // The node applies the settings and reports them.
    await parameterReport([{ register: 3, value: FLUSH }], 20);
    expect((await parameterRows())[0]).toMatchObject({ status: 'saved', reported: FLUSH });
    const [after] = await db.select().from(devices).where(eq(devices.eui, EUI));
    expect(after).toMatchObject({ sync: 1, incorrectSettings: false });
  });

  it('a report that does not match leaves the parameter pending; a wrong saved register shows incorrect settings', async () => {
    await db.insert(deviceParameters).values({ deviceEui: EUI, register: 2, value: { logInterval: 15, measureInterval: 60, inputs: [] }, status: 'saved' });
    await postParameters(tokens.admin, EUI, [{ register: 3, value: FLUSH }]);
    await parameterReport(
      [
        { register: 2, value: { logInterval: 60, measureInterval: 60, inputs: [] } },
        { register: 3, value: { ...FLUSH, flushtime: 3 } },
      ],
      21,
    );
    const rows = await parameterRows();
    expect(rows.map((row) => [row.register, row.status])).toEqual([
      [2, 'saved'],
      [3, 'pending'],
    ]);
    const [device] = await db.select().from(devices).where(eq(devices.eui, EUI));
    expect(device).toMatchObject({ sync: 0, incorrectSettings: true });
  });

  it('POST /devices/{eui}/parameters/{register} (replication) does the same for one register', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/devices/${EUI}/parameters/3`, headers: { 'x-access-token': tokens.engineer }, payload: { value: FLUSH } });
    expect(response.statusCode).toBe(200);
    expect(await countOf(db, 'downlinks', sql`status = 'queued'`)).toBe(1);
  });
});

describe('rights and scope', () => {
  it.each([
    ['settings: flush register', 'engineer', EUI, [{ register: 3, value: FLUSH }], 200],
    ['settings: inputs (register 2 log interval and inputs)', 'engineer', EUI, [{ register: 2, value: { logInterval: 15, inputs: [] } }], 200],
    ['settings: register 1 (send interval, battery threshold) is system', 'engineer', EUI, [{ register: 1, value: { sendinterval: 6, 'supply-voltage-threshold': 3.1, 'calibration-duration': 5 } }], 403],
    ['settings: overflow detection (resistanceThreshold) is system', 'engineer', EUI, [{ register: 3, value: { resistanceThreshold: 100 } }], 403],
    ['settings: the whole register with system fields unchanged', 'engineer', EUI, [{ register: 3, value: { ...FLUSH, flushCycles: 4 } }], 200],
    ['settings: a first flush register (none saved) without its system fields', 'engineer', FRESH_EUI, [{ register: 3, value: { flushtime: 4 } }], 200],
    ['administrator: register 1', 'admin', EUI, [{ register: 1, value: { sendinterval: 6, 'supply-voltage-threshold': 3.1, 'calibration-duration': 5 } }], 200],
    ['no settings flag', 'nobody', EUI, [{ register: 3, value: FLUSH }], 403],
    ["restricted user, own customer's node", 'restricted', EUI, [{ register: 3, value: FLUSH }], 200],
    ["restricted user, another customer's node", 'restricted', OTHER_EUI, [{ register: 3, value: FLUSH }], 404],
    ['unknown node', 'admin', '70B3D5499CFFFFFF', [{ register: 3, value: FLUSH }], 404],
    ['a register V2 nodes do not have', 'admin', EUI, [{ register: 7, value: { x: 1 } }], 400],
    ['a value out of range', 'admin', EUI, [{ register: 3, value: { ...FLUSH, flushtime: 61 } }], 400],
    ['an empty list', 'admin', EUI, [], 400],
  ] as const)('%s: %s on %s -> %s', async (_what, user, eui, body, status) => {
    const response = await postParameters(tokens[user], eui, body);
    expect(response.statusCode, response.body).toBe(status);
    expect(await countOf(db, 'downlinks')).toBe(status === 200 ? 1 : 0);
    expect(await countOf(db, 'device_parameters', sql`status = 'pending'`)).toBe(status === 200 ? 1 : 0);
  });

  it('changing only inputs fields of a register that holds system fields needs only the inputs entry', async () => {
    await db.insert(deviceParameters).values({ deviceEui: EUI, register: 2, value: { logInterval: 15, measureInterval: 60, inputs: [] }, status: 'saved' });
    const response = await postParameters(tokens.engineer, EUI, [{ register: 2, value: { logInterval: 30, measureInterval: 60, inputs: [] } }]);
    expect(response.statusCode).toBe(200);
    const refused = await postParameters(tokens.engineer, EUI, [{ register: 2, value: { logInterval: 30, measureInterval: 90, inputs: [] } }]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('registers.system');
  });
});

describe('the settings validation table (docs/node-settings.md, Rules per setting), as the editor checks it', () => {
  it.each([
    ['log interval 0', [{ register: 2, value: { logInterval: 0 } }], { '0.value.logInterval': 'validation.range?min=1&max=60' }],
    ['alarm with two decimals', [{ register: 2, value: { inputs: [{ mode: 'actual', lowAlarm: 55.25 }] } }], { '0.value.inputs.0.lowAlarm': 'validation.decimals?N=1' }],
    ['valve pulse not a multiple of 5', [{ register: 3, value: { valvePulseLength: 252 } }], { '0.value.valvePulseLength': 'validation.multipleOf?N=5' }],
    ['battery voltage with four decimals', [{ register: 1, value: { 'supply-voltage-threshold': 3.1255 } }], { '0.value.supply-voltage-threshold': 'validation.decimals?N=3' }],
    ['period without a stop', [{ register: 4, value: { 'flush-periods': [{ start: 60, flushCycles: 1, daysEnabled: { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true } }] } }], { '0.value.flush-periods.0.stop': 'validation.required' }],
    ['a register V2 has not, after a good one', [{ register: 3, value: { flushtime: 4 } }, { register: 7, value: { x: 1 } }], { '1.register': 'validation.oneOf?values=1%2C%202%2C%203%2C%204' }],
    ['a field the register has not', [{ register: 3, value: { flushtime: 4, turnOnTime: 5 } }], { '0.value.turnOnTime': 'validation.invalid' }],
  ])('%s: 400 naming the field, nothing stored or sent', async (_what, body, fields) => {
    const response = await postParameters(tokens.admin, EUI, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ key: 'errors.badRequest', fields });
    expect(Object.keys(response.json().fields)).toEqual(Object.keys(fields));
    expect(await countOf(db, 'downlinks')).toBe(0);
    expect(await parameterRows()).toMatchObject([{ register: 3, status: 'saved', value: FLUSH_SAVED }]);
  });

  it('the one-register route names the field of its own body', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/devices/${EUI}/parameters/3`, headers: { 'x-access-token': tokens.admin }, payload: { value: { flushtime: 61 } } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ 'value.flushtime': 'validation.range?min=1&max=60' });
    expect(await countOf(db, 'downlinks')).toBe(0);
  });
});

describe('the sender', () => {
  it('an unreachable network server is retried with back-off, the frame stays queued with its error, then goes out', async () => {
    await db.update(networkServers).set({ config: { apiUrl: 'http://127.0.0.1:9', apiToken: API_TOKEN } }).where(eq(networkServers.id, networkServerId));
    await postParameters(tokens.engineer, EUI, [{ register: 3, value: FLUSH }]);
    await postParameters(tokens.engineer, EUI, [{ register: 3, value: { ...FLUSH, flushtime: 6 } }]);
    expect(await sendDueDownlinks(db, {})).toBe(2);
    const failed = await db.select().from(downlinks).orderBy(downlinks.id);
    expect(failed[0]).toMatchObject({ status: 'queued', attempts: 1 });
    expect(failed[0].lastError).toBeTruthy();
    expect(failed[0].nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 3000);
    // The second frame waits for the first: settings arrive in the order they were made.
    expect(failed[1]).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await sendDueDownlinks(db, {})).toBe(0);

    // The server is back (and answers 500 once): still nothing dropped.
    await db.update(networkServers).set({ config: { apiUrl: fake.url, apiToken: API_TOKEN } }).where(eq(networkServers.id, networkServerId));
    fake.setStatus(500);
    await db.execute(sql`UPDATE downlinks SET next_attempt_at = now()`);
    await sendDueDownlinks(db, {});
    expect((await db.select().from(downlinks).orderBy(downlinks.id))[0]).toMatchObject({ status: 'queued', attempts: 2 });
    expect((await db.select().from(downlinks).orderBy(downlinks.id))[0].lastError).toContain('HTTP 500');

    fake.setStatus(200);
    fake.received.length = 0;
    await db.execute(sql`UPDATE downlinks SET next_attempt_at = now()`);
    await sendDueDownlinks(db, {});
    expect((await db.select().from(downlinks).orderBy(downlinks.id)).map((row) => row.status)).toEqual(['sent', 'sent']);
    expect(fake.received).toHaveLength(2);
    expect(await countOf(db, 'device_parameters', sql`status = 'pending'`)).toBe(1);
  });

  it('a device without a network server keeps its downlink queued with the reason', async () => {
    await db.update(devices).set({ networkServerId: null }).where(eq(devices.eui, EUI));
    await postParameters(tokens.engineer, EUI, [{ register: 3, value: FLUSH }]);
    await sendDueDownlinks(db, {});
    const [row] = await db.select().from(downlinks);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'The device has no network server' });
  });

  it('The Things Stack: pushes to the webhook down/push path with the device id learned from uplinks', async () => {
    const tts = await seedNetworkServer(db, 'TTN', 'tts', 'tts-secret', { baseUrl: fake.url, applicationId: 'aquasmart', webhookId: 'portal', apiKey: 'NNSXS.KEY' });
    await db.update(devices).set({ networkServerId: tts, networkDeviceId: 'node-0002' }).where(eq(devices.eui, EUI));
    await postParameters(tokens.engineer, EUI, [{ register: 3, value: FLUSH }]);
    await sendDueDownlinks(db, {});
    const [request] = fake.received;
    expect(request.path).toBe('/api/v3/as/applications/aquasmart/webhooks/portal/devices/node-0002/down/push');
    expect(request.headers.authorization).toBe('Bearer NNSXS.KEY');
    const [downlink] = (request.body as { downlinks: { f_port: number; frm_payload: string; priority: string }[] }).downlinks;
    expect(downlink.priority).toBe('NORMAL');
    expect(decodeDownlink('V2', downlink.f_port, new Uint8Array(Buffer.from(downlink.frm_payload, 'base64')))).toMatchObject({ ok: true });
  });
});

describe('ChirpStack MQTT (Mosquitto on 127.0.0.1:1883)', () => {
  it('events on application/+/device/+/event/+ are stored; downlinks are published to command/down', { timeout: 30_000 }, async () => {
    const applicationId = `test-${randomBytes(6).toString('hex')}`;
    const mqttServer = await seedNetworkServer(db, 'ChirpStack MQTT', 'chirpstack', 'mqtt-secret', { mqttUrl: 'mqtt://127.0.0.1:1883', applicationId });
    await db.update(devices).set({ networkServerId: mqttServer }).where(eq(devices.eui, EUI));
    const writer = new IntakeWriter(db);
    const bridge = new ChirpstackMqtt(db, writer, silent, `aquasmart-test-${randomBytes(4).toString('hex')}`);
    const observer = await connectAsync('mqtt://127.0.0.1:1883', { clientId: `observer-${randomBytes(4).toString('hex')}` });
    try {
      await bridge.start();
      await observer.subscribeAsync(`application/${applicationId}/device/+/command/down`, { qos: 1 });
      const commands: { topic: string; body: { devEui: string; confirmed: boolean; fPort: number; data: string } }[] = [];
      observer.on('message', (topic, message) => commands.push({ topic, body: JSON.parse(message.toString()) as (typeof commands)[number]['body'] }));

      // Wait until the bridge is subscribed, then publish an uplink as ChirpStack does.
      const frame = encodeUplink('V2', { kind: 'battery', msgId: 40, timestamp: 1_795_000_000, voltage: 3.55 });
      const event = chirpstackUp(EUI, 31, { fPort: frame.fPort, data: Buffer.from(frame.bytes).toString('base64') });
      const deadline = Date.now() + 15_000;
      while ((await countOf(db, 'intake_events')) === 0 && Date.now() < deadline) {
        await observer.publishAsync(`application/${applicationId}/device/${EUI.toLowerCase()}/event/up`, JSON.stringify(event), { qos: 1 });
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      expect(await countOf(db, 'intake_events')).toBe(1);
      await processIntakeBatch(db);
      const [device] = await db.select().from(devices).where(eq(devices.eui, EUI));
      expect(device.batteryVoltage).toBe(3.55);

      await postParameters(tokens.engineer, EUI, [{ register: 3, value: FLUSH }]);
      expect(await sendDueDownlinks(db, { mqtt: bridge })).toBe(1);
      while (commands.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(commands[0].topic).toBe(`application/${applicationId}/device/${EUI.toLowerCase()}/command/down`);
      expect(commands[0].body).toMatchObject({ devEui: EUI.toLowerCase(), confirmed: false });
      const decoded = decodeDownlink('V2', commands[0].body.fPort, new Uint8Array(Buffer.from(commands[0].body.data, 'base64')));
      expect(decoded).toEqual({ ok: true, registers: [{ register: 3, value: FLUSH }] });
      expect((await db.select().from(downlinks))[0].status).toBe('sent');
    } finally {
      await observer.endAsync();
      await bridge.stop();
      await writer.close();
    }
  });
});
