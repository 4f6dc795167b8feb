import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { deviceChannels, devices } from '../../db/schema';
import { useTestContext } from '../../test/test-app';
import { caller, insertCustomer, insertDevice, insertLocation } from '../../test/places-fixtures';

/** GET /devices in the list kit's server mode (docs/nodes.md): page, limit, sort, search, assigned, X-Total-Count. */

let tokens: Record<'admin' | 'viewer', string>;

/** 30 assigned nodes "Node 01".."Node 30" (EUIs ...A001..A030), plus an unassigned one. */
const euiOf = (n: number) => `70B3D5499A00A${String(n).padStart(3, '0')}`;
const LOOSE = '70B3D5499A00F001';

const ctx = useTestContext({ reset: 'never' });
const call = caller(ctx);
beforeAll(async () => {
  const db = ctx.database.db;
  await ctx.database.reset();
  const acme = await insertCustomer(db, 'Acme');
  const hal = await insertLocation(db, acme, 'Hal');
  for (let n = 1; n <= 30; n++) {
    await insertDevice(db, { eui: euiOf(n), name: `Node ${String(n).padStart(2, '0')}`, type: n % 3 === 0 ? 'V3' : 'V2', customerId: acme, locationId: hal, heardHoursAgo: n });
    // temperature1: 30 - n degrees for n <= 28; none for 29 and 30
    if (n <= 28) await db.update(deviceChannels).set({ value: 30 - n }).where(and(eq(deviceChannels.deviceEui, euiOf(n)), eq(deviceChannels.channelId, 'temperature1')));
  }
  await db.update(devices).set({ signal: 4 }).where(eq(devices.eui, euiOf(7)));
  await insertDevice(db, { eui: LOOSE, name: 'Los', type: 'V1' });
  tokens = await ctx.signedInUsers({ admin: { administrator: true }, viewer: { rights: { dashboard: true } } });
});

const list = async (token: string, query: string) => {
  const response = await call(token, 'GET', `/devices?projection=eui%20name&${query}`);
  const body = response.json<{ name: string }[] | { key: string }>();
  return { status: response.statusCode, total: response.headers['x-total-count'], names: Array.isArray(body) ? body.map((row) => row.name) : undefined };
};

describe('paging, sorting, searching', () => {
  it('page 2 of 30 nodes at 25 per page: 5 rows, total 30', async () => {
    const page = await list(tokens.admin, 'assigned=true&page=2&limit=25');
    expect(page.status).toBe(200);
    expect(page.total).toBe('30');
    expect(page.names).toEqual(['Node 26', 'Node 27', 'Node 28', 'Node 29', 'Node 30']);
  });

  it('page 1 defaults to 25 rows; a page past the end is empty with the total', async () => {
    expect((await list(tokens.admin, 'assigned=true&page=1')).names).toHaveLength(25);
    const past = await list(tokens.admin, 'assigned=true&page=3&limit=25');
    expect(past.names).toEqual([]);
    expect(past.total).toBe('30');
  });

  it('descending sort by name', async () => {
    expect((await list(tokens.admin, 'assigned=true&page=1&limit=3&sort=-name')).names).toEqual(['Node 30', 'Node 29', 'Node 28']);
  });

  it('sort by temperature1: empty readings last in both directions', async () => {
    expect((await list(tokens.admin, 'assigned=true&page=1&limit=2&sort=temperature1')).names).toEqual(['Node 28', 'Node 27']);
    expect((await list(tokens.admin, 'assigned=true&page=1&limit=2&sort=-temperature1')).names).toEqual(['Node 01', 'Node 02']);
    expect((await list(tokens.admin, 'assigned=true&page=2&limit=25&sort=-temperature1')).names?.slice(-2)).toEqual(['Node 29', 'Node 30']);
  });

  it('sort by calibration: going up, never calibrated first, then the oldest date; going down, never last', async () => {
    const db = ctx.database.db;
    // Node n calibrated on day n of 2020; Nodes 29 and 30 never.
    for (let n = 1; n <= 28; n++) await db.update(devices).set({ calibrationTs: new Date(Date.UTC(2020, 0, n)) }).where(eq(devices.eui, euiOf(n)));
    expect((await list(tokens.admin, 'assigned=true&page=1&limit=4&sort=calibration')).names).toEqual(['Node 29', 'Node 30', 'Node 01', 'Node 02']);
    expect((await list(tokens.admin, 'assigned=true&page=1&limit=2&sort=-calibration')).names).toEqual(['Node 28', 'Node 27']);
    expect((await list(tokens.admin, 'assigned=true&page=2&limit=25&sort=-calibration')).names?.slice(-3)).toEqual(['Node 01', 'Node 29', 'Node 30']);
  });

  it('sort by lastOnline (newest first), signal, eui', async () => {
    expect((await list(tokens.admin, 'assigned=true&page=1&limit=2&sort=-lastOnline')).names).toEqual(['Node 01', 'Node 02']);
    expect((await list(tokens.admin, 'assigned=true&page=1&limit=1&sort=-signal')).names).toEqual(['Node 07']);
    expect((await list(tokens.admin, 'assigned=true&page=1&limit=1&sort=-eui')).names).toEqual(['Node 30']);
  });

  it('search by part of an EUI, any case, with the total of matches', async () => {
    const found = await list(tokens.admin, 'page=1&limit=25&search=9a00a01');
    expect(found.names).toEqual(['Node 10', 'Node 11', 'Node 12', 'Node 13', 'Node 14', 'Node 15', 'Node 16', 'Node 17', 'Node 18', 'Node 19']);
    expect(found.total).toBe('10');
    expect((await list(tokens.admin, 'page=1&search=NODE%202')).total).toBe('10');
    expect((await list(tokens.admin, 'page=1&search=%25')).total).toBe('0');
  });

  it('assigned=true leaves out the unassigned node; assigned=false lists it', async () => {
    expect((await list(tokens.admin, 'page=1&limit=100')).total).toBe('31');
    expect((await list(tokens.admin, 'assigned=false')).names).toEqual(['Los']);
  });

  it('without page and limit: the whole list as before, no header', async () => {
    const all = await list(tokens.admin, '');
    expect(all.names).toHaveLength(31);
    expect(all.total).toBeUndefined();
  });

  it('the scope applies to rows and total', async () => {
    expect((await list(tokens.viewer, 'page=1&limit=100')).total).toBe('30');
  });

  it.each([
    ['limit above 100', 'page=1&limit=101'],
    ['page 0', 'page=0'],
    ['an unknown sort field', 'sort=battery'],
    ['assigned not a boolean', 'assigned=yes'],
  ])('400 for %s', async (_what, query) => {
    expect((await list(tokens.admin, query)).status).toBe(400);
  });

  it('the location and customer lists take the same parameters', async () => {
    const response = await call(tokens.admin, 'GET', '/customers/Acme/locations/Hal/devices?projection=name&page=2&limit=25&sort=-name');
    expect(response.headers['x-total-count']).toBe('30');
    expect(response.json()).toHaveLength(5);
    expect((await call(tokens.admin, 'GET', '/customers/Acme/devices?page=1&limit=25&search=node%2001')).headers['x-total-count']).toBe('1');
  });
});
