import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TOKEN_MASK, ZPlatformBatch, type TPlatformBatch, type TPlatformState, type TUplinkMessage } from '@aquasmart/domain';
import { queryRows, type TDb } from '../../db/database';
import { useTestContext } from '../../test/test-app';
import { caller, insertCustomer, insertLocation } from '../../test/places-fixtures';
import { chirpstackUp, countOf, payload, postChirpstack, seedDevice, seedNetworkServer } from '../../test/intake-fixtures';
import { processIntakeBatch } from '../telemetry/intake-worker';
import { AddressPolicy } from '../../lib/outbound/address-policy';
import { deliverDue, dropStaleItems, type TSenderSettings } from './platform-sender';
import { verifySignature, SIGNATURE_HEADER } from './platform-signature';
import { startReceiver, type TTestReceiver } from '../../test/http-receiver';
import { LEGIONELLADOSSIER_HEADER } from './adapters/legionella-dossier';

/**
 * Deliveries to external platforms end to end (docs/platforms.md): uplinks through the real
 * intake route and worker, the outbox written in the worker's transaction, the sender's rounds
 * (driven by hand, as the background loop would) and a real HTTP receiver on 127.0.0.1.
 */

const ctx = useTestContext({ platforms: { PLATFORM_ALLOWED_ADDRESSES: '127.0.0.1', PLATFORM_BATCH_INTERVAL: 60 } });
const SECRET = 'platform-test-secret-0123456789abcdefghijklmnopqrstuvwxyz';
const TOKEN = 'xic-token-0123456789-abcdef';
const NODE = '70B3D5E75E000001';
const OTHER_NODE = '70B3D5E75E000002';

let db: TDb;
let receiver: TTestReceiver;
let admin: string;
let fCnt = 1;
const call = caller(ctx);

function settings(overrides: Partial<TSenderSettings> = {}): TSenderSettings {
  return { batchSeconds: 60, legionellaDossierUrl: null, policy: new AddressPolicy('127.0.0.1'), ...overrides };
}

async function seedWorld(endpoint: Record<string, unknown>): Promise<{ customerId: number }> {
  const networkServerId = await seedNetworkServer(db, 'ChirpStack', 'chirpstack', SECRET);
  const customerId = await insertCustomer(db, 'Acme', { endpoint });
  const hal = await insertLocation(db, customerId, 'Hal', { endpoint: { platform: 'Customer' } });
  await seedDevice(db, NODE, 'V2', networkServerId, { name: 'Kraan 1', customerId, locationId: hal, flushMinimumTemperatureDeviation: 2 });
  await db.execute(sql`UPDATE device_channels SET name = 'WW uit', custom = '{"mode":"WW"}'::jsonb WHERE device_eui = ${NODE} AND channel_id = 'temperature1'`);
  const zonder = await insertCustomer(db, 'Zonder');
  const kantoor = await insertLocation(db, zonder, 'Kantoor');
  await seedDevice(db, OTHER_NODE, 'V2', networkServerId, { customerId: zonder, locationId: kantoor });
  return { customerId };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function uplink(eui: string, message: TUplinkMessage): Promise<void> {
  const response = await postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(eui, fCnt++, payload('V2', message)));
  expect(response.statusCode).toBe(200);
}

const temperature = (eui: string, value: number, secondsAgo: number) =>
  uplink(eui, { kind: 'temperature', msgId: 42, timestamp: nowSeconds() - secondsAgo, temperatures: [value, 14.2, 20.5] });
const flush = (eui: string, before: number, after: number, secondsAgo: number) =>
  uplink(eui, { kind: 'flush', msgId: 50, timestamp: nowSeconds() - secondsAgo, channel: 1, before, after });

/** Lets the next round take the endpoints at once, as if N seconds (or the back-off) had passed. */
async function timePasses(): Promise<void> {
  await db.execute(sql`UPDATE platform_endpoints SET next_attempt_at = now() - interval '1 second'`);
}

