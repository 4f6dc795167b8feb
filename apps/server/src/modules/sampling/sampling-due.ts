import { sql, type SQL } from 'drizzle-orm';
import { effectivePlan, effectiveRulebook, localDateIn, opensAlarm, pointDue, type TDeUse, type TPointDue, type TSamplePointRole, type TSampleVerdict } from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import { BackgroundLoop, type TLoopLog } from '../../lib/background-loop';
import { closeAlarms, openSubjects } from '../alarm-store/alarm-store';
import { PLACE_COLUMNS, PLACE_SELECT, toSamplingPlace } from './sample-point-repository';

/**
 * Due and overdue samplings (docs/sampling.md, "Due samplings"): every sample point's next due date
 * from its location's plan and its latest result (the domain's `pointDue`), read in one statement
 * for many locations, for the dashboard and for the `samplingOverdue` alarm. The alarm opens on a
 * point whose next due date has passed (the location's local date) and closes when it is no longer
 * overdue (a result entered, the plan changed) or the point is gone. The hourly look is idempotent:
 * the alarm store opens one alarm per point and closes only open ones; entering results runs the
 * same look for the location in the entry's transaction, so a sampling closes the alarm at once.
 */

/** How often the job looks (an overdue sampling opens its alarm at most this late). */
export const SAMPLING_DUE_EVERY_MS = 60 * 60_000;
export const SAMPLING_OVERDUE_ALARM = 'samplingOverdue' as const;

/** A sample point with its place and its due dates. */
export interface TDuePoint {
  samplePointId: number;
  name: string;
  role: TSamplePointRole;
  priority: boolean;
  customerId: number;
  locationId: number;
  customer: string;
  location: string;
  due: TPointDue;
}

/** The places of the points (one row per location), with the location's plan settings. */
const placeRow = rowShape({
  ...PLACE_COLUMNS,
  interval_months: column.as<number | null>(),
  de_use: column.as<TDeUse | null>(),
  resample_within_days: column.as<number | null>(),
});

/** A point with its latest sampling; the local dates (the location's zone) from the database. */
const dueRow = rowShape({
  id: column.number,
  location_id: column.number,
  name: column.as<string>(),
  role: column.as<TSamplePointRole>(),
  priority: column.as<boolean>(),
  since_day: column.as<string>(),
  taken_day: column.as<string | null>(),
  verdict: column.as<TSampleVerdict | null>(),
});

/** Which points: all, a location's, or those of some customers (a customer's user). */
export type TDueScope = { all: true } | { locationId: number } | { customerIds: readonly number[] };

/** The scope on a statement over `locations l` (and its points): `location` is the location id's column. */
function scopeWhere(scope: TDueScope, location: SQL): SQL {
  if ('locationId' in scope) return sql`${location} = ${scope.locationId}`;
  if ('customerIds' in scope) return sql`l.customer_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(scope.customerIds.map(String))}::jsonb)::int)`;
  return sql`true`;
}

/** The order of names, as localeCompare's (one collator: localeCompare makes one per call, thousands per card for all customers). */
const NAMES = new Intl.Collator();

/** The points of the scope with their due dates on `now`'s local date of each location; soonest first. */
export async function duePoints(db: TDbOrTx, scope: TDueScope, now: Date): Promise<TDuePoint[]> {
  return soonestFirst(await duePointsUnordered(db, scope, now));
}

/** Soonest due first, then by customer, location and name (points without a due date last). */
export function soonestFirst(points: TDuePoint[]): TDuePoint[] {
  const byDate = (a: TDuePoint, b: TDuePoint) => {
    const [left, right] = [a.due.nextDue ?? '9999-12-31', b.due.nextDue ?? '9999-12-31'];
    return left < right ? -1 : left > right ? 1 : 0;
  };
  return points.sort((a, b) => byDate(a, b) || NAMES.compare(a.customer, b.customer) || NAMES.compare(a.location, b.location) || NAMES.compare(a.name, b.name));
}

