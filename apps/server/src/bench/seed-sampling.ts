import { sql } from 'drizzle-orm';
import { queryRows, type TDatabase } from '../db/database';
import { runSamplingDueStep } from '../modules/sampling/sampling-due';
import { BENCH_ADMIN, LOGBOOK_BENCH_CUSTOMER_ID, LOGBOOK_BENCH_LOCATION, step } from './seed-common';

/** The sampling steps of the seed; with `again`, on a seeded database: its sampling data first deleted (`--sampling-only`). */
export async function seedSamplingSteps(database: TDatabase, again = false): Promise<void> {
  if (again) {
    await step('sampling data deleted', async () => {
      const run = (query: ReturnType<typeof sql>) => database.system.execute(query);
      await run(sql`DELETE FROM alarm_events WHERE alarm_id IN (SELECT id FROM alarms WHERE sample_point_id IS NOT NULL)`);
      await run(sql`DELETE FROM alarms WHERE sample_point_id IS NOT NULL`);
      await run(sql`DELETE FROM sample_results`);
      await run(sql`DELETE FROM sampling_plans`);
      await run(sql`DELETE FROM sample_points`);
    });
  }
  await step('sampling (sample points, plans, two years of lab results, their alarms)', () => seedSampling(database));
  await step('sampling due look (the hourly job: samplingOverdue alarms)', () =>
    database.system.transaction((tx) => runSamplingDueStep(tx, new Date())).then((look) => process.stdout.write(`(${look.opened} opened) `)),
  );
  if (again) await step('vacuum analyze (sampling)', () => database.exec('VACUUM ANALYZE sample_points, sample_results, sampling_plans, alarms, alarm_events'));
}

/**
 * Sampling (docs/sampling.md, "Speed"), set-based. Which locations sample: every fourth location of
 * the fleet (a quarter: care homes, hotels, sports halls and other priority premises sample, offices
 * mostly do not) and every location of the logbook's customer (so its month report carries a
 * sampling section everywhere); "Logboek 50" has 6 points (art. 43: 101-200 taps, `taps` 150 in its
 * plan), the others 2 to 4 (hot and cold alternately, the first a priority point linked to the
 * location's first node's channel 1). A tenth of them have their own plan (12 months: used at most 7
 * months a year). Results: every point half-yearly over two years (4 samplings, the latest 0 to 199
 * days ago, so about 9 % of the points are overdue and some due within 30 days); 94.5 % compliant
 * (most "not detected, < 100 kve/l", 5.5 % a count of 50), 2 % exceeded (200-580 kve/l: measures, a
 * warning) and 0.5 % above 1,000 (2,400 kve/l: report to the ILT, critical). An exceeded result
 * opened a `legionella` alarm a week after sampling (the lab's time); one whose re-sample is 21 days
 * later (compliant, entered a week after that) was resolved two days after it opened and closed by
 * the re-sample; a recent one without a re-sample yet is open (half acknowledged).
 */
