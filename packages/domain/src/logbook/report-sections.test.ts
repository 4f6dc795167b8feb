import { describe, expect, it } from 'vitest';
import { logbookReportTextsDe, logbookReportTextsEn, logbookReportTextsNl } from '../i18n/ui-logbook-report';
import type { TLogbookChannel, TLogbookLocationSection } from './report';
import { LOGBOOK_ALARM_KINDS } from './report';
import { changeDetailsWords } from './report-words';
import { LOGBOOK_TABLE_ORDER, LOGBOOK_TABLES, isFigure, sectionLookup, type TLogbookAnyTable, type TLogbookCell, type TLogbookColumnKey } from './report-sections';

const SHOWER = { eui: 'A84041000181C5D1', nodeName: 'Douche 2.14' };
const HOT: TLogbookChannel = {
  ...SHOWER,
  channelId: 'temperature1',
  channelName: 'Warm water',
  mode: 'WW',
  role: 'outlet',
  test: 'runningTest',
  limit: { kind: 'atLeast', celsius: 60 },
  readings: 2890,
  expectedReadings: 2980,
  coverage: 0.97,
  faultyReadings: 2,
  gaps: [{ from: '2026-10-12T03:15:00.000Z', to: '2026-10-12T22:00:00.000Z', hours: 18.75 }],
  min: 48.2,
  mean: 61.4,
  max: 66.8,
  withinLimitShare: 0.962,
  readingsOutsideLimit: 110,
  growthRangeHours: 7.5,
  longestExcursion: { from: '2026-10-19T05:00:00.000Z', to: '2026-10-19T09:30:00.000Z', hours: 4.5 },
  excursions: [
    { from: '2026-10-03T05:00:00.000Z', to: '2026-10-03T06:00:00.000Z', hours: 1, durationClass: 'underTwoDays' },
    { from: '2026-10-19T05:00:00.000Z', to: '2026-10-19T09:30:00.000Z', hours: 4.5, durationClass: 'underTwoDays' },
  ],
  hoursThere: 745,
  flushDuty: true,
  flushes: 5,
  flushesProved: 4,
  flushesFailed: 1,
  missedFlushes: [{ from: '2026-10-09T06:00:00.000Z', to: '2026-10-20T07:00:00.000Z', hours: 265 }],
  verdict: 'deviations',
};
/** A channel without a flush duty, a limit or readings: its figures are none. */
const COLD: TLogbookChannel = {
  ...HOT,
  channelId: 'temperature2',
  channelName: 'Koud water',
  mode: null,
  limit: null,
  min: null,
  withinLimitShare: null,
  longestExcursion: null,
  excursions: [],
  flushDuty: false,
  gaps: [],
  missedFlushes: [],
};