/** `duePoints` in no particular order: the hourly look and the dashboard (which orders only the points it lists). */
export async function duePointsUnordered(db: TDbOrTx, scope: TDueScope, now: Date): Promise<TDuePoint[]> {
  // Two statements: the places (a few thousand locations for all customers) with their plans, then
  // the points with only their own columns. The local dates come from the database (`AT TIME ZONE`,
  // the same zone data as the logbook's local days): three Intl formats and a place per point were
  // most of the card's time for all customers (docs/sampling.md, "Speed").
  const places = await placeRow.read(
    db,
    sql`SELECT ${PLACE_SELECT}, sp.interval_months, sp.de_use, sp.resample_within_days
          FROM locations l
          JOIN customers c ON c.id = l.customer_id
          LEFT JOIN sampling_plans sp ON sp.location_id = l.id
         WHERE EXISTS (SELECT 1 FROM sample_points p WHERE p.location_id = l.id) AND ${scopeWhere(scope, sql`l.id`)}`,
  );
  if (places.length === 0) return [];
  const rows = await dueRow.read(
    db,
    sql`SELECT p.id, p.location_id, p.name, p.role, p.priority, to_char(p.created_at AT TIME ZONE l.time_zone, 'YYYY-MM-DD') AS since_day,
               to_char(r.taken_at AT TIME ZONE l.time_zone, 'YYYY-MM-DD') AS taken_day, r.verdict
          FROM sample_points p
          JOIN locations l ON l.id = p.location_id
          LEFT JOIN LATERAL (SELECT taken_at, verdict FROM sample_results r WHERE r.sample_point_id = p.id ORDER BY taken_at DESC, id DESC LIMIT 1) r ON true
         WHERE ${scopeWhere(scope, sql`p.location_id`)}`,
  );
  const todays = new Map<string, string>();
  const byLocation = new Map(
    places.map((row) => {
      const place = toSamplingPlace(row);
      const plan = effectivePlan(effectiveRulebook(place.locationRulebook, place.customerRulebook, place.country), {
        intervalMonths: row.interval_months,
        deUse: row.de_use,
        resampleWithinDays: row.resample_within_days,
      });
      let today = todays.get(place.timeZone);
      if (today === undefined) {
        today = localDateIn(now, place.timeZone);
        todays.set(place.timeZone, today);
      }
      return [place.locationId, { place, plan, today }] as const;
    }),
  );
  const points: TDuePoint[] = [];
  for (const row of rows) {
    // A location added between the two statements waits for the next look.
    const at = byLocation.get(row.location_id);
    if (!at) continue;
    const latest = row.taken_day === null ? null : { takenOn: row.taken_day, opensAlarm: opensAlarm(row.verdict ?? 'compliant') };
    points.push({
      samplePointId: row.id,
      name: row.name,
      role: row.role,
      priority: row.priority,
      customerId: at.place.customerId,
      locationId: at.place.locationId,
      customer: at.place.customer,
      location: at.place.location,
      due: pointDue(at.plan, { since: row.since_day, latest }, at.today),
    });
  }
  return points;
}

export interface TSamplingDueStep {
  opened: number;
  closed: number;
}

/**
 * One look: opens the `samplingOverdue` alarm of every overdue point of the scope (kept open while
 * it stays overdue) and closes the open ones of points no longer overdue or deleted.
 */
export async function runSamplingDueStep(tx: TDbOrTx, now: Date, scope: { all: true } | { locationId: number } = { all: true }): Promise<TSamplingDueStep> {
  const overdue = (await duePointsUnordered(tx, scope, now)).filter((point) => point.due.state === 'overdue');
  const opened = await openSubjects(
    tx,
    overdue.map((point) => ({
      kind: SAMPLING_OVERDUE_ALARM,
      subject: { type: 'samplePoint', samplePointId: point.samplePointId },
      at: now.getTime(),
      customerId: point.customerId,
      locationId: point.locationId,
      details: { samplePointId: point.samplePointId, pointName: point.name, nextDue: point.due.nextDue, routineDue: point.due.routineDue, resampleDue: point.due.resampleDue },
    })),
  );
  const stillOverdue = JSON.stringify(overdue.map((point) => String(point.samplePointId)));
  const inScope = 'locationId' in scope ? sql`a.location_id = ${scope.locationId}` : sql`true`;
  const closed = await closeAlarms(
    tx,
    sql`SELECT a.id, greatest(${now.toISOString()}::timestamptz, a.opened_at) AS closed_at,
               CASE WHEN p.id IS NULL THEN '{"reason":"samplePointDeleted"}'::jsonb ELSE '{"reason":"noLongerOverdue"}'::jsonb END AS details
          FROM alarms a LEFT JOIN sample_points p ON p.id = a.sample_point_id
         WHERE a.kind = ${SAMPLING_OVERDUE_ALARM} AND a.closed_at IS NULL AND ${inScope}
           AND a.sample_point_id NOT IN (SELECT jsonb_array_elements_text(${stillOverdue}::jsonb)::bigint)`,
  );
  return { opened, closed: closed.length };
}

/** The job as a background loop, a look every SAMPLING_DUE_EVERY_MS; jobs/background-jobs.ts registers it. */
export function createSamplingDueJob(deps: { db: TDb; log: TLoopLog; now?: () => Date }, everyMs = SAMPLING_DUE_EVERY_MS) {
  const loop = new BackgroundLoop(
    'sampling due',
    async () => {
      await deps.db.transaction((tx) => runSamplingDueStep(tx, deps.now?.() ?? new Date()));
      return 0;
    },
    deps.log,
    everyMs,
  );
  return { start: () => loop.start(), stop: () => loop.stop() };
}
