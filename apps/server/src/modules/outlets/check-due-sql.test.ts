import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_CHECKS_MAX } from '@aquasmart/domain';
import { insertCustomer, insertDevice, insertLocation, insertProduct } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';
import { outletChecksDue } from './check-due';
import { dueRows, dueSummary } from './check-due-sql';

/**
 * The due rule in SQL (check-due-sql.ts, docs/outlets.md "Speed") against the domain's (`checkDue`
 * per outlet, check-due.ts): every kind and mark of outlet, a flushing node, overrides (off, own
 * period in months and days), two rulebooks and time zones, last checks at month ends, on 29
 * February and around local midnight, a check not possible, on several days. The two must agree on
 * every row.
 */
const ctx = useTestContext();

const KINDS = ['shower', 'washbasinTap', 'sink', 'tmv', 'cistern', 'calorifier', 'coldTank', 'coldInlet', 'other'];
const DONE = ['2028-01-31T10:00:00Z', '2028-02-29T12:00:00Z', '2027-08-31T22:30:00Z', '2028-03-31T23:30:00Z', '2028-04-30T00:30:00Z', null];

async function seed(): Promise<number[]> {
  const db = ctx.database.db;
  const customerId = await insertCustomer(db, 'Zorggroep West');
  const nl = await insertLocation(db, customerId, 'Huize Zonneveld');
  const uk = await insertLocation(db, customerId, 'St Mary', { rulebook: 'UK', timeZone: 'Europe/London', healthcare: true });
  const flusher = await insertProduct(db, 'Kraan', 'Faucet');
  await insertDevice(db, { eui: '00000000000000F1', customerId, locationId: nl, flushDeviceId: flusher });
  await db.execute(sql`INSERT INTO outlet_check_overrides (location_id, check_kind, off, period_unit, period_count) VALUES
    (${nl}, 'showerheadDescaling', false, 'months', 5), (${nl}, 'tmvService', true, NULL, NULL), (${uk}, 'littleUsedFlush', false, 'days', 10)`);
  // Every kind x sentinel x little used, at both places; the first little-used ones at the NL place linked to the flushing node.
  await db.execute(sql`INSERT INTO outlets (location_id, name, kind, water, sentinel, little_used, device_eui, channel_id, created_at)
    SELECT l, 'O' || l || '-' || k || '-' || s || '-' || u, k, 'hot', s, u,
      CASE WHEN l = ${nl} AND u AND s = 'none' THEN '00000000000000F1' END, CASE WHEN l = ${nl} AND u AND s = 'none' THEN 'temperature1' END,
      '2027-06-30T23:30:00Z'::timestamptz
    FROM unnest(ARRAY[${nl}::int, ${uk}::int]) l, unnest(${`{${KINDS.join(',')}}`}::text[]) k, unnest(ARRAY['none', 'nearest', 'furthest']) s, unnest(ARRAY[false, true]) u`);
  // Done checks of every applicable kind at their outlet, one of the dates by number; some not possible (they move nothing).
  const done = DONE.filter((value): value is string => value !== null);
  await db.execute(sql`INSERT INTO outlet_checks (location_id, outlet_id, check_kind, outcome, reason, rulebook, done_at, user_email)
    SELECT o.location_id, o.id, k, CASE WHEN (o.id + n) % 7 = 0 THEN 'notPossible' ELSE 'done' END, CASE WHEN (o.id + n) % 7 = 0 THEN 'dicht' END, 'NL',
      (${`{${done.join(',')}}`}::timestamptz[])[1 + (o.id * 3 + n) % ${done.length}], 'test@example.com'
    FROM outlets o, unnest(ARRAY['sentinelTemperature', 'showerheadDescaling', 'tmvService', 'coldTankInspection', 'incomingColdWater', 'littleUsedFlush']) k, generate_series(0, 1) n
    WHERE (o.id + n) % 5 <> 0`);
  return [nl, uk];
}

describe('the due rule in SQL', () => {
  it('agrees with the domain\'s rule per outlet and check, and the dashboard\'s counts with the list', async () => {
    const places = await seed();
    const db = ctx.database.db;
    for (const now of ['2028-03-07T12:00:00Z', '2028-03-31T23:10:00Z', '2028-05-01T06:00:00Z', '2029-02-21T12:00:00Z'].map((iso) => new Date(iso))) {
      const expected = (await Promise.all(places.map((locationId) => outletChecksDue(db, { locationId }, now)))).flat();
      const domain = expected.flatMap(({ outlet, checks }) => checks.map((due) => `${outlet.id} ${due.check} ${due.lastDone} ${due.nextDue} ${due.state}`)).sort();
      const fromSql = (await Promise.all(places.map((locationId) => dueRows(db, { locationId }, now))))
        .flatMap(({ rows }) => rows.map((row) => `${row.outletId} ${row.check} ${row.lastDone} ${row.nextDue} ${row.state}`))
        .sort();
      expect(fromSql.length).toBeGreaterThan(100);
      expect(fromSql).toEqual(domain);
      // Some of each state, so the comparison covers them.
      for (const state of ['overdue', 'due', 'planned']) expect(domain.some((row) => row.endsWith(state)), `${now.toISOString()} ${state}`).toBe(true);

      const summary = await dueSummary(db, { customerIds: null }, now, DASHBOARD_CHECKS_MAX);
      const listed = expected.flatMap(({ outlet, checks }) => checks.filter((due) => due.state !== 'planned').map((due) => ({ outletId: outlet.id, ...due })));
      expect({ outlets: summary.outlets, checks: summary.checks, overdue: summary.overdue, due: summary.due }).toEqual({
        outlets: expected.length,
        checks: domain.length,
        overdue: listed.filter((due) => due.state === 'overdue').length,
        due: listed.filter((due) => due.state === 'due').length,
      });
      // The soonest 50 (and the ties on the 50th date) are handed over.
      const cut = listed.map((due) => due.nextDue).sort()[DASHBOARD_CHECKS_MAX - 1] ?? '9999-12-31';
      expect(summary.soonest.length).toBe(listed.filter((due) => due.nextDue <= cut).length);
    }
  });
});
