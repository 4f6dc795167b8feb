import { describe, expect, it } from 'vitest';
import {
  compareDeviations,
  continuesEarlierRecord,
  deviationActionIssues,
  deviationHandling,
  deviationKey,
  worstVerdict,
  ZDeviationActionBody,
  type TDeviationAction,
  type TReportVerdict,
} from './deviations';
import { deviationFindings, deviationVerdict } from './deviation-findings';
import { ZLogbookLocationSection, ZLogbookReport, type TLogbookChannel } from './report';

const PERIOD_START = '2026-10-01T00:00:00.000Z';
const channel = (overrides: Partial<TLogbookChannel> = {}): TLogbookChannel => ({
  eui: 'AA',
  nodeName: 'Douche',
  channelId: 'temperature1',
  channelName: 'Warm',
  mode: 'WW',
  limit: { kind: 'atLeast', celsius: 60 },
  readings: 10,
  expectedReadings: 10,
  coverage: 1,
  faultyReadings: 0,
  gaps: [],
  min: 60,
  mean: 60,
  max: 60,
  withinLimitShare: 1,
  readingsOutsideLimit: 0,
  growthRangeHours: 0,
  longestExcursion: null,
  flushDuty: true,
  flushes: 1,
  flushesProved: 1,
  flushesFailed: 0,
  missedFlushes: [],
  verdict: 'compliant',
  ...overrides,
});
const empty = { channels: [], failedFlushes: [], alarms: [], calibrationStatus: [] };

