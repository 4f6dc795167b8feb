import type { TLogbookReportTexts } from '../i18n/ui-logbook-report';
import type { TLogbookDeviation } from './deviations';
import type { TLogbookChannel, TLogbookDisinfection, TLogbookLocationSection } from './report';
import type { TExcursionClass } from './report-rules';
import type { TLogbookSampleResult, TLogbookSamplingPoint } from './sampling-report';
import { column, type TLogbookAnyTable, type TLogbookCellKind, type TLogbookColumn, type TLogbookColumnKey, type TLogbookHandlingState, type TLogbookLookup, type TLogbookSectionTable, type TSamplingWord } from './report-cells';
import { checkPlan, checkRecords } from './checks-sections';

export type { TLogbookAnyTable, TLogbookCell, TLogbookCellKind, TLogbookColumn, TLogbookColumnKey, TLogbookHandlingState, TLogbookLookup, TLogbookSectionTable, TSamplingWord } from './report-cells';

/**
 * The tables of a location's logbook report (docs/logbook.md, "PDF and CSV"), said once for the
 * PDF, the CSV and the screen: per table its title, the rows it takes from the report and its
 * columns, each a header text and the figure of a row. How a figure is written differs per output
 * (a share is '97,0%' on paper, '96,98' in a spreadsheet, '97 %' on screen), so a column gives a
 * typed cell and each output writes each kind of cell its own way. Which columns an output shows
 * is its own choice: the CSV has every column, the PDF and the screen pick and combine some.
 */

type TLogbookRow<K extends keyof TLogbookLocationSection> = TLogbookLocationSection[K] extends readonly (infer R)[] ? R : never;
export type TLogbookFlushWeek = TLogbookRow<'flushWeeks'>;
export type TLogbookFailedFlush = TLogbookRow<'failedFlushes'>;
export type TLogbookAlarm = TLogbookRow<'alarms'>;
export type TLogbookCalibrationStatus = TLogbookRow<'calibrationStatus'>;
export type TLogbookCalibration = TLogbookRow<'calibrations'>;
export type TLogbookChange = TLogbookRow<'changes'>;
export type TLogbookDeviationRow = TLogbookDeviation;
export type TLogbookFindingRow = NonNullable<TLogbookLocationSection['findings']>[number];
/** One hot outlet of a thermal disinfection, with the disinfection it belongs to. */
export type TLogbookDisinfectionRow = TLogbookDisinfection['outlets'][number] & { disinfection: Omit<TLogbookDisinfection, 'outlets'> };
/** A gap in a channel's readings or a stretch without a flush, with the channel it belongs to. */
export type TLogbookStretch = Pick<TLogbookChannel, 'eui' | 'nodeName' | 'channelId' | 'channelName'> & { from: string; to: string; hours: number };
/** An excursion outside a channel's limit, with the channel it belongs to. */
export type TLogbookExcursionRow = TLogbookStretch & { durationClass: TExcursionClass };

/** A sampling word in the report's language. */
export function samplingWordText(texts: Pick<TLogbookReportTexts, 'samplingWords'>, word: TSamplingWord): string {
  return (texts.samplingWords[word.group] as Record<string, string>)[word.key] ?? word.key;
}

/** Whether a sampling word marks something wrong (an output's emphasis): above a threshold, overdue, an alarm nobody handled. */
export function samplingWordIsBad(word: TSamplingWord): boolean {
  return (word.group === 'verdicts' && (word.key === 'exceeded' || word.key === 'report')) || (word.group === 'dueStates' && word.key === 'overdue') || (word.group === 'steps' && word.key === 'none');
}

/** Kinds that are figures: right-aligned in every output. */
const FIGURES: ReadonlySet<TLogbookCellKind> = new Set(['count', 'hours', 'share', 'celsius', 'offset', 'minutes']);
export const isFigure = (kind: TLogbookCellKind): boolean => FIGURES.has(kind);

export function sectionLookup(section: TLogbookLocationSection): TLogbookLookup {
  const channels = new Map(section.channels.map((channel) => [`${channel.eui}/${channel.channelId}`, channel]));
  return {
    channelName: (eui, channelId) => (channelId === null ? '' : (channels.get(`${eui}/${channelId}`)?.channelName ?? channelId)),
    limit: (eui, channelId) => channels.get(`${eui}/${channelId}`)?.limit ?? null,
  };
}