export async function seedSampling(database: TDatabase): Promise<void> {
  const db = database.system;
  const run = (query: ReturnType<typeof sql>) => db.execute(query);
  const admin = sql`(SELECT id FROM users WHERE email = ${BENCH_ADMIN})`;
  const sampling = sql`(l.id % 4 = 0 OR l.customer_id = ${LOGBOOK_BENCH_CUSTOMER_ID})`;
  await run(sql`INSERT INTO sample_points (location_id, name, role, priority, device_eui, channel_id, created_at, updated_at)
    SELECT l.id,
      (ARRAY['Douche 1e verdieping', 'Keukenkraan', 'Douche kleedkamer', 'Wastafel toilet', 'Douche 2e verdieping', 'Tappunt technische ruimte'])[n],
      CASE WHEN n % 2 = 1 THEN 'hot' ELSE 'cold' END, n = 1,
      CASE WHEN l.name = ${LOGBOOK_BENCH_LOCATION} THEN (SELECT eui FROM devices WHERE location_id = l.id ORDER BY name OFFSET n - 1 LIMIT 1)
        WHEN n = 1 THEN (SELECT min(eui) FROM devices WHERE location_id = l.id) END,
      CASE WHEN l.name = ${LOGBOOK_BENCH_LOCATION} THEN CASE WHEN n % 2 = 1 THEN 'temperature1' ELSE 'temperature2' END
        WHEN n = 1 AND EXISTS (SELECT 1 FROM devices WHERE location_id = l.id) THEN 'temperature1' END,
      now() - interval '800 days', now() - interval '800 days'
    FROM locations l CROSS JOIN LATERAL generate_series(1, CASE WHEN l.name = ${LOGBOOK_BENCH_LOCATION} THEN 6 ELSE 2 + l.id % 3 END) n
    WHERE ${sampling}`);
  await run(sql`INSERT INTO sampling_plans (location_id, interval_months, taps)
    SELECT l.id, CASE WHEN l.name = ${LOGBOOK_BENCH_LOCATION} THEN NULL ELSE 12 END, CASE WHEN l.name = ${LOGBOOK_BENCH_LOCATION} THEN 150 END
    FROM locations l WHERE ${sampling} AND (l.id % 40 = 0 OR l.name = ${LOGBOOK_BENCH_LOCATION})`);
  // h: the result's draw (0..999); phase: days since the point's latest sampling.
  await run(sql`DROP TABLE IF EXISTS sampling_seed`);
  await run(sql`CREATE UNLOGGED TABLE sampling_seed AS
    SELECT p.id AS point, p.location_id, p.role, p.name, k, abs(hashtext(p.id || '-' || k)) % 1000 AS h,
      date_trunc('day', now() - ((p.id * 7919) % 200 + k * 182) * interval '1 day') + interval '8 hours' + (p.id % 240) * interval '1 minute' AS taken_at
    FROM sample_points p CROSS JOIN generate_series(0, 3) k`);
  const count = (value: string, species = 'Legionella spp.', serogroup: string | null = null) =>
    sql.raw(`jsonb_build_object('species', '${species}', 'serogroup', ${serogroup === null ? 'NULL' : `'${serogroup}'`}, 'count', ${value}, 'detectionLimit', 100, 'unit', 'kve/l')`);
  await run(sql`INSERT INTO sample_results (sample_point_id, location_id, sample_id, taken_at, lab, accreditation, method, water_celsius, counts, rulebook,
      highest_per_litre, verdict, legal_step, severity, resample, resample_due, source, user_email, entered_at)
    SELECT s.point, s.location_id, 'LAB-' || s.point || '-' || s.k, s.taken_at,
      CASE WHEN s.location_id % 2 = 0 THEN 'Eurofins Omegam' ELSE 'Het Waterlaboratorium' END, 'RvA L 028', 'ISO 11731',
      CASE WHEN s.role = 'hot' THEN 58.5 ELSE 14.2 END,
      CASE WHEN s.h < 5 THEN jsonb_build_array(${count('2400')}, ${count('1800', 'Legionella pneumophila', 'SG 1')})
        WHEN s.h < 25 THEN jsonb_build_array(${count('(200 + s.h * 20)')}, ${count('(100 + s.h * 10)', 'Legionella pneumophila', 'SG 2-14')})
        WHEN s.h < 80 THEN jsonb_build_array(${count('50')})
        ELSE jsonb_build_array(${count('NULL')}) END,
      'NL',
      CASE WHEN s.h < 5 THEN 2400 WHEN s.h < 25 THEN 200 + s.h * 20 WHEN s.h < 80 THEN 50 END,
      CASE WHEN s.h < 5 THEN 'report' WHEN s.h < 25 THEN 'exceeded' ELSE 'compliant' END,
      CASE WHEN s.h < 5 THEN 'reportIlt' WHEN s.h < 25 THEN 'measures' ELSE 'none' END,
      CASE WHEN s.h < 5 THEN 'critical' WHEN s.h < 25 THEN 'warning' END,
      false, CASE WHEN s.h < 25 THEN (s.taken_at AT TIME ZONE 'Europe/Amsterdam')::date + 30 END,
      'csv', ${BENCH_ADMIN}, least(now(), s.taken_at + interval '7 days')
    FROM sampling_seed s ORDER BY s.taken_at`);
  // The re-samples, 21 days after an exceeded result, where that day has passed: compliant.
  await run(sql`INSERT INTO sample_results (sample_point_id, location_id, sample_id, taken_at, lab, accreditation, method, water_celsius, counts, rulebook,
      highest_per_litre, verdict, legal_step, resample, source, user_email, entered_at)
    SELECT s.point, s.location_id, 'LAB-' || s.point || '-' || s.k || '-H', s.taken_at + interval '21 days',
      CASE WHEN s.location_id % 2 = 0 THEN 'Eurofins Omegam' ELSE 'Het Waterlaboratorium' END, 'RvA L 028', 'ISO 11731',
      CASE WHEN s.role = 'hot' THEN 60.5 ELSE 13.8 END, jsonb_build_array(${count('NULL')}), 'NL', NULL, 'compliant', 'none', true,
      'csv', ${BENCH_ADMIN}, least(now(), s.taken_at + interval '28 days')
    FROM sampling_seed s WHERE s.h < 25 AND s.taken_at + interval '21 days' < now() - interval '1 day'`);
  // The alarms of the exceeded results: opened at entry, resolved and closed by the re-sample where there is one.
  await run(sql`INSERT INTO alarms (kind, sample_point_id, customer_id, location_id, opened_at, closed_at, state, acknowledged_at, acknowledged_by,
      resolved_at, resolved_by, resolution, details)
    SELECT 'legionella', r.sample_point_id, l.customer_id, r.location_id, r.entered_at, h.entered_at,
      CASE WHEN h.id IS NOT NULL THEN 'resolved' WHEN r.sample_point_id % 2 = 0 THEN 'acknowledged' ELSE 'new' END,
      CASE WHEN h.id IS NOT NULL OR r.sample_point_id % 2 = 0 THEN r.entered_at + interval '2 hours' END,
      CASE WHEN h.id IS NOT NULL OR r.sample_point_id % 2 = 0 THEN ${admin} END,
      CASE WHEN h.id IS NOT NULL THEN r.entered_at + interval '2 days' END, CASE WHEN h.id IS NOT NULL THEN ${admin} END,
      CASE WHEN h.id IS NOT NULL THEN 'Thermisch gedesinfecteerd (70 °C), perlators vervangen, spoelschema aangescherpt' END,
      jsonb_build_object('samplePointId', r.sample_point_id, 'pointName', p.name, 'resultId', r.id, 'sampleId', r.sample_id, 'takenAt', r.taken_at,
        'count', r.highest_per_litre, 'unit', 'kve/l', 'perLitre', r.highest_per_litre, 'rulebook', 'NL', 'verdict', r.verdict, 'legalStep', r.legal_step,
        'severity', r.severity, 'repeatedReport', false, 'resampleDue', r.resample_due)
    FROM sample_results r JOIN sample_points p ON p.id = r.sample_point_id JOIN locations l ON l.id = r.location_id
    LEFT JOIN sample_results h ON h.location_id = r.location_id AND h.sample_id = r.sample_id || '-H'
    WHERE r.verdict IN ('exceeded', 'report')`);
  await run(sql`UPDATE sample_results r SET alarm_id = a.id FROM alarms a
    WHERE a.kind = 'legionella' AND a.sample_point_id = r.sample_point_id AND a.details->>'sampleId' = r.sample_id`);
  await run(sql`INSERT INTO alarm_events (alarm_id, at, action, user_id, user_email, details)
    SELECT a.id, x.at, x.action, CASE WHEN x.action IN ('acknowledged', 'resolved') THEN a.acknowledged_by END,
      CASE WHEN x.action IN ('acknowledged', 'resolved') THEN ${BENCH_ADMIN} END, x.details
    FROM alarms a CROSS JOIN LATERAL (VALUES
        ('opened', a.opened_at, a.details),
        ('acknowledged', a.acknowledged_at, '{}'::jsonb),
        ('resolved', a.resolved_at, CASE WHEN a.details->>'legalStep' = 'reportIlt'
          THEN jsonb_build_object('note', a.resolution, 'authorityToldAt', (a.opened_at AT TIME ZONE 'Europe/Amsterdam')::date::text) ELSE jsonb_build_object('note', a.resolution) END),
        ('closed', a.closed_at, '{"reason": "compliant"}'::jsonb)) x(action, at, details)
    WHERE a.kind = 'legionella' AND x.at IS NOT NULL`);
  await run(sql`DROP TABLE sampling_seed`);
  const [counts] = await queryRows<{ locations: number; points: number; results: number; alarms: number; open: number }>(
    db,
    sql`SELECT (SELECT count(DISTINCT location_id)::int FROM sample_points) AS locations, (SELECT count(*)::int FROM sample_points) AS points,
      (SELECT count(*)::int FROM sample_results) AS results, (SELECT count(*)::int FROM alarms WHERE kind = 'legionella') AS alarms,
      (SELECT count(*)::int FROM alarms WHERE kind = 'legionella' AND closed_at IS NULL) AS open`,
  );
  process.stdout.write(
    `(${counts.points} points at ${counts.locations} locations, ${counts.results} results, ${counts.alarms} legionella alarms of which ${counts.open} open) `,
  );
}
