import { sql, type SQL } from 'drizzle-orm';
import { checkDueEdges, effectiveCheckPlans, effectiveRulebook, localDateIn, type TCheckDueState, type TCheckKind } from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import { PLACE_COLUMNS, PLACE_SELECT, toSamplingPlace } from '../sampling/sample-point-repository';
import { readOverridesOf, type TOutletPlace } from './outlet-repository';

/**
 * The due dates of many outlets in the database (docs/outlets.md, "Speed"): the dashboard card of a
 * customer with 20,000 outlets and a large location's due list. The domain still decides the plans:
 * per location its rulebook, healthcare and overrides give the checks in force with their periods
 * (`effectiveCheckPlans`), its time zone gives today, and per check the domain gives the edges of
 * the state on the last done date (`checkDueEdges`). SQL applies the rest of `checkDue` per outlet:
 * which checks apply to the outlet (`checkApplies`), the state by comparing the last done check (from
 * `outlet_check_last`) with the edges' instants (local midnight in the place's zone), and only where
 * a date is shown the last done and next due dates (months added with the month's end kept, as
 * `addLocalMonths`; PostgreSQL's date + interval does the same). `check-due-sql.test.ts` holds this
 * equal to the domain's rule (month ends, leap years, time zones, every kind and mark).
 */

/** The scope's outlets as a condition on `o`: a location's, or those of some customers. */
export type TDueScope = { locationId: number } | { customerIds: readonly number[] | null };

function scopeWhere(scope: TDueScope): SQL {
  if ('locationId' in scope) return sql`o.location_id = ${scope.locationId}`;
  if (scope.customerIds === null) return sql`true`;
  return sql`o.location_id IN (SELECT id FROM locations WHERE customer_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(scope.customerIds.map(String))}::jsonb)::int))`;
}

const placeRow = rowShape({ ...PLACE_COLUMNS, healthcare: column.as<boolean>(), outlets: column.number });

/**
 * The places of the scope's outlets, how many outlets, and the checks in force as SQL rows. Places
 * that keep the same plans (rulebook, healthcare, overrides, time zone) share one set: `places`
 * (`l`, its set `s`), `plans` (`s`, `k`, its edges `e`) and the distinct `edges` (unit, count, time
 * zone, today, the state's edges). A customer's 1,000 places are a few sets and about ten edges,
 * each worked out once in the domain and in SQL.
 */
export async function scopePlans(db: TDbOrTx, scope: TDueScope, now: Date): Promise<{ places: Map<number, TOutletPlace>; plans: string; outlets: number }> {
  const rows = await placeRow.read(
    db,
    sql`SELECT ${PLACE_SELECT}, l.healthcare, g.outlets
          FROM (SELECT o.location_id, count(*)::int AS outlets FROM outlets o WHERE ${scopeWhere(scope)} GROUP BY o.location_id) g
          JOIN locations l ON l.id = g.location_id JOIN customers c ON c.id = l.customer_id`,
  );
  const places = new Map(rows.map((row): [number, TOutletPlace] => [row.location_id, { ...toSamplingPlace(row), healthcare: row.healthcare }]));
  const overrides = await readOverridesOf(db, [...places.keys()]);
  const edges = new Map<string, { e: number; u: string; n: number; tz: string; today: string; ob: string; db: string; sb: string }>();
  const sets = new Map<string, number>();
  const plans: { s: number; k: string; e: number }[] = [];
  const todays = new Map<string, string>();
  const placeSets = [...places.values()].map((place) => {
    const rulebook = effectiveRulebook(place.locationRulebook, place.customerRulebook, place.country);
    const own = overrides.get(place.locationId) ?? [];
    const setKey = JSON.stringify([rulebook, place.healthcare, own, place.timeZone]);
    let set = sets.get(setKey);
    if (set === undefined) {
      sets.set(setKey, (set = sets.size));
      let today = todays.get(place.timeZone);
      if (today === undefined) todays.set(place.timeZone, (today = localDateIn(now, place.timeZone)));
      for (const plan of effectiveCheckPlans(rulebook, place.healthcare, own)) {
        const key = `${plan.period.unit} ${plan.period.count} ${place.timeZone}`;
        let edge = edges.get(key);
        if (!edge) {
          const due = checkDueEdges(plan.period, today);
          edge = { e: edges.size, u: plan.period.unit, n: plan.period.count, tz: place.timeZone, today, ob: due.overdueBefore, db: due.dueBefore, sb: due.dueSinceBefore };
          edges.set(key, edge);
        }
        plans.push({ s: set, k: plan.check, e: edge.e });
      }
    }
    return { l: place.locationId, s: set };
  });
  return { places, plans: JSON.stringify({ places: placeSets, plans, edges: [...edges.values()] }), outlets: rows.reduce((sum, row) => sum + row.outlets, 0) };
}