const SECTION: TLogbookLocationSection = {
  location: { id: 1, name: 'Zorgcentrum', address: 'Kerkstraat 12', postalCode: '3811 CV', city: 'Amersfoort', country: 'Nederland', timeZone: 'Europe/Amsterdam' },
  rulebook: { id: 'NL', source: 'customer', hot: { kind: 'atLeast', celsius: 60 }, cold: { kind: 'atMost', celsius: 25 }, healthcare: false, flushEveryHours: 168, retentionYears: 3 },
  verdict: 'deviations',
  nodes: 1,
  channels: [HOT, COLD],
  flushWeeks: [{ ...SHOWER, channelId: 'temperature1', channelName: 'Warm water', week: '2026-10-05', flushes: 1, proved: 0, failed: 1, required: 1 }],
  failedFlushes: [{ ...SHOWER, channelId: 'temperature1', at: '2026-10-19T05:00:00.000Z', before: 38.4, after: 52.7 }],
  alarms: [
    { kind: 'offline', ...SHOWER, channelId: null, from: '2026-10-12T03:15:00.000Z', to: null, hours: null, handling: {
        acknowledgedBy: 'A. Öztürk',
        acknowledgedAt: '2026-10-12T06:00:00.000Z',
        resolvedBy: 'J. de Vries',
        resolvedAt: '2026-10-13T08:00:00.000Z',
        note: 'Batterij vervangen',
      },
    },
    { kind: 'temperature', ...SHOWER, channelId: 'temperature1', from: '2026-10-19T05:00:00.000Z', to: '2026-10-19T09:30:00.000Z', hours: 4.5, handling: null },
  ],
  calibrationStatus: [{ ...SHOWER, channelId: 'temperature2', channelName: 'Koud water', lastCalibrated: null, intervalYears: 2, due: null, overdue: true }],
  calibrations: [{ at: '2026-10-07T09:12:31.000Z', ...SHOWER, channelId: 'temperature9', reference: 60, measured: 59.6, offset: 0.4, user: null }],
  changes: [{ at: '2026-10-02T08:14:00.000Z', ...SHOWER, kind: 'settings', user: 'planner@example.com', details: '', settings: [{ setting: 'logInterval', from: 10, to: 15 }] }],
  deviations: [
    { kind: 'alarm', alarmKind: 'offline', ...SHOWER, channelId: null, from: '2026-10-12T03:15:00.000Z', to: null, hours: null, state: 'handled', handling: { source: 'alarm', cause: null, action: 'Batterij vervangen', at: '2026-10-13T08:00:00.000Z', by: 'J. de Vries', alarmId: 9 } },
    { kind: 'excursion', alarmKind: null, ...SHOWER, channelId: 'temperature1', from: '2026-10-19T05:00:00.000Z', to: '2026-10-19T09:30:00.000Z', hours: 4.5, state: 'open', handling: null },
  ],
  findings: [{ kind: 'growthRangeTooLong', ...SHOWER, channelId: 'temperature1', channelName: 'Warm water', from: '2026-10-01T00:00:00.000Z', to: '2026-10-09T00:00:00.000Z', hours: 192, bound: 168 }],
  disinfections: [
    {
      source: 'detected',
      from: '2026-10-14T07:00:00.000Z',
      to: '2026-10-14T11:00:00.000Z',
      passed: false,
      outlets: [
        { ...SHOWER, channelId: 'temperature1', channelName: 'Warm water', reached: true, celsius: 70, minutes: 5, heldMinutes: 15, from: '2026-10-14T08:00:00.000Z', to: '2026-10-14T08:15:00.000Z', max: 72.5 },
        { ...SHOWER, channelId: 'temperature2', channelName: 'Koud water', reached: false, celsius: 65, minutes: 10, heldMinutes: 0, from: null, to: null, max: 61 },
      ],
    },
  ],
  sampling: {
    intervalMonths: 6,
    points: [{ samplePointId: 7, name: 'Douche 12', role: 'hot', priority: true, taken: 1, lastTakenAt: '2026-10-05T07:00:00.000Z', routineDue: '2027-04-05', resampleDue: '2026-11-04', nextDue: '2026-11-04', state: 'due' }],
    results: [
      {
        resultId: 3,
        samplePointId: 7,
        pointName: 'Douche 12',
        sampleId: 'M-101',
        takenAt: '2026-10-05T07:00:00.000Z',
        lab: 'Lab Noord',
        accreditation: null,
        method: 'ISO 11731',
        count: 1500,
        detectionLimit: null,
        unit: 'kve/l',
        perLitre: 1500,
        verdict: 'report',
        legalStep: 'reportIlt',
        resample: false,
        resampleDue: '2026-11-04',
        alarmId: 12,
        handling: { acknowledgedBy: null, acknowledgedAt: null, resolvedBy: 'J. de Vries', resolvedAt: '2026-10-06T08:00:00.000Z', note: 'Gedesinfecteerd', authorityToldAt: '2026-10-05T09:00:00.000Z' },
      },
    ],
  },
  checks: {
    outlets: 1,
    plans: [
      { outletId: 4, outletName: 'Douche 12', room: null, floor: null, water: 'hot', check: 'sentinelTemperature', planned: 1, done: 0, notPossible: 1, overdueDates: ['2026-10-20'], overdueSince: null, lastDone: '2026-09-20', nextDue: '2026-10-20', state: 'overdue' },
    ],
    records: [
      {
        checkId: 9,
        outletId: 4,
        outletName: 'Douche 12',
        check: 'sentinelTemperature',
        outcome: 'done',
        reason: null,
        celsius: 52,
        ranSeconds: 60,
        allowedSeconds: 60,
        limit: { kind: 'atLeast', celsius: 60 },
        verdict: 'outsideLimit',
        deviation: true,
        alarmId: 13,
        nodeCelsius: 54.1,
        drift: true,
        note: 'Boiler te laag?',
        doneAt: '2026-10-14T07:00:00.000Z',
        recordedBy: 'conciërge@example.com',
        handling: { acknowledgedBy: 'J. de Vries', acknowledgedAt: '2026-10-14T08:00:00.000Z', resolvedBy: null, resolvedAt: null, note: null },
      },
    ],
    alarms: [],
    overdue: [{ outletId: 4, outletName: 'Douche 12', check: 'sentinelTemperature', firstDue: '2026-10-20', doneAt: null }],
  },
};

