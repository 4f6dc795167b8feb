import { sql } from 'drizzle-orm';
import {
  addLocalDays,
  checkDue,
  checkInPeriod,
  effectiveCheckPlans,
  localDateIn,
  outletCheckPlans,
  type TCheckKind,
  type TCheckOverride,
  type TCheckPeriodUnit,
  type TOutletKind,
  type TOutletWater,
  type TSentinelKind,
  type TCheckOutcome,
  type TLogbookCheckPlan,
  type TLogbookCheckRecord,
  type TLogbookChecks,
  type TReadingVerdict,
  type TRulebookId,
  type TTemperatureLimit,
} from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import { ALARM_HANDLING_JOINS } from './alarm-handling-sql';
import type { TPeriodBounds } from './logbook-repository';

/**
 * The logbook's checks section (docs/logbook.md, "Checks at outlets"): the location's outlets in the
 * register by the period's end, the checks in force at each (the plans as they are now: overrides
 * keep no history, as the sampling plan's), their due dates in the period by the domain's
 * `checkInPeriod`, every check recorded in the period with its alarm's steps, and the alarms on the
 * outlets (the alarm store's outlet subject) that overlapped the period. Undefined for a location
 * without outlets, so its report stays as before. Six statements, all by location; the register's
 * tables are read here, as the sampling section reads sample points (modules/logbook does not build
 * on modules/outlets).
 */

const outletRow = rowShape({
  id: column.number,
  name: column.as<string>(),
  room: column.as<string | null>(),
  floor: column.as<string | null>(),
  kind: column.as<TOutletKind>(),
  water: column.as<TOutletWater>(),
  sentinel: column.as<TSentinelKind>(),
  little_used: column.as<boolean>(),
  flushed_by_node: column.as<boolean>(),
  created_at: column.iso,
});

const overrideRow = rowShape({ check_kind: column.as<TCheckKind>(), off: column.as<boolean>(), period_unit: column.as<TCheckPeriodUnit | null>(), period_count: column.as<number | null>() });

const lastDoneRow = rowShape({ outlet_id: column.number, check_kind: column.as<TCheckKind>(), done_at: column.iso });

const recordRow = rowShape({
  id: column.number,
  outlet_id: column.number,
  outlet_name: column.as<string>(),
  check_kind: column.as<TCheckKind>(),
  outcome: column.as<TCheckOutcome>(),
  reason: column.as<string | null>(),
  celsius: column.nullable(column.number),
  ran_seconds: column.nullable(column.number),
  allowed_seconds: column.nullable(column.number),
  limit_kind: column.as<TTemperatureLimit['kind'] | null>(),
  limit_celsius: column.nullable(column.number),
  verdict: column.as<TReadingVerdict | null>(),
  alarm_id: column.nullable(column.number),
  node_celsius: column.nullable(column.number),
  drift: column.as<boolean | null>(),
  note: column.as<string | null>(),
  done_at: column.iso,
  user_email: column.as<string>(),
  acknowledged_by: column.as<string | null>(),
  acknowledged_at: column.nullable(column.iso),
  resolved_by: column.as<string | null>(),
  resolved_at: column.nullable(column.iso),
  resolution: column.as<string | null>(),
});

const alarmRow = rowShape({
  id: column.number,
  kind: column.as<string>(),
  outlet_id: column.number,
  outlet_name: column.as<string | null>(),
  opened_at: column.iso,
  closed_at: column.nullable(column.iso),
  acknowledged_by: column.as<string | null>(),
  acknowledged_at: column.nullable(column.iso),
  resolved_by: column.as<string | null>(),
  resolved_at: column.nullable(column.iso),
  resolution: column.as<string | null>(),
});

const handlingOf = (row: { acknowledged_by: string | null; acknowledged_at: string | null; resolved_by: string | null; resolved_at: string | null; resolution: string | null }) => ({
  acknowledgedBy: row.acknowledged_by,
  acknowledgedAt: row.acknowledged_by ? row.acknowledged_at : null,
  resolvedBy: row.resolved_by,
  resolvedAt: row.resolved_by ? row.resolved_at : null,
  note: row.resolved_by ? row.resolution : null,
});