describe('deviationFindings: every kind the report finds', () => {
  it('a clean section has none', () => {
    expect(deviationFindings({ ...empty, channels: [channel()] }, PERIOD_START)).toEqual([]);
  });

  it('excursion, missed flush, gap, failed flush, overdue calibration, alarm; ordered by start', () => {
    const findings = deviationFindings(
      {
        channels: [
          channel({
            longestExcursion: { from: '2026-10-08T10:00:00.000Z', to: '2026-10-08T12:00:00.000Z', hours: 2 },
            missedFlushes: [{ from: '2026-10-20T00:00:00.000Z', to: '2026-10-31T23:00:00.000Z', hours: 275 }],
            gaps: [{ from: '2026-10-06T23:45:00.000Z', to: '2026-10-07T08:00:00.000Z', hours: 8.25 }],
          }),
        ],
        failedFlushes: [{ eui: 'AA', nodeName: 'Douche', channelId: 'temperature1', at: '2026-10-10T12:00:00.000Z', before: 54, after: 55 }],
        calibrationStatus: [
          { eui: 'AA', nodeName: 'Douche', channelId: 'temperature1', channelName: 'Warm', lastCalibrated: null, intervalYears: 1, due: null, overdue: true },
          { eui: 'AA', nodeName: 'Douche', channelId: 'temperature2', channelName: 'Koud', lastCalibrated: '2024-10-15T00:00:00.000Z', intervalYears: 2, due: '2026-10-15T00:00:00.000Z', overdue: true },
          { eui: 'AA', nodeName: 'Douche', channelId: 'temperature3', channelName: 'Leeg', lastCalibrated: '2026-01-01T00:00:00.000Z', intervalYears: 1, due: '2027-01-01T00:00:00.000Z', overdue: false },
        ],
        alarms: [{ kind: 'waterDetection', eui: 'AA', nodeName: 'Douche', channelId: null, from: '2026-10-06T03:00:00.000Z', to: '2026-10-06T05:00:00.000Z', hours: 2, handling: null }],
      },
      PERIOD_START,
    );
    expect(findings.map((f) => [f.kind, f.alarmKind, f.channelId, f.from, f.to, f.keyStart])).toEqual([
      ['calibrationOverdue', null, 'temperature1', PERIOD_START, null, 'never'],
      ['alarm', 'waterDetection', null, '2026-10-06T03:00:00.000Z', '2026-10-06T05:00:00.000Z', '2026-10-06T03:00:00.000Z'],
      ['gap', null, 'temperature1', '2026-10-06T23:45:00.000Z', '2026-10-07T08:00:00.000Z', '2026-10-06T23:45:00.000Z'],
      ['excursion', null, 'temperature1', '2026-10-08T10:00:00.000Z', '2026-10-08T12:00:00.000Z', '2026-10-08T10:00:00.000Z'],
      ['failedFlush', null, 'temperature1', '2026-10-10T12:00:00.000Z', '2026-10-10T12:00:00.000Z', '2026-10-10T12:00:00.000Z'],
      // Due within the period: from its due date, keyed by it.
      ['calibrationOverdue', null, 'temperature2', '2026-10-15T00:00:00.000Z', null, '2026-10-15T00:00:00.000Z'],
      ['missedFlush', null, 'temperature1', '2026-10-20T00:00:00.000Z', '2026-10-31T23:00:00.000Z', '2026-10-20T00:00:00.000Z'],
    ]);
  });

  it('every excursion the report lists is a deviation of its own; a report with the longest only gives that one', () => {
    const excursions = [
      { from: '2026-10-03T01:00:00.000Z', to: '2026-10-03T02:00:00.000Z', hours: 1, durationClass: 'underTwoDays' as const },
      { from: '2026-10-09T01:00:00.000Z', to: '2026-10-12T01:00:00.000Z', hours: 72, durationClass: 'twoDaysToWeek' as const },
    ];
    const longestExcursion = { from: excursions[1].from, to: excursions[1].to, hours: 72 };
    const listed = deviationFindings({ ...empty, channels: [channel({ longestExcursion, excursions })] }, PERIOD_START);
    expect(listed.map((f) => [f.kind, f.from, f.hours])).toEqual([
      ['excursion', excursions[0].from, 1],
      ['excursion', excursions[1].from, 72],
    ]);
    const longestOnly = deviationFindings({ ...empty, channels: [channel({ longestExcursion })] }, PERIOD_START);
    expect(longestOnly.map((f) => [f.kind, f.from])).toEqual([['excursion', excursions[1].from]]);
  });

  it('the role rules\' findings are deviations; an outlet\'s resting stretches in the growth range are not excursions of their own', () => {
    const stretch = { from: '2026-10-03T01:00:00.000Z', to: '2026-10-11T01:00:00.000Z', hours: 192 };
    const named = { eui: 'AA', nodeName: 'Douche', channelId: 'temperature1', channelName: 'Warm' };
    const found = deviationFindings(
      {
        ...empty,
        channels: [channel({ test: 'runningTest', longestExcursion: stretch, excursions: [{ ...stretch, durationClass: 'overWeek' }] })],
        findings: [
          { kind: 'growthRangeTooLong', ...named, ...stretch, bound: 168 },
          { kind: 'longInterruption', ...named, from: '2026-10-01T00:00:00.000Z', to: '2026-10-31T00:00:00.000Z', hours: 720, bound: 672 },
          { kind: 'disinfectionMissed', ...named, from: '2026-10-14T07:00:00.000Z', to: '2026-10-14T11:00:00.000Z', hours: 4, bound: 70 },
        ],
      },
      PERIOD_START,
    );
    expect(found.map((f) => [f.kind, f.from])).toEqual([
      ['longInterruption', '2026-10-01T00:00:00.000Z'],
      ['growthRangeTooLong', stretch.from],
      ['disinfectionMissed', '2026-10-14T07:00:00.000Z'],
    ]);
    // A heater flow (continuous readings) keeps its excursions as deviations.
    const flow = deviationFindings({ ...empty, channels: [channel({ test: 'continuous', longestExcursion: stretch, excursions: [{ ...stretch, durationClass: 'overWeek' }] })] }, PERIOD_START);
    expect(flow.map((f) => f.kind)).toEqual(['excursion']);
  });

  it('an overdue calibration due before the period starts at the period start but keeps its due date as key', () => {
    const [finding] = deviationFindings(
      { ...empty, calibrationStatus: [{ eui: 'AA', nodeName: 'N', channelId: 'temperature1', channelName: 'W', lastCalibrated: '2024-01-01T00:00:00.000Z', intervalYears: 1, due: '2025-01-01T00:00:00.000Z', overdue: true }] },
      PERIOD_START,
    );
    expect([finding.from, finding.keyStart]).toEqual([PERIOD_START, '2025-01-01T00:00:00.000Z']);
  });
});

