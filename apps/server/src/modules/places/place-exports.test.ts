import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { gateways } from '../../db/schema';
import { TEST_PASSWORD, useTestContext } from '../../test/test-app';
import { csvRecords } from '../../test/csv-fixtures';
import { caller, insertCustomer, insertDevice, insertGateway, insertLocation, restrictUser } from '../../test/places-fixtures';
import { clientPage, type TValueColumn } from '../../../../web/src/components/table/client-rows';

/**
 * The exports of the customer, location and gateway lists (docs/exports.md). These lists are
 * searched and sorted in the browser (the list kit's client mode), so the export is held to the
 * list kit's own functions (client-rows.ts) applied to the whole JSON list: every row the screen
 * shows for that search and sort, in its order. Names are plain letters: the browser's natural,
 * accent-aware order and the database's collation differ for digits and accents (docs/exports.md).
 */
let tokens: Record<'admin' | 'acme', string>;
const ctx = useTestContext({ reset: 'never' });
const call = caller(ctx);

const CITIES = ['Utrecht', 'Amsterdam', '', 'Zwolle', 'utrecht', 'Delft'];
const WORDS = ['Noord', 'Zuid', 'Oost', 'West', 'Midden', 'noord'];

beforeAll(async () => {
  const db = ctx.database.db;
  await ctx.database.reset();
  const ids: number[] = [];
  for (let n = 0; n < 23; n++) {
    const name = n === 7 ? '=HYPERLINK("http://evil.example","klik")' : `${WORDS[n % WORDS.length]} ${String.fromCharCode(97 + (n % 26))}${'x'.repeat(n % 3)}`;
    ids.push(await insertCustomer(db, name, { city: CITIES[n % CITIES.length], reference: n % 4 === 0 ? '' : `REF ${String.fromCharCode(65 + (n % 5))}`, address: n % 2 ? 'Straat' : 'Weg' }));
  }
  let mac = 1;
  for (let n = 0; n < 40; n++) {
    const customer = ids[n % ids.length];
    const location = await insertLocation(db, customer, `${WORDS[(n * 7) % WORDS.length]} loc ${String.fromCharCode(97 + (n % 26))}`, { city: CITIES[(n * 5) % CITIES.length], country: n % 3 ? 'Nederland' : 'België' });
    if (n % 2 === 0) {
      await insertGateway(db, { customerId: customer, locationId: location, name: `GW ${WORDS[n % WORDS.length]}`, mac: (mac++).toString(16).padStart(16, '0'), type: n % 3 ? 'Kerlink' : '' });
    }
    if (n % 3 === 0) await insertDevice(db, { eui: `70B3D5499C00${String(n).padStart(4, '0')}`, customerId: customer, locationId: location, heardHoursAgo: n % 2 ? 1 : undefined });
  }
  await db.update(gateways).set({ lastSeenAt: new Date('2026-05-01T08:00:00Z') }).where(eq(gateways.mac, '0000000000000003'));
  const signedIn = await ctx.signedInUsers({ admin: { administrator: true } });
  const acmeUser = await ctx.createUser({ email: 'acme@example.com', password: TEST_PASSWORD, rights: { dashboard: true, gatewayView: true } });
  await restrictUser(db, acmeUser, [ids[0], ids[1]]);
  tokens = { ...signedIn, acme: await ctx.tokenFor('acme@example.com') };
});

type TRow = Record<string, unknown>;

/** What the list kit shows for this search and sort, every page: clientPage over the whole list. */
function shown(rows: TRow[], columns: TValueColumn<TRow>[], search: string, sort: string | undefined): TRow[] {
  const listSort = sort ? { field: sort.replace(/^-/, ''), direction: sort.startsWith('-') ? ('desc' as const) : ('asc' as const) } : { field: 'name', direction: 'asc' as const };
  return clientPage(rows, columns, { page: 0, pageSize: 100_000, search, sort: listSort }).rows;
}

async function exported(token: string, path: string, query: Record<string, string>) {
  const response = await call(token, 'GET', `${path}?${new URLSearchParams(query).toString()}`);
  expect(response.statusCode, response.body).toBe(200);
  return { response, ...csvRecords(response.body) };
}

/** The place columns as the list kit searches and sorts them (place-columns.tsx): sync, online and channels are not searched. */
const placeColumns = (withCustomer: boolean): TValueColumn<TRow>[] => [
  { field: 'name' },
  ...(withCustomer ? [{ field: 'customer' }] : []),
  { field: 'reference' },
  { field: 'address' },
  { field: 'postalCode' },
  { field: 'city' },
  { field: 'country' },
  { field: 'sync', searchValue: false },
  { field: 'online', searchValue: false, sortValue: (row) => row.online as number },
  { field: 'channels', searchValue: false },
];
const gatewayColumns = (customer: boolean, location: boolean): TValueColumn<TRow>[] => [
  { field: 'name' },
  { field: 'mac' },
  { field: 'type' },
  { field: 'lastSeenAt', sortValue: (row) => (row.lastSeenAt as string | null) ?? '', searchValue: false },
  ...(customer ? [{ field: 'customer' }] : []),
  ...(location ? [{ field: 'location' }] : []),
];