const FLUSHED_BY_NODE = sql`(o.channel_id IS NOT NULL AND EXISTS (SELECT 1 FROM devices d WHERE d.eui = o.device_eui AND d.flush_device_id IS NOT NULL))`;

/** `checkApplies` (domain, check-plans.ts) as conditions on the outlet `o`, one per check. */
const APPLIES: readonly (readonly [TCheckKind, SQL])[] = [
  ['sentinelTemperature', sql`o.sentinel <> 'none'`],
  ['showerheadDescaling', sql`o.kind = 'shower'`],
  ['tmvService', sql`o.kind = 'tmv'`],
  ['coldTankInspection', sql`o.kind = 'coldTank'`],
  ['incomingColdWater', sql`o.kind IN ('coldInlet', 'coldTank')`],
  ['littleUsedFlush', sql`o.little_used AND NOT ${FLUSHED_BY_NODE}`],
];

/**
 * Every check in force at every outlet of the places in `plans` with its state (columns `outlet_id`,
 * `location_id`, `name`, `room`, `floor`, `check_kind`, `state`, and what `DATES_OF` needs). The
 * outlets each check applies to (one plain scan per check), joined to the place's plans (by hash)
 * and to the last done checks. The state compares instants only: a last done check before local
 * midnight of `ob` is overdue, before `db` due; never done, the outlet's joining before local
 * midnight of today is overdue, before `sb` due. No date is worked out per row here.
 */
export function dueStatesSql(plans: string): SQL {
  // The period as an interval and the edges as instants, once per distinct edge.
  return sql`WITH e AS MATERIALIZED (
      SELECT e.e, e.tz, CASE WHEN e.u = 'months' THEN make_interval(months => e.n) ELSE make_interval(days => e.n) END AS iv,
             e.today::timestamp AT TIME ZONE e.tz AS today_at, e.ob::timestamp AT TIME ZONE e.tz AS ob_at,
             e.db::timestamp AT TIME ZONE e.tz AS db_at, e.sb::timestamp AT TIME ZONE e.tz AS sb_at
        FROM jsonb_to_recordset((${plans}::jsonb)->'edges') AS e(e int, u text, n int, tz text, today date, ob date, db date, sb date)
    ),
    p AS MATERIALIZED (
      SELECT p.s, p.k, e.tz, e.iv, e.today_at, e.ob_at, e.db_at, e.sb_at
        FROM jsonb_to_recordset((${plans}::jsonb)->'plans') AS p(s int, k text, e int) JOIN e ON e.e = p.e
    ),
    pl AS MATERIALIZED (SELECT pl.l, pl.s FROM jsonb_to_recordset((${plans}::jsonb)->'places') AS pl(l int, s int)),
    r AS MATERIALIZED (
      ${sql.join(
        APPLIES.map(([check, where]) => sql`SELECT o.id AS outlet_id, o.location_id, o.name, o.room, o.floor, ${check}::text AS check_kind, o.created_at
          FROM outlets o WHERE o.location_id IN (SELECT l FROM pl) AND ${where}`),
        sql` UNION ALL `,
      )}
    ),
    x AS MATERIALIZED (SELECT outlet_id, check_kind, done_at FROM outlet_check_last WHERE location_id IN (SELECT l FROM pl))
    SELECT r.*, p.tz, p.iv, x.done_at,
           CASE WHEN x.done_at IS NULL THEN CASE WHEN r.created_at < p.today_at THEN 'overdue' WHEN r.created_at < p.sb_at THEN 'due' ELSE 'planned' END
                WHEN x.done_at < p.ob_at THEN 'overdue' WHEN x.done_at < p.db_at THEN 'due' ELSE 'planned' END AS state
      FROM r JOIN pl ON pl.l = r.location_id JOIN p ON p.s = pl.s AND p.k = r.check_kind
      LEFT JOIN x ON x.outlet_id = r.outlet_id AND x.check_kind = r.check_kind`;
}

/** The last done and next due local dates of a row of `dueStatesSql` (as `d`): never done, due from the day the outlet joined. */
const DATES_OF = sql`(d.done_at AT TIME ZONE d.tz)::date::text AS last_done,
  (CASE WHEN d.done_at IS NULL THEN (d.created_at AT TIME ZONE d.tz)::date ELSE ((d.done_at AT TIME ZONE d.tz)::date + d.iv)::date END)::text AS next_due`;

/** Every check in force at every outlet of the places in `plans` with its dates and state (the columns of `DUE_ROW`). */
export function dueRowsSql(plans: string): SQL {
  return sql`SELECT d.outlet_id, d.location_id, d.name, d.room, d.floor, d.check_kind, ${DATES_OF}, d.state FROM (${dueStatesSql(plans)}) d`;
}