/** The column with this header in a table; a key the table lacks is a programming error. */
export function columnOf<R>(table: TLogbookSectionTable<R>, key: TLogbookColumnKey): TLogbookColumn<R> {
  const found = table.columns.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`The logbook table ${table.id} has no column ${key}`);
  return found;
}

/** A figure of the flush duty: none for a channel without it. */
const whenFlushed = (channel: TLogbookChannel, value: number) => (channel.flushDuty ? value : null);
const nodeColumns = <R extends { nodeName: string; eui: string }>() => [column<R, 'text'>('node', 'text', (row) => row.nodeName), column<R, 'text'>('eui', 'text', (row) => row.eui)];
const channelName = <R extends { channelName: string }>() => column<R, 'text'>('channel', 'text', (row) => row.channelName);

/** A channel's gaps or stretches without a flush, as rows. */
export function channelStretches(channel: TLogbookChannel, list: 'gaps' | 'missedFlushes'): TLogbookStretch[] {
  const { eui, nodeName, channelId, channelName } = channel;
  return channel[list].map((stretch) => ({ eui, nodeName, channelId, channelName, ...stretch }));
}

function stretchTable(id: 'gaps' | 'missedFlushes', csvLine: 'gap' | 'missedFlush'): TLogbookSectionTable<TLogbookStretch> {
  return {
    id,
    csvLine,
    empty: id,
    rows: (section) => section.channels.flatMap((channel) => channelStretches(channel, id)),
    columns: [
      ...nodeColumns<TLogbookStretch>(),
      channelName<TLogbookStretch>(),
      column('from', 'instant', (row) => row.from),
      column('to', 'instant', (row) => row.to),
      column('hours', 'hours', (row) => row.hours),
    ],
  };
}

/** Per channel: its verdict and the figures it rests on. */
const summary: TLogbookSectionTable<TLogbookChannel> = {
  id: 'summary',
  csvLine: 'summary',
  empty: 'channels',
  rows: (section) => section.channels,
  columns: [
    ...nodeColumns<TLogbookChannel>(),
    channelName<TLogbookChannel>(),
    column('mode', 'mode', (row) => row.mode),
    column('role', 'role', (row) => row.role ?? null),
    column('limit', 'limit', (row) => row.limit),
    column('coverage', 'share', (row) => row.coverage),
    column('withinLimit', 'share', (row) => row.withinLimitShare),
    column('growthRangeHours', 'hours', (row) => row.growthRangeHours),
    column('hoursThere', 'hours', (row) => row.hoursThere ?? null),
    column('flushes', 'count', (row) => whenFlushed(row, row.flushes)),
    column('flushesFailed', 'count', (row) => whenFlushed(row, row.flushesFailed)),
    column('missedFlushes', 'count', (row) => whenFlushed(row, row.missedFlushes.length)),
    column('verdict', 'verdict', (row) => row.verdict),
  ],
};

/** Per channel: the readings and the temperatures. */
const temperatures: TLogbookSectionTable<TLogbookChannel> = {
  id: 'temperatures',
  csvLine: 'temperature',
  empty: 'channels',
  rows: (section) => section.channels,
  columns: [
    ...nodeColumns<TLogbookChannel>(),
    channelName<TLogbookChannel>(),
    column('mode', 'mode', (row) => row.mode),
    column('role', 'role', (row) => row.role ?? null),
    column('limit', 'limit', (row) => row.limit),
    column('readings', 'count', (row) => row.readings),
    column('expectedReadings', 'count', (row) => row.expectedReadings),
    column('coverage', 'share', (row) => row.coverage),
    column('faultyReadings', 'count', (row) => row.faultyReadings),
    column('min', 'celsius', (row) => row.min),
    column('mean', 'celsius', (row) => row.mean),
    column('max', 'celsius', (row) => row.max),
    column('withinLimit', 'share', (row) => row.withinLimitShare),
    column('readingsOutsideLimit', 'count', (row) => row.readingsOutsideLimit),
    column('growthRangeHours', 'hours', (row) => row.growthRangeHours),
    column('excursionFrom', 'instant', (row) => row.longestExcursion?.from ?? null),
    column('excursionTo', 'instant', (row) => row.longestExcursion?.to ?? null),
    column('excursionHours', 'hours', (row) => row.longestExcursion?.hours ?? null),
    column('flushes', 'count', (row) => whenFlushed(row, row.flushes)),
    column('flushesProved', 'count', (row) => whenFlushed(row, row.flushesProved)),
    column('flushesFailed', 'count', (row) => whenFlushed(row, row.flushesFailed)),
  ],
};

