import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { gatewayNodes, gateways } from '../../db/schema';
import { useTestContext } from '../../test/test-app';
import { caller, insertDevice, insertGateway, restrictUser, seedPlacesWorld } from '../../test/places-fixtures';

/**
 * GET .../gateways/{gateway}/heard, GET /devices/{eui}/gateways and lastSeenAt in the gateway
 * lists (docs/gateways.md): scoped like the gateway routes, and the nodes like the node routes.
 */

const ctx = useTestContext();
const call = caller(ctx);
const tokens: Record<string, string> = {};
const ACME_NODE = '00000000000000A1';
const BETA_NODE = '00000000000000B1';
const UNASSIGNED = '00000000000000C1';

beforeEach(async () => {
  const db = ctx.database.db;
  const { acme, beta, hal, elders } = await seedPlacesWorld(db);
  const dak = await insertGateway(db, { customerId: acme, locationId: hal, name: 'dak', mac: '0016c001f1500001' });
  const kelder = await insertGateway(db, { customerId: beta, locationId: elders, name: 'kelder', mac: '0016c001f1500002' });
  await insertDevice(db, { eui: ACME_NODE, name: 'Douche 1', customerId: acme, locationId: hal });
  await insertDevice(db, { eui: BETA_NODE, name: 'Elders 1', customerId: beta, locationId: elders });
  await insertDevice(db, { eui: UNASSIGNED });
  await db.insert(gatewayNodes).values([
    { gatewayId: dak, deviceEui: ACME_NODE, lastHeardAt: new Date('2026-11-27T10:00:00Z'), rssi: -80, snr: 9 },
    { gatewayId: dak, deviceEui: BETA_NODE, lastHeardAt: new Date('2026-11-27T11:00:00Z'), rssi: -110, snr: -7.5 },
    { gatewayId: dak, deviceEui: UNASSIGNED, lastHeardAt: new Date('2026-11-27T09:00:00Z'), rssi: -100, snr: 1 },
    { gatewayId: kelder, deviceEui: ACME_NODE, lastHeardAt: new Date('2026-11-27T10:00:00Z'), rssi: -115, snr: -10 },
  ]);
  await db.update(gateways).set({ lastSeenAt: new Date('2026-11-27T11:00:00Z') }).where(eq(gateways.id, dak));
  await ctx.createUser({ email: 'admin@example.com', password: 'Welkom-test-2026', administrator: true });
  await ctx.createUser({ email: 'all@example.com', password: 'Welkom-test-2026', rights: { gatewayView: true } });
  await restrictUser(db, await ctx.createUser({ email: 'acme@example.com', password: 'Welkom-test-2026', rights: { gatewayView: true } }), [acme]);
  await restrictUser(db, await ctx.createUser({ email: 'beta@example.com', password: 'Welkom-test-2026', rights: { gatewayView: true } }), [beta]);
  await restrictUser(db, await ctx.createUser({ email: 'noright@example.com', password: 'Welkom-test-2026', rights: { dashboard: true } }), [acme]);
  for (const name of ['admin', 'all', 'acme', 'beta', 'noright']) tokens[name] = await ctx.tokenFor(`${name}@example.com`);
});

const acmeHeard = { eui: ACME_NODE, name: 'Douche 1', customer: 'Acme', location: 'Hal', lastHeardAt: '2026-11-27T10:00:00.000Z', rssi: -80, snr: 9 };
const betaHeard = { eui: BETA_NODE, name: 'Elders 1', customer: 'Beta', location: 'Elders', lastHeardAt: '2026-11-27T11:00:00.000Z', rssi: -110, snr: -7.5 };
const unassignedHeard = { eui: UNASSIGNED, name: `Node ${UNASSIGNED}`, customer: null, location: null, lastHeardAt: '2026-11-27T09:00:00.000Z', rssi: -100, snr: 1 };
const DAK = '/customers/Acme/locations/Hal/gateways/dak';