function batches(): TPlatformBatch[] {
  return receiver.received.map((request) => ZPlatformBatch.parse(JSON.parse(request.body)));
}

async function state(customer = 'Acme', location?: string): Promise<TPlatformState> {
  const path = location === undefined ? `/customers/${customer}/platform` : `/customers/${customer}/locations/${location}/platform`;
  const response = await call(admin, 'GET', path);
  expect(response.statusCode).toBe(200);
  return response.json<TPlatformState>();
}

beforeEach(async () => {
  db = ctx.database.system;
  receiver = await startReceiver();
  ({ admin } = await ctx.signedInUsers({ admin: { administrator: true } }));
});

afterEach(async () => {
  await receiver.stop();
});

describe('platform deliveries', () => {
  it('readings and alarm steps arrive once each, in order, signed, at most one request per endpoint per N seconds', async () => {
    await seedWorld({ platform: 'XIC', url: receiver.url, token: TOKEN });
    await temperature(NODE, 55.5, 300);
    await temperature(NODE, 56.1, 200);
    await flush(NODE, 20, 20.5, 100); // weak: opens the flush alarm
    await temperature(OTHER_NODE, 40, 100); // a customer without a platform: nothing
    await processIntakeBatch(db);
    expect(await countOf(db, 'platform_items')).toBe(4);

    expect(await deliverDue(db, settings())).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [first] = receiver.received;
    expect(first.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(verifySignature(TOKEN, first.body, String(first.headers[SIGNATURE_HEADER]), nowSeconds())).toBe(true);
    expect(verifySignature('another-token', first.body, String(first.headers[SIGNATURE_HEADER]), nowSeconds())).toBe(false);
    expect(verifySignature(TOKEN, `${first.body} `, String(first.headers[SIGNATURE_HEADER]), nowSeconds())).toBe(false);
    const items = batches()[0].items;
    expect(items.map((item) => item.type)).toEqual(['temperature', 'temperature', 'flush', 'alarm']);
    expect(items.every((item) => item.node?.eui === NODE && item.place.customer === 'Acme' && item.place.location === 'Hal')).toBe(true);
    const [t1, t2, weak, opened] = items;
    expect(t1).toMatchObject({ type: 'temperature', node: { name: 'Kraan 1', type: 'V2' } });
    if (t1?.type !== 'temperature' || t2?.type !== 'temperature' || weak?.type !== 'flush' || opened?.type !== 'alarm') throw new Error('types');
    expect(t1.temperatures[0]).toEqual({ channel: 'temperature1', name: 'WW uit', mode: 'WW', value: 55.5 });
    expect(t2.temperatures[0].value).toBe(56.1);
    expect(Date.parse(t1.at)).toBeLessThan(Date.parse(t2.at));
    expect(weak).toMatchObject({ channel: 'temperature1', before: 20, after: 20.5 });
    expect(opened).toMatchObject({ action: 'opened', alarm: { kind: 'flushAlarm', state: 'new' } });
    expect(new Set(items.map((item) => item.id)).size).toBe(4);
    expect(await countOf(db, 'platform_items')).toBe(0);

    // Handling the alarm is a step too; the good flush closes it. Within N seconds nothing goes out.
    const acknowledge = await call(admin, 'POST', `/alarms/${opened.alarm.id}/acknowledge`, {});
    expect(acknowledge.statusCode).toBeLessThan(300);
    await flush(NODE, 20, 58, 50);
    await processIntakeBatch(db);
    expect(await deliverDue(db, settings())).toBe(0);
    expect(receiver.received).toHaveLength(1);
    expect(await state()).toMatchObject({ state: 'delivering', backlog: 3, delivered: 4 });

    await timePasses();
    expect(await deliverDue(db, settings())).toBe(1);
    const second = batches()[1].items;
    expect(second.map((item) => (item.type === 'alarm' ? item.action : item.type))).toEqual(['acknowledged', 'flush', 'closed']);
    expect(second.every((item) => item.type !== 'alarm' || item.alarm.id === opened.alarm.id)).toBe(true);
    expect(second.map((item) => Number(item.id)).every((id) => id > Number(opened.id))).toBe(true);
    expect(await state()).toMatchObject({ state: 'delivering', backlog: 0, delivered: 7, lastStatus: 200, lastError: null });
    // The location follows its customer: its page shows the customer's endpoint.
    expect(await state('Acme', 'Hal')).toMatchObject({ state: 'delivering', via: 'Acme', delivered: 7 });
    // The customer without a platform: no state, nothing sent.
    expect(await state('Zonder')).toMatchObject({ state: 'none', platform: null, backlog: 0 });
  });

  it('a laboratory result entered at a location with an endpoint goes out as a labResult item with its figures, verdict and alarm', async () => {
    await seedWorld({ platform: 'XIC', url: receiver.url, token: TOKEN });
    const hal = `/customers/Acme/locations/Hal`;
    const douche = (await call(admin, 'POST', `${hal}/sample-points`, { name: 'Douche 1', role: 'hot', priority: true, eui: NODE, channelId: 'temperature1' })).json<{ id: number }>();
    const keuken = (await call(admin, 'POST', `${hal}/sample-points`, { name: 'Keuken', role: 'cold' })).json<{ id: number }>();
    const entered = await call(admin, 'POST', `${hal}/sample-results`, {
      samplePointId: douche.id,
      sampleId: 'M-1',
      takenAt: '2026-03-31T09:15:00+02:00',
      lab: 'Lab Noord',
      accreditation: 'RvA L 123',
      waterCelsius: 41.5,
      counts: [
        { species: 'Legionella pneumophila', serogroup: '1', count: 1200, unit: 'kve/l' },
        { species: 'Legionella pneumophila', serogroup: '2-14', count: null, detectionLimit: 100, unit: 'kve/l' },
      ],
    });
    expect(entered.statusCode, entered.body).toBe(201);
    const result = entered.json<{ id: number; alarmId: number; enteredAt: string }>();
    // Through the lab's CSV too; a customer without a platform gets nothing.
    const imported = await call(admin, 'POST', `${hal}/sample-results/import`, { csv: 'sampleId;point;takenAt;lab;count;unit\nM-2;Keuken;2026-04-01 10:00;Lab Noord;<100;kve/l\n' });
    expect(imported.statusCode, imported.body).toBe(200);
    const kantoor = '/customers/Zonder/locations/Kantoor';
    const elders = (await call(admin, 'POST', `${kantoor}/sample-points`, { name: 'Douche', role: 'hot' })).json<{ id: number }>();
    expect((await call(admin, 'POST', `${kantoor}/sample-results`, { samplePointId: elders.id, sampleId: 'Z-1', takenAt: '2026-03-31T09:00:00+02:00', lab: 'Lab', counts: [{ count: 5000, unit: 'kve/l' }] })).statusCode).toBe(201);
    expect(await countOf(db, 'platform_items')).toBe(2);

    expect(await deliverDue(db, settings())).toBe(1);
    const items = batches()[0].items;
    // The legionella alarm is on the sample point (no node): it reaches the platform in the result's alarmId.
    expect(items.map((item) => item.type)).toEqual(['labResult', 'labResult']);
    const [first, second] = items;
    if (first.type !== 'labResult' || second.type !== 'labResult') throw new Error('types');
    expect(first).toEqual({
      id: first.id,
      at: '2026-03-31T07:15:00.000Z',
      node: { eui: NODE, name: 'Kraan 1', type: 'V2' },
      place: { customer: 'Acme', location: 'Hal' },
      type: 'labResult',
      result: {
        id: String(result.id),
        sampleId: 'M-1',
        samplePoint: { id: String(douche.id), name: 'Douche 1', role: 'hot', channel: 'temperature1' },
        takenAt: '2026-03-31T07:15:00.000Z',
        enteredAt: result.enteredAt,
        lab: 'Lab Noord',
        accreditation: 'RvA L 123',
        method: 'ISO 11731',
        waterCelsius: 41.5,
        counts: [
          { species: 'Legionella pneumophila', serogroup: '1', count: 1200, detectionLimit: null, unit: 'kve/l' },
          { species: 'Legionella pneumophila', serogroup: '2-14', count: null, detectionLimit: 100, unit: 'kve/l' },
        ],
        perLitre: 1200,
        rulebook: 'NL',
        verdict: 'report',
        legalStep: 'reportIlt',
        severity: 'critical',
        resample: false,
        resampleDue: '2026-04-30',
        alarmId: String(result.alarmId),
      },
    });
    expect(second).toMatchObject({
      node: null,
      place: { customer: 'Acme', location: 'Hal' },
      result: { sampleId: 'M-2', samplePoint: { id: String(keuken.id), name: 'Keuken', role: 'cold', channel: null }, verdict: 'compliant', legalStep: 'none', perLitre: null, alarmId: null, severity: null },
    });
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));
    expect(await state()).toMatchObject({ backlog: 0, delivered: 2 });
  });

  it('a receiver that fails three times (503, then no answer) gets everything on the fourth try', async () => {
    await seedWorld({ platform: 'Unica', url: receiver.url, token: TOKEN });
    receiver.answer = (_request, index) => (index < 3 ? { status: 503, body: 'busy' } : { status: 204 });
    for (let n = 0; n < 5; n++) await temperature(NODE, 50 + n, 500 - n * 10);
    await processIntakeBatch(db);
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await deliverDue(db, settings())).toBe(1);
      const now = await state();
      expect(now).toMatchObject({ state: 'retrying', attempts: attempt, backlog: 5, lastStatus: 503, lastAnswer: 'busy' });
      // Back-off: N, 2N, 4N seconds.
      const wait = (Date.parse(now.nextAttemptAt!) - Date.now()) / 1000;
      expect(wait).toBeGreaterThan(60 * 2 ** (attempt - 1) - 5);
      expect(wait).toBeLessThanOrEqual(60 * 2 ** (attempt - 1) + 1);
      expect(await deliverDue(db, settings())).toBe(0);
      await timePasses();
    }
    expect(await deliverDue(db, settings())).toBe(1);
    const all = batches();
    expect(all).toHaveLength(4);
    // Every try carries the same items with the same ids.
    expect(new Set(all.map((batch) => batch.items.map((item) => item.id).join()))).toHaveProperty('size', 1);
    expect(all[3].items.map((item) => (item.type === 'temperature' ? item.temperatures[0].value : null))).toEqual([50, 51, 52, 53, 54]);
    expect(await state()).toMatchObject({ state: 'delivering', attempts: 0, backlog: 0, delivered: 5, lastError: null });
  });

  it('a node moved to another customer while its readings wait: they go out with the old customer\'s names, never the new one\'s', async () => {
    await seedWorld({ platform: 'XIC', url: receiver.url, token: TOKEN });
    await temperature(NODE, 50, 100);
    await processIntakeBatch(db);
    const [zonder] = await queryRows<{ id: number }>(db, sql`SELECT id FROM customers WHERE name = 'Zonder'`);
    await db.execute(sql`UPDATE devices SET customer_id = ${zonder.id}, location_id = (SELECT id FROM locations WHERE name = 'Kantoor') WHERE eui = ${NODE}`);
    // The new customer names the node and its channel its own way before the backlog leaves.
    await db.execute(sql`UPDATE devices SET name = 'Zonder geheim' WHERE eui = ${NODE}`);
    await db.execute(sql`UPDATE device_channels SET name = 'Zonder kanaal', custom = '{"mode":"KW"}'::jsonb WHERE device_eui = ${NODE} AND channel_id = 'temperature1'`);
    await db.execute(sql`UPDATE locations SET name = 'Kantoor geheim' WHERE name = 'Kantoor'`);
    await db.execute(sql`UPDATE customers SET name = 'Zonder BV' WHERE id = ${zonder.id}`);
    expect(await deliverDue(db, settings())).toBe(1);
    const [item] = batches()[0].items;
    // The names of when the reading was written: the old customer's node, channel and location.
    expect(item).toMatchObject({ type: 'temperature', node: { eui: NODE, name: 'Kraan 1', type: 'V2' }, place: { customer: 'Acme', location: 'Hal' } });
    if (item.type !== 'temperature') throw new Error('type');
    expect(item.temperatures[0]).toEqual({ channel: 'temperature1', name: 'WW uit', mode: 'WW', value: 50 });
    expect(JSON.stringify(batches()[0])).not.toMatch(/Zonder|geheim|KW"/);
  });

  it('a network error is retried, not parked', async () => {
    await seedWorld({ platform: 'XIC', url: 'http://127.0.0.1:9/closed', token: TOKEN });
    await temperature(NODE, 50, 100);
    await processIntakeBatch(db);
    expect(await deliverDue(db, settings())).toBe(1);
    expect(await state()).toMatchObject({ state: 'retrying', attempts: 1, backlog: 1, lastStatus: null });
    expect((await state()).lastError).toMatch(/ECONNREFUSED/);
  });

  it('a 4xx parks the endpoint with its error until the URL is edited; retry now leaves the parking too', async () => {
    await seedWorld({ platform: 'XIC', url: `${receiver.url}/wrong`, token: TOKEN });
    receiver.answer = (request) => (request.path.endsWith('/wrong') ? { status: 404, body: `no such hook ${'x'.repeat(2000)}` } : { status: 200 });
    await temperature(NODE, 50, 100);
    await processIntakeBatch(db);
    expect(await deliverDue(db, settings())).toBe(1);
    const parked = await state();
    expect(parked).toMatchObject({ state: 'parked', lastStatus: 404, lastError: null, backlog: 1, nextAttemptAt: null });
    expect(parked.lastAnswer).toMatch(/^no such hook x+$/);
    expect(parked.lastAnswer!.length).toBe(500);
    await timePasses();
    expect(await deliverDue(db, settings())).toBe(0);

    // "Retry now" tries once more (still wrong: parked again).
    expect((await call(admin, 'POST', '/customers/Acme/platform/retry')).json()).toMatchObject({ state: 'retrying' });
    expect(await deliverDue(db, settings())).toBe(1);
    expect(await state()).toMatchObject({ state: 'parked', attempts: 2 });

    // The administrator fixes the URL (the masked token sent back keeps the token): reset and delivered.
    const shown = (await call(admin, 'GET', '/customers/Acme')).json<{ endpoint: { token: string } }>().endpoint.token;
    expect(shown).toBe(`${TOKEN_MASK}cdef`);
    const patch = await call(admin, 'PATCH', '/customers/Acme', { endpoint: { platform: 'XIC', url: receiver.url, token: shown } });
    expect(patch.statusCode).toBe(200);
    expect(patch.json<{ endpoint: { token: string } }>().endpoint.token).toBe(shown);
    expect(await state()).toMatchObject({ state: 'delivering', attempts: 0, lastError: null, lastStatus: null, backlog: 1 });
    expect(await deliverDue(db, settings())).toBe(1);
    expect(receiver.received.at(-1)!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(await state()).toMatchObject({ state: 'delivering', backlog: 0, delivered: 1 });
  });

  it('refuses private, loopback and link-local addresses unless allowed, resolving names first', async () => {
    await seedWorld({ platform: 'XIC', url: receiver.url.replace('127.0.0.1', 'localhost'), token: TOKEN });
    await temperature(NODE, 50, 100);
    await processIntakeBatch(db);
    expect(await deliverDue(db, settings({ policy: new AddressPolicy('') }))).toBe(1);
    const refused = await state();
    expect(refused).toMatchObject({ state: 'parked', lastStatus: null, backlog: 1 });
    expect(refused.lastError).toMatch(/refused: localhost resolves to (127\.0\.0\.1|::1)/);
    expect(receiver.received).toHaveLength(0);
    await call(admin, 'POST', '/customers/Acme/platform/retry');
    expect(await deliverDue(db, settings({ policy: new AddressPolicy('127.0.0.1, ::1') }))).toBe(1);
    expect(await state()).toMatchObject({ state: 'delivering', backlog: 0 });

    // The cloud's metadata address: the test delivery is refused before anything is sent.
    await call(admin, 'PATCH', '/customers/Acme', { endpoint: { url: 'https://169.254.169.254/latest/meta-data' } });
    const test = await call(admin, 'POST', '/customers/Acme/platform/test');
    expect(test.json()).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/^refused: 169\.254\.169\.254 resolves to 169\.254\.169\.254/) });
    // Plain http only to allow-listed addresses.
    await call(admin, 'PATCH', '/customers/Acme', { endpoint: { url: 'http://8.8.8.8/hook' } });
    expect((await call(admin, 'POST', '/customers/Acme/platform/test')).json()).toMatchObject({ ok: false, error: 'refused: plain http; use https' });
  });

  it.each([
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['172.32.0.1', true],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['8.8.8.8', true],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd12:3456::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['::7f00:1', false],
    ['::8.8.8.8', false],
    ['::a9fe:a9fe', false],
    ['::ffff:808:808', false],
    ['2a00:1450:4001::1', true],
  ])('address %s may be reached: %s', (address, permitted) => {
    expect(new AddressPolicy('').permits(address)).toBe(permitted);
    expect(new AddressPolicy('127.0.0.0/8, 10.0.0.0/8, ::1, fe80::/10, fd00::/8, 192.168.1.1, 172.16.0.0/12, 169.254.0.0/16, 100.64.0.0/10, 0.0.0.0, 224.0.0.1, ::/96, ::ffff:0:0/96').permits(address)).toBe(true);
  });

  it('a test delivery sends one signed sample and shows the answer; the queue stays as it is', async () => {
    await seedWorld({ platform: 'XIC', url: receiver.url, token: TOKEN });
    receiver.answer = () => ({ status: 202, body: 'accepted sample' });
    const response = await call(admin, 'POST', '/customers/Acme/platform/test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, status: 202, answer: 'accepted sample', error: null });
    const [sample] = batches();
    expect(sample).toMatchObject({ version: 1, test: true });
    expect(sample.items).toHaveLength(1);
    expect(verifySignature(TOKEN, receiver.received[0].body, String(receiver.received[0].headers[SIGNATURE_HEADER]), nowSeconds())).toBe(true);
    expect(await state()).toMatchObject({ state: 'delivering', delivered: 0, lastDeliveredAt: null });
    // Others than administrators may not.
    const { planner } = await ctx.signedInUsers({ planner: { rights: { editCustomer: true } } });
    expect((await call(planner, 'POST', '/customers/Acme/platform/test')).statusCode).toBe(403);
    expect((await call(planner, 'GET', '/customers/Acme/platform')).statusCode).toBe(403);
  });

  it('LegionellaDossier: to LEGIONELLADOSSIER_URL, its integration header, the device type and subtypes on each item', async () => {
    const ldOptions = { deviceType: 'Tappunt', subType1: 'Douche', subType2: 'Warm', subType3: 'Bad' };
    await seedWorld({ platform: 'LegionellaDossier', token: TOKEN, ldOptions });
    await temperature(NODE, 61, 100);
    await processIntakeBatch(db);
    expect(await deliverDue(db, settings())).toBe(1);
    expect(await state()).toMatchObject({ state: 'parked', lastError: 'LEGIONELLADOSSIER_URL is not configured', url: null });
    await call(admin, 'POST', '/customers/Acme/platform/retry');
    expect(await deliverDue(db, settings({ legionellaDossierUrl: receiver.url }))).toBe(1);
    const [request] = receiver.received;
    expect(request.headers[LEGIONELLADOSSIER_HEADER]).toBe(TOKEN);
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(batches()[0].items[0].legionellaDossier).toEqual(ldOptions);
  });

  it('an endpoint that cannot deliver as set up says why, in its state and its test delivery, as a text key', async () => {
    await seedWorld({ platform: 'LegionellaDossier', token: TOKEN, ldOptions: { deviceType: 'Tappunt', subType1: 'Douche', subType2: 'Warm', subType3: 'Bad' } });
    // Never tried (nothing to send): the stored state says delivering, the configuration says otherwise.
    expect(await state()).toMatchObject({ state: 'delivering', url: null, problem: 'legionellaDossierUrl', delivered: 0, backlog: 0, waitingSince: null });
    const test = await call(admin, 'POST', '/customers/Acme/platform/test');
    expect(test.json()).toMatchObject({ ok: false, status: null, error: 'LEGIONELLADOSSIER_URL is not configured', problem: 'legionellaDossierUrl' });
    await temperature(NODE, 61, 100);
    await processIntakeBatch(db);
    const [oldest] = await queryRows<{ at: string }>(db, sql`SELECT to_char(min(created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS at FROM platform_items`);
    expect(await state()).toMatchObject({ backlog: 1, waitingSince: expect.stringMatching(new RegExp(`^${oldest.at}`)) });
    await call(admin, 'PATCH', '/customers/Acme', { endpoint: { platform: 'XIC', url: receiver.url, token: TOKEN } });
    expect(await state()).toMatchObject({ problem: null, url: receiver.url });
    expect((await call(admin, 'POST', '/customers/Acme/platform/test')).json()).toMatchObject({ ok: true, problem: null });
  });

  it('a backlog older than 30 days is dropped and counted, not kept for ever', async () => {
    await seedWorld({ platform: 'XIC', url: `${receiver.url}/wrong`, token: TOKEN });
    await temperature(NODE, 50, 300);
    await temperature(NODE, 51, 200);
    await processIntakeBatch(db);
    await db.execute(sql`UPDATE platform_items SET created_at = now() - interval '31 days' WHERE id = (SELECT min(id) FROM platform_items)`);
    await dropStaleItems(db, Date.now() + 3_600_000);
    expect(await state()).toMatchObject({ backlog: 1, dropped: 1 });
    expect(await countOf(db, 'platform_items')).toBe(1);
  });

  it('no platform: no endpoint, no items; setting it to none drops the backlog', async () => {
    await seedWorld({});
    await temperature(NODE, 50, 100);
    await processIntakeBatch(db);
    expect(await countOf(db, 'platform_endpoints')).toBe(0);
    expect(await countOf(db, 'platform_items')).toBe(0);
    expect(await deliverDue(db, settings())).toBe(0);
    expect(receiver.received).toHaveLength(0);
    await call(admin, 'PATCH', '/customers/Acme', { endpoint: { platform: 'XIC', url: receiver.url, token: TOKEN } });
    await temperature(NODE, 51, 50);
    await processIntakeBatch(db);
    expect(await countOf(db, 'platform_items')).toBe(1);
    await call(admin, 'PATCH', '/customers/Acme', { endpoint: { platform: '' } });
    expect(await countOf(db, 'platform_items')).toBe(0);
    expect(await countOf(db, 'platform_endpoints')).toBe(0);
    const rows = await queryRows<{ endpoint: unknown }>(db, sql`SELECT endpoint FROM customers WHERE name = 'Acme'`);
    expect(rows[0].endpoint).toEqual({});
  });
});