const gaps = stretchTable('gaps', 'gap');

/** Every excursion outside a channel's limit with its duration and class (absent in reports issued before issue 39). */
const excursions: TLogbookSectionTable<TLogbookExcursionRow> = {
  id: 'excursions',
  csvLine: 'excursion',
  empty: 'excursions',
  rows: (section) =>
    section.channels.flatMap((channel) => {
      const { eui, nodeName, channelId, channelName } = channel;
      return (channel.excursions ?? []).map((excursion) => ({ eui, nodeName, channelId, channelName, ...excursion }));
    }),
  columns: [
    ...nodeColumns<TLogbookExcursionRow>(),
    channelName<TLogbookExcursionRow>(),
    column('from', 'instant', (row) => row.from),
    column('to', 'instant', (row) => row.to),
    column('hours', 'hours', (row) => row.hours),
    column('durationClass', 'excursionClass', (row) => row.durationClass),
  ],
};

/** How far an alarm was dealt with (its handling). */
export function handlingState(handling: TLogbookAlarm['handling']): TLogbookHandlingState {
  if (handling?.resolvedBy) return 'resolved';
  return handling?.acknowledgedBy ? 'acknowledged' : 'none';
}
const missedFlushes = stretchTable('missedFlushes', 'missedFlush');

const flushWeeks: TLogbookSectionTable<TLogbookFlushWeek> = {
  id: 'flushWeeks',
  csvLine: 'flushWeek',
  empty: 'flushWeeks',
  rows: (section) => section.flushWeeks,
  columns: [
    ...nodeColumns<TLogbookFlushWeek>(),
    channelName<TLogbookFlushWeek>(),
    column('week', 'date', (row) => row.week),
    column('flushes', 'count', (row) => row.flushes),
    column('flushesProved', 'count', (row) => row.proved),
    column('flushesFailed', 'count', (row) => row.failed),
    column('required', 'count', (row) => row.required),
  ],
};

const failedFlushes: TLogbookSectionTable<TLogbookFailedFlush> = {
  id: 'failedFlushes',
  csvLine: 'failedFlush',
  empty: 'failedFlushes',
  rows: (section) => section.failedFlushes,
  columns: [
    column('at', 'instant', (row) => row.at),
    ...nodeColumns<TLogbookFailedFlush>(),
    column('channel', 'text', (row, lookup) => lookup.channelName(row.eui, row.channelId)),
    column('before', 'celsius', (row) => row.before),
    column('after', 'celsius', (row) => row.after),
    column('limit', 'limit', (row, lookup) => lookup.limit(row.eui, row.channelId)),
  ],
};

const alarms: TLogbookSectionTable<TLogbookAlarm> = {
  id: 'alarms',
  csvLine: 'alarm',
  empty: 'alarms',
  rows: (section) => section.alarms,
  columns: [
    column('kind', 'alarmKind', (row) => row.kind),
    ...nodeColumns<TLogbookAlarm>(),
    column('channel', 'text', (row, lookup) => lookup.channelName(row.eui, row.channelId)),
    column('from', 'instant', (row) => row.from),
    column('to', 'until', (row) => row.to),
    column('hours', 'hours', (row) => row.hours),
    // How it was dealt with: the state ("not handled" when nobody did), who acknowledged it and
    // when, who resolved it and when, and the corrective action, each in a column of its own.
    column('handling', 'handling', (row) => handlingState(row.handling)),
    column('acknowledgedBy', 'text', (row) => row.handling?.acknowledgedBy ?? ''),
    column('acknowledgedAt', 'instant', (row) => row.handling?.acknowledgedAt ?? null),
    column('resolvedBy', 'text', (row) => row.handling?.resolvedBy ?? ''),
    column('resolvedAt', 'instant', (row) => row.handling?.resolvedAt ?? null),
    column('note', 'text', (row) => row.handling?.note ?? ''),
  ],
};

