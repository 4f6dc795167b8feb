import { z } from 'zod';
import { CHECK_DUE_STATES, CHECK_KINDS } from '../outlets/check-plans';
import { OUTLET_WATERS } from '../outlets/outlet';
import { READING_VERDICTS } from '../outlets/readings';
import { ZCheckRecord } from '../outlets/api';
import type { TAlarmResolution, TDeviationFinding } from './deviations';

/**
 * The logbook's checks section (docs/logbook.md, "Checks at outlets"; docs/outlets.md): per period,
 * per outlet and check in force, how many were due (planned), done and not possible, the due dates
 * that passed without a done check (overdue), with the state at the period's end; every check
 * recorded in the period with who, when, the reading, running time, verdict, limit, the node's
 * paired reading and the drift flag; the outlets' alarms. What of it is a deviation: a reading
 * outside the limit (`checkDeviation`, handled when its alarm is resolved or an action is recorded)
 * and each stretch a check was overdue (`checkOverdue`, handled by an action or by the outlet's
 * overdue alarm's resolution). Absent in reports issued before, and for a location without outlets.
 */

/** One check in force at one outlet over the period. */
export const ZLogbookCheckPlan = z.object({
  outletId: z.number().int(),
  outletName: z.string(),
  room: z.string().nullable(),
  floor: z.string().nullable(),
  water: z.enum(OUTLET_WATERS),
  check: z.enum(CHECK_KINDS),
  /** Due dates that fell in the period. */
  planned: z.number().int(),
  /** Checks done in the period, and recorded as not possible. */
  done: z.number().int(),
  notPossible: z.number().int(),
  /** The due dates in the period whose day ended without a done check (local dates). */
  overdueDates: z.array(z.string()),
  /** Overdue from before the period and still when it began: the first missed due date; null otherwise. */
  overdueSince: z.string().nullable(),
  /** As it stood at the period's end (or when it was judged): the last done check's date, the next due date and its state. */
  lastDone: z.string().nullable(),
  nextDue: z.string(),
  state: z.enum(CHECK_DUE_STATES),
});
export type TLogbookCheckPlan = z.infer<typeof ZLogbookCheckPlan>;

/** An alarm's handling: who acknowledged and who resolved it, when, the action. */
export const ZLogbookOutletAlarmHandling = z.object({
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  note: z.string().nullable(),
});

/** A check recorded in the period, as judged when it was recorded (the API's fields), with its alarm's handling. */
export const ZLogbookCheckRecord = ZCheckRecord.pick({
  outletId: true,
  outletName: true,
  check: true,
  outcome: true,
  reason: true,
  celsius: true,
  ranSeconds: true,
  allowedSeconds: true,
  limit: true,
  deviation: true,
  alarmId: true,
  drift: true,
  note: true,
  doneAt: true,
  recordedBy: true,
}).extend({
  checkId: z.number().int(),
  verdict: z.enum(READING_VERDICTS).nullable(),
  /** The node's reading paired with it (°C), null without a pair. */
  nodeCelsius: z.number().nullable(),
  handling: ZLogbookOutletAlarmHandling.nullable(),
});
export type TLogbookCheckRecord = z.infer<typeof ZLogbookCheckRecord>;

/** An alarm on an outlet (checkDeviation, checkOverdue) that overlapped the period, with its handling. */
export const ZLogbookOutletAlarm = z.object({
  alarmId: z.number().int(),
  kind: z.string(),
  outletId: z.number().int(),
  outletName: z.string(),
  from: z.string(),
  to: z.string().nullable(),
  handling: ZLogbookOutletAlarmHandling,
});
export type TLogbookOutletAlarm = z.infer<typeof ZLogbookOutletAlarm>;

export const ZLogbookChecks = z.object({
  /** Outlets in the register by the period's end. */
  outlets: z.number().int(),
  plans: z.array(ZLogbookCheckPlan),
  records: z.array(ZLogbookCheckRecord),
  alarms: z.array(ZLogbookOutletAlarm),
  /** Every stretch a check was overdue that overlaps the period (what the checkOverdue deviations are made of). */
  overdue: z.array(z.object({ outletId: z.number().int(), outletName: z.string(), check: z.enum(CHECK_KINDS), firstDue: z.string(), doneAt: z.string().nullable() })),
});
export type TLogbookChecks = z.infer<typeof ZLogbookChecks>;

