import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { encodeUplink, STREAMS_PER_USER, zAlarmStreamEvent, zNodesEvent, type TUplinkMessage } from '@aquasmart/domain';
import { useTestContext } from '../../test/test-app';
import { insertCustomer, insertLocation, restrictUser } from '../../test/places-fixtures';
import { chirpstackUp, payload, postChirpstack, seedDevice, seedNetworkServer } from '../../test/intake-fixtures';
import { processIntakeBatch } from '../telemetry/intake-worker';
import { announceChange } from '../../lib/change-feed';
import { revokeToken } from '../../identity/tokens';
import { deviceParameters, devices, tokens, users } from '../../db/schema';
import { queryRows } from '../../db/database';
import { listenLocally, openStream, type SseClient } from '../../test/sse-client';

const SECRET = 'events-secret-0001';
const HEARTBEAT_MS = 300;
const ctx = useTestContext({ events: { heartbeatMs: HEARTBEAT_MS, nodeWindowMs: 50, dashboardMinMs: 400, maxQueuedBytes: 64 * 1024 } });
let base: string;
let fCnt = 0;
const open: SseClient[] = [];

/** Two customers with three nodes each; one node without a customer. */
const OURS = ['70B3D5499B00A001', '70B3D5499B00A002', '70B3D5499B00A003'];
const THEIRS = ['70B3D5499B00B001', '70B3D5499B00B002', '70B3D5499B00B003'];
const LOOSE = '70B3D5499B00C001';
let ourCustomer: number;
let theirCustomer: number;
let tokensOf: Record<'admin' | 'restricted' | 'other', string>;

beforeAll(async () => {
  base = await listenLocally(ctx.app);
});

beforeEach(async () => {
  const db = ctx.database.db;
  const networkServerId = await seedNetworkServer(db, 'ChirpStack', 'chirpstack', SECRET);
  ourCustomer = await insertCustomer(db, 'Ours');
  theirCustomer = await insertCustomer(db, 'Theirs');
  const ourLocation = await insertLocation(db, ourCustomer, 'Our building');
  const theirLocation = await insertLocation(db, theirCustomer, 'Their building');
  for (const eui of OURS) await seedDevice(db, eui, 'V3', networkServerId, { customerId: ourCustomer, locationId: ourLocation });
  for (const eui of THEIRS) await seedDevice(db, eui, 'V3', networkServerId, { customerId: theirCustomer, locationId: theirLocation });
  await seedDevice(db, LOOSE, 'V3', networkServerId, { customerId: null, locationId: null });
  tokensOf = await ctx.signedInUsers({
    admin: { administrator: true },
    restricted: { rights: { dashboard: true } },
    other: { rights: { dashboard: true } },
  });
  const [restricted] = await db.select({ id: users.id }).from(users).where(sql`email = 'restricted@example.com'`);
  const [other] = await db.select({ id: users.id }).from(users).where(sql`email = 'other@example.com'`);
  await restrictUser(db, restricted.id, [ourCustomer]);
  await restrictUser(db, other.id, [theirCustomer]);
  await settle();
});

/**
 * Waits until the announcements of the set-up (nodes added) reached the hub and left its window,
 * so the streams a test opens see only the test's own changes: a marker announced last arrives
 * last (one LISTEN connection, commit order).
 */
async function settle(): Promise<void> {
  const watcher = await live(tokensOf.admin);
  await ctx.database.db.transaction((tx) => announceChange(tx, { t: 'm', x: [{ i: 0, s: 'marker' }] }));
  await watcher.until(() => watcher.named('mail').length > 0, 5000, 'marker');
  await new Promise((resolve) => setTimeout(resolve, 120));
  watcher.close();
}

afterEach(() => {
  for (const client of open.splice(0)) client.close();
});

function stream(token: string | null, options: { lastEventId?: string; path?: string } = {}): SseClient {
  const client = openStream(base, token, options);
  open.push(client);
  return client;
}