const calibrationStatus: TLogbookSectionTable<TLogbookCalibrationStatus> = {
  id: 'calibrationStatus',
  csvLine: 'calibrationStatus',
  empty: 'calibrationStatus',
  rows: (section) => section.calibrationStatus,
  columns: [
    ...nodeColumns<TLogbookCalibrationStatus>(),
    channelName<TLogbookCalibrationStatus>(),
    column('lastCalibrated', 'instant', (row) => row.lastCalibrated),
    column('interval', 'count', (row) => row.intervalYears),
    column('due', 'dueDate', (row) => row.due),
    column('overdue', 'yesNo', (row) => row.overdue),
  ],
};

const calibrations: TLogbookSectionTable<TLogbookCalibration> = {
  id: 'calibrations',
  csvLine: 'calibration',
  empty: 'calibrations',
  rows: (section) => section.calibrations,
  columns: [
    column('at', 'instant', (row) => row.at),
    ...nodeColumns<TLogbookCalibration>(),
    column('channel', 'text', (row, lookup) => lookup.channelName(row.eui, row.channelId)),
    column('reference', 'celsius', (row) => row.reference),
    column('measured', 'celsius', (row) => row.measured),
    column('offset', 'offset', (row) => row.offset),
    column('user', 'text', (row) => row.user ?? ''),
  ],
};

const changes: TLogbookSectionTable<TLogbookChange> = {
  id: 'changes',
  csvLine: 'change',
  empty: 'changes',
  rows: (section) => section.changes,
  columns: [
    column('at', 'instant', (row) => row.at),
    ...nodeColumns<TLogbookChange>(),
    column('kind', 'changeKind', (row) => row.kind),
    column('user', 'actor', (row) => row.user),
    column('details', 'changeDetails', (row) => ({ details: row.details, settings: row.settings ?? [] })),
  ],
};

/** Every deviation of the period with its state and how it was handled (docs/logbook.md, "Deviations"); open ones as open. */
const deviations: TLogbookSectionTable<TLogbookDeviation> = {
  id: 'deviations',
  csvLine: 'deviation',
  empty: 'deviations',
  rows: (section) => section.deviations ?? [],
  columns: [
    column('kind', 'deviationKind', (row) => (row.alarmKind ? `alarm:${row.alarmKind}` : row.kind)),
    ...nodeColumns<TLogbookDeviation>(),
    column('channel', 'text', (row, lookup) => lookup.channelName(row.eui, row.channelId)),
    column('from', 'instant', (row) => row.from),
    column('to', 'until', (row) => row.to),
    column('hours', 'hours', (row) => row.hours),
    column('state', 'deviationState', (row) => (row.state === 'open' ? 'open' : row.handling?.source === 'alarm' ? 'handledByAlarm' : 'handled')),
    column('cause', 'text', (row) => row.handling?.cause ?? ''),
    column('correctiveAction', 'text', (row) => row.handling?.action ?? ''),
    column('handledBy', 'text', (row) => row.handling?.by ?? ''),
    column('handledAt', 'instant', (row) => row.handling?.at ?? null),
  ],
};

/** Per thermal disinfection, every hot outlet: whether it reached a rule, which one and for how long (docs/logbook.md, "Thermal disinfection"). */
const disinfections: TLogbookSectionTable<TLogbookDisinfectionRow> = {
  id: 'disinfections',
  csvLine: 'disinfection',
  empty: 'disinfections',
  rows: (section) => (section.disinfections ?? []).flatMap(({ outlets, ...disinfection }) => outlets.map((outlet) => ({ ...outlet, disinfection }))),
  columns: [
    column('from', 'instant', (row) => row.disinfection.from),
    column('to', 'instant', (row) => row.disinfection.to),
    column('kind', 'disinfectionSource', (row) => row.disinfection.source),
    ...nodeColumns<TLogbookDisinfectionRow>(),
    channelName<TLogbookDisinfectionRow>(),
    column('reached', 'yesNo', (row) => row.reached),
    column('rule', 'rule', (row) => (row.celsius === null || row.minutes === null ? null : { celsius: row.celsius, minutes: row.minutes })),
    column('heldMinutes', 'minutes', (row) => row.heldMinutes),
    column('max', 'celsius', (row) => row.max),
  ],
};

