import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_MAX_ATTEMPTS, ZWebhookPayload, type TWebhook, type TWebhookDelivery, type TWebhookPayload, type TWebhookWithSecret } from '@aquasmart/domain';
import { queryRows, type TDb } from '../../db/database';
import { useTestContext } from '../../test/test-app';
import { caller, insertCustomer, insertDevice, insertLocation, restrictUser } from '../../test/places-fixtures';
import { AddressPolicy } from '../../lib/outbound/address-policy';
import { closeSubjects, openSubjects } from '../alarm-store/alarm-store';
import { nodeSubject } from '../alarm-store/alarm-subject';
import { startReceiver, type TReceived, type TTestReceiver } from '../../test/http-receiver';
import { deliverDueWebhooks, type TWebhookSettings } from './webhook-sender';

/**
 * Webhooks end to end (docs/webhooks.md): subscriptions through the API, events written by the
 * portal's real writers (the alarm store, alarm handling, lab results, checks, node registration
 * and moves; a deviation as the logbook writes it), the outbox filled by the triggers in the same
 * transactions, the sender's rounds driven by hand with a clock, and a receiver on 127.0.0.1 that
 * checks every signature with the `standardwebhooks` library (not our code).
 */

const ctx = useTestContext({ platforms: { PLATFORM_ALLOWED_ADDRESSES: '127.0.0.1' } });
const call = caller(ctx);
const NODE = '70B3D5E75E00A001';
const BETA_NODE = '70B3D5E75E00B001';
const FREE_NODE = '70B3D5E75E00C001';

let db: TDb;
let receiver: TTestReceiver;
let tokens: Record<'admin' | 'manager' | 'reader', string>;
let world: { acme: number; hal: number; kantoor: number; beta: number; elders: number };
let clock: Date;
const settings = (policy = new AddressPolicy('127.0.0.1')): TWebhookSettings => ({ policy, now: () => clock });
const later = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

/** Runs the sender's rounds until nothing is due at the clock's time. */
async function deliverAll(policy?: AddressPolicy): Promise<number> {
  let total = 0;
  for (let taken = -1; taken !== 0; ) {
    taken = await deliverDueWebhooks(db, settings(policy));
    total += taken;
  }
  return total;
}

async function subscribe(token: string, body: Record<string, unknown>): Promise<TWebhookWithSecret> {
  const answer = await call(token, 'POST', '/webhooks', { types: [...WEBHOOK_EVENT_TYPES], ...body });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<TWebhookWithSecret>();
}

/** The requests a path received, each verified by the standardwebhooks library with the subscription's secret. */
function verified(path: string, secret: string): { request: TReceived; payload: TWebhookPayload }[] {
  return receiver.received
    .filter((request) => request.path === path)
    .map((request) => {
      const headers = { 'webhook-id': String(request.headers['webhook-id']), 'webhook-timestamp': String(request.headers['webhook-timestamp']), 'webhook-signature': String(request.headers['webhook-signature']) };
      const checked = new Webhook(secret).verify(request.body, headers);
      return { request, payload: ZWebhookPayload.parse(checked) };
    });
}