/** Opens a stream and waits until it is live (its first position id arrived). */
async function live(token: string, lastEventId?: string): Promise<SseClient> {
  const client = stream(token, { lastEventId });
  await client.opened();
  expect(client.status).toBe(200);
  await client.until(() => client.lastId !== null, 5000, 'position id');
  return client;
}

function temperature(celsius: number): TUplinkMessage {
  return { kind: 'temperature', msgId: 32, timestamp: 1_795_000_000, temperatures: [celsius, 20] };
}

async function uplinks(euis: string[], message: TUplinkMessage = temperature(45)): Promise<void> {
  for (const eui of euis) {
    fCnt += 1;
    const response = await postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(eui, fCnt, payload('V3', message)));
    expect(response.statusCode).toBe(200);
  }
  while ((await processIntakeBatch(ctx.database.system)) > 0);
}

const nodeEuis = (client: SseClient) => new Set(client.named('nodes').flatMap((event) => zNodesEvent.parse(event.data).nodes.map((node) => node.eui)));

/** The alarm events a stream received, parsed. */
const alarmChanges = (client: SseClient) => client.named('alarm').map((event) => zAlarmStreamEvent.parse(event.data));

describe('GET /events: authentication', () => {
  it('needs the token header: 401 without, a token in the query string does not count', async () => {
    const without = stream(null);
    await without.closed;
    expect(without.status).toBe(401);
    const inQuery = stream(null, { path: `/api/v1/events?token=${encodeURIComponent(tokensOf.admin)}` });
    await inQuery.closed;
    expect(inQuery.status).toBe(401);
    const unknown = stream('not-a-token');
    await unknown.closed;
    expect(unknown.status).toBe(401);
  });

  it('is open to every signed-in user, also one without any right', async () => {
    const [none] = Object.values(await ctx.signedInUsers({ none: { rights: {} } }));
    const client = stream(none);
    await client.opened();
    expect(client.status).toBe(200);
  });

  it('answers text/event-stream, uncompressed, with retry and a position id', async () => {
    const client = stream(tokensOf.restricted);
    await client.opened();
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.headers['content-encoding']).toBeUndefined();
    expect(client.headers['cache-control']).toContain('no-cache');
    await client.until(() => client.lastId !== null);
    expect(client.lastId).toMatch(/^[0-9a-f]{12}\.\d+$/);
  });

  it('sends heartbeat comments', async () => {
    const client = await live(tokensOf.restricted);
    await client.until(() => client.comments.length >= 2, 3000, 'two heartbeats');
  });
});