const DUE_ROW = rowShape({
  outlet_id: column.number,
  location_id: column.number,
  name: column.as<string>(),
  room: column.as<string | null>(),
  floor: column.as<string | null>(),
  check_kind: column.as<TCheckKind>(),
  last_done: column.as<string | null>(),
  next_due: column.as<string>(),
  state: column.as<TCheckDueState>(),
});

export interface TDueRow {
  outletId: number;
  locationId: number;
  outletName: string;
  room: string | null;
  floor: string | null;
  check: TCheckKind;
  lastDone: string | null;
  nextDue: string;
  state: TCheckDueState;
}

/** Every check in force at every outlet of the scope (unsorted), and the places. Three statements (places, overrides, the checks). */
export async function dueRows(db: TDbOrTx, scope: TDueScope, now: Date): Promise<{ places: Map<number, TOutletPlace>; rows: TDueRow[] }> {
  const { places, plans } = await scopePlans(db, scope, now);
  if (places.size === 0) return { places, rows: [] };
  const rows = (await DUE_ROW.read(db, dueRowsSql(plans))).map((row) => ({
    outletId: row.outlet_id,
    locationId: row.location_id,
    outletName: row.name,
    room: row.room,
    floor: row.floor,
    check: row.check_kind,
    lastDone: row.last_done,
    nextDue: row.next_due,
    state: row.state,
  }));
  return { places, rows };
}

const SUMMARY_ROW = rowShape({
  outlets: column.nullable(column.number),
  checks: column.nullable(column.number),
  overdue: column.nullable(column.number),
  due: column.nullable(column.number),
  outlet_id: column.nullable(column.number),
  location_id: column.nullable(column.number),
  name: column.as<string | null>(),
  check_kind: column.as<TCheckKind | null>(),
  next_due: column.as<string | null>(),
  state: column.as<TCheckDueState | null>(),
});

export interface TDueSummary {
  places: Map<number, TOutletPlace>;
  outlets: number;
  checks: number;
  overdue: number;
  due: number;
  /** The overdue and due checks up to the `max`-th soonest date (ties on that date included), unsorted. */
  soonest: Omit<TDueRow, 'room' | 'floor' | 'lastDone'>[];
}

export function summarySql(plans: string, outlets: number, max: number): SQL {
  return sql`WITH s AS MATERIALIZED (${dueStatesSql(plans)}),
      listed AS MATERIALIZED (SELECT d.outlet_id, d.location_id, d.name, d.check_kind, d.state, ${DATES_OF} FROM s d WHERE d.state <> 'planned'),
      cut AS (SELECT coalesce((SELECT next_due FROM listed ORDER BY next_due OFFSET ${max - 1} LIMIT 1), '9999-12-31') AS next_due)
    SELECT ${outlets}::int AS outlets, (SELECT count(*) FROM s)::int AS checks,
           (SELECT count(*) FROM listed WHERE state = 'overdue')::int AS overdue, (SELECT count(*) FROM listed WHERE state = 'due')::int AS due,
           NULL::bigint AS outlet_id, NULL::int AS location_id, NULL::text AS name, NULL::text AS check_kind, NULL::text AS next_due, NULL::text AS state
    UNION ALL
    SELECT NULL, NULL, NULL, NULL, listed.outlet_id, listed.location_id, listed.name, listed.check_kind, listed.next_due, listed.state
      FROM listed, cut WHERE listed.next_due <= cut.next_due`;
}

/**
 * The counts of the scope's checks (outlets, checks in force, overdue, due) and its soonest overdue
 * and due checks, counted in the database: the dashboard card (check-dashboard.ts). Three statements.
 */
export async function dueSummary(db: TDbOrTx, scope: TDueScope, now: Date, max: number): Promise<TDueSummary> {
  const { places, plans, outlets } = await scopePlans(db, scope, now);
  if (places.size === 0) return { places, outlets: 0, checks: 0, overdue: 0, due: 0, soonest: [] };
  const rows = await SUMMARY_ROW.read(db, summarySql(plans, outlets, max));
  const counts = rows.find((row) => row.outlets !== null);
  const listed = rows.filter((row) => row.outlet_id !== null);
  return {
    places,
    outlets,
    checks: counts?.checks ?? 0,
    overdue: counts?.overdue ?? 0,
    due: counts?.due ?? 0,
    soonest: listed.map((row) => ({
      outletId: row.outlet_id as number,
      locationId: row.location_id as number,
      outletName: row.name as string,
      check: row.check_kind as TCheckKind,
      nextDue: row.next_due as string,
      state: row.state as TCheckDueState,
    })),
  };
}
