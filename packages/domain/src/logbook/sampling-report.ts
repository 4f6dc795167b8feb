import { z } from 'zod';
import { DUE_STATES } from '../sampling/plan';
import { ZSampleResult } from '../sampling/api';
import { COUNT_UNITS } from '../sampling/thresholds';
import type { TDeviationFinding } from './deviations';

/**
 * The logbook's sampling section (docs/logbook.md, "Sampling"; docs/sampling.md): per period the
 * plan per sample point (due, taken, overdue at the period's end), every laboratory result taken
 * in the period with its verdict and the steps taken (its alarm's handling), and what of that is a
 * deviation: a result at or above the first threshold (`legionellaResult`, handled when its alarm
 * is resolved or an action is recorded) and a point overdue at the period's end (`samplingOverdue`).
 * Absent in reports issued before, and for a location without sample points.
 */

/** A sample point as the period's plan saw it. */
export const ZLogbookSamplingPoint = z.object({
  samplePointId: z.number().int(),
  name: z.string(),
  role: z.enum(['hot', 'cold']),
  priority: z.boolean(),
  /** Results taken at the point in the period. */
  taken: z.number().int(),
  /** The latest sampling up to the period's end (instant), null for a point never sampled. */
  lastTakenAt: z.string().nullable(),
  /** Due dates (local dates) as they stood at the period's end (or when it was judged). */
  routineDue: z.string().nullable(),
  resampleDue: z.string().nullable(),
  nextDue: z.string().nullable(),
  state: z.enum(DUE_STATES),
});
export type TLogbookSamplingPoint = z.infer<typeof ZLogbookSamplingPoint>;

/** The steps taken on a result's alarm: who acknowledged and resolved it, when, the action, when the authority was told. */
export const ZLogbookSampleHandling = z.object({
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  note: z.string().nullable(),
  authorityToldAt: z.string().nullable(),
});

/**
 * A laboratory result taken in the period, judged by the rulebook at entry (the API's fields, so the
 * two never differ), with its highest count as reported and the steps taken on its alarm.
 */
export const ZLogbookSampleResult = ZSampleResult.pick({
  samplePointId: true,
  pointName: true,
  sampleId: true,
  takenAt: true,
  lab: true,
  accreditation: true,
  method: true,
  verdict: true,
  legalStep: true,
  resample: true,
  alarmId: true,
  resampleDue: true,
}).extend({
  resultId: z.number().int(),
  /** The highest count as the lab reported it; null when nothing was detected (then the detection limit). */
  count: z.number().nullable(),
  detectionLimit: z.number().nullable(),
  unit: z.enum(COUNT_UNITS),
  perLitre: z.number().nullable(),
  /** The alarm's handling; null without an alarm. */
  handling: ZLogbookSampleHandling.nullable(),
});
export type TLogbookSampleResult = z.infer<typeof ZLogbookSampleResult>;

export const ZLogbookSampling = z.object({
  /** The plan's interval in months (null: none known, UK without the risk assessment's figure). */
  intervalMonths: z.number().int().nullable(),
  points: z.array(ZLogbookSamplingPoint),
  results: z.array(ZLogbookSampleResult),
});
export type TLogbookSampling = z.infer<typeof ZLogbookSampling>;

/** The deviation kinds of the sampling section (also in DEVIATION_KINDS). */
export const SAMPLING_DEVIATION_KINDS = ['legionellaResult', 'samplingOverdue'] as const;

/**
 * A sample point stands where a node stands in a deviation: its subject is `samplePoint:<id>` (in the
 * node's EUI column, no channel), its name the point's, so one point's findings over several periods
 * are one record and two points never share one.
 */
export const samplePointSubject = (samplePointId: number) => `samplePoint:${samplePointId}`;

/**
 * The deviations of a sampling section: every result that opened (or joined) an alarm, at its
 * sampling, and every point overdue at the period's end, from the day after its due date (or the
 * period's start when that was earlier), keyed by its due date so the next period continues it.
 */
export function samplingDeviationFindings(
  sampling: TLogbookSampling | undefined,
  periodStart: string,
  /** The instant a local date ends at the location (the overdue sampling starts then). */
  dayEnd: (localDate: string) => string,
): TDeviationFinding[] {
  if (!sampling) return [];
  const findings: TDeviationFinding[] = [];
  for (const result of sampling.results) {
    if (result.verdict !== 'exceeded' && result.verdict !== 'report') continue;
    const to = result.handling?.resolvedAt ?? null;
    findings.push({ kind: 'legionellaResult', alarmKind: null, eui: samplePointSubject(result.samplePointId), nodeName: result.pointName, channelId: null, from: result.takenAt, to, hours: null, keyStart: result.takenAt });
  }
  for (const point of sampling.points) {
    if (point.state !== 'overdue' || point.nextDue === null) continue;
    const since = dayEnd(point.nextDue);
    const from = since > periodStart ? since : periodStart;
    findings.push({ kind: 'samplingOverdue', alarmKind: null, eui: samplePointSubject(point.samplePointId), nodeName: point.name, channelId: null, from, to: null, hours: null, keyStart: point.nextDue });
  }
  return findings;
}

/** The resolution of a legionellaResult deviation's alarm (the steps taken count as its handling). */
export function sampleAlarmResolution(sampling: TLogbookSampling | undefined, finding: Pick<TDeviationFinding, 'kind' | 'eui' | 'from'>): { alarmId: number; resolvedBy: string | null; resolvedAt: string | null; note: string | null } | null {
  if (finding.kind !== 'legionellaResult' || !sampling) return null;
  const result = sampling.results.find((entry) => samplePointSubject(entry.samplePointId) === finding.eui && entry.takenAt === finding.from && entry.alarmId !== null);
  if (!result || result.alarmId === null) return null;
  return { alarmId: result.alarmId, resolvedBy: result.handling?.resolvedBy ?? null, resolvedAt: result.handling?.resolvedAt ?? null, note: result.handling?.note ?? null };
}
