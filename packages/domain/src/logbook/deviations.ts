import { z } from 'zod';
import { messageKey, MESSAGE } from '../validation/message-key';
import { zRequiredText } from '../validation/validators';

/**
 * Deviations as records (docs/logbook.md, "Deviations"). Every finding of the logbook report that
 * asks for a corrective action is a deviation: an excursion past the limit, a flush that did not
 * prove itself, a missed flush duty, a monitoring gap, an overdue calibration, an alarm. It has a
 * stable key (location, kind, node, channel, start), so the same finding found by two reports is
 * one record, and a state: open until someone records cause, corrective action, who and when, or,
 * for an alarm, until its alarm record is resolved (the resolution is the corrective action).
 */

/**
 * The kinds, in the order the report lists them. A new finding kind is one entry here (and its
 * texts in ui-logbook-report.ts `deviationKinds`, ui-deviations.ts) and one branch in
 * `deviationFindings`.
 */
export const DEVIATION_KINDS = [
  'excursion',
  'failedFlush',
  'missedFlush',
  'gap',
  'calibrationOverdue',
  'alarm',
  // What the role rules find (ZLogbookFinding, docs/logbook.md "Roles"): each one a deviation of its own.
  'growthRangeTooLong',
  'longInterruption',
  'disinfectionMissed',
  // The sampling section (docs/logbook.md, "Sampling"): a laboratory result at or above the first threshold, a sampling overdue.
  'legionellaResult',
  'samplingOverdue',
  // The checks at outlets (docs/logbook.md, "Checks at outlets"): a reading outside the limit, a check overdue.
  'checkDeviation',
  'checkOverdue',
] as const;
export type TDeviationKind = (typeof DEVIATION_KINDS)[number];
export const ZDeviationKind = z.enum(DEVIATION_KINDS);

export const DEVIATION_STATES = ['open', 'handled'] as const;
export type TDeviationState = (typeof DEVIATION_STATES)[number];

/** What a report found, before it is a record: where, what, when. */
export interface TDeviationFinding {
  kind: TDeviationKind;
  /** The alarm's kind for kind 'alarm' (lowBattery, offline, ...), else null. */
  alarmKind: string | null;
  eui: string;
  nodeName: string;
  channelId: string | null;
  from: string;
  /** null while it still held at the period's end. */
  to: string | null;
  hours: number | null;
  /** The start the key is made of: `from`, or 'never' for a channel never calibrated (it has no start). */
  keyStart: string;
}

/** The key of a deviation: deterministic, so a finding found again is the same record. */
export function deviationKey(locationId: number, finding: Pick<TDeviationFinding, 'kind' | 'alarmKind' | 'eui' | 'channelId' | 'keyStart'>): string {
  const kind = finding.alarmKind ? `${finding.kind}:${finding.alarmKind}` : finding.kind;
  return [String(locationId), kind, finding.eui, finding.channelId ?? '', finding.keyStart].join('|');
}

/** Whether a stretch found at the period's start may continue a record of an earlier period (same subject, still going then). */
export const continuesEarlierRecord = (finding: Pick<TDeviationFinding, 'from' | 'keyStart'>, periodStart: string): boolean =>
  finding.keyStart !== 'never' && Date.parse(finding.from) === Date.parse(periodStart);

/** A corrective action as recorded (insert-only: a correction is a new action). */
export const ZDeviationAction = z.object({
  id: z.number().int(),
  cause: z.string(),
  action: z.string(),
  /** When the action was taken (as the user says). */
  actedAt: z.string(),
  /** Who recorded it (the signed-in user's e-mail) and when. */
  by: z.string(),
  recordedAt: z.string(),
  /** The alarm whose handling it links, if any. */
  alarmId: z.number().int().nullable(),
});
export type TDeviationAction = z.infer<typeof ZDeviationAction>;

/** An alarm record's resolution as a deviation's handling counts it. */
export interface TAlarmResolution {
  alarmId: number;
  resolvedBy: string | null;
  resolvedAt: string | null;
  note: string | null;
}

/** How a deviation was dealt with, as the report and the screens show it. */
export const ZDeviationHandling = z.object({
  source: z.enum(['action', 'alarm']),
  /** null for an alarm's resolution (the alarm records no cause apart). */
  cause: z.string().nullable(),
  action: z.string(),
  at: z.string(),
  by: z.string(),
  alarmId: z.number().int().nullable(),
});
export type TDeviationHandling = z.infer<typeof ZDeviationHandling>;

/**
 * A deviation's state: handled by its latest recorded action, else by its alarm's resolution
 * (kind 'alarm', or an action that links an alarm: the resolution counts once it is there), else open.
 */
export function deviationHandling(latest: TDeviationAction | null, alarm: TAlarmResolution | null): { state: TDeviationState; handling: TDeviationHandling | null } {
  if (latest) {
    return { state: 'handled', handling: { source: 'action', cause: latest.cause, action: latest.action, at: latest.actedAt, by: latest.by, alarmId: latest.alarmId } };
  }
  if (alarm?.resolvedAt) {
    return { state: 'handled', handling: { source: 'alarm', cause: null, action: alarm.note ?? '', at: alarm.resolvedAt, by: alarm.resolvedBy ?? '', alarmId: alarm.alarmId } };
  }
  return { state: 'open', handling: null };
}

