import { describe, expect, it } from 'vitest';
import { deviationFindings } from './deviation-findings';
import type { TLogbookSampleResult, TLogbookSampling, TLogbookSamplingPoint } from './sampling-report';

/** The sampling section's deviations (docs/logbook.md, "Sampling"), October 2026 in Amsterdam. */
const START = '2026-09-30T22:00:00.000Z';
const point = (samplePointId: number, nextDue: string | null, state: TLogbookSamplingPoint['state']): TLogbookSamplingPoint => ({
  samplePointId,
  name: `Punt ${samplePointId}`,
  role: 'hot',
  priority: false,
  taken: 0,
  lastTakenAt: null,
  routineDue: nextDue,
  resampleDue: null,
  nextDue,
  state,
});
const result = (verdict: TLogbookSampleResult['verdict'], resolvedAt: string | null = null): TLogbookSampleResult => ({
  resultId: 1,
  samplePointId: 7,
  pointName: 'Douche 12',
  sampleId: 'M-1',
  takenAt: '2026-10-05T07:00:00.000Z',
  lab: 'Lab Noord',
  accreditation: null,
  method: 'ISO 11731',
  count: 150,
  detectionLimit: null,
  unit: 'kve/l',
  perLitre: 150,
  verdict,
  legalStep: 'none',
  resample: false,
  resampleDue: null,
  alarmId: verdict === 'compliant' || verdict === 'inconclusive' ? null : 3,
  handling: resolvedAt ? { acknowledgedBy: null, acknowledgedAt: null, resolvedBy: 'a@example.com', resolvedAt, note: 'x', authorityToldAt: null } : null,
});
const findings = (sampling: TLogbookSampling) =>
  deviationFindings({ channels: [], failedFlushes: [], alarms: [], calibrationStatus: [], findings: [], sampling }, START, 'Europe/Amsterdam').map(({ kind, eui, from, to, keyStart }) => ({ kind, eui, from, to, keyStart }));

describe('the sampling deviations', () => {
  it.each([
    ['compliant', 0],
    ['inconclusive', 0],
    ['exceeded', 1],
    ['report', 1],
  ] as const)('a %s result: %i deviation', (verdict, count) => {
    expect(findings({ intervalMonths: 6, points: [], results: [result(verdict)] })).toHaveLength(count);
  });

  it('a result above ends when its alarm is resolved', () => {
    expect(findings({ intervalMonths: 6, points: [], results: [result('exceeded', '2026-10-06T08:00:00.000Z')] })).toEqual([
      { kind: 'legionellaResult', eui: 'samplePoint:7', from: '2026-10-05T07:00:00.000Z', to: '2026-10-06T08:00:00.000Z', keyStart: '2026-10-05T07:00:00.000Z' },
    ]);
  });

  it('an overdue point from the end of its due date in the location\'s zone, or the period\'s start; due, planned and no interval are none', () => {
    const points = [point(1, '2026-10-14', 'overdue'), point(2, '2026-03-01', 'overdue'), point(3, '2026-11-04', 'due'), point(4, '2027-04-01', 'planned'), point(5, null, 'noInterval')];
    expect(findings({ intervalMonths: 6, points, results: [] })).toEqual([
      { kind: 'samplingOverdue', eui: 'samplePoint:2', from: START, to: null, keyStart: '2026-03-01' },
      { kind: 'samplingOverdue', eui: 'samplePoint:1', from: '2026-10-14T22:00:00.000Z', to: null, keyStart: '2026-10-14' },
    ]);
  });
});