/** What the role rules found (ZLogbookFinding): for the deviation records. */
const findings: TLogbookSectionTable<TLogbookFindingRow> = {
  id: 'findings',
  csvLine: 'finding',
  empty: 'findings',
  rows: (section) => section.findings ?? [],
  columns: [
    column('kind', 'findingKind', (row) => row.kind),
    ...nodeColumns<TLogbookFindingRow>(),
    channelName<TLogbookFindingRow>(),
    column('from', 'instant', (row) => row.from),
    column('to', 'instant', (row) => row.to),
    column('hours', 'hours', (row) => row.hours),
    column('bound', 'count', (row) => row.bound),
  ],
};

/** The sampling plan per point at the period's end (docs/logbook.md, "Sampling"); absent before issue 40. */
const samplingPlan: TLogbookSectionTable<TLogbookSamplingPoint> = {
  id: 'samplingPlan',
  csvLine: 'samplingPoint',
  empty: 'samplingPlan',
  rows: (section) => section.sampling?.points ?? [],
  columns: [
    column('samplePoint', 'text', (row) => row.name),
    column('pointRole', 'samplingWord', (row) => ({ group: 'pointRoles', key: row.role })),
    column('priority', 'yesNo', (row) => row.priority),
    column('taken', 'count', (row) => row.taken),
    column('lastTaken', 'instant', (row) => row.lastTakenAt),
    column('due', 'dueDate', (row) => row.nextDue),
    column('state', 'samplingWord', (row) => ({ group: 'dueStates', key: row.state })),
  ],
};

/** Every laboratory result of the period with its verdict, legal step and the steps taken on its alarm. */
const samplingResults: TLogbookSectionTable<TLogbookSampleResult> = {
  id: 'samplingResults',
  csvLine: 'sampleResult',
  empty: 'samplingResults',
  rows: (section) => section.sampling?.results ?? [],
  columns: [
    column('at', 'instant', (row) => row.takenAt),
    column('samplePoint', 'text', (row) => row.pointName),
    column('sampleId', 'text', (row) => row.sampleId),
    column('lab', 'text', (row) => row.lab),
    column('count', 'count', (row) => row.count),
    column('detectionLimit', 'count', (row) => (row.count === null ? row.detectionLimit : null)),
    column('unit', 'text', (row) => row.unit),
    column('perLitre', 'count', (row) => row.perLitre),
    column('sampleVerdict', 'samplingWord', (row) => ({ group: 'verdicts', key: row.verdict })),
    column('legalStep', 'samplingWord', (row) => ({ group: 'legalSteps', key: row.legalStep })),
    column('resampleDue', 'dueDate', (row) => row.resampleDue),
    // The steps taken: only a result with an alarm has any; "not handled" while nobody did.
    column('handling', 'samplingWord', (row) => ({ group: 'steps', key: row.alarmId === null ? 'noAlarm' : handlingState(row.handling) })),
    column('resolvedBy', 'text', (row) => row.handling?.resolvedBy ?? ''),
    column('resolvedAt', 'instant', (row) => row.handling?.resolvedAt ?? null),
    column('note', 'text', (row) => row.handling?.note ?? ''),
    column('authorityToldAt', 'instant', (row) => row.handling?.authorityToldAt ?? null),
  ],
};

/** The tables of a location's report by name, typed by their rows. */
export const LOGBOOK_TABLES = { summary, deviations, temperatures, excursions, gaps, flushWeeks, failedFlushes, missedFlushes, findings, disinfections, alarms, calibrationStatus, calibrations, changes, samplingPlan, samplingResults, checkPlan, checkRecords } as const;

/** The tables in the order of the report. */
export const LOGBOOK_TABLE_ORDER: readonly TLogbookAnyTable[] = [summary, deviations, temperatures, excursions, gaps, flushWeeks, failedFlushes, missedFlushes, findings, disinfections, alarms, calibrationStatus, calibrations, changes, samplingPlan, samplingResults, checkPlan, checkRecords];

/** A deviation kind cell's words: 'Temperatuur buiten grens', or 'Alarm: Offline' for 'alarm:offline'. */
export function deviationKindText(texts: Pick<TLogbookReportTexts, 'deviationKinds' | 'alarmKinds'>, value: string): string {
  const [kind, alarmKind] = value.split(':');
  const words = (texts.deviationKinds as Record<string, string>)[kind] ?? kind;
  return alarmKind ? `${words}: ${(texts.alarmKinds as Record<string, string>)[alarmKind] ?? alarmKind}` : words;
}