/** Every cell of a table's first row of SECTION, by column. */
function firstRow(table: TLogbookAnyTable): Partial<Record<TLogbookColumnKey, TLogbookCell>> {
  const lookup = sectionLookup(SECTION);
  const [row] = table.rows(SECTION);
  return Object.fromEntries(table.columns.map((column) => [column.key, column.cell(row, lookup)]));
}

const node = { node: { kind: 'text', value: 'Douche 2.14' }, eui: { kind: 'text', value: 'A84041000181C5D1' } } as const;
const FIRST_ROWS: [TLogbookAnyTable, number, Partial<Record<TLogbookColumnKey, TLogbookCell>>][] = [
  [
    LOGBOOK_TABLES.summary,
    2,
    {
      ...node,
      channel: { kind: 'text', value: 'Warm water' },
      mode: { kind: 'mode', value: 'WW' },
      role: { kind: 'role', value: 'outlet' },
      limit: { kind: 'limit', value: { kind: 'atLeast', celsius: 60 } },
      coverage: { kind: 'share', value: 0.97 },
      withinLimit: { kind: 'share', value: 0.962 },
      growthRangeHours: { kind: 'hours', value: 7.5 },
      hoursThere: { kind: 'hours', value: 745 },
      flushes: { kind: 'count', value: 5 },
      flushesFailed: { kind: 'count', value: 1 },
      missedFlushes: { kind: 'count', value: 1 },
      verdict: { kind: 'verdict', value: 'deviations' },
    },
  ],
  [
    LOGBOOK_TABLES.deviations,
    2,
    {
      kind: { kind: 'deviationKind', value: 'alarm:offline' },
      ...node,
      channel: { kind: 'text', value: '' },
      from: { kind: 'instant', value: '2026-10-12T03:15:00.000Z' },
      to: { kind: 'until', value: null },
      hours: { kind: 'hours', value: null },
      state: { kind: 'deviationState', value: 'handledByAlarm' },
      cause: { kind: 'text', value: '' },
      correctiveAction: { kind: 'text', value: 'Batterij vervangen' },
      handledBy: { kind: 'text', value: 'J. de Vries' },
      handledAt: { kind: 'instant', value: '2026-10-13T08:00:00.000Z' },
    },
  ],
  [
    LOGBOOK_TABLES.temperatures,
    2,
    {
      ...node,
      channel: { kind: 'text', value: 'Warm water' },
      mode: { kind: 'mode', value: 'WW' },
      role: { kind: 'role', value: 'outlet' },
      limit: { kind: 'limit', value: { kind: 'atLeast', celsius: 60 } },
      readings: { kind: 'count', value: 2890 },
      expectedReadings: { kind: 'count', value: 2980 },
      coverage: { kind: 'share', value: 0.97 },
      faultyReadings: { kind: 'count', value: 2 },
      min: { kind: 'celsius', value: 48.2 },
      mean: { kind: 'celsius', value: 61.4 },
      max: { kind: 'celsius', value: 66.8 },
      withinLimit: { kind: 'share', value: 0.962 },
      readingsOutsideLimit: { kind: 'count', value: 110 },
      growthRangeHours: { kind: 'hours', value: 7.5 },
      excursionFrom: { kind: 'instant', value: '2026-10-19T05:00:00.000Z' },
      excursionTo: { kind: 'instant', value: '2026-10-19T09:30:00.000Z' },
      excursionHours: { kind: 'hours', value: 4.5 },
      flushes: { kind: 'count', value: 5 },
      flushesProved: { kind: 'count', value: 4 },
      flushesFailed: { kind: 'count', value: 1 },
    },
  ],
  [
    LOGBOOK_TABLES.excursions,
    2,
    {
      ...node,
      channel: { kind: 'text', value: 'Warm water' },
      from: { kind: 'instant', value: '2026-10-03T05:00:00.000Z' },
      to: { kind: 'instant', value: '2026-10-03T06:00:00.000Z' },
      hours: { kind: 'hours', value: 1 },
      durationClass: { kind: 'excursionClass', value: 'underTwoDays' },
    },
  ],
  [
    LOGBOOK_TABLES.gaps,
    1,
    { ...node, channel: { kind: 'text', value: 'Warm water' }, from: { kind: 'instant', value: '2026-10-12T03:15:00.000Z' }, to: { kind: 'instant', value: '2026-10-12T22:00:00.000Z' }, hours: { kind: 'hours', value: 18.75 } },
  ],
  [
    LOGBOOK_TABLES.flushWeeks,
    1,
    {
      ...node,
      channel: { kind: 'text', value: 'Warm water' },
      week: { kind: 'date', value: '2026-10-05' },
      flushes: { kind: 'count', value: 1 },
      flushesProved: { kind: 'count', value: 0 },
      flushesFailed: { kind: 'count', value: 1 },
      required: { kind: 'count', value: 1 },
    },
  ],
  [
    LOGBOOK_TABLES.failedFlushes,
    1,
    {
      at: { kind: 'instant', value: '2026-10-19T05:00:00.000Z' },
      ...node,
      // The channel's name and limit from the location's channels.
      channel: { kind: 'text', value: 'Warm water' },
      before: { kind: 'celsius', value: 38.4 },
      after: { kind: 'celsius', value: 52.7 },
      limit: { kind: 'limit', value: { kind: 'atLeast', celsius: 60 } },
    },
  ],
  [
    LOGBOOK_TABLES.missedFlushes,
    1,
    { ...node, channel: { kind: 'text', value: 'Warm water' }, from: { kind: 'instant', value: '2026-10-09T06:00:00.000Z' }, to: { kind: 'instant', value: '2026-10-20T07:00:00.000Z' }, hours: { kind: 'hours', value: 265 } },
  ],
  [
    LOGBOOK_TABLES.findings,
    1,
    {
      kind: { kind: 'findingKind', value: 'growthRangeTooLong' },
      ...node,
      channel: { kind: 'text', value: 'Warm water' },
      from: { kind: 'instant', value: '2026-10-01T00:00:00.000Z' },
      to: { kind: 'instant', value: '2026-10-09T00:00:00.000Z' },
      hours: { kind: 'hours', value: 192 },
      bound: { kind: 'count', value: 168 },
    },
  ],
  [
    LOGBOOK_TABLES.disinfections,
    // One row per hot outlet of each disinfection.
    2,
    {
      from: { kind: 'instant', value: '2026-10-14T07:00:00.000Z' },
      to: { kind: 'instant', value: '2026-10-14T11:00:00.000Z' },
      kind: { kind: 'disinfectionSource', value: 'detected' },
      ...node,
      channel: { kind: 'text', value: 'Warm water' },
      reached: { kind: 'yesNo', value: true },
      rule: { kind: 'rule', value: { celsius: 70, minutes: 5 } },
      heldMinutes: { kind: 'minutes', value: 15 },
      max: { kind: 'celsius', value: 72.5 },
    },
  ],
  [
    LOGBOOK_TABLES.alarms,
    2,
    {
      kind: { kind: 'alarmKind', value: 'offline' },
      ...node,
      // A node's alarm: no channel.
      channel: { kind: 'text', value: '' },
      from: { kind: 'instant', value: '2026-10-12T03:15:00.000Z' },
      to: { kind: 'until', value: null },
      hours: { kind: 'hours', value: null },
      // Who acknowledged and who resolved, each with the time, and the note, each in a column of its own.
      handling: { kind: 'handling', value: 'resolved' },
      acknowledgedBy: { kind: 'text', value: 'A. Öztürk' },
      acknowledgedAt: { kind: 'instant', value: '2026-10-12T06:00:00.000Z' },
      resolvedBy: { kind: 'text', value: 'J. de Vries' },
      resolvedAt: { kind: 'instant', value: '2026-10-13T08:00:00.000Z' },
      note: { kind: 'text', value: 'Batterij vervangen' },
    },
  ],
  [
    LOGBOOK_TABLES.calibrationStatus,
    1,
    {
      ...node,
      channel: { kind: 'text', value: 'Koud water' },
      lastCalibrated: { kind: 'instant', value: null },
      interval: { kind: 'count', value: 2 },
      due: { kind: 'dueDate', value: null },
      overdue: { kind: 'yesNo', value: true },
    },
  ],
  [
    LOGBOOK_TABLES.calibrations,
    1,
    {
      at: { kind: 'instant', value: '2026-10-07T09:12:31.000Z' },
      ...node,
      // A channel the report has no name for: its id.
      channel: { kind: 'text', value: 'temperature9' },
      reference: { kind: 'celsius', value: 60 },
      measured: { kind: 'celsius', value: 59.6 },
      offset: { kind: 'offset', value: 0.4 },
      user: { kind: 'text', value: '' },
    },
  ],
  [
    LOGBOOK_TABLES.changes,
    1,
    {
      at: { kind: 'instant', value: '2026-10-02T08:14:00.000Z' },
      ...node,
      kind: { kind: 'changeKind', value: 'settings' },
      user: { kind: 'actor', value: 'planner@example.com' },
      details: { kind: 'changeDetails', value: { details: '', settings: [{ setting: 'logInterval', from: 10, to: 15 }] } },
    },
  ],
  [
    LOGBOOK_TABLES.samplingPlan,
    1,
    {
      samplePoint: { kind: 'text', value: 'Douche 12' },
      pointRole: { kind: 'samplingWord', value: { group: 'pointRoles', key: 'hot' } },
      priority: { kind: 'yesNo', value: true },
      taken: { kind: 'count', value: 1 },
      lastTaken: { kind: 'instant', value: '2026-10-05T07:00:00.000Z' },
      due: { kind: 'dueDate', value: '2026-11-04' },
      state: { kind: 'samplingWord', value: { group: 'dueStates', key: 'due' } },
    },
  ],
  [
    LOGBOOK_TABLES.samplingResults,
    1,
    {
      at: { kind: 'instant', value: '2026-10-05T07:00:00.000Z' },
      samplePoint: { kind: 'text', value: 'Douche 12' },
      sampleId: { kind: 'text', value: 'M-101' },
      lab: { kind: 'text', value: 'Lab Noord' },
      count: { kind: 'count', value: 1500 },
      // Only a result with nothing detected has its detection limit here.
      detectionLimit: { kind: 'count', value: null },
      unit: { kind: 'text', value: 'kve/l' },
      perLitre: { kind: 'count', value: 1500 },
      sampleVerdict: { kind: 'samplingWord', value: { group: 'verdicts', key: 'report' } },
      legalStep: { kind: 'samplingWord', value: { group: 'legalSteps', key: 'reportIlt' } },
      resampleDue: { kind: 'dueDate', value: '2026-11-04' },
      handling: { kind: 'samplingWord', value: { group: 'steps', key: 'resolved' } },
      resolvedBy: { kind: 'text', value: 'J. de Vries' },
      resolvedAt: { kind: 'instant', value: '2026-10-06T08:00:00.000Z' },
      note: { kind: 'text', value: 'Gedesinfecteerd' },
      authorityToldAt: { kind: 'instant', value: '2026-10-05T09:00:00.000Z' },
    },
  ],
  [
    LOGBOOK_TABLES.checkPlan,
    1,
    {
      outlet: { kind: 'text', value: 'Douche 12' },
      check: { kind: 'checkWord', value: { group: 'checks', key: 'sentinelTemperature' } },
      planned: { kind: 'count', value: 1 },
      checksDone: { kind: 'count', value: 0 },
      notPossible: { kind: 'count', value: 1 },
      overdueDates: { kind: 'dates', value: ['2026-10-20'] },
      overdueSince: { kind: 'dueDate', value: null },
      lastDone: { kind: 'dueDate', value: '2026-09-20' },
      due: { kind: 'dueDate', value: '2026-10-20' },
      state: { kind: 'checkWord', value: { group: 'dueStates', key: 'overdue' } },
    },
  ],
  [
    LOGBOOK_TABLES.checkRecords,
    1,
    {
      at: { kind: 'instant', value: '2026-10-14T07:00:00.000Z' },
      outlet: { kind: 'text', value: 'Douche 12' },
      check: { kind: 'checkWord', value: { group: 'checks', key: 'sentinelTemperature' } },
      outcome: { kind: 'checkWord', value: { group: 'outcomes', key: 'done' } },
      reason: { kind: 'text', value: '' },
      measured: { kind: 'celsius', value: 52 },
      ranSeconds: { kind: 'count', value: 60 },
      allowedSeconds: { kind: 'count', value: 60 },
      limit: { kind: 'limit', value: { kind: 'atLeast', celsius: 60 } },
      checkVerdict: { kind: 'checkWord', value: { group: 'verdicts', key: 'outsideLimit' } },
      nodeCelsius: { kind: 'celsius', value: 54.1 },
      drift: { kind: 'checkWord', value: { group: 'drift', key: 'drift' } },
      user: { kind: 'text', value: 'conciërge@example.com' },
      note: { kind: 'text', value: 'Boiler te laag?' },
      // Acknowledged, not resolved yet.
      handling: { kind: 'handling', value: 'acknowledged' },
      resolvedBy: { kind: 'text', value: '' },
      resolvedAt: { kind: 'instant', value: null },
    },
  ],
];