export async function checksSection(
  db: TDbOrTx,
  location: { id: number; healthcare: boolean; timeZone: string },
  rulebook: TRulebookId,
  period: { from: string; to: string },
  span: TPeriodBounds,
  now: Date,
): Promise<TLogbookChecks | undefined> {
  // The outlets in the register by the period's end; a node with a flushing device does a little-used outlet's flushing (docs/outlets.md).
  const outlets = (
    await outletRow.readInTurn(
      db,
      sql`SELECT o.id, o.name, o.room, o.floor, o.kind, o.water, o.sentinel, o.little_used, (o.channel_id IS NOT NULL AND d.flush_device_id IS NOT NULL) AS flushed_by_node, o.created_at
            FROM outlets o LEFT JOIN devices d ON d.eui = o.device_eui
           WHERE o.location_id = ${location.id} AND o.created_at < ${span.end}
           ORDER BY o.name, o.id`,
    )
  ).map((row) => ({ id: row.id, name: row.name, room: row.room, floor: row.floor, kind: row.kind, water: row.water, sentinel: row.sentinel, littleUsed: row.little_used, flushedByNode: row.flushed_by_node, createdAt: row.created_at }));
  if (outlets.length === 0) return undefined;
  const overrides: TCheckOverride[] = (await overrideRow.readInTurn(db, sql`SELECT check_kind, off, period_unit, period_count FROM outlet_check_overrides WHERE location_id = ${location.id}`)).map((row) => ({
    check: row.check_kind,
    off: row.off,
    period: row.period_unit !== null && row.period_count !== null ? { unit: row.period_unit, count: row.period_count } : null,
  }));
  const plans = effectiveCheckPlans(rulebook, location.healthcare, overrides);
  const lastBefore = await lastDoneRow.readInTurn(
    db,
    sql`SELECT outlet_id, check_kind, max(done_at) AS done_at FROM outlet_checks
         WHERE location_id = ${location.id} AND outcome = 'done' AND done_at < ${span.start} GROUP BY outlet_id, check_kind`,
  );
  const rows = await recordRow.readInTurn(
    db,
    sql`SELECT k.id, k.outlet_id, o.name AS outlet_name, k.check_kind, k.outcome, k.reason, k.celsius, k.ran_seconds, k.allowed_seconds, k.limit_kind, k.limit_celsius,
               k.verdict, k.alarm_id, k.node_celsius, k.drift, k.note, k.done_at, k.user_email,
               ack.user_email AS acknowledged_by, ack.at AS acknowledged_at, res.user_email AS resolved_by, res.at AS resolved_at, a.resolution
          FROM outlet_checks k
          JOIN outlets o ON o.id = k.outlet_id
          LEFT JOIN alarms a ON a.id = k.alarm_id ${ALARM_HANDLING_JOINS}
         WHERE k.location_id = ${location.id} AND k.done_at >= ${span.start} AND k.done_at < ${span.end}
         ORDER BY k.done_at, k.id`,
  );
  const alarms = await alarmRow.readInTurn(
    db,
    sql`SELECT a.id, a.kind, a.outlet_id, o.name AS outlet_name, a.opened_at, a.closed_at, a.resolution,
               ack.user_email AS acknowledged_by, ack.at AS acknowledged_at, res.user_email AS resolved_by, res.at AS resolved_at
          FROM alarms a LEFT JOIN outlets o ON o.id = a.outlet_id ${ALARM_HANDLING_JOINS}
         WHERE a.location_id = ${location.id} AND a.outlet_id IS NOT NULL AND a.opened_at < ${span.end} AND (a.closed_at IS NULL OR a.closed_at >= ${span.start})
         ORDER BY a.opened_at, a.id`,
  );

  const zone = location.timeZone;
  const local = (instant: string) => localDateIn(new Date(instant), zone);
  // The last day judged (the period's last, or today while it runs) and the last one that has ended.
  const lastDay = localDateIn(new Date(span.end.getTime() - 1), zone);
  const today = localDateIn(now, zone);
  const endedThrough = today <= period.to ? addLocalDays(today, -1) : period.to;
  const before = new Map(lastBefore.map((row) => [`${row.outlet_id}:${row.check_kind}`, local(row.done_at)]));
  const records: TLogbookCheckRecord[] = rows.map((row) => ({
    checkId: row.id,
    outletId: row.outlet_id,
    outletName: row.outlet_name,
    check: row.check_kind,
    outcome: row.outcome,
    reason: row.reason,
    celsius: row.celsius,
    ranSeconds: row.ran_seconds,
    allowedSeconds: row.allowed_seconds,
    limit: row.limit_kind !== null && row.limit_celsius !== null ? { kind: row.limit_kind, celsius: row.limit_celsius } : null,
    verdict: row.verdict,
    deviation: row.verdict === 'outsideLimit' || row.verdict === 'notWithinTime',
    alarmId: row.alarm_id,
    nodeCelsius: row.node_celsius,
    drift: row.drift,
    note: row.note,
    doneAt: row.done_at,
    recordedBy: row.user_email,
    handling: row.alarm_id === null ? null : handlingOf(row),
  }));

  const planRows: TLogbookCheckPlan[] = [];
  const overdue: TLogbookChecks['overdue'] = [];
  // Outlets by name (the register's order), each one's checks in the plans' order.
  for (const outlet of outlets) {
    const since = local(outlet.createdAt);
    for (const plan of outletCheckPlans(plans, outlet)) {
      const own = records.filter((record) => record.outletId === outlet.id && record.check === plan.check);
      const done = own.filter((record) => record.outcome === 'done').map((record) => ({ on: local(record.doneAt), at: record.doneAt }));
      const lastDoneBefore = before.get(`${outlet.id}:${plan.check}`) ?? null;
      const judged = checkInPeriod(plan.period, { since, lastDoneBefore }, done, { from: period.from, to: period.to, endedThrough });
      const lastDone = done.at(-1)?.on ?? lastDoneBefore;
      const state = checkDue(plan, { since, lastDone }, lastDay < today ? addLocalDays(lastDay, 1) : today);
      planRows.push({
        outletId: outlet.id,
        outletName: outlet.name,
        room: outlet.room,
        floor: outlet.floor,
        water: outlet.water,
        check: plan.check,
        planned: judged.occurrences.length,
        done: done.length,
        notPossible: own.filter((record) => record.outcome === 'notPossible').length,
        overdueDates: judged.occurrences.filter((occurrence) => occurrence.overdue).map((occurrence) => occurrence.due),
        overdueSince: judged.overdue.find((stretch) => stretch.firstDue < period.from)?.firstDue ?? null,
        lastDone,
        nextDue: state.nextDue,
        state: state.state,
      });
      for (const stretch of judged.overdue) overdue.push({ outletId: outlet.id, outletName: outlet.name, check: plan.check, firstDue: stretch.firstDue, doneAt: stretch.doneAt });
    }
  }
  return {
    outlets: outlets.length,
    plans: planRows,
    records,
    alarms: alarms.map((row) => ({ alarmId: row.id, kind: row.kind, outletId: row.outlet_id, outletName: row.outlet_name ?? '', from: row.opened_at, to: row.closed_at, handling: handlingOf(row) })),
    overdue,
  };
}
