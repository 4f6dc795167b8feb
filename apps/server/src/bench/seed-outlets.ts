import { sql } from 'drizzle-orm';
import { queryRows, type TDatabase } from '../db/database';
import { runCheckDueStep } from '../modules/outlets/check-due';
import { BENCH_ADMIN, LOGBOOK_BENCH_LOCATION, step } from './seed-common';

/** The outlets of the large (first) customer (issue 41: the due-checks list of a customer with 20,000 outlets). */
export const BENCH_OUTLETS = 20_000;
/** Of which at its first location: as many as one CSV import brings (docs/outlets.md, "CSV"). */
export const BENCH_OUTLETS_BIG_LOCATION = 2_000;

/** The outlet steps of the seed; with `again`, on a seeded database: its outlet data first deleted (`--outlets-only`). */
export async function seedOutletSteps(database: TDatabase, again = false): Promise<void> {
  if (again) {
    await step('outlet data deleted', async () => {
      const run = (query: ReturnType<typeof sql>) => database.system.execute(query);
      await run(sql`DELETE FROM alarm_events WHERE alarm_id IN (SELECT id FROM alarms WHERE outlet_id IS NOT NULL)`);
      await run(sql`DELETE FROM alarms WHERE outlet_id IS NOT NULL`);
      await run(sql`DELETE FROM outlet_check_last`);
      await run(sql`DELETE FROM outlet_checks`);
      await run(sql`DELETE FROM outlet_check_overrides`);
      await run(sql`DELETE FROM outlets`);
    });
  }
  await step(`outlets (${BENCH_OUTLETS} of the first customer, plans, a year of checks)`, () => seedOutlets(database));
  await step('checks due look (the hourly job: checkOverdue alarms)', () =>
    database.system.transaction((tx) => runCheckDueStep(tx, new Date())).then((look) => process.stdout.write(`(${look.opened} opened) `)),
  );
  if (again) await step('vacuum analyze (outlets)', () => database.exec('VACUUM ANALYZE outlets, outlet_checks, outlet_check_last, outlet_check_overrides, alarms, alarm_events'));
}

/**
 * Outlets (docs/outlets.md, "Speed"), set-based: 20,000 at the first customer's locations, 2,000 at
 * its first location and the rest spread evenly. Kinds by number: 30 % showers, 25 % washbasin
 * taps, 15 % sinks, 10 % TMVs, 5 % cisterns, calorifiers, incoming mains (a cold tank at every
 * 40th number) and other; 20 % sentinel outlets, 1 in 12 little used. Every fifth location keeps its
 * showerheads half-yearly, every seventh has switched the weekly flushing off. A year of done
 * checks per plan (months ~30.4 days), the latest 0 to 1.15 periods ago (so some are overdue), 2 %
 * of them not possible; sentinel and incoming readings mostly within the limit.
 */