/** Verdicts of a location, a customer and a report: 'deviations' is what reports issued before deviations were records say. */
export type TReportVerdict = 'compliant' | 'deviationsHandled' | 'openDeviations' | 'insufficientData' | 'deviations';

const VERDICT_WEIGHT: Record<TReportVerdict, number> = { openDeviations: 4, deviations: 4, deviationsHandled: 3, insufficientData: 2, compliant: 1 };

/** A customer's (or a report's) verdict: its worst location; none: insufficient data. */
export function worstVerdict(verdicts: readonly TReportVerdict[]): TReportVerdict {
  if (verdicts.length === 0) return 'insufficientData';
  return verdicts.reduce((worst, verdict) => (VERDICT_WEIGHT[verdict] > VERDICT_WEIGHT[worst] ? verdict : worst));
}

/** A deviation in the report: the finding with its state and how it was dealt with. */
export const ZLogbookDeviation = z.object({
  kind: ZDeviationKind,
  alarmKind: z.string().nullable(),
  eui: z.string(),
  nodeName: z.string(),
  channelId: z.string().nullable(),
  from: z.string(),
  to: z.string().nullable(),
  hours: z.number().nullable(),
  state: z.enum(DEVIATION_STATES),
  handling: ZDeviationHandling.nullable(),
});
export type TLogbookDeviation = z.infer<typeof ZLogbookDeviation>;

// ---- the API (apps/server/src/modules/deviations) ----

export const DEVIATION_TEXT_MAX = 2000;
/** How far ahead of the server's clock an action's time may be (clocks differ a little). */
export const DEVIATION_ACTED_AT_SLACK_MS = 5 * 60_000;

/** POST /deviations/{id}/actions: cause, corrective action, when it was taken, optionally the alarm whose handling it was. */
export const ZDeviationActionBody = z.object({
  cause: zRequiredText(DEVIATION_TEXT_MAX, { multiline: true }),
  action: zRequiredText(DEVIATION_TEXT_MAX, { multiline: true }),
  actedAt: z.iso.datetime({ offset: true, error: 'validation.dateTime' }),
  alarmId: z.number({ error: MESSAGE.integer }).int({ error: MESSAGE.integer }).positive({ error: MESSAGE.integer }).optional(),
});
export type TDeviationActionBody = z.infer<typeof ZDeviationActionBody>;

/**
 * The rules of an action's time beyond its shape: not in the future, not before the deviation
 * began. Field -> message key; empty when fine.
 */
export function deviationActionIssues(body: Pick<TDeviationActionBody, 'actedAt'>, deviationFrom: string, now: Date): Record<string, string> {
  const at = Date.parse(body.actedAt);
  if (at > now.getTime() + DEVIATION_ACTED_AT_SLACK_MS) return { actedAt: 'validation.actedAtInFuture' };
  if (at < Date.parse(deviationFrom)) return { actedAt: messageKey('validation.actedAtBeforeDeviation', { from: deviationFrom }) };
  return {};
}

/** A deviation as the screens list it. */
export const ZDeviation = z.object({
  id: z.number().int(),
  kind: ZDeviationKind,
  alarmKind: z.string().nullable(),
  customer: z.string(),
  location: z.string(),
  eui: z.string(),
  nodeName: z.string(),
  channelId: z.string().nullable(),
  from: z.string(),
  to: z.string().nullable(),
  /** The alarm record it was found with (kind 'alarm'), if any. */
  alarmId: z.number().int().nullable(),
  state: z.enum(DEVIATION_STATES),
  handling: ZDeviationHandling.nullable(),
  /** Every action recorded, oldest first (a correction is a new action). */
  actions: z.array(ZDeviationAction),
});
export type TDeviation = z.infer<typeof ZDeviation>;

export const DEVIATION_LIST_MAX_LIMIT = 500;
export const DEVIATION_LIST_DEFAULT_LIMIT = 100;

/** GET .../deviations: one page (the total in X-Total-Count), open ones first, then the newest. */
export const ZDeviationListQuery = z.object({
  state: z.enum(DEVIATION_STATES).optional(),
  kind: ZDeviationKind.optional(),
  /** Deviations that overlap these local dates (the location's zone; both included). */
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date').optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date').optional(),
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(DEVIATION_LIST_MAX_LIMIT).optional(),
});
export type TDeviationListQuery = z.infer<typeof ZDeviationListQuery>;

/** The order of the screens' lists: open ones first, then the newest. */
export function compareDeviations(a: Pick<TDeviation, 'state' | 'from' | 'id'>, b: Pick<TDeviation, 'state' | 'from' | 'id'>): number {
  if (a.state !== b.state) return a.state === 'open' ? -1 : 1;
  return b.from.localeCompare(a.from) || b.id - a.id;
}
