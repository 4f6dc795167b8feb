import { beforeAll, describe, expect, it } from 'vitest';
import { alarms } from '../../db/schema';
import { TEST_PASSWORD, useTestContext } from '../../test/test-app';
import { csvRecords } from '../../test/csv-fixtures';
import { caller, insertCustomer, insertDevice, insertLocation, restrictUser } from '../../test/places-fixtures';
import { alarmExportBatches } from './alarm-repository';
import { USER_TYPE_ADMINISTRATOR } from '@aquasmart/domain';
import type { TAuthUser } from '../../identity/auth-user';

/**
 * The alarm list's export (docs/exports.md): every alarm the filters match, all pages, in the list's
 * order (active first, then newest; ties in the opening time settled by the id); the list's scope.
 */
let tokens: Record<'admin' | 'acme', string>;
const ctx = useTestContext({ reset: 'never' });
const call = caller(ctx);
const KINDS = ['offline', 'lowBattery', 'temperature', 'flushAlarm'] as const;
const STATES = ['new', 'acknowledged', 'resolved'] as const;

beforeAll(async () => {
  const db = ctx.database.db;
  await ctx.database.reset();
  const acme = await insertCustomer(db, 'Acme');
  const bolt = await insertCustomer(db, 'Bolt');
  const hal = await insertLocation(db, acme, 'Hal');
  const dak = await insertLocation(db, bolt, 'Dak');
  const base = Date.parse('2026-06-01T00:00:00Z');
  for (let n = 0; n < 30; n++) {
    const eui = `70B3D5499D00${String(n).padStart(4, '0')}`;
    const mine = n % 3 !== 0;
    await insertDevice(db, { eui, name: n === 4 ? '@SUM(1+1)' : `Node ${n}`, customerId: mine ? acme : bolt, locationId: mine ? hal : dak });
    // Every third pair opened at the same moment: the id settles the order.
    const openedAt = new Date(base - Math.floor(n / 2) * 3_600_000);
    for (const kind of [KINDS[n % KINDS.length], KINDS[(n + 1) % KINDS.length]]) {
      await db.insert(alarms).values({
        kind,
        deviceEui: eui,
        channelId: kind === 'temperature' ? 'temperature1' : '',
        customerId: mine ? acme : bolt,
        locationId: mine ? hal : dak,
        openedAt,
        closedAt: n % 4 === 0 ? null : new Date(openedAt.getTime() + 600_000),
        state: STATES[n % STATES.length],
      });
    }
  }
  const signedIn = await ctx.signedInUsers({ admin: { administrator: true } });
  const acmeUser = await ctx.createUser({ email: 'acme@example.com', password: TEST_PASSWORD, rights: { dashboard: true } });
  await restrictUser(db, acmeUser, [acme]);
  tokens = { ...signedIn, acme: await ctx.tokenFor('acme@example.com') };
});

async function listed(token: string, query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const response = await call(token, 'GET', `/alarms?${query}&page=${page}&limit=7`);
    expect(response.statusCode).toBe(200);
    const rows = response.json<{ id: number }[]>();
    if (!rows.length) return ids;
    ids.push(...rows.map((row) => row.id));
  }
}

async function exported(token: string, query: string) {
  const response = await call(token, 'GET', `/alarms/export.csv?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return { response, ...csvRecords(response.body) };
}

describe('GET /alarms/export.csv', () => {
  it.each(['', 'status=all', 'status=active', 'kind=temperature&status=all', 'state=resolved&status=all', 'customer=Acme&location=Hal&status=all'])(
    '%s: every alarm of every page, in the list order',
    async (query) => {
      const list = await listed(tokens.admin, query);
      expect(list.length).toBeGreaterThan(0);
      const { rows } = await exported(tokens.admin, query);
      expect(rows.map((row) => Number(row[0]))).toEqual(list);
    },
  );

  it('keyset batches of 3 cross ties in the opening time without losing or repeating an alarm', async () => {
    const ids: number[] = [];
    for await (const batch of alarmExportBatches(ctx.database.db, { id: 0, type: USER_TYPE_ADMINISTRATOR, customers: [] } as unknown as TAuthUser, { status: 'all' }, 3)) ids.push(...batch.map((row) => row.id));
    expect(ids).toEqual(await listed(tokens.admin, 'status=all'));
  });

  it("a customer's user exports only their customer's alarms", async () => {
    const { header, rows } = await exported(tokens.acme, 'status=all');
    expect(rows.map((row) => Number(row[0]))).toEqual(await listed(tokens.acme, 'status=all'));
    expect(new Set(rows.map((row) => row[header.indexOf('Klant')]))).toEqual(new Set(['Acme']));
  });

  it('writes kinds and states in words, guards formulas and names the file', async () => {
    const { response, header, rows } = await exported(tokens.admin, 'status=all');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="alarms-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(header).toEqual(['Nummer', 'Soort', 'Kanaal', 'Node of gateway', 'EUI', 'Klant', 'Locatie', 'Begonnen', 'Toestand voorbij', 'Status', 'Toegewezen aan']);
    expect(rows.some((row) => row[1] === 'Temperatuur buiten grens')).toBe(true);
    expect(rows.filter((row) => row[3] === "'@SUM(1+1)")).toHaveLength(2);
    expect(rows.every((row) => /^\d{4}-\d{2}-\d{2}T/.test(row[7]))).toBe(true);
  });
});