describe('the logbook report section tables', () => {
  it('lists every table once, in the order of the report', () => {
    expect(LOGBOOK_TABLE_ORDER.map((table) => table.id)).toEqual([
      'summary',
      'deviations',
      'temperatures',
      'excursions',
      'gaps',
      'flushWeeks',
      'failedFlushes',
      'missedFlushes',
      'findings',
      'disinfections',
      'alarms',
      'calibrationStatus',
      'calibrations',
      'changes',
      'samplingPlan',
      'samplingResults',
      'checkPlan',
      'checkRecords',
    ]);
    expect(FIRST_ROWS.map(([table]) => table)).toEqual(LOGBOOK_TABLE_ORDER);
  });

  describe.each(LOGBOOK_TABLE_ORDER.map((table) => [table.id, table] as const))('%s', (_id, table) => {
    it.each([
      ['nl', logbookReportTextsNl],
      ['en', logbookReportTextsEn],
      ['de', logbookReportTextsDe],
    ])('has its title, CSV line name, empty text and column headers in %s', (_language, texts) => {
      expect(texts.sections[table.id]).toMatch(/\S/);
      expect(texts.csvSections[table.csvLine]).toMatch(/\S/);
      expect(texts.empty[table.empty]).toMatch(/\S/);
      for (const column of table.columns) expect(texts.columns[column.key], column.key).toMatch(/\S/);
    });

    it('names each column once, and each cell is of its column’s kind', () => {
      const keys = table.columns.map((column) => column.key);
      expect(new Set(keys).size).toBe(keys.length);
      const cells = firstRow(table);
      for (const column of table.columns) expect(cells[column.key]?.kind, column.key).toBe(column.kind);
    });
  });

  it.each(FIRST_ROWS.map(([table, rows, cells]) => [table.id, table, rows, cells] as const))('%s: the rows and the cells of the first', (_id, table, rows, cells) => {
    expect(table.rows(SECTION)).toHaveLength(rows);
    expect(firstRow(table)).toEqual(cells);
  });

  it('gives no flush figures for a channel without the duty, and none where the channel has no limit or readings', () => {
    const lookup = sectionLookup(SECTION);
    const cells = Object.fromEntries(LOGBOOK_TABLES.temperatures.columns.map((column) => [column.key, column.cell(COLD, lookup).value]));
    expect(cells).toMatchObject({ mode: null, limit: null, min: null, withinLimit: null, excursionFrom: null, excursionHours: null, flushes: null, flushesProved: null, flushesFailed: null });
    const summary = Object.fromEntries(LOGBOOK_TABLES.summary.columns.map((column) => [column.key, column.cell(COLD, lookup).value]));
    expect(summary).toMatchObject({ flushes: null, flushesFailed: null, missedFlushes: null });
  });

  it.each([
    ['nl', logbookReportTextsNl],
    ['en', logbookReportTextsEn],
    ['de', logbookReportTextsDe],
  ])('no two column headers read the same in %s (the CSV is read by its header)', (_language, texts) => {
    const titles = Object.values(texts.columns);
    expect(titles.filter((title, index) => titles.indexOf(title) !== index)).toEqual([]);
  });

  it('a report from before roles (no role, no disinfections, no findings) still gives its rows', () => {
    const { findings: _findings, disinfections: _disinfections, ...old } = SECTION;
    const lookup = sectionLookup(old);
    expect(LOGBOOK_TABLES.findings.rows(old)).toEqual([]);
    expect(LOGBOOK_TABLES.disinfections.rows(old)).toEqual([]);
    const { role: _role, test: _test, ...channel } = HOT;
    expect(LOGBOOK_TABLES.summary.columns.find((column) => column.key === 'role')?.cell(channel, lookup)).toEqual({ kind: 'role', value: null });
  });

  it.each([
    ['minutes', true],
    ['count', true],
    ['hours', true],
    ['share', true],
    ['celsius', true],
    ['offset', true],
    ['text', false],
    ['instant', false],
    ['date', false],
    ['yesNo', false],
    ['verdict', false],
  ] as const)('a %s is a figure (right-aligned): %s', (kind, figure) => {
    expect(isFigure(kind)).toBe(figure);
  });
});