export async function seedOutlets(database: TDatabase): Promise<void> {
  const db = database.system;
  const run = (query: ReturnType<typeof sql>) => db.execute(query);
  const places = sql`SELECT id, row_number() OVER (ORDER BY id) AS r, count(*) OVER () AS n FROM locations WHERE customer_id = 1 AND name <> ${LOGBOOK_BENCH_LOCATION}`;
  const kind = sql.raw(`CASE WHEN i % 20 < 6 THEN 'shower' WHEN i % 20 < 11 THEN 'washbasinTap' WHEN i % 20 < 14 THEN 'sink' WHEN i % 20 < 16 THEN 'tmv'
    WHEN i % 20 = 16 THEN 'cistern' WHEN i % 20 = 17 THEN 'calorifier' WHEN i % 40 = 18 THEN 'coldTank' WHEN i % 20 = 18 THEN 'coldInlet' ELSE 'other' END`);
  await run(sql`INSERT INTO outlets (location_id, name, room, floor, kind, water, sentinel, little_used, created_at, updated_at)
    SELECT p.id, 'Tappunt ' || lpad(x.i::text, 5, '0'), 'Ruimte ' || (x.i % 40), (x.i % 6)::text, x.kind,
      CASE WHEN x.kind IN ('tmv') THEN 'mixed' WHEN x.kind = 'shower' THEN (CASE WHEN x.i % 3 = 0 THEN 'hot' ELSE 'mixed' END)
        WHEN x.kind = 'calorifier' THEN 'hot' WHEN x.kind IN ('washbasinTap', 'sink') THEN (CASE WHEN x.i % 2 = 0 THEN 'hot' ELSE 'cold' END) ELSE 'cold' END,
      CASE x.i % 10 WHEN 1 THEN 'nearest' WHEN 2 THEN 'furthest' ELSE 'none' END, x.i % 12 = 0,
      now() - interval '400 days', now() - interval '400 days'
    FROM (SELECT i, ${kind} AS kind, CASE WHEN i <= ${BENCH_OUTLETS_BIG_LOCATION} THEN 1 ELSE 2 + (i - ${BENCH_OUTLETS_BIG_LOCATION} - 1) % greatest(1, (SELECT count(*) FROM locations WHERE customer_id = 1 AND name <> ${LOGBOOK_BENCH_LOCATION}) - 1) END AS r
      FROM generate_series(1, ${BENCH_OUTLETS}) i) x
    JOIN (${places}) p ON p.r = x.r`);
  await run(sql`INSERT INTO outlet_check_overrides (location_id, check_kind, off, period_unit, period_count)
    SELECT DISTINCT location_id, 'showerheadDescaling', false, 'months', 6 FROM outlets WHERE location_id % 5 = 0
    UNION ALL SELECT DISTINCT location_id, 'littleUsedFlush', true, NULL::text, NULL::int FROM outlets WHERE location_id % 7 = 0`);
  // The plans in force per outlet (check-plans.ts: outletHasCheck) with their period in days; the overrides applied.
  await run(sql`INSERT INTO outlet_checks (location_id, outlet_id, check_kind, outcome, reason, celsius, ran_seconds, allowed_seconds, rulebook,
      limit_kind, limit_celsius, verdict, done_at, user_email, recorded_at)
    SELECT c.location_id, c.id, c.check_kind, CASE WHEN c.h < 20 THEN 'notPossible' ELSE 'done' END, CASE WHEN c.h < 20 THEN 'Ruimte afgesloten' END,
      CASE WHEN c.h >= 20 AND c.reading THEN (CASE WHEN c.hot THEN 58 + (c.h % 60) / 10.0 ELSE 14 + (c.h % 80) / 10.0 END) END,
      CASE WHEN c.h >= 20 AND c.reading THEN 60 END, CASE WHEN c.reading THEN (CASE WHEN c.hot THEN 60 ELSE 120 END) END, 'NL',
      CASE WHEN c.reading AND NOT c.mixed THEN (CASE WHEN c.hot THEN 'atLeast' ELSE 'atMost' END) END, CASE WHEN c.reading AND NOT c.mixed THEN (CASE WHEN c.hot THEN 60 ELSE 25 END) END,
      CASE WHEN c.h >= 20 AND c.reading THEN (CASE WHEN c.hot AND c.h % 60 < 20 THEN 'outsideLimit' WHEN c.mixed THEN 'notJudged' ELSE 'withinLimit' END) END,
      c.done_at, ${BENCH_ADMIN}, c.done_at + interval '2 minutes'
    FROM (
      SELECT o.location_id, o.id, k.check_kind, k.reading, o.water = 'hot' AND k.check_kind = 'sentinelTemperature' AS hot,
        o.water = 'mixed' AND k.check_kind = 'sentinelTemperature' AS mixed, abs(hashtext(o.id || k.check_kind || n)) % 1000 AS h,
        now() - (n * k.days + (abs(hashtext(o.id || k.check_kind)) % 1000) / 1000.0 * 1.15 * k.days) * interval '1 day' AS done_at
      FROM outlets o
      CROSS JOIN LATERAL (VALUES ('sentinelTemperature', o.sentinel <> 'none', 30.4, true), ('showerheadDescaling', o.kind = 'shower', 91.3, false),
        ('tmvService', o.kind = 'tmv', 365.2, false), ('coldTankInspection', o.kind = 'coldTank', 182.6, false),
        ('incomingColdWater', o.kind IN ('coldInlet', 'coldTank'), 182.6, true), ('littleUsedFlush', o.little_used, 7.0, false)) k0(check_kind, applies, base, reading)
      LEFT JOIN outlet_check_overrides v ON v.location_id = o.location_id AND v.check_kind = k0.check_kind
      CROSS JOIN LATERAL (SELECT k0.check_kind, k0.reading, CASE WHEN v.period_unit = 'months' THEN v.period_count * 30.4 ELSE k0.base END AS days) k
      CROSS JOIN LATERAL generate_series(0, greatest(0, ceil(365 / k.days)::int - 1)) n
      WHERE k0.applies AND NOT coalesce(v.off, false)
    ) c`);
  const [counts] = await queryRows<{ outlets: number; locations: number; checks: number; biggest: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM outlets) AS outlets, (SELECT count(DISTINCT location_id)::int FROM outlets) AS locations,
      (SELECT count(*)::int FROM outlet_checks) AS checks, (SELECT max(n)::int FROM (SELECT count(*) AS n FROM outlets GROUP BY location_id) g) AS biggest`,
  );
  process.stdout.write(`(${counts.outlets} outlets at ${counts.locations} locations, the largest ${counts.biggest}; ${counts.checks} checks) `);
}