/** The deviation kinds of the checks section (also in DEVIATION_KINDS). */
export const CHECK_DEVIATION_KINDS = ['checkDeviation', 'checkOverdue'] as const;

/**
 * An outlet's check stands where a node's channel stands in a deviation: its subject is
 * `outlet:<id>:<check>` (in the node's EUI column, no channel), its name the outlet's, so one check's
 * findings over several periods are one record and two checks at one outlet never share one.
 */
export const outletCheckSubject = (outletId: number, check: string) => `outlet:${outletId}:${check}`;
const subjectOutlet = (eui: string): number | null => {
  const match = /^outlet:(\d+):/.exec(eui);
  return match ? Number(match[1]) : null;
};

/**
 * The deviations of a checks section: every reading outside the limit (or not within the running
 * time), at its check; every stretch a check was overdue, from the end of its first missed due date
 * (or the period's start), keyed by that date so the next period continues it, until the check done.
 */
export function checkDeviationFindings(
  checks: TLogbookChecks | undefined,
  periodStart: string,
  /** The instant a local date ends at the location (an overdue stretch starts then). */
  dayEnd: (localDate: string) => string,
): TDeviationFinding[] {
  if (!checks) return [];
  const findings: TDeviationFinding[] = [];
  for (const record of checks.records) {
    if (!record.deviation) continue;
    const to = record.handling?.resolvedAt ?? null;
    findings.push({ kind: 'checkDeviation', alarmKind: null, eui: outletCheckSubject(record.outletId, record.check), nodeName: record.outletName, channelId: null, from: record.doneAt, to, hours: null, keyStart: record.doneAt });
  }
  for (const stretch of checks.overdue) {
    const since = dayEnd(stretch.firstDue);
    const from = since > periodStart ? since : periodStart;
    findings.push({ kind: 'checkOverdue', alarmKind: null, eui: outletCheckSubject(stretch.outletId, stretch.check), nodeName: stretch.outletName, channelId: null, from, to: stretch.doneAt, hours: null, keyStart: stretch.firstDue });
  }
  return findings;
}

/**
 * The alarm whose resolution handles a check deviation: a deviating reading's own alarm; for an
 * overdue stretch, the outlet's `checkOverdue` alarm that overlaps it the longest.
 */
export function checkAlarmResolution(checks: TLogbookChecks | undefined, finding: Pick<TDeviationFinding, 'kind' | 'eui' | 'from' | 'to'>, end: string): TAlarmResolution | null {
  if (!checks || (finding.kind !== 'checkDeviation' && finding.kind !== 'checkOverdue')) return null;
  const outletId = subjectOutlet(finding.eui);
  const resolution = (alarmId: number, handling: TLogbookCheckRecord['handling']): TAlarmResolution => ({ alarmId, resolvedBy: handling?.resolvedBy ?? null, resolvedAt: handling?.resolvedAt ?? null, note: handling?.note ?? null });
  if (finding.kind === 'checkDeviation') {
    const record = checks.records.find((entry) => entry.outletId === outletId && entry.doneAt === finding.from && entry.alarmId !== null);
    return record && record.alarmId !== null ? resolution(record.alarmId, record.handling) : null;
  }
  const from = Date.parse(finding.from);
  const to = Date.parse(finding.to ?? end);
  let best: { alarm: TLogbookOutletAlarm; overlap: number } | null = null;
  for (const alarm of checks.alarms) {
    if (alarm.kind !== 'checkOverdue' || alarm.outletId !== outletId) continue;
    const overlap = Math.min(Date.parse(alarm.to ?? end), to) - Math.max(Date.parse(alarm.from), from);
    if (overlap < 0) continue;
    if (!best || overlap > best.overlap) best = { alarm, overlap };
  }
  return best ? resolution(best.alarm.alarmId, best.alarm.handling) : null;
}