describe('deviationKey: the same finding twice is one record', () => {
  const finding = { kind: 'excursion' as const, alarmKind: null, eui: 'AA', channelId: 'temperature1', keyStart: '2026-10-08T10:00:00.000Z' };
  it.each([
    [finding, '7|excursion|AA|temperature1|2026-10-08T10:00:00.000Z'],
    [{ ...finding, kind: 'alarm' as const, alarmKind: 'offline', channelId: null }, '7|alarm:offline|AA||2026-10-08T10:00:00.000Z'],
    [{ ...finding, kind: 'calibrationOverdue' as const, keyStart: 'never' }, '7|calibrationOverdue|AA|temperature1|never'],
  ])('%o', (input, key) => {
    expect(deviationKey(7, input)).toBe(key);
    expect(deviationKey(7, { ...input })).toBe(deviationKey(7, input));
  });
  it('another location, start, channel or alarm kind is another record', () => {
    const keys = new Set([
      deviationKey(7, finding),
      deviationKey(8, finding),
      deviationKey(7, { ...finding, keyStart: '2026-10-08T10:15:00.000Z' }),
      deviationKey(7, { ...finding, channelId: 'temperature2' }),
      deviationKey(7, { ...finding, kind: 'alarm', alarmKind: 'offline' }),
      deviationKey(7, { ...finding, kind: 'alarm', alarmKind: 'lowBattery' }),
    ]);
    expect(keys.size).toBe(6);
  });
  it.each([
    [{ from: PERIOD_START, keyStart: PERIOD_START }, true],
    [{ from: '2026-10-01T00:15:00.000Z', keyStart: '2026-10-01T00:15:00.000Z' }, false],
    [{ from: PERIOD_START, keyStart: 'never' }, false],
  ])('continuesEarlierRecord %o -> %s', (finding, expected) => {
    expect(continuesEarlierRecord(finding, PERIOD_START)).toBe(expected);
  });
});

describe('deviationHandling: open until an action or the alarm resolution', () => {
  const action: TDeviationAction = { id: 1, cause: 'Boiler op 55 °C', action: 'Boiler op 65 °C gezet', actedAt: '2026-10-09T08:00:00.000Z', by: 'klant@example.com', recordedAt: '2026-10-09T09:00:00.000Z', alarmId: null };
  const resolved = { alarmId: 4, resolvedBy: 'monteur@example.com', resolvedAt: '2026-10-06T06:00:00.000Z', note: 'Lek gedicht' };
  it.each([
    ['nothing: open', null, null, 'open', null],
    ['an action', action, null, 'handled', 'action'],
    ['its alarm resolved', null, resolved, 'handled', 'alarm'],
    ['its alarm acknowledged only: open', null, { ...resolved, resolvedAt: null, resolvedBy: null }, 'open', null],
    ['an action wins over the alarm', action, resolved, 'handled', 'action'],
  ] as const)('%s', (_name, latest, alarm, state, source) => {
    const result = deviationHandling(latest, alarm);
    expect(result.state).toBe(state);
    expect(result.handling?.source ?? null).toBe(source);
  });
  it('the alarm resolution as handling: the note is the action, resolver and time', () => {
    expect(deviationHandling(null, resolved).handling).toEqual({ source: 'alarm', cause: null, action: 'Lek gedicht', at: '2026-10-06T06:00:00.000Z', by: 'monteur@example.com', alarmId: 4 });
  });
});

describe('verdicts: compliant, deviations all handled, open deviations, insufficient data', () => {
  it.each([
    [['compliant'], [], 'compliant'],
    [['compliant', 'compliant'], ['handled'], 'deviationsHandled'],
    [['deviations'], ['handled', 'handled'], 'deviationsHandled'],
    [['deviations'], ['handled', 'open'], 'openDeviations'],
    [['compliant'], ['open'], 'openDeviations'],
    [['insufficientData'], [], 'insufficientData'],
    [['insufficientData', 'compliant'], ['handled'], 'deviationsHandled'],
    [['insufficientData'], ['open'], 'openDeviations'],
    [[], [], 'insufficientData'],
    // A channel with deviations but no record (cannot happen when every finding is a record): never compliant.
    [['deviations'], [], 'openDeviations'],
  ] as const)('channels %o, deviations %o -> %s', (channels, states, verdict) => {
    expect(deviationVerdict(channels, states)).toBe(verdict);
  });
  it.each([
    [['compliant', 'deviationsHandled'], 'deviationsHandled'],
    [['compliant', 'insufficientData'], 'insufficientData'],
    [['deviationsHandled', 'insufficientData'], 'deviationsHandled'],
    [['deviationsHandled', 'openDeviations', 'compliant'], 'openDeviations'],
    [['compliant'], 'compliant'],
    [[], 'insufficientData'],
  ] as [TReportVerdict[], TReportVerdict][])('customer of %o -> %s', (verdicts, verdict) => {
    expect(worstVerdict(verdicts)).toBe(verdict);
  });
});