describe('the nodes a gateway heard', () => {
  it.each([
    ['an administrator: every node, latest first', 'admin', [betaHeard, acmeHeard, unassignedHeard]],
    ['a user without customers: the assigned nodes', 'all', [betaHeard, acmeHeard]],
    ["the gateway's customer: only its own nodes (a node of Beta it heard stays hidden)", 'acme', [acmeHeard]],
  ])('%s', async (_case, who, expected) => {
    const response = await call(tokens[who], 'GET', `${DAK}/heard`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expected);
  });

  it("another customer's user: 404, as for the gateway itself; without a gateway right: 403", async () => {
    expect((await call(tokens.beta, 'GET', `${DAK}/heard`)).statusCode).toBe(404);
    expect((await call(tokens.beta, 'GET', DAK)).statusCode).toBe(404);
    expect((await call(tokens.noright, 'GET', `${DAK}/heard`)).statusCode).toBe(403);
  });
});

describe('the gateways that heard a node', () => {
  const dakHeard = { name: 'dak', mac: '0016c001f1500001', customer: 'Acme', location: 'Hal', lastHeardAt: '2026-11-27T10:00:00.000Z', rssi: -80, snr: 9 };
  const kelderHeard = { name: 'kelder', mac: '0016c001f1500002', customer: 'Beta', location: 'Elders', lastHeardAt: '2026-11-27T10:00:00.000Z', rssi: -115, snr: -10 };

  it.each([
    ['an administrator: all of them', 'admin', ACME_NODE.toLowerCase(), [dakHeard, kelderHeard]],
    ["the node's customer: its own gateways only", 'acme', ACME_NODE, [dakHeard]],
  ])('%s', async (_case, who, eui, expected) => {
    const response = await call(tokens[who], 'GET', `/devices/${eui}/gateways`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expected);
  });

  it("a node of another customer, an unassigned one or an unknown one: 404; without a gateway right: 403", async () => {
    expect((await call(tokens.beta, 'GET', `/devices/${ACME_NODE}/gateways`)).statusCode).toBe(404);
    expect((await call(tokens.all, 'GET', `/devices/${UNASSIGNED}/gateways`)).statusCode).toBe(404);
    expect((await call(tokens.admin, 'GET', '/devices/00000000000000FF/gateways')).statusCode).toBe(404);
    expect((await call(tokens.admin, 'GET', '/devices/nope/gateways')).statusCode).toBe(404);
    expect((await call(tokens.noright, 'GET', `/devices/${ACME_NODE}/gateways`)).statusCode).toBe(403);
  });
});

describe('last seen in the gateway lists', () => {
  it("each user sees their customers' gateways with lastSeenAt (null: never heard)", async () => {
    expect((await call(tokens.acme, 'GET', '/gateways?projection=name lastSeenAt')).json()).toEqual([{ name: 'dak', lastSeenAt: '2026-11-27T11:00:00.000Z' }]);
    expect((await call(tokens.beta, 'GET', '/gateways?projection=name lastSeenAt')).json()).toEqual([{ name: 'kelder', lastSeenAt: null }]);
    expect((await call(tokens.acme, 'GET', DAK)).json()).toMatchObject({ name: 'dak', lastSeenAt: '2026-11-27T11:00:00.000Z' });
  });

  it('a new MAC is another radio: what the old one heard goes, and it is watched from now', async () => {
    const before = Date.now();
    expect((await call(tokens.admin, 'PATCH', DAK, { mac: '0016C001F15000AA' })).json()).toMatchObject({ mac: '0016c001f15000aa', lastSeenAt: null });
    expect((await call(tokens.admin, 'GET', `${DAK}/heard`)).json()).toEqual([]);
    const [row] = await ctx.database.db.select({ watchedSince: gateways.watchedSince }).from(gateways).where(eq(gateways.name, 'dak'));
    expect(row.watchedSince.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});
