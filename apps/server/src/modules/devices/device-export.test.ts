import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { deviceChannels, devices } from '../../db/schema';
import { TEST_PASSWORD, useTestContext } from '../../test/test-app';
import { csvRecords } from '../../test/csv-fixtures';
import { caller, insertCustomer, insertDevice, insertLocation, restrictUser } from '../../test/places-fixtures';
import { deviceExportBatches } from './device-repository';
import { appendAuditLog } from './audit-log-repository';

/**
 * The node list's export (docs/exports.md): every row the list's query matches, over all pages, in
 * the list's order; the list's scope; the formula guard; the file name. The keyset batches are
 * walked with batches of 4 as well, so ties (the same name several times) cross batch edges.
 */
let tokens: Record<'admin' | 'acme', string>;
const ctx = useTestContext({ reset: 'never' });
const call = caller(ctx);

const NAMES = ['Pomp', 'pomp', 'POMP', 'Pomp', 'Kelder', 'kelder', 'Zolder', 'Pomp', 'Aanvoer', 'aanvoer'];
const euiOf = (n: number) => `70B3D5499B00${String(n).padStart(4, '0')}`;
const FLEET = 47;
const FORMULA = '=HYPERLINK("http://evil.example","klik")';

beforeAll(async () => {
  const db = ctx.database.db;
  await ctx.database.reset();
  const acme = await insertCustomer(db, 'Acme');
  const bolt = await insertCustomer(db, 'Bolt');
  const hal = await insertLocation(db, acme, 'Hal');
  const dak = await insertLocation(db, bolt, 'Dak');
  for (let n = FLEET; n >= 1; n--) {
    const unassigned = n % 5 === 0;
    await insertDevice(db, {
      eui: euiOf(n),
      name: n === 13 ? FORMULA : NAMES[n % NAMES.length],
      type: (['V1', 'V2', 'V3'] as const)[n % 3],
      customerId: unassigned ? undefined : n % 2 ? acme : bolt,
      locationId: unassigned || n % 7 === 0 ? undefined : n % 2 ? hal : dak,
      heardHoursAgo: n % 4 === 0 ? undefined : n % 6,
    });
    if (n % 3) await db.update(deviceChannels).set({ value: (n % 4) + 0.25 }).where(and(eq(deviceChannels.deviceEui, euiOf(n)), eq(deviceChannels.channelId, 'temperature1')));
  }
  await db.update(devices).set({ signal: 3, calibrationTs: new Date('2026-03-01T10:00:00.123456Z') }).where(eq(devices.eui, euiOf(11)));
  await db.update(devices).set({ calibrationTs: new Date('2026-03-01T10:00:00.123Z') }).where(eq(devices.eui, euiOf(17)));
  const signedIn = await ctx.signedInUsers({ admin: { administrator: true } });
  const acmeUser = await ctx.createUser({ email: 'acme@example.com', password: TEST_PASSWORD, rights: { dashboard: true } });
  await restrictUser(db, acmeUser, [acme]);
  tokens = { ...signedIn, acme: await ctx.tokenFor('acme@example.com') };
});

/** The EUIs of every page of the list, one page after the other. */
async function listed(token: string, query: string): Promise<string[]> {
  const rows: string[] = [];
  for (let page = 1; ; page++) {
    const response = await call(token, 'GET', `/devices?projection=eui&${query}&page=${page}&limit=10`);
    expect(response.statusCode).toBe(200);
    const found = response.json<{ eui: string }[]>();
    if (!found.length) return rows;
    rows.push(...found.map((row) => row.eui));
  }
}

async function exported(token: string, query: string, path = '/devices/export.csv') {
  const response = await call(token, 'GET', `${path}?${query}`);
  expect(response.statusCode).toBe(200);
  return { response, ...csvRecords(response.body) };
}

const QUERIES = [
  'sort=name',
  'sort=-name',
  'assigned=true&sort=name',
  'assigned=true&sort=-lastOnline',
  'assigned=true&sort=lastOnline',
  'sort=temperature1',
  'sort=-temperature1',
  'sort=calibration',
  'sort=-calibration',
  'sort=type',
  'sort=-signal',
  'sort=sync',
  'sort=-eui',
  'search=pomp',
  `conditions=${encodeURIComponent(JSON.stringify({ customer: 'Acme' }))}&sort=-name`,
];