describe('GET /events: each user gets what they may see', () => {
  it('a restricted user next to an administrator on one burst of uplinks: own nodes only, never another customer’s', async () => {
    const admin = await live(tokensOf.admin);
    const restricted = await live(tokensOf.restricted);
    const other = await live(tokensOf.other);
    await uplinks([...OURS, ...THEIRS, LOOSE, ...OURS, ...THEIRS]);
    await admin.until(() => nodeEuis(admin).size === 7, 5000, 'every node for the administrator');
    await restricted.until(() => OURS.every((eui) => nodeEuis(restricted).has(eui)), 5000, 'own nodes');
    await other.until(() => THEIRS.every((eui) => nodeEuis(other).has(eui)), 5000, 'own nodes');
    // A later change seen by all three proves the earlier ones were all delivered.
    await uplinks([OURS[0], THEIRS[0]]);
    await admin.until(() => admin.named('nodes').length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...nodeEuis(restricted)].sort()).toEqual([...OURS].sort());
    expect([...nodeEuis(other)].sort()).toEqual([...THEIRS].sort());
    for (const event of admin.named('nodes')) {
      for (const node of zNodesEvent.parse(event.data).nodes) expect(node.parts).toContain('signal');
    }
    for (const event of restricted.named('nodes')) {
      for (const node of zNodesEvent.parse(event.data).nodes) expect(node.parts).toContain('signal');
    }
    // Node changes of one window are merged per node: no EUI twice in one event.
    for (const client of [admin, restricted, other]) {
      for (const event of client.named('nodes')) {
        const euis = zNodesEvent.parse(event.data).nodes.map((node) => node.eui);
        expect(new Set(euis).size).toBe(euis.length);
      }
    }
  });

  it('alarms: opened for the administrator and the customer’s user, not for the other customer', async () => {
    const admin = await live(tokensOf.admin);
    const restricted = await live(tokensOf.restricted);
    const other = await live(tokensOf.other);
    // A faulty sensor (-102.4) opens a faultySensor alarm on our node.
    await uplinks([OURS[1]], temperature(-102.4));
    await admin.until(() => admin.named('alarm').length > 0, 5000, 'alarm for the administrator');
    await restricted.until(() => restricted.named('alarm').length > 0, 5000, 'alarm for the customer');
    const alarm = zAlarmStreamEvent.parse(restricted.named('alarm')[0].data);
    expect(alarm).toMatchObject({ change: 'opened', kind: 'faultySensor', eui: OURS[1] });
    await uplinks([THEIRS[1]]);
    await other.until(() => nodeEuis(other).has(THEIRS[1]));
    expect(other.named('alarm')).toEqual([]);
    expect(restricted.named('mail')).toEqual([]);
  });

  it('a node moved to the other customer: its alarm closed for the old customer, opened again for the new one', async () => {
    await uplinks([OURS[1]], temperature(-102.4));
    const restricted = await live(tokensOf.restricted);
    const other = await live(tokensOf.other);
    const moved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/devices/${OURS[1]}/lora/NS`,
      headers: { 'x-access-token': tokensOf.admin },
      payload: { customer: 'Theirs', location: 'Their building' },
    });
    expect(moved.statusCode).toBe(200);
    // The alarm's own 'opened' may still reach the old customer's stream after it connected (the
    // change feed delivers a commit's notice a moment later): the test looks for the 'closed'.
    await restricted.until(() => alarmChanges(restricted).some((event) => event.change === 'closed'), 5000, 'closed for the old customer');
    await other.until(() => other.named('alarm').length > 0, 5000, 'opened for the new customer');
    expect(alarmChanges(restricted).find((event) => event.change === 'closed')).toMatchObject({ kind: 'faultySensor', eui: OURS[1] });
    expect(zAlarmStreamEvent.parse(other.named('alarm')[0].data)).toMatchObject({ change: 'opened', kind: 'faultySensor', eui: OURS[1] });
  });

  it('mail: to administrators only', async () => {
    const admin = await live(tokensOf.admin);
    const restricted = await live(tokensOf.restricted);
    await ctx.database.db.execute(sql`INSERT INTO mail_messages (kind, recipient, language, subject, text_body, html_body, message_id)
      VALUES ('test', 'x@example.com', 'nl', 'Test', 'text', '<p>html</p>', '<m1@example.com>')`);
    await admin.until(() => admin.named('mail').length === 1, 5000, 'mail event');
    expect(admin.named('mail')[0].data).toMatchObject({ state: 'pending' });
    await uplinks([OURS[0]]);
    await restricted.until(() => nodeEuis(restricted).has(OURS[0]));
    expect(restricted.named('mail')).toEqual([]);
  });

  it('dashboard: coalesced per stream, only for customers in scope', async () => {
    const restricted = await live(tokensOf.restricted);
    const other = await live(tokensOf.other);
    for (let i = 0; i < 5; i++) await ctx.database.db.transaction((tx) => announceChange(tx, { t: 'd', x: [ourCustomer] }));
    await restricted.until(() => restricted.named('dashboard').length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    // Five announcements inside 400 ms: one at once, the rest as one after the pause.
    expect(restricted.named('dashboard')).toHaveLength(2);
    expect(other.named('dashboard')).toHaveLength(0);
  });
});

describe('GET /events: what is announced where', () => {
  const V2 = '70B3D5499B00A0F2';
  const FLUSH = { enabled: 1, flushtime: 5, flushCycles: 2, highTempFlushtime: 15, highTempFlushdelay: 30, flushStartThreshold: 55, measureInterval: 10, resistanceThreshold: 0, valvePulseLength: 250, flushStopThreshold: -102.4 };
  const parts = (client: SseClient, eui: string) => client.named('nodes').flatMap((event) => zNodesEvent.parse(event.data).nodes.filter((node) => node.eui === eui).flatMap((node) => node.parts));

  it('settings sent: sync (pending); the node reports them: sync (saved), to the customer’s user', async () => {
    const db = ctx.database.db;
    await seedDevice(db, V2, 'V2', 1, { customerId: ourCustomer });
    await db.insert(deviceParameters).values({ deviceEui: V2, register: 3, value: { ...FLUSH, flushtime: 3 }, status: 'saved' });
    await db.update(devices).set({ sync: 1 }).where(eq(devices.eui, V2));
    const restricted = await live(tokensOf.restricted);
    const sent = await ctx.app.inject({ method: 'POST', url: `/api/v1/devices/${V2}/parameters`, headers: { 'x-access-token': tokensOf.admin }, payload: [{ register: 3, value: FLUSH }] });
    expect(sent.statusCode).toBe(200);
    await restricted.until(() => parts(restricted, V2).includes('sync'), 5000, 'sync pending');
    const before = restricted.named('nodes').length;
    const frame = encodeUplink('V2', { kind: 'parameters', msgId: 62, registers: [{ register: 3, value: FLUSH }] });
    fCnt += 1;
    const report = await postChirpstack(ctx.app, SECRET, 'up', chirpstackUp(V2, fCnt, { fPort: frame.fPort, data: Buffer.from(frame.bytes).toString('base64') }));
    expect(report.statusCode).toBe(200);
    while ((await processIntakeBatch(ctx.database.system)) > 0);
    await restricted.until(() => restricted.named('nodes').slice(before).some((event) => zNodesEvent.parse(event.data).nodes.some((node) => node.eui === V2 && node.parts.includes('sync'))), 5000, 'sync saved');
    const [row] = await db.select().from(deviceParameters).where(eq(deviceParameters.deviceEui, V2));
    expect(row.status).toBe('saved');
  });

  it('an alarm handled through its route: alarm changed', async () => {
    await uplinks([OURS[1]], temperature(-102.4));
    const restricted = await live(tokensOf.restricted);
    const [alarm] = await queryRows<{ id: number }>(ctx.database.db, sql`SELECT id FROM alarms WHERE device_eui = ${OURS[1]}`);
    const handled = await ctx.app.inject({ method: 'POST', url: `/api/v1/alarms/${alarm.id}/acknowledge`, headers: { 'x-access-token': tokensOf.admin }, payload: {} });
    expect(handled.statusCode).toBe(200);
    // As above: the alarm's 'opened' may come in after the stream connected; the 'changed' must come.
    await restricted.until(() => alarmChanges(restricted).some((event) => event.change === 'changed'), 5000, 'alarm changed');
    expect(alarmChanges(restricted).find((event) => event.change === 'changed')).toMatchObject({ id: Number(alarm.id), eui: OURS[1] });
  });

  it('a water detection ended through its route: nodes reading', async () => {
    await ctx.database.db.execute(sql`INSERT INTO overflow_logs (device_eui, customer_id, resistance, state) VALUES (${OURS[2]}, ${ourCustomer}, 100, 'Started')`);
    const [log] = await queryRows<{ id: number }>(ctx.database.db, sql`SELECT id FROM overflow_logs`);
    const restricted = await live(tokensOf.restricted);
    const ended = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/overflowLogs/${log.id}`, headers: { 'x-access-token': tokensOf.admin } });
    expect(ended.statusCode).toBe(204);
    await restricted.until(() => parts(restricted, OURS[2]).includes('reading'));
  });
});

