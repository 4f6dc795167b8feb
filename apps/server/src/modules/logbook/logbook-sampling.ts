import { sql } from 'drizzle-orm';
import {
  effectivePlan,
  localDateIn,
  opensAlarm,
  perLitre,
  pointDue,
  type TCountUnit,
  type TDeUse,
  type TLegalStep,
  type TLogbookSampleResult,
  type TLogbookSampling,
  type TRulebookId,
  type TSamplePointRole,
  type TSampleVerdict,
} from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import type { TPeriodBounds } from './logbook-repository';

/**
 * The logbook's sampling section (docs/logbook.md, "Sampling"): the location's sample points that
 * existed by the period's end (added by then, or with a result taken by then: a point added to enter
 * older results) with their due dates as they stood then (the plan's settings as they
 * are now: the plan keeps no history), the results taken in the period, each with its alarm's steps
 * (acknowledged, resolved with the action, when the authority was told). Undefined for a location
 * without sample points, so its report stays as before. Three statements, all indexed by location.
 */

const pointRow = rowShape({
  id: column.number,
  name: column.as<string>(),
  role: column.as<TSamplePointRole>(),
  priority: column.as<boolean>(),
  created_at: column.iso,
  taken: column.number,
  last_taken_at: column.nullable(column.iso),
  last_verdict: column.as<TSampleVerdict | null>(),
});

const planRow = rowShape({ interval_months: column.as<number | null>(), de_use: column.as<TDeUse | null>(), resample_within_days: column.as<number | null>() });

interface TStoredCount {
  count: number | null;
  detectionLimit: number | null;
  unit: TCountUnit;
}

const resultRow = rowShape({
  id: column.number,
  sample_point_id: column.number,
  point_name: column.as<string>(),
  sample_id: column.as<string>(),
  taken_at: column.iso,
  lab: column.as<string>(),
  accreditation: column.as<string | null>(),
  method: column.as<string>(),
  counts: column.json<TStoredCount[]>(),
  highest_per_litre: column.as<number | null>(),
  verdict: column.as<TSampleVerdict>(),
  legal_step: column.as<TLegalStep>(),
  resample: column.as<boolean>(),
  resample_due: column.as<string | null>(),
  alarm_id: column.nullable(column.number),
  acknowledged_by: column.as<string | null>(),
  acknowledged_at: column.nullable(column.iso),
  resolved_by: column.as<string | null>(),
  resolved_at: column.nullable(column.iso),
  resolution: column.as<string | null>(),
  authority_told_at: column.as<string | null>(),
});

/** The count a result is judged by, as reported: the highest per litre; none detected: the first count's limit. */
function highest(counts: readonly TStoredCount[]): TStoredCount {
  let best: TStoredCount | null = null;
  for (const entry of counts) {
    if (entry.count === null) continue;
    if (best === null || perLitre(entry.count, entry.unit) > perLitre(best.count as number, best.unit)) best = entry;
  }
  return best ?? counts[0] ?? { count: null, detectionLimit: null, unit: 'kve/l' };
}

