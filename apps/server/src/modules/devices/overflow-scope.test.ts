import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { devices, overflowLogs, users } from '../../db/schema';
import { useTestContext } from '../../test/test-app';
import { caller, insertCustomer, insertDevice, insertLocation, restrictUser } from '../../test/places-fixtures';

/**
 * Water detections belong to the node's customer now (docs/telemetry.md): after
 * a node moves from A to B, A's users no longer see or end its detection, B's users see it in the
 * list, the dashboard count, the dashboard list (at the node's new place) and the badge query.
 */
const NODE = '70B3D5499A00F001';
const ctx = useTestContext();
const call = caller(ctx);
let tokens: Record<'admin' | 'a' | 'b' | 'mover', string>;
const ids: Record<string, number> = {};

beforeEach(async () => {
  const db = ctx.database.db;
  ids.a = await insertCustomer(db, 'Alfa');
  ids.b = await insertCustomer(db, 'Beta');
  ids.hal = await insertLocation(db, ids.a, 'Hal');
  ids.elders = await insertLocation(db, ids.b, 'Elders');
  await insertDevice(db, { eui: NODE, name: 'Douche', type: 'V2', customerId: ids.a, locationId: ids.hal });
  await db.insert(overflowLogs).values([
    { deviceEui: NODE, customerId: ids.a, locationId: ids.hal, resistance: 12, ts: new Date(Date.now() - 86_400_000 * 3), state: 'Stopped' },
    { deviceEui: NODE, customerId: ids.a, locationId: ids.hal, resistance: 11, ts: new Date(Date.now() - 3_600_000), state: 'Started' },
  ]);
  tokens = await ctx.signedInUsers({
    admin: { administrator: true },
    a: { rights: { overflowDetection: true, dashboard: true } },
    b: { rights: { overflowDetection: true, dashboard: true } },
    mover: { rights: { moveNode: true } },
  });
  for (const [name, customer] of [['a', ids.a], ['b', ids.b]] as const) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, `${name}@example.com`));
    await restrictUser(db, row.id, [customer]);
  }
});

const STARTED = encodeURIComponent(JSON.stringify({ 'lora.state': 'Started' }));
const logs = async (token: string) => (await call(token, 'GET', '/overflowLogs')).json<{ _id: string; customer: string; location: string; lora: { state: string } }[]>();
const badge = async (token: string) => new Set((await call(token, 'GET', `/overflowLogs?conditions=${STARTED}&projection=eui`)).json<{ eui: string }[]>().map((row) => row.eui)).size;
const count = async (token: string) => {
  const alarm = (await call(token, 'GET', '/dashboard')).json<{ overflowAlarm: Record<string, number> }>().overflowAlarm;
  return Object.values(alarm).reduce((sum, value) => sum + value, 0);
};
const dashboardRows = async (token: string) =>
  (await call(token, 'GET', '/dashboard/lists/overflowDetections?limit=100')).json<{ customer: string | null; location?: string | null }[]>();

describe('an active water detection follows its node', () => {
  it.each(['admin', 'mover'] as const)('moved by %s from Alfa to Beta: Beta sees it, Alfa neither sees nor ends it', async (who) => {
    expect((await logs(tokens.a)).length).toBe(2);
    expect(await logs(tokens.b)).toEqual([]);
    expect([await count(tokens.a), await count(tokens.b), await badge(tokens.a), await badge(tokens.b)]).toEqual([1, 0, 1, 0]);

    const moved = await call(tokens[who], 'PATCH', `/devices/${NODE}/lora/NS`, { customer: 'Beta', location: 'Elders' });
    expect(moved.statusCode, moved.body).toBe(200);

    expect(await logs(tokens.a)).toEqual([]);
    const seen = await logs(tokens.b);
    // The active detection only: the ended one from Alfa's time stays Alfa's history.
    expect(seen.map((row) => [row.customer, row.location, row.lora.state])).toEqual([['Beta', 'Elders', 'Started']]);
    expect([await count(tokens.a), await count(tokens.b), await badge(tokens.a), await badge(tokens.b)]).toEqual([0, 1, 0, 1]);
    expect(await dashboardRows(tokens.a)).toEqual([]);
    expect((await dashboardRows(tokens.b)).map((row) => row.customer)).toEqual(['Beta']);

    // Alfa cannot end it any more; Beta can, and the ended detection is Beta's history.
    expect((await call(tokens.a, 'DELETE', `/overflowLogs/${seen[0]._id}`)).statusCode).toBe(404);
    expect((await call(tokens.b, 'DELETE', `/overflowLogs/${seen[0]._id}`)).statusCode).toBe(204);
    expect((await logs(tokens.b)).map((row) => [row.customer, row.lora.state])).toEqual([['Beta', 'Stopped']]);
    expect(await logs(tokens.a)).toEqual([]);
  });

  it('a node moved without its log being rewritten (older data) is still scoped by where the node is', async () => {
    await ctx.database.db.update(devices).set({ customerId: ids.b, locationId: ids.elders }).where(eq(devices.eui, NODE));
    expect((await logs(tokens.b)).map((row) => [row.customer, row.location])).toEqual([['Beta', 'Elders']]);
    expect(await logs(tokens.a)).toEqual([]);
    expect([await count(tokens.b), await badge(tokens.b)]).toEqual([1, 1]);
  });

  it('a removed node: its detection is for administrators only', async () => {
    const admin = await call(tokens.admin, 'PATCH', `/devices/${NODE}/lora/NS`, { customer: null, location: null, lora: { state: 'Stopped' } });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(await logs(tokens.a)).toEqual([]);
    expect((await logs(tokens.admin)).length).toBe(2);
  });
});

describe('projection', () => {
  it('GET /overflowLogs?projection=-_id eui is accepted: excluding _id beside inclusions', async () => {
    const response = await call(tokens.a, 'GET', `/overflowLogs?projection=${encodeURIComponent('-_id eui')}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([{ eui: NODE }, { eui: NODE }]);
  });
});