const countDeliveries = async () => (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM webhook_deliveries`))[0].n;

beforeEach(async () => {
  db = ctx.database.system;
  clock = new Date(Date.now() + 1000);
  receiver = await startReceiver();
  const acme = await insertCustomer(db, 'Acme');
  const hal = await insertLocation(db, acme, 'Hal');
  const kantoor = await insertLocation(db, acme, 'Kantoor');
  const beta = await insertCustomer(db, 'Beta');
  const elders = await insertLocation(db, beta, 'Elders');
  world = { acme, hal, kantoor, beta, elders };
  await insertDevice(db, { eui: NODE, name: 'Kraan 1', customerId: acme, locationId: hal });
  await insertDevice(db, { eui: BETA_NODE, name: 'Beta 1', customerId: beta, locationId: elders });
  await insertDevice(db, { eui: FREE_NODE, name: '' });
  tokens = await ctx.signedInUsers({ admin: { administrator: true }, manager: { rights: { editCustomer: true } }, reader: { rights: { dashboard: true } } });
  const [manager] = await queryRows<{ id: number }>(db, sql`SELECT id FROM users WHERE email = 'manager@example.com'`);
  await restrictUser(db, manager.id, [acme]);
});

afterEach(async () => {
  await receiver.stop();
});

/** An alarm of the node's channel opened and closed by the alarm store, as the intake does. */
async function openAndCloseAlarm(eui: string, customerId: number, locationId: number): Promise<number> {
  const change = { kind: 'faultySensor' as const, subject: nodeSubject(eui, 'temperature1'), at: Date.now() - 60_000, customerId, locationId, details: { value: -102.4 } };
  await db.transaction((tx) => openSubjects(tx, [change]));
  const [alarm] = await queryRows<{ id: number }>(db, sql`SELECT id::int AS id FROM alarms WHERE device_eui = ${eui} ORDER BY id DESC LIMIT 1`);
  return alarm.id;
}

describe('webhook deliveries', () => {
  it('delivers each event kind once, signed, to the subscriptions of its customer and to every-customer ones only', async () => {
    const acmeHook = await subscribe(tokens.manager, { url: `${receiver.url}/acme`, customer: 'Acme' });
    const allHook = await subscribe(tokens.admin, { url: `${receiver.url}/all`, customer: null });
    const betaHook = await subscribe(tokens.admin, { url: `${receiver.url}/beta`, customer: 'Beta' });
    expect(acmeHook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    // alarm.opened, alarm.changed (acknowledged through the API), alarm.closed
    const alarmId = await openAndCloseAlarm(NODE, world.acme, world.hal);
    expect((await call(tokens.admin, 'POST', `/alarms/${alarmId}/acknowledge`, {})).statusCode).toBe(200);
    await db.transaction((tx) =>
      closeSubjects(tx, [{ kind: 'faultySensor', subject: nodeSubject(NODE, 'temperature1'), at: Date.now(), customerId: world.acme, locationId: world.hal, details: { value: 55 } }]),
    );
    // deviation.found, as the logbook's report writes it
    await db.execute(sql`INSERT INTO deviations (key, location_id, kind, device_eui, node_name, channel_id, started_at)
      VALUES ('k1', ${world.hal}, 'hotTooLow', ${NODE}, 'Kraan 1', 'temperature1', now() - interval '2 hours')`);
    // labResult.entered: a compliant result (no alarm)
    const hal = '/customers/Acme/locations/Hal';
    const point = (await call(tokens.admin, 'POST', `${hal}/sample-points`, { name: 'Douche 1', role: 'hot' })).json<{ id: number }>();
    const result = await call(tokens.admin, 'POST', `${hal}/sample-results`, {
      samplePointId: point.id,
      sampleId: 'M-1',
      takenAt: '2026-03-31T09:15:00+02:00',
      lab: 'Lab Noord',
      counts: [{ species: 'Legionella pneumophila', serogroup: '1', count: null, detectionLimit: 100, unit: 'kve/l' }],
    });
    expect(result.statusCode, result.body).toBe(201);
    // check.done: a sentinel reading within its limit (no alarm)
    const outlet = (await call(tokens.admin, 'POST', `${hal}/outlets`, { name: 'Douche 12', kind: 'shower', water: 'hot', sentinel: 'furthest' })).json<{ id: number }>();
    const check = await call(tokens.admin, 'POST', `${hal}/checks`, { outletId: outlet.id, check: 'sentinelTemperature', outcome: 'done', celsius: 62 });
    expect(check.statusCode, check.body).toBe(201);
    // node.registered, node.moved within Acme; a move to Beta tells Beta, with no word of where it was,
    // and tells Acme that it left (node.removed), with no word of where it went
    expect((await call(tokens.admin, 'PATCH', `/devices/${FREE_NODE}/lora/NS`, { name: 'Nieuw', customer: 'Acme', location: 'Hal' })).statusCode).toBe(200);
    expect((await call(tokens.admin, 'PATCH', `/devices/${FREE_NODE}/lora/NS`, { customer: 'Acme', location: 'Kantoor' })).statusCode).toBe(200);
    // Beta's own alarm
    await openAndCloseAlarm(BETA_NODE, world.beta, world.elders);
    expect((await call(tokens.admin, 'PATCH', `/devices/${NODE}/lora/NS`, { customer: 'Beta', location: 'Elders' })).statusCode).toBe(200);

    expect(receiver.received).toHaveLength(0);
    clock = new Date(Date.now() + 1000);
    await deliverAll();

    // A new sample point with nothing taken yet opens its samplingOverdue alarm: told as well.
    const overdue = (entry: { payload: TWebhookPayload }) => entry.payload.type === 'alarm.opened' && entry.payload.data.alarm.kind === 'samplingOverdue';
    const received = verified('/hook/acme', acmeHook.secret!);
    expect(received.filter(overdue)).toHaveLength(1);
    const acme = received.filter((entry) => !overdue(entry));
    const types = (list: { payload: TWebhookPayload }[]) => list.map((entry) => entry.payload.type).sort();
    expect(types(acme)).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const { payload } of acme) {
      if ('customer' in payload.data) expect(payload.data.customer).toMatchObject({ name: 'Acme' });
    }
    const beta = verified('/hook/beta', betaHook.secret!);
    expect(types(beta)).toEqual(['alarm.opened', 'node.moved']);
    const moved = beta.find((entry) => entry.payload.type === 'node.moved')!.payload;
    expect(moved.data).toMatchObject({ node: { eui: NODE }, customer: { name: 'Beta' }, location: { name: 'Elders' }, from: null });
    const all = verified('/hook/all', allHook.secret!);
    expect(types(all)).toEqual([...types(received), ...types(beta)].sort());

    // The payloads carry what happened.
    const byType = Object.fromEntries(acme.map((entry) => [entry.payload.type, entry.payload]));
    expect(byType['alarm.opened'].data).toMatchObject({ action: 'opened', alarm: { id: String(alarmId), kind: 'faultySensor', channel: 'temperature1', node: { eui: NODE, name: 'Kraan 1' } }, location: { name: 'Hal' } });
    expect(byType['alarm.changed'].data).toMatchObject({ action: 'acknowledged', alarm: { state: 'acknowledged' } });
    expect(byType['alarm.closed'].data).toMatchObject({ action: 'closed' });
    expect((byType['alarm.closed'].data as { alarm: { closedAt: string | null } }).alarm.closedAt).not.toBeNull();
    expect(byType['labResult.entered'].data).toMatchObject({ result: { sampleId: 'M-1', samplePoint: { name: 'Douche 1' }, verdict: 'compliant', alarmId: null } });
    expect(byType['check.done'].data).toMatchObject({ check: { outlet: { name: 'Douche 12' }, kind: 'sentinelTemperature', outcome: 'done', celsius: 62 } });
    expect(byType['node.registered'].data).toMatchObject({ node: { eui: FREE_NODE, name: 'Nieuw' }, location: { name: 'Hal' } });
    expect(byType['node.moved'].data).toMatchObject({ node: { eui: FREE_NODE }, location: { name: 'Kantoor' }, from: { customer: { name: 'Acme' }, location: { name: 'Hal' } } });
    expect(byType['deviation.found'].data).toMatchObject({ deviation: { kind: 'hotTooLow' }, node: { eui: NODE } });
    expect(byType['node.removed'].data).toEqual({ node: { eui: NODE, name: 'Kraan 1', type: expect.any(String) }, customer: { id: String(world.acme), name: 'Acme' }, location: { id: String(world.hal), name: 'Hal' } });
    expect(JSON.stringify(byType['node.removed'])).not.toContain('Beta');

    // Once each: distinct webhook-ids, nothing more in the next rounds.
    const ids = receiver.received.map((request) => request.headers['webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);
    later(3600);
    expect(await deliverAll()).toBe(0);
    const log = (await call(tokens.manager, 'GET', `/webhooks/${acmeHook.id}/deliveries`)).json<TWebhookDelivery[]>();
    expect(log).toHaveLength(WEBHOOK_EVENT_TYPES.length + 1);
    expect(log.every((entry) => entry.state === 'delivered' && entry.status === 200 && entry.attempts === 1 && entry.nextAttemptAt === null)).toBe(true);
  });

  it('a receiver that answers 500 gets the same webhook-id again on the back-off schedule, then it is delivered', async () => {
    const hook = await subscribe(tokens.admin, { url: `${receiver.url}/flaky`, customer: 'Acme', types: ['alarm.opened'] });
    receiver.answer = (_request, index) => (index < 2 ? { status: 500, body: 'database down' } : { status: 204 });
    await openAndCloseAlarm(NODE, world.acme, world.hal);

    expect(await deliverDueWebhooks(db, settings())).toBe(1);
    let [entry] = (await call(tokens.admin, 'GET', `/webhooks/${hook.id}/deliveries`)).json<TWebhookDelivery[]>();
    expect(entry).toMatchObject({ state: 'pending', attempts: 1, status: 500, answer: 'database down' });
    expect(Date.parse(entry.nextAttemptAt!) - clock.getTime()).toBe(5000);

    later(4);
    expect(await deliverDueWebhooks(db, settings())).toBe(0);
    later(1);
    expect(await deliverDueWebhooks(db, settings())).toBe(1);
    [entry] = (await call(tokens.admin, 'GET', `/webhooks/${hook.id}/deliveries`)).json<TWebhookDelivery[]>();
    expect(entry).toMatchObject({ state: 'pending', attempts: 2, status: 500 });
    expect(Date.parse(entry.nextAttemptAt!) - clock.getTime()).toBe(300_000);

    later(299);
    expect(await deliverDueWebhooks(db, settings())).toBe(0);
    later(1);
    expect(await deliverDueWebhooks(db, settings())).toBe(1);
    [entry] = (await call(tokens.admin, 'GET', `/webhooks/${hook.id}/deliveries`)).json<TWebhookDelivery[]>();
    expect(entry).toMatchObject({ state: 'delivered', attempts: 3, status: 204, nextAttemptAt: null });

    const requests = verified('/hook/flaky', hook.secret!);
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map(({ request }) => request.headers['webhook-id'])).size).toBe(1);
    expect(new Set(requests.map(({ request }) => request.body)).size).toBe(1);
  });

  it(`gives up after ${WEBHOOK_MAX_ATTEMPTS} attempts and shows the delivery as failed`, async () => {
    const hook = await subscribe(tokens.admin, { url: `${receiver.url}/down`, customer: 'Acme', types: ['alarm.opened'] });
    receiver.answer = () => ({ status: 503 });
    await openAndCloseAlarm(NODE, world.acme, world.hal);
    for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
      expect(await deliverDueWebhooks(db, settings())).toBe(1);
      later(36_000);
    }
    expect(await deliverDueWebhooks(db, settings())).toBe(0);
    const [entry] = (await call(tokens.admin, 'GET', `/webhooks/${hook.id}/deliveries`)).json<TWebhookDelivery[]>();
    expect(entry).toMatchObject({ state: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, status: 503, nextAttemptAt: null });
    const [listed] = (await call(tokens.admin, 'GET', '/webhooks')).json<TWebhook[]>();
    expect(listed).toMatchObject({ failed: 1, pending: 0 });
  });

  it('refuses loopback and link-local targets unless the operator allows them, without retrying', async () => {
    const hook = await subscribe(tokens.admin, { url: `${receiver.url}/local`, customer: 'Acme', types: ['alarm.opened'] });
    await openAndCloseAlarm(NODE, world.acme, world.hal);
    expect(await deliverDueWebhooks(db, settings(new AddressPolicy('')))).toBe(1);
    expect(receiver.received).toHaveLength(0);
    const [entry] = (await call(tokens.admin, 'GET', `/webhooks/${hook.id}/deliveries`)).json<TWebhookDelivery[]>();
    expect(entry).toMatchObject({ state: 'failed', attempts: 1, status: null });
    expect(entry.error).toMatch(/refused: 127\.0\.0\.1/);

    // "Send test" meets the same rules (the app allows 127.0.0.1, not the cloud metadata address).
    const metadata = await subscribe(tokens.admin, { url: 'http://169.254.169.254/latest/meta-data', customer: 'Acme' });
    const test = (await call(tokens.admin, 'POST', `/webhooks/${metadata.id}/test`)).json<TWebhookDelivery>();
    expect(test).toMatchObject({ type: 'webhook.test', state: 'failed', status: null });
    expect(test.error).toMatch(/refused: 169\.254\.169\.254/);
  });

  it('"Send test" signs a webhook.test, tries once and shows the answer in the log', async () => {
    const hook = await subscribe(tokens.manager, { url: `${receiver.url}/test`, customer: 'Acme', enabled: false });
    receiver.answer = () => ({ status: 200, body: '{"received":true}' });
    const answer = await call(tokens.manager, 'POST', `/webhooks/${hook.id}/test`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ type: 'webhook.test', state: 'delivered', attempts: 1, status: 200, answer: '{"received":true}' });
    const [request] = verified('/hook/test', hook.secret!);
    expect(request.payload).toMatchObject({ type: 'webhook.test', data: { subscription: String(hook.id) } });
    expect(request.request.headers['webhook-id']).toBe(answer.json<TWebhookDelivery>().id);
    // A changed body or another secret does not verify.
    expect(() => new Webhook(hook.secret!).verify(request.request.body.replace('test', 'tesT'), request.request.headers as Record<string, string>)).toThrow();
    const rotated = (await call(tokens.manager, 'PATCH', `/webhooks/${hook.id}`, { rotateSecret: true })).json<TWebhookWithSecret>();
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(hook.secret);
    await call(tokens.manager, 'POST', `/webhooks/${hook.id}/test`);
    const second = receiver.received[1];
    const headers = second.headers as Record<string, string>;
    expect(() => new Webhook(hook.secret!).verify(second.body, headers)).toThrow();
    expect(new Webhook(rotated.secret!).verify(second.body, headers)).toMatchObject({ type: 'webhook.test' });
    // The secret is never listed.
    const listed = (await call(tokens.manager, 'GET', '/webhooks')).json<TWebhook[]>();
    expect(JSON.stringify(listed)).not.toContain(rotated.secret!.slice(10));
    expect(listed[0].secretHint).toBe(`${rotated.secret!.slice(0, 10)}…`);
  });

  it('a node provisioned with its place in one INSERT is registered; one unassigned is removed, told to the customer it left', async () => {
    const hook = await subscribe(tokens.admin, { url: `${receiver.url}/places`, customer: 'Acme', types: ['node.registered', 'node.removed'] });
    // As the demo and an import provision: the row with its place at once.
    await insertDevice(db, { eui: '70B3D5E75E00C0FF', name: 'Geleverd', customerId: world.acme, locationId: world.kantoor });
    // The portal's removal: customer and location none.
    const removal = await call(tokens.admin, 'PATCH', `/devices/${NODE}/lora/NS`, { customer: null, location: null });
    expect(removal.statusCode, removal.body).toBe(200);
    // A node without a place that gets none, and the other customer's node, tell Acme nothing.
    await insertDevice(db, { eui: '70B3D5E75E00C0FE', name: 'Los' });
    expect((await call(tokens.admin, 'PATCH', `/devices/${BETA_NODE}/lora/NS`, { customer: null, location: null })).statusCode).toBe(200);
    clock = new Date(Date.now() + 1000);
    await deliverAll();
    const told = verified('/hook/places', hook.secret!).map((entry) => entry.payload);
    expect(told.map((payload) => payload.type)).toEqual(['node.registered', 'node.removed']);
    expect(told[0].data).toMatchObject({ node: { eui: '70B3D5E75E00C0FF', name: 'Geleverd' }, customer: { name: 'Acme' }, location: { name: 'Kantoor' } });
    expect(told[1].data).toMatchObject({ node: { eui: NODE, name: 'Kraan 1' }, customer: { name: 'Acme' }, location: { name: 'Hal' } });
  });

  it('a disabled subscription, and one of another type, get nothing; an event rolled back writes nothing', async () => {
    await subscribe(tokens.admin, { url: `${receiver.url}/off`, customer: 'Acme', enabled: false });
    await subscribe(tokens.admin, { url: `${receiver.url}/moves`, customer: 'Acme', types: ['node.moved'] });
    await openAndCloseAlarm(NODE, world.acme, world.hal);
    expect(await countDeliveries()).toBe(0);
    await subscribe(tokens.admin, { url: `${receiver.url}/on`, customer: 'Acme', types: ['alarm.opened'] });
    await expect(
      db.transaction(async (tx) => {
        await openSubjects(tx, [{ kind: 'lowBattery', subject: nodeSubject(NODE), at: Date.now(), customerId: world.acme, locationId: world.hal, details: {} }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await countDeliveries()).toBe(0);
  });
});

describe('webhook subscriptions', () => {
  it.each([
    ['a URL that is not http(s)', { url: 'ftp://example.com/x', customer: 'Acme' }, 400, { url: 'validation.webhookUrl' }],
    ['a URL with a password', { url: 'https://user:pw@example.com/x', customer: 'Acme' }, 400, { url: 'validation.webhookUrl' }],
    ['no event types', { url: 'https://example.com/x', customer: 'Acme', types: [] }, 400, { types: 'validation.webhookTypes' }],
    ['an unknown event type', { url: 'https://example.com/x', customer: 'Acme', types: ['alarm.exploded'] }, 400, { 'types.0': 'validation.webhookTypes' }],
    ['an unknown customer', { url: 'https://example.com/x', customer: 'Nobody' }, 400, { customer: 'validation.unknownCustomer?name=Nobody' }],
  ])('refuses %s, storing nothing', async (_name, body, status, fields) => {
    const answer = await call(tokens.admin, 'POST', '/webhooks', { types: ['alarm.opened'], ...body });
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.json()).toMatchObject({ fields });
    expect((await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM webhook_subscriptions`))[0].n).toBe(0);
  });

  it('a customer\'s manager keeps only their own customer\'s webhooks, never every customer\'s', async () => {
    const everyone = await subscribe(tokens.admin, { url: 'https://example.com/all', customer: null });
    const beta = await subscribe(tokens.admin, { url: 'https://example.com/beta', customer: 'Beta' });
    const own = await subscribe(tokens.manager, { url: 'https://example.com/acme', customer: 'Acme' });

    const forAll = await call(tokens.manager, 'POST', '/webhooks', { url: 'https://example.com/x', customer: null, types: ['alarm.opened'] });
    expect(forAll.statusCode).toBe(403);
    expect(forAll.json()).toMatchObject({ key: 'errors.webhookAllCustomers' });
    // Another customer's name is answered as unknown (nothing told about it).
    expect((await call(tokens.manager, 'POST', '/webhooks', { url: 'https://example.com/x', customer: 'Beta', types: ['alarm.opened'] })).statusCode).toBe(400);
    expect((await call(tokens.manager, 'PATCH', `/webhooks/${own.id}`, { customer: 'Beta' })).statusCode).toBe(400);
    expect((await call(tokens.manager, 'PATCH', `/webhooks/${own.id}`, { customer: null })).statusCode).toBe(403);

    expect((await call(tokens.manager, 'GET', '/webhooks')).json<TWebhook[]>().map((hook) => hook.id)).toEqual([own.id]);
    for (const other of [everyone, beta]) {
      expect((await call(tokens.manager, 'GET', `/webhooks/${other.id}/deliveries`)).statusCode).toBe(404);
      expect((await call(tokens.manager, 'PATCH', `/webhooks/${other.id}`, { enabled: false })).statusCode).toBe(404);
      expect((await call(tokens.manager, 'POST', `/webhooks/${other.id}/test`)).statusCode).toBe(404);
      expect((await call(tokens.manager, 'DELETE', `/webhooks/${other.id}`)).statusCode).toBe(404);
    }
    expect((await call(tokens.admin, 'GET', '/webhooks')).json<TWebhook[]>()).toHaveLength(3);
    // Without the right: 403.
    expect((await call(tokens.reader, 'GET', '/webhooks')).statusCode).toBe(403);

    const edited = await call(tokens.manager, 'PATCH', `/webhooks/${own.id}`, { description: 'CAFM', types: ['node.moved', 'alarm.opened'], enabled: false });
    expect(edited.json()).toMatchObject({ description: 'CAFM', types: ['alarm.opened', 'node.moved'], enabled: false, customer: 'Acme' });
    expect(edited.json()).not.toHaveProperty('secret');
    expect((await call(tokens.manager, 'DELETE', `/webhooks/${own.id}`)).statusCode).toBe(204);
    expect((await call(tokens.admin, 'GET', '/webhooks')).json<TWebhook[]>()).toHaveLength(2);
  });
});
