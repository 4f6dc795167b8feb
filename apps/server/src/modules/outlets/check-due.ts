import { sql, type SQL } from 'drizzle-orm';
import { effectiveRulebook, type TCheckDue } from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import { BackgroundLoop, type TLoopLog } from '../../lib/background-loop';
import { closeAlarms, openSubjects } from '../alarm-store/alarm-store';
import { PLACE_COLUMNS, PLACE_SELECT, toSamplingPlace } from '../sampling/sample-point-repository';
import { lastDoneChecksOf } from './check-repository';
import { outletsWhere, readOverridesOf, type TOutletPlace, type TOutletRecord } from './outlet-repository';
import { outletDueOn } from './outlet-due';

/**
 * Overdue checks (docs/outlets.md, "Overdue checks"): the alarm kind `checkOverdue` on an outlet
 * with at least one check in force past its due date (the location's local date), its details the
 * overdue checks. It closes when none is overdue any more (a check done, a plan changed or switched
 * off, the outlet changed) or the outlet is deleted. The hourly job looks at every outlet; recording a
 * check, changing an outlet or the location's plans runs the same look for the location in their
 * transaction, so a check done closes the alarm at once. Idempotent, like "sampling due": one open
 * alarm per outlet (the store's index), only open ones closed.
 */
export const CHECK_DUE_EVERY_MS = 60 * 60_000;
export const CHECK_OVERDUE_ALARM = 'checkOverdue' as const;

const placeRow = rowShape({ ...PLACE_COLUMNS, healthcare: column.as<boolean>() });

/** Which outlets: all, a location's, or those of some customers (a customer's user, the dashboard). */
export type TCheckDueScope = { all: true } | { locationId: number } | { customerIds: readonly number[] };

export interface TOutletChecksDue {
  outlet: TOutletRecord;
  place: TOutletPlace;
  /** The checks in force at the outlet with their due dates, soonest first. */
  checks: TCheckDue[];
}

function scopeWhere(scope: TCheckDueScope): SQL {
  if ('locationId' in scope) return sql`o.location_id = ${scope.locationId}`;
  if ('customerIds' in scope) {
    return sql`o.location_id IN (SELECT id FROM locations WHERE customer_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(scope.customerIds.map(String))}::jsonb)::int))`;
  }
  return sql`true`;
}

/** The outlets of the scope with their checks' due dates (four statements, however many outlets). */
export async function outletChecksDue(db: TDbOrTx, scope: TCheckDueScope, now: Date): Promise<TOutletChecksDue[]> {
  const outlets = await outletsWhere(db, scopeWhere(scope));
  if (outlets.length === 0) return [];
  const locationIds = [...new Set(outlets.map((outlet) => outlet.locationId))];
  const places = new Map(
    (
      await placeRow.read(
        db,
        sql`SELECT ${PLACE_SELECT}, l.healthcare FROM locations l JOIN customers c ON c.id = l.customer_id
             WHERE l.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(locationIds.map(String))}::jsonb)::int)`,
      )
    ).map((row): [number, TOutletPlace] => [row.location_id, { ...toSamplingPlace(row), healthcare: row.healthcare }]),
  );
  const some = 'all' in scope ? null : locationIds;
  const overrides = await readOverridesOf(db, some);
  const lastDone = await lastDoneChecksOf(db, some);
  return outlets.flatMap((outlet) => {
    const place = places.get(outlet.locationId);
    if (!place) return [];
    const rulebook = effectiveRulebook(place.locationRulebook, place.customerRulebook, place.country);
    return [{ outlet, place, checks: outletDueOn(place, rulebook, overrides.get(outlet.locationId) ?? [], outlet, lastDone, now) }];
  });
}

/** The outlets of the scope with an overdue check, each with its overdue checks. */
export async function overdueOutlets(db: TDbOrTx, scope: TCheckDueScope, now: Date): Promise<{ outlet: TOutletRecord; place: TOutletPlace; overdue: TCheckDue[] }[]> {
  return (await outletChecksDue(db, scope, now)).flatMap(({ outlet, place, checks }) => {
    const overdue = checks.filter((due) => due.state === 'overdue');
    return overdue.length > 0 ? [{ outlet, place, overdue }] : [];
  });
}

/** One look: opens `checkOverdue` on every outlet of the scope with an overdue check, closes the open ones of outlets without (or deleted). */
export async function runCheckDueStep(tx: TDbOrTx, now: Date, scope: { all: true } | { locationId: number } = { all: true }): Promise<{ opened: number; closed: number }> {
  const overdue = await overdueOutlets(tx, scope, now);
  const opened = await openSubjects(
    tx,
    overdue.map(({ outlet, place, overdue: checks }) => ({
      kind: CHECK_OVERDUE_ALARM,
      subject: { type: 'outlet', outletId: outlet.id },
      at: now.getTime(),
      customerId: place.customerId,
      locationId: place.locationId,
      details: { outletId: outlet.id, outletName: outlet.name, checks: checks.map((check) => ({ check: check.check, nextDue: check.nextDue, lastDone: check.lastDone })) },
    })),
  );
  const stillOverdue = JSON.stringify(overdue.map(({ outlet }) => String(outlet.id)));
  const inScope = 'locationId' in scope ? sql`a.location_id = ${scope.locationId}` : sql`true`;
  const closed = await closeAlarms(
    tx,
    sql`SELECT a.id, greatest(${now.toISOString()}::timestamptz, a.opened_at) AS closed_at,
               CASE WHEN o.id IS NULL THEN '{"reason":"outletDeleted"}'::jsonb ELSE '{"reason":"noLongerOverdue"}'::jsonb END AS details
          FROM alarms a LEFT JOIN outlets o ON o.id = a.outlet_id
         WHERE a.kind = ${CHECK_OVERDUE_ALARM} AND a.closed_at IS NULL AND ${inScope}
           AND a.outlet_id NOT IN (SELECT jsonb_array_elements_text(${stillOverdue}::jsonb)::bigint)`,
  );
  return { opened, closed: closed.length };
}

/** The job as a background loop, a look every CHECK_DUE_EVERY_MS; jobs/background-jobs.ts registers it. */
export function createCheckDueJob(deps: { db: TDb; log: TLoopLog; now?: () => Date }, everyMs = CHECK_DUE_EVERY_MS) {
  const loop = new BackgroundLoop(
    'checks due',
    async () => {
      await deps.db.transaction((tx) => runCheckDueStep(tx, deps.now?.() ?? new Date()));
      return 0;
    },
    deps.log,
    everyMs,
  );
  return { start: () => loop.start(), stop: () => loop.stop() };
}