const CASES: [string, string | undefined][] = [
  ['', undefined],
  ['', '-name'],
  ['', 'city'],
  ['', '-city'],
  ['', 'reference'],
  ['', '-online'],
  ['noord', undefined],
  ['utrecht weg', '-name'],
  ['REF b', 'city'],
];

describe('list exports of the client-side lists', () => {
  it.each(CASES)('customers, search "%s", sort %s: the rows the list shows, in order', async (search, sort) => {
    const list = (await call(tokens.admin, 'GET', '/customers')).json<TRow[]>();
    const expected = shown(list, placeColumns(false), search, sort).map((row) => row.name);
    const { rows } = await exported(tokens.admin, '/customers/export.csv', { search, ...(sort ? { sort } : {}) });
    expect(rows.map((row) => row[0].replace(/^'/, ''))).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });

  it.each([...CASES, ['', 'customer'], ['loc b', '-customer']] as [string, string | undefined][])('locations, search "%s", sort %s: the rows the list shows, in order', async (search, sort) => {
    const list = (await call(tokens.admin, 'GET', '/locations')).json<TRow[]>();
    const expected = shown(list, placeColumns(true), search, sort).map((row) => `${row.name as string}|${(row.customer as string).replace(/^=/, "'=")}`);
    const { rows } = await exported(tokens.admin, '/locations/export.csv', { search, ...(sort ? { sort } : {}) });
    expect(rows.map((row) => `${row[0]}|${row[1]}`)).toEqual(expected);
  });

  it.each([
    ['', undefined],
    ['', '-name'],
    ['', 'lastSeenAt'],
    ['', '-lastSeenAt'],
    ['', 'type'],
    ['', '-location'],
    ['kerlink noord', undefined],
  ] as [string, string | undefined][])('gateways, search "%s", sort %s: the rows the list shows, in order', async (search, sort) => {
    const list = (await call(tokens.admin, 'GET', '/gateways')).json<TRow[]>();
    const expected = shown(list, gatewayColumns(true, true), search, sort).map((row) => row.mac);
    const { header, rows } = await exported(tokens.admin, '/gateways/export.csv', { search, ...(sort ? { sort } : {}) });
    expect(rows.map((row) => row[header.indexOf('MAC-adres')])).toEqual(expected);
  });

  it("a customer's user exports only their customers' rows; another customer's list is 404", async () => {
    const customers = await exported(tokens.acme, '/customers/export.csv', {});
    expect(customers.rows.map((row) => row[0])).toEqual((await call(tokens.acme, 'GET', '/customers')).json<TRow[]>().map((row) => row.name));
    expect(customers.rows).toHaveLength(2);
    const locations = await exported(tokens.acme, '/locations/export.csv', {});
    expect(locations.rows.length).toBe((await call(tokens.acme, 'GET', '/locations')).json<TRow[]>().length);
    const gatewayRows = await exported(tokens.acme, '/gateways/export.csv', {});
    expect(gatewayRows.rows.length).toBe((await call(tokens.acme, 'GET', '/gateways')).json<TRow[]>().length);
    const other = (await call(tokens.admin, 'GET', '/customers')).json<TRow[]>().find((row) => !customers.rows.some((line) => line[0] === row.name));
    expect((await call(tokens.acme, 'GET', `/customers/${encodeURIComponent(other!.name as string)}/locations/export.csv`)).statusCode).toBe(404);
  });

  it('guards formulas, names the file, counts nodes and writes the sync in words', async () => {
    const { response, header, rows } = await exported(tokens.admin, '/customers/export.csv', { search: 'hyperlink' });
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(rows[0][0]).toBe(`'=HYPERLINK("http://evil.example","klik")`);
    expect(header).toEqual(['Naam', 'Referentie', 'Adres', 'Postcode', 'Plaats', 'Land', 'Sync', 'Online', 'Nodes', 'Kanalen']);
    const all = await exported(tokens.admin, '/locations/export.csv', { language: 'en' });
    expect(all.response.headers['content-disposition']).toMatch(/filename="locations-/);
    expect(all.header[1]).toBe('Customer');
    expect(all.rows.some((row) => row[header.indexOf('Nodes') + 1] === '1')).toBe(true);
    const gatewayFile = await exported(tokens.admin, '/gateways/export.csv', { sort: '-lastSeenAt' });
    expect(gatewayFile.rows[0][3]).toBe('2026-05-01T08:00:00.000Z');
  });
});