describe('GET /events: only what committed', () => {
  it('a rolled-back transaction announces nothing', async () => {
    const admin = await live(tokensOf.admin);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE devices SET battery_voltage = 2.5 WHERE eui = ${OURS[2]}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await ctx.database.db.execute(sql`UPDATE devices SET battery_voltage = 3.3 WHERE eui = ${THEIRS[2]}`);
    await admin.until(() => nodeEuis(admin).has(THEIRS[2]), 5000, 'the committed change');
    expect(nodeEuis(admin).has(OURS[2])).toBe(false);
    expect(admin.named('nodes').flatMap((event) => zNodesEvent.parse(event.data).nodes)).toEqual([{ eui: THEIRS[2], parts: ['battery'] }]);
  });
});

describe('GET /events: resume', () => {
  it('a reconnect with Last-Event-ID gets what was missed, filtered; an unknown id gets reload', async () => {
    const first = await live(tokensOf.restricted);
    await uplinks([OURS[0]]);
    await first.until(() => nodeEuis(first).has(OURS[0]));
    const resumeFrom = first.lastId!;
    first.close();
    await uplinks([OURS[1], THEIRS[0]]);
    await uplinks([OURS[2]]);
    const again = await live(tokensOf.restricted, resumeFrom);
    await again.until(() => nodeEuis(again).has(OURS[1]) && nodeEuis(again).has(OURS[2]), 5000, 'missed changes');
    expect(nodeEuis(again).has(THEIRS[0])).toBe(false);
    expect(again.named('reload')).toEqual([]);

    for (const unknown of ['ffffffffffff.1', 'garbage', `${resumeFrom.split('.')[0]}.999999`]) {
      const client = await live(tokensOf.restricted, unknown);
      await client.until(() => client.named('reload').length === 1);
      expect(client.named('reload')[0].data).toEqual({ reason: 'unknownLastEventId' });
    }
  });
});