export async function samplingSection(db: TDbOrTx, locationId: number, rulebook: TRulebookId, timeZone: string, span: TPeriodBounds): Promise<TLogbookSampling | undefined> {
  const points = await pointRow.readInTurn(
    db,
    sql`SELECT p.id, p.name, p.role, p.priority, p.created_at,
               (SELECT count(*) FROM sample_results r WHERE r.sample_point_id = p.id AND r.taken_at >= ${span.start} AND r.taken_at < ${span.end})::int AS taken,
               l.taken_at AS last_taken_at, l.verdict AS last_verdict
          FROM sample_points p
          LEFT JOIN LATERAL (SELECT taken_at, verdict FROM sample_results r WHERE r.sample_point_id = p.id AND r.taken_at < ${span.end} ORDER BY taken_at DESC, id DESC LIMIT 1) l ON true
         WHERE p.location_id = ${locationId}
           AND (p.created_at < ${span.end} OR EXISTS (SELECT 1 FROM sample_results r WHERE r.sample_point_id = p.id AND r.taken_at < ${span.end}))
         ORDER BY p.priority DESC, p.name, p.id`,
  );
  if (points.length === 0) return undefined;
  const [settings] = await planRow.readInTurn(db, sql`SELECT interval_months, de_use, resample_within_days FROM sampling_plans WHERE location_id = ${locationId}`);
  const plan = effectivePlan(rulebook, settings ? { intervalMonths: settings.interval_months, deUse: settings.de_use, resampleWithinDays: settings.resample_within_days } : null);
  // The last day the period was judged (its end, or now for a period still running).
  const lastDay = localDateIn(new Date(span.end.getTime() - 1), timeZone);

  const rows = await resultRow.readInTurn(
    db,
    sql`SELECT r.id, r.sample_point_id, p.name AS point_name, r.sample_id, r.taken_at, r.lab, r.accreditation, r.method, r.counts, r.highest_per_litre,
               r.verdict, r.legal_step, r.resample, r.resample_due::text AS resample_due, r.alarm_id,
               ack.user_email AS acknowledged_by, ack.at AS acknowledged_at, res.user_email AS resolved_by, res.at AS resolved_at, a.resolution,
               res.details->>'authorityToldAt' AS authority_told_at
          FROM sample_results r
          JOIN sample_points p ON p.id = r.sample_point_id
          LEFT JOIN alarms a ON a.id = r.alarm_id
          LEFT JOIN LATERAL (SELECT e.user_email, e.at FROM alarm_events e WHERE e.alarm_id = a.id AND e.action IN ('acknowledged', 'assigned') AND e.user_email IS NOT NULL ORDER BY e.at, e.id LIMIT 1) ack ON true
          LEFT JOIN LATERAL (SELECT e.user_email, e.at, e.details FROM alarm_events e WHERE e.alarm_id = a.id AND e.action = 'resolved' ORDER BY e.at DESC, e.id DESC LIMIT 1) res ON true
         WHERE r.location_id = ${locationId} AND r.taken_at >= ${span.start} AND r.taken_at < ${span.end}
         ORDER BY r.taken_at, r.id`,
  );
  const results = rows.map((row): TLogbookSampleResult => {
    const judged = highest(row.counts);
    return {
      resultId: row.id,
      samplePointId: row.sample_point_id,
      pointName: row.point_name,
      sampleId: row.sample_id,
      takenAt: row.taken_at,
      lab: row.lab,
      accreditation: row.accreditation,
      method: row.method,
      count: judged.count,
      detectionLimit: judged.detectionLimit,
      unit: judged.unit,
      perLitre: row.highest_per_litre,
      verdict: row.verdict,
      legalStep: row.legal_step,
      resample: row.resample,
      resampleDue: row.resample_due,
      alarmId: row.alarm_id,
      handling:
        row.alarm_id === null
          ? null
          : {
              acknowledgedBy: row.acknowledged_by,
              acknowledgedAt: row.acknowledged_at,
              resolvedBy: row.resolved_by,
              resolvedAt: row.resolved_at,
              note: row.resolved_by ? row.resolution : null,
              authorityToldAt: row.authority_told_at,
            },
    };
  });

  return {
    intervalMonths: plan.intervalMonths,
    points: points.map((point) => {
      const latest = point.last_taken_at === null ? null : { takenOn: localDateIn(new Date(point.last_taken_at), timeZone), opensAlarm: opensAlarm(point.last_verdict ?? 'compliant') };
      const due = pointDue(plan, { since: localDateIn(new Date(point.created_at), timeZone), latest }, lastDay);
      return {
        samplePointId: point.id,
        name: point.name,
        role: point.role,
        priority: point.priority,
        taken: point.taken,
        lastTakenAt: point.last_taken_at,
        ...due,
      };
    }),
    results,
  };
}