describe('an alarm nobody handled, and the alarm kinds', () => {
  const lookup = sectionLookup(SECTION);
  const cellOf = (row: TLogbookLocationSection['alarms'][number], key: TLogbookColumnKey) => LOGBOOK_TABLES.alarms.columns.find((column) => column.key === key)?.cell(row, lookup);

  it('says "not handled" (never an empty cell), and "acknowledged" before a resolution', () => {
    const [, sustained] = SECTION.alarms;
    expect(cellOf(sustained, 'handling')).toEqual({ kind: 'handling', value: 'none' });
    expect(cellOf(sustained, 'acknowledgedBy')).toEqual({ kind: 'text', value: '' });
    expect(cellOf({ ...sustained, handling: { acknowledgedBy: 'a@example.com', resolvedBy: null, note: null } }, 'handling')).toEqual({ kind: 'handling', value: 'acknowledged' });
    for (const texts of [logbookReportTextsNl, logbookReportTextsEn, logbookReportTextsDe]) expect(texts.handlingStates.none).toMatch(/\S/);
    expect(logbookReportTextsNl.handlingStates.none).toBe('niet afgehandeld');
    expect(logbookReportTextsEn.handlingStates.none).toBe('not handled');
  });

  it('reads a handling issued before the times were kept (no acknowledgedAt / resolvedAt)', () => {
    const [offline] = SECTION.alarms;
    const old = { ...offline, handling: { acknowledgedBy: 'A. Öztürk', resolvedBy: null, note: 'Gebeld' } };
    expect(cellOf(old, 'acknowledgedAt')).toEqual({ kind: 'instant', value: null });
    expect(cellOf(old, 'note')).toEqual({ kind: 'text', value: 'Gebeld' });
  });

  it('names the sustained-temperature alarm in every language', () => {
    expect(LOGBOOK_ALARM_KINDS).toContain('temperature');
    for (const texts of [logbookReportTextsNl, logbookReportTextsEn, logbookReportTextsDe]) {
      for (const kind of LOGBOOK_ALARM_KINDS) expect(texts.alarmKinds[kind], kind).toMatch(/\S/);
    }
  });
});

