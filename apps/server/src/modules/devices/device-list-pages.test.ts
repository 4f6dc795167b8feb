import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { deviceChannels, devices } from '../../db/schema';
import { useTestContext } from '../../test/test-app';
import { caller, insertCustomer, insertDevice, insertLocation } from '../../test/places-fixtures';

/**
 * Deep pages of GET /devices (docs/nodes.md, "Deep pages"): a page reads its EUIs first and then the
 * whole shape of those rows. Walking every page must give exactly the rows, in exactly the order, of
 * the unpaged list (one query, the order as it always was), also where names tie.
 */

let tokens: Record<'admin' | 'viewer', string>;
const ctx = useTestContext({ reset: 'never' });
const call = caller(ctx);

/** Names with ties: the same name several times, and names equal but for case. */
const NAMES = ['Pomp', 'pomp', 'POMP', 'Pomp', 'Kelder', 'kelder', 'Zolder', 'Pomp', 'Aanvoer', 'aanvoer'];
const euiOf = (n: number) => `70B3D5499B00${String(n).padStart(4, '0')}`;
const FLEET = 47;

beforeAll(async () => {
  const db = ctx.database.db;
  await ctx.database.reset();
  const acme = await insertCustomer(db, 'Acme');
  const bolt = await insertCustomer(db, 'Bolt');
  const hal = await insertLocation(db, acme, 'Hal');
  const dak = await insertLocation(db, bolt, 'Dak');
  // EUIs counting down while the names repeat, so that a tie is only settled by the EUI.
  for (let n = FLEET; n >= 1; n--) {
    const unassigned = n % 5 === 0;
    await insertDevice(db, {
      eui: euiOf(n),
      name: NAMES[n % NAMES.length],
      type: (['V1', 'V2', 'V3'] as const)[n % 3],
      customerId: unassigned ? undefined : n % 2 ? acme : bolt,
      locationId: unassigned || n % 7 === 0 ? undefined : n % 2 ? hal : dak,
      heardHoursAgo: n % 4 === 0 ? undefined : n % 6,
    });
    if (n % 3) await db.update(deviceChannels).set({ value: n % 4 }).where(and(eq(deviceChannels.deviceEui, euiOf(n)), eq(deviceChannels.channelId, 'temperature1')));
  }
  await db.update(devices).set({ signal: 3 }).where(eq(devices.eui, euiOf(11)));
  tokens = await ctx.signedInUsers({ admin: { administrator: true }, viewer: { rights: { dashboard: true } } });
});

const euis = async (token: string, query: string) => {
  const response = await call(token, 'GET', `/devices?projection=eui%20name%20customer%20channels&${query}`);
  expect(response.statusCode).toBe(200);
  return { rows: response.json<{ eui: string; name: string; customer: string | null; channels: unknown[] }[]>(), total: String(response.headers['x-total-count']) };
};

/** Every page of `limit` rows, one after the other, and the totals they gave. */
async function walk(token: string, query: string, limit: number) {
  const rows: Awaited<ReturnType<typeof euis>>['rows'] = [];
  const totals = new Set<string>();
  for (let page = 1; ; page++) {
    const answer = await euis(token, `${query}&page=${page}&limit=${limit}`);
    totals.add(answer.total);
    if (!answer.rows.length) break;
    rows.push(...answer.rows);
  }
  return { rows, totals: [...totals] };
}

describe('deep pages: every page as the unpaged list has it', () => {
  it('identical names are ordered by EUI, names equal but for case stay together', async () => {
    const { rows } = await walk(tokens.admin, 'sort=name', 4);
    const pomps = rows.filter((row) => row.name === 'Pomp').map((row) => row.eui);
    expect(pomps).toEqual([...pomps].sort());
    const lower = rows.map((row) => row.name.toLowerCase());
    expect(lower).toEqual([...lower].sort());
    expect(rows).toHaveLength(FLEET);
  });

  it.each([
    ['admin', 'sort=name'],
    ['admin', 'sort=-name'],
    ['admin', 'assigned=true&sort=name'],
    ['admin', 'assigned=true&sort=-name'],
    ['admin', 'assigned=false&sort=name'],
    ['admin', 'assigned=false&sort=-name'],
    ['admin', 'assigned=true&sort=lastOnline'],
    ['admin', 'assigned=true&sort=-lastOnline'],
    ['admin', 'sort=temperature1'],
    ['admin', 'sort=-temperature1'],
    ['admin', 'sort=type'],
    ['admin', 'sort=-signal'],
    ['admin', 'sort=-eui'],
    ['admin', 'search=pomp'],
    ['admin', `conditions=${encodeURIComponent(JSON.stringify({ customer: 'Acme' }))}&sort=-name`],
    ['viewer', 'sort=name'],
    ['viewer', 'assigned=true&sort=-lastOnline'],
  ] as const)('%s, %s: pages of 3 and of 10 give the unpaged rows in order, with the same total', async (user, query) => {
    const unpaged = await euis(tokens[user], query);
    expect(unpaged.rows.length).toBeGreaterThan(1);
    for (const limit of [3, 10]) {
      const paged = await walk(tokens[user], query, limit);
      expect(paged.rows).toEqual(unpaged.rows);
      expect(paged.totals).toEqual([String(unpaged.rows.length)]);
    }
  });
});
