import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deviceData, users } from '../../db/schema';
import { useTestContext } from '../../test/test-app';
import { caller, insertCustomer, insertDevice, insertLocation, restrictUser } from '../../test/places-fixtures';

/**
 * A node's earlier life stays with its earlier owner (issue 21 item 5, docs/nodes.md "History"):
 * after customer B removes a node and customer A registers it (or it moves from B to A), A's
 * users read only the history from the registration (or move) on; administrators read all of it.
 * The audit log is for administrators only anyway.
 */
const NODE = '70B3D5499A00D001';
const ctx = useTestContext();
const call = caller(ctx);
let tokens: Record<'admin' | 'a' | 'b' | 'registrar' | 'remover' | 'mover', string>;

beforeEach(async () => {
  const db = ctx.database.db;
  const a = await insertCustomer(db, 'Alfa');
  const b = await insertCustomer(db, 'Beta');
  await insertLocation(db, a, 'Hal');
  const elders = await insertLocation(db, b, 'Elders');
  await insertDevice(db, { eui: NODE, type: 'V2', customerId: b, locationId: elders });
  const hourAgo = Date.now() - 3_600_000;
  await db.insert(deviceData).values([
    { deviceEui: NODE, ts: new Date(hourAgo - 86_400_000), msgId: 42, counter: 1, value: { temperature1: 55.1 } },
    { deviceEui: NODE, ts: new Date(hourAgo), msgId: 42, counter: 2, value: { temperature1: 56.2 } },
  ]);
  tokens = await ctx.signedInUsers({
    admin: { administrator: true },
    a: { rights: { dashboard: true } },
    b: { rights: { dashboard: true } },
    registrar: { rights: { addNode: true } },
    remover: { rights: { deleteNode: true } },
    mover: { rights: { moveNode: true } },
  });
  for (const [name, customer] of [['a', a], ['b', b], ['registrar', a], ['remover', b]] as const) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, `${name}@example.com`));
    await restrictUser(db, row.id, [customer]);
  }
});

const history = async (token: string) => {
  const response = await call(token, 'GET', `/devices/${NODE}/data`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: { temperature1: number } }[]>().map((row) => row.value.temperature1);
};

async function reading(value: number) {
  await ctx.database.db.insert(deviceData).values({ deviceEui: NODE, ts: new Date(), msgId: 42, counter: 3, value: { temperature1: value } });
}

describe("a node's earlier life stays with its earlier owner", () => {
  it('removed by Beta, registered by Alfa: Alfa reads only its own part; the administrator all', async () => {
    expect(await history(tokens.b)).toEqual([55.1, 56.2]);
    expect((await call(tokens.remover, 'PATCH', `/devices/${NODE}/lora/NS`, { customer: null, location: null, lora: { state: 'Stopped' } })).statusCode).toBe(200);
    const registered = await call(tokens.registrar, 'PATCH', `/devices/${NODE}/lora/NS`, { name: 'Alfa 1', customer: 'Alfa', location: 'Hal' });
    expect(registered.statusCode, registered.body).toBe(200);
    await reading(60.3);
    expect(await history(tokens.a)).toEqual([60.3]);
    expect(await history(tokens.admin)).toEqual([55.1, 56.2, 60.3]);
    expect((await call(tokens.a, 'GET', `/devices/${NODE}/auditLogs`)).statusCode).toBe(403);
  });

  it('moved from Beta to Alfa: the same; a move within a customer keeps the history', async () => {
    expect((await call(tokens.mover, 'PATCH', `/devices/${NODE}/lora/NS`, { customer: 'Alfa', location: 'Hal' })).statusCode).toBe(200);
    await reading(61.4);
    expect(await history(tokens.a)).toEqual([61.4]);
    expect(await history(tokens.admin)).toEqual([55.1, 56.2, 61.4]);
  });

  it('a node that was never registered or moved through the portal shows its whole history', async () => {
    expect(await history(tokens.b)).toEqual([55.1, 56.2]);
  });
});