describe('a change of a setting in words (changeDetailsWords)', () => {
  it.each([
    { language: 'nl', text: 'Loginterval: 10\u00A0min → 15\u00A0min' },
    { language: 'en', text: 'Log interval: 10\u00A0min → 15\u00A0min' },
    { language: 'de', text: 'Speicherintervall: 10\u00A0min → 15\u00A0min' },
  ] as const)('$language: $text', ({ language, text }) => {
    expect(changeDetailsWords({ details: '', settings: [{ setting: 'logInterval', from: 10, to: 15 }] }, language)).toBe(text);
  });

  it('writes hours, volts, off and the rest of the details', () => {
    expect(
      changeDetailsWords(
        {
          details: 'name: Oud → Nieuw',
          settings: [
            { setting: 'sendInterval', from: 6, to: 12 },
            { setting: 'supplyVoltageThreshold', from: 3.1, to: 3.2 },
            { setting: 'flushStartThreshold', from: -102.4, to: 55 },
            { setting: 'flushEnabled', from: 0, to: 1 },
          ],
        },
        'nl',
      ),
    ).toBe('Zendinterval: 6\u00A0uur → 12\u00A0uur; Lage batterijspanning: 3,1\u00A0V → 3,2\u00A0V; Starttemperatuur spoelen: Uit → 55\u00A0°C; Spoelen: Uit → Aan; name: Oud → Nieuw');
  });
});