describe('GET /events: the stream ends when the token does', () => {
  it('revoked: end {tokenEnded} and closed', async () => {
    const client = await live(tokensOf.restricted);
    await revokeToken(ctx.database.db, tokensOf.restricted);
    await client.closed;
    expect(client.named('end').map((event) => event.data)).toEqual([{ reason: 'tokenEnded' }]);
  });

  it('expired: ends at its expiry time', async () => {
    await ctx.database.db.execute(sql`UPDATE ${tokens} SET expires_at = now() + interval '700 milliseconds'`);
    const client = await live(tokensOf.restricted);
    const started = Date.now();
    await client.closed;
    expect(client.named('end').map((event) => event.data)).toEqual([{ reason: 'tokenEnded' }]);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('GET /events: streams per user', () => {
  it(`one more than ${STREAMS_PER_USER} streams of a user ends the oldest with end {tooManyStreams}; another user's stay`, async () => {
    const others = await live(tokensOf.admin);
    const own: SseClient[] = [];
    for (let index = 0; index <= STREAMS_PER_USER; index++) own.push(await live(tokensOf.restricted));
    await own[0].closed;
    expect(own[0].named('end').map((event) => event.data)).toEqual([{ reason: 'tooManyStreams' }]);
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 2));
    expect(own.slice(1).every((client) => !client.ended)).toBe(true);
    expect(others.ended).toBe(false);
  });
});

describe('GET /events: graceful stop', () => {
  it('closing the app sends end {shutdown} to open streams and does not wait for them', async () => {
    const { createTestContext } = await import('../../test/test-app');
    const own = await createTestContext({ events: { heartbeatMs: 60_000 } });
    let closed = false;
    try {
      const ownBase = await listenLocally(own.app);
      const { admin } = await own.signedInUsers({ admin: { administrator: true } });
      const client = openStream(ownBase, admin);
      await client.until(() => client.lastId !== null);
      const started = Date.now();
      const closing = own.app.close();
      await client.closed;
      expect(Date.now() - started).toBeLessThan(2000);
      await closing;
      expect(Date.now() - started).toBeLessThan(3000);
      closed = true;
      await own.database.close();
      expect(client.named('end').map((event) => event.data)).toEqual([{ reason: 'shutdown' }]);
    } finally {
      if (!closed) await own.close();
    }
  });
});