describe('the action body', () => {
  const ok = { cause: 'Boiler stond laag', action: 'Thermostaat op 65 °C', actedAt: '2026-10-09T08:00:00+02:00' };
  it.each([
    [ok, {}],
    [{ ...ok, alarmId: 3 }, {}],
    [{ ...ok, cause: '  ' }, { cause: 'validation.required' }],
    [{ ...ok, action: undefined }, { action: 'validation.required' }],
    [{ ...ok, action: 'x'.repeat(2001) }, { action: 'validation.tooLong?max=2000' }],
    [{ ...ok, actedAt: '9 oktober' }, { actedAt: 'validation.dateTime' }],
    [{ ...ok, alarmId: 1.5 }, { alarmId: 'validation.integer' }],
  ])('%o', (body, fields) => {
    const result = ZDeviationActionBody.safeParse(body);
    const issues = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(issues).toEqual(fields);
  });
  it('a multi-line cause is kept', () => {
    expect(ZDeviationActionBody.parse({ ...ok, cause: 'a\nb' }).cause).toBe('a\nb');
  });
  const now = new Date('2026-10-10T12:00:00Z');
  it.each([
    ['2026-10-10T12:00:00Z', {}],
    ['2026-10-10T12:05:00Z', {}],
    ['2026-10-10T12:05:01Z', { actedAt: 'validation.actedAtInFuture' }],
    ['2026-10-08T10:00:00Z', {}],
    ['2026-10-08T09:59:59Z', { actedAt: 'validation.actedAtBeforeDeviation?from=2026-10-08T10%3A00%3A00.000Z' }],
  ])('acted at %s', (actedAt, issues) => {
    expect(deviationActionIssues({ actedAt }, '2026-10-08T10:00:00.000Z', now)).toEqual(issues);
  });
});

describe('old issued reports still parse', () => {
  it('a section without deviations and the verdict "deviations"', () => {
    const section = { location: { id: 1, name: 'L', address: '', postalCode: '', city: '', country: '', timeZone: 'Europe/Amsterdam' }, rulebook: { id: 'NL', source: 'country', hot: { kind: 'atLeast', celsius: 60 }, cold: { kind: 'atMost', celsius: 25 }, healthcare: false, flushEveryHours: 168, retentionYears: 3 }, verdict: 'deviations', nodes: 0, channels: [], flushWeeks: [], failedFlushes: [], alarms: [], calibrationStatus: [], calibrations: [], changes: [] };
    expect(ZLogbookLocationSection.parse(section).deviations).toBeUndefined();
    const report = { sha256: 'x', scope: 'location', number: 'LB-2026-000001', generatedAt: PERIOD_START, generatedBy: 'a', period: { from: '2026-10-01', to: '2026-10-31', timeZone: 'Europe/Amsterdam', start: PERIOD_START, end: PERIOD_START }, customer: { id: 1, name: 'C', address: '', postalCode: '', city: '', country: '' }, verdict: 'deviations', locations: [section] };
    expect(ZLogbookReport.parse(report).verdict).toBe('deviations');
  });
});

describe('compareDeviations: open first, then newest', () => {
  it('sorts', () => {
    const rows = [
      { id: 1, state: 'handled' as const, from: '2026-10-09' },
      { id: 2, state: 'open' as const, from: '2026-10-01' },
      { id: 3, state: 'open' as const, from: '2026-10-05' },
      { id: 4, state: 'handled' as const, from: '2026-10-09' },
    ];
    expect([...rows].sort(compareDeviations).map((row) => row.id)).toEqual([3, 2, 4, 1]);
  });
});