describe('GET /devices/export.csv', () => {
  it.each(QUERIES.map((query) => [query]))('%s: the export holds the rows of every page of the list, in order', async (query) => {
    const list = await listed(tokens.admin, query);
    expect(list.length).toBeGreaterThan(1);
    const { header, rows } = await exported(tokens.admin, query);
    expect(rows.map((row) => row[header.indexOf('EUI')])).toEqual(list);
  });

  it.each(QUERIES.map((query) => [query]))('%s: keyset batches of 4 give the same rows as one batch', async (query) => {
    const params = Object.fromEntries(new URLSearchParams(query));
    const parsed = { ...params, assigned: params.assigned === undefined ? undefined : params.assigned === 'true' };
    const walk = async (size: number) => {
      const euis: string[] = [];
      const sizes: number[] = [];
      for await (const batch of deviceExportBatches(ctx.database.db, null, parsed, undefined, size)) {
        sizes.push(batch.length);
        euis.push(...batch.map((row) => row.eui));
      }
      return { euis, sizes };
    };
    const small = await walk(4);
    expect(Math.max(...small.sizes)).toBe(4);
    expect(small.euis).toEqual((await walk(1000)).euis);
    expect(small.euis).toEqual(await listed(tokens.admin, query));
  });

  it('a user of one customer exports only that customer\'s nodes; a list they may not see is 404', async () => {
    const { header, rows } = await exported(tokens.acme, 'sort=name');
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row[header.indexOf('Klant')]))).toEqual(new Set(['Acme']));
    expect(rows.map((row) => row[header.indexOf('EUI')])).toEqual(await listed(tokens.acme, 'sort=name'));
    const other = await call(tokens.acme, 'GET', '/customers/Bolt/devices/export.csv');
    expect(other.statusCode).toBe(404);
    const own = await exported(tokens.acme, 'sort=name', '/customers/Acme/devices/export.csv');
    expect(own.rows).toEqual(rows);
  });

  it('guards a name that is a formula, writes the file name, the BOM, semicolons and the language', async () => {
    const { response, header, rows } = await exported(tokens.admin, 'search=hyperlink');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="nodes-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.body.startsWith('\uFEFFNaam;EUI;Klant;Locatie;')).toBe(true);
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""klik"")"`);
    expect(rows).toHaveLength(1);
    expect(rows[0][header.indexOf('Naam')]).toBe(`'${FORMULA}`);
    const english = await exported(tokens.admin, 'search=hyperlink&language=en');
    expect(english.header.slice(0, 4)).toEqual(['Name', 'EUI', 'Customer', 'Location']);
  });

  it('writes values as the list has them: decimal comma, ISO times with offset, sync in words', async () => {
    const { header, rows } = await exported(tokens.admin, `conditions=${encodeURIComponent(JSON.stringify({ eui: euiOf(11) }))}`);
    const row = rows[0];
    expect(row[header.indexOf('Temperatuur 1 (°C)')]).toBe('3,25');
    expect(row[header.indexOf('Kalibratie')]).toBe('2026-03-01T10:00:00.123Z');
    expect(row[header.indexOf('Signaal (0-4)')]).toBe('3');
    expect(['Geen parameters', 'Wacht op synchronisatie', 'Gesynchroniseerd']).toContain(row[header.indexOf('Sync')]);
  });
});

describe('GET /devices/:eui/auditLogs/export.csv', () => {
  it('every entry, newest first as the tab lists them, for administrators only', async () => {
    const eui = euiOf(11);
    for (let n = 0; n < 5; n++) await appendAuditLog(ctx.database.db, eui, n % 2 ? '=cmd@example.com' : 'piet@example.com', { action: 'edit', n });
    const listed = (await call(tokens.admin, 'GET', `/devices/${eui}/auditLogs`)).json<{ ts: string; user: string; value: { n: number } }[]>();
    const { response, header, rows } = await exported(tokens.admin, '', `/devices/${eui}/auditLogs/export.csv`);
    expect(header).toEqual(['Tijd', 'Gebruiker', 'Wijziging (JSON)']);
    expect(rows.map((row) => (JSON.parse(row[2]) as { n: number }).n)).toEqual(listed.map((entry) => entry.value.n));
    expect(rows.map((row) => row[0])).toEqual(listed.map((entry) => entry.ts));
    expect(rows.some((row) => row[1] === "'=cmd@example.com")).toBe(true);
    expect(response.headers['content-disposition']).toMatch(new RegExp(`filename="audit-${eui}-\\d{4}-\\d{2}-\\d{2}\\.csv"`));
    expect((await call(tokens.acme, 'GET', `/devices/${eui}/auditLogs/export.csv`)).statusCode).toBe(403);
  });
});
