import type { Content, ContentTable, CustomTableLayout, TableCell } from 'pdfmake/interfaces';
import {
  changeDetailsWords,
  columnOf,
  samplingWordIsBad,
  samplingWordText,
  checkWordIsBad,
  checkWordText,
  isFigure,
  isLocalDate,
  LOGBOOK_GAP_HOURS,
  LOGBOOK_TABLES,
  sectionLookup,
  deviationKindText,
  type TLogbookCell,
  type TLogbookDeviation,
  type TLogbookColumnKey,
  type TLogbookFlushWeek,
  type TLogbookLocationSection,
  type TLogbookExcursionRow,
  type TLogbookLookup,
  type TLogbookReportTexts,
  type TLogbookSectionTable,
  type TLogbookStretch,
} from '@aquasmart/domain';
import { celsius, fill, hours, kindText, limitText, localDate, modeText, moment, percent, ruleText, type TReportLanguage } from './report-format';

/**
 * The tables of the logbook PDF (docs/logbook.md, "PDF and CSV"): the report's section tables
 * (LOGBOOK_TABLES, shared with the CSV and the screen) as pdfmake tables, with the columns the
 * paper shows, some of them two figures in one cell to fit A4 portrait.
 */

export const COLOURS = { text: '#1f2937', muted: '#6b7280', line: '#d1d5db', headerFill: '#eef2f7', bad: '#b91c1c', warn: '#9a3412' };
export const VERDICT_COLOURS = { compliant: '#15803d', deviations: '#b91c1c', openDeviations: '#b91c1c', deviationsHandled: '#1d4ed8', insufficientData: '#92400e', noLimit: '#374151' } as const;
/**
 * The PDF lists every week of every channel up to a quarter (14 weeks) and 500 channel-weeks;
 * beyond either, one line per channel and only the weeks that fell short (a year of 100 channels
 * is 5,300 rows: 110 pages and several seconds of layout). The CSV always has every week.
 */
export const PDF_ALL_WEEKS = { weeks: 14, rows: 500 } as const;
/**
 * The PDF lists every excursion up to this many per location; beyond, only those of 2 days or
 * longer (a channel that hovers at its limit can cross it hundreds of times). The CSV has every one.
 */
export const PDF_ALL_EXCURSIONS = 300;
/**
 * ... and up to this many in the whole report: a customer's month of 24 locations with about 220
 * each was 5,300 rows, 130 of its 279 pages and half of its layout time (docs/logbook.md, "Speed").
 */
export const PDF_ALL_EXCURSIONS_IN_REPORT = 1_000;

/**
 * ... and every week of every channel up to this many channel-weeks in the whole report: a
 * customer's month of 24 locations is about 3,500 week rows (5 weeks of 700 channels), a third of
 * its pages; beyond, each location prints the flushes per channel and the weeks that fell short.
 */
export const PDF_ALL_WEEKS_IN_REPORT = 1_000;
/**
 * The PDF lists every deviation one by one up to this many in the whole report; beyond, the open
 * ones of the same kind on the same channel are one line (their number, the first start, the last
 * end), and the handled ones stay one line each (their action is what an inspector reads). The CSV
 * and the JSON keep every deviation. A customer's month had 794, nearly all open excursions.
 */
export const PDF_ALL_DEVIATIONS_IN_REPORT = 300;

const sum = (sections: readonly TLogbookLocationSection[], rows: (section: TLogbookLocationSection) => number) => sections.reduce((total, section) => total + rows(section), 0);

/** Whether a report's PDF lists every excursion of each location (else those of 2 days or longer, and says the CSV has all). */
export const excursionsInFull = (sections: readonly TLogbookLocationSection[]): boolean =>
  sum(sections, (section) => section.channels.reduce((total, channel) => total + (channel.excursions?.length ?? 0), 0)) <= PDF_ALL_EXCURSIONS_IN_REPORT;

/** Which long tables a report's PDF prints in full (each bound counts the rows of the whole report). */
export interface TPdfInFull {
  excursions: boolean;
  weeks: boolean;
  deviations: boolean;
}
export const ALL_IN_FULL: TPdfInFull = { excursions: true, weeks: true, deviations: true };
export function pdfInFull(sections: readonly TLogbookLocationSection[]): TPdfInFull {
  return {
    excursions: excursionsInFull(sections),
    weeks: sum(sections, (section) => section.flushWeeks.length) <= PDF_ALL_WEEKS_IN_REPORT,
    deviations: sum(sections, (section) => section.deviations?.length ?? 0) <= PDF_ALL_DEVIATIONS_IN_REPORT,
  };
}

/**
 * A deviation as the paper lists it: one, or the open ones of a kind at a location together (`count`
 * of them, on `channels` node channels).
 */
export type TPdfDeviationLine = TLogbookDeviation & { count: number; channels: number };

/**
 * The open deviations of the same kind (and alarm kind) at a location as one line, at the place of
 * the first: from the earliest start to the latest end (ongoing when one is), with how many there
 * are and on how many channels (a customer's month had 650 overdue calibrations, one per channel,
 * which the calibration table lists by channel anyway); handled ones one line each, in their order.
 */
export function groupOpenDeviations(rows: readonly TLogbookDeviation[]): TPdfDeviationLine[] {
  const lines: TPdfDeviationLine[] = [];
  const groups = new Map<string, { line: TPdfDeviationLine; channels: Set<string> }>();
  for (const row of rows) {
    if (row.state !== 'open') {
      lines.push({ ...row, count: 1, channels: 1 });
      continue;
    }
    const key = JSON.stringify([row.kind, row.alarmKind]);
    const channel = JSON.stringify([row.eui, row.channelId]);
    const group = groups.get(key);
    if (!group) {
      const line = { ...row, count: 1, channels: 1 };
      groups.set(key, { line, channels: new Set([channel]) });
      lines.push(line);
      continue;
    }
    const { line } = group;
    group.channels.add(channel);
    line.count += 1;
    line.channels = group.channels.size;
    if (row.from < line.from) line.from = row.from;
    line.to = line.to === null || row.to === null ? null : row.to > line.to ? row.to : line.to;
    line.hours = line.hours === null || row.hours === null ? null : line.hours + row.hours;
  }
  return lines;
}

/**
 * Characters the embedded Roboto lacks (the audit texts' arrow) written with ones it has, and a
 * no-break space before a unit so '60 °C' never breaks between the two.
 */
const SUBSTITUTES: Record<string, string> = { '→': '->', '←': '<-', '⇒': '=>' };
export function printable(text: string): string {
  return text.replace(/[→←⇒]/g, (character) => SUBSTITUTES[character]).replace(/ (°C|V|%)(?=$|[\s),.;])/g, '\u00A0$1');
}

type TCellStyle = Record<string, unknown>;
export const pdfCell = (text: string, style: TCellStyle = {}): TableCell => ({ text: printable(text), ...style });
const BAD: TCellStyle = { color: COLOURS.bad, bold: true };
const badIf = (condition: boolean): TCellStyle => (condition ? BAD : {});

/** Thin grey rules, a shaded header row, no vertical lines: reads well printed in black and white. */
const TABLE_LAYOUT: CustomTableLayout = {
  hLineWidth: (index, node) => (index === 0 || index === (node.table.headerRows ?? 0) || index === node.table.body.length ? 0.8 : 0.4),
  vLineWidth: () => 0,
  hLineColor: () => COLOURS.line,
  fillColor: (rowIndex, node) => (rowIndex < (node.table.headerRows ?? 0) ? COLOURS.headerFill : null),
  paddingLeft: () => 3,
  paddingRight: () => 3,
  paddingTop: () => 2,
  paddingBottom: () => 2,
};

export interface TPdfColumn<R> {
  title: string;
  width?: number | '*' | 'auto';
  align?: 'left' | 'right' | 'center';
  cell: (row: R) => TableCell;
}

/** A table whose header row repeats on a new page and whose rows never split; the empty text without rows. */
export function pdfTable<R>(columns: readonly TPdfColumn<R>[], rows: readonly R[], empty: string): Content {
  if (rows.length === 0) return { text: empty, style: 'empty' };
  const header = columns.map((column) => pdfCell(column.title, { style: 'th', alignment: column.align ?? 'left' }));
  // A cell takes its column's alignment unless it has its own.
  const aligned = (value: TableCell, align: TPdfColumn<R>['align']): TableCell =>
    align && typeof value === 'object' && value !== null && !('alignment' in value) ? ({ ...value, alignment: align } as TableCell) : value;
  const body = rows.map((row) => columns.map((column) => aligned(column.cell(row), column.align)));
  const content: ContentTable = {
    table: { headerRows: 1, keepWithHeaderRows: 1, dontBreakRows: true, widths: columns.map((column) => column.width ?? 'auto'), body: [header, ...body] },
    layout: TABLE_LAYOUT,
    style: 'table',
  };
  return content;
}

/** How the paper writes what one location's tables hold: its language, its time zone, its channels. */
export interface TPdfLocation {
  texts: TLogbookReportTexts;
  language: TReportLanguage;
  zone: string;
  lookup: TLogbookLookup;
}

/** A cell of a section table on paper: its text and the emphasis its kind always has. */
export function writeCell(cell: TLogbookCell, { texts, language, zone }: TPdfLocation): { text: string; style?: TCellStyle } {
  switch (cell.kind) {
    case 'text':
      return { text: cell.value };
    case 'count':
      return { text: cell.value === null ? '' : String(cell.value) };
    case 'hours':
      return { text: hours(cell.value, language) };
    case 'share':
      return { text: percent(cell.value, language) };
    case 'celsius':
      return { text: celsius(cell.value, language) };
    case 'offset':
      return { text: celsius(cell.value, language, true) };
    case 'instant':
      return { text: moment(cell.value, language, zone) };
    case 'until':
      return cell.value ? { text: moment(cell.value, language, zone) } : { text: texts.labels.ongoing, style: { italics: true } };
    case 'date':
      return { text: localDate(cell.value, language) };
    case 'dueDate':
      return { text: cell.value === null ? '' : isLocalDate(cell.value) ? localDate(cell.value, language) : moment(cell.value, language, zone) };
    case 'handling':
      return { text: texts.handlingStates[cell.value], style: cell.value === 'none' ? { color: COLOURS.bad, italics: true } : {} };
    case 'samplingWord':
      return { text: samplingWordText(texts, cell.value), style: samplingWordIsBad(cell.value) ? BAD : {} };
    case 'checkWord':
      return { text: checkWordText(texts, cell.value), style: checkWordIsBad(cell.value) ? BAD : {} };
    case 'dates':
      return { text: cell.value.map((date) => localDate(date, language)).join(', '), style: cell.value.length > 0 ? BAD : {} };
    case 'excursionClass':
      return { text: texts.excursionClasses[cell.value], style: cell.value === 'overWeek' ? BAD : {} };
    case 'changeDetails':
      return { text: changeDetailsWords(cell.value, language) };
    case 'limit':
      return { text: limitText(cell.value, language) };
    case 'mode':
      return { text: modeText(cell.value, language) };
    case 'role':
      return { text: cell.value ? texts.roles[cell.value] : '' };
    case 'rule':
      return { text: ruleText(cell.value, language) };
    case 'minutes':
      return { text: hours(cell.value, language) };
    case 'findingKind':
      return { text: kindText(texts.findingKinds, cell.value) };
    case 'disinfectionSource':
      return { text: texts.disinfectionSources[cell.value] };
    case 'verdict':
      return { text: texts.verdicts[cell.value], style: { color: VERDICT_COLOURS[cell.value], bold: true } };
    case 'alarmKind':
      return { text: kindText(texts.alarmKinds, cell.value) };
    case 'changeKind':
      return { text: kindText(texts.changeKinds, cell.value) };
    case 'deviationKind':
      return { text: deviationKindText(texts, cell.value) };
    case 'deviationState':
      return cell.value === 'open' ? { text: texts.deviationStates.open, style: { color: VERDICT_COLOURS.openDeviations, bold: true } } : { text: texts.deviationStates[cell.value] };
    case 'yesNo':
      return { text: cell.value ? texts.labels.yes : texts.labels.no };
    case 'actor':
      return cell.value === null ? { text: texts.nodeItself, style: { italics: true, color: COLOURS.muted } } : { text: cell.value };
  }
}

interface TSharedOptions<R> {
  width?: TPdfColumn<R>['width'];
  /** Write an empty cell as the texts' "none" dash. */
  none?: boolean;
  emphasis?: (row: R) => TCellStyle;
}

/** A column of a section table as the paper shows it: its header, figures to the right. */
export function sharedColumn<R>(location: TPdfLocation, table: TLogbookSectionTable<R>, key: TLogbookColumnKey, options: TSharedOptions<R> = {}): TPdfColumn<R> {
  const column = columnOf(table, key);
  return {
    title: location.texts.columns[key],
    ...(options.width === undefined ? {} : { width: options.width }),
    ...(isFigure(column.kind) ? { align: 'right' as const } : {}),
    cell: (row) => {
      const { text, style } = writeCell(column.cell(row, location.lookup), location);
      return pdfCell(text || (options.none ? location.texts.labels.none : ''), { ...style, ...options.emphasis?.(row) });
    },
  };
}

/** A column of the paper: a section table's column by its key (with options), or one of the paper's own. */
export type TColumnChoice<R> = TLogbookColumnKey | [TLogbookColumnKey, TSharedOptions<R>] | TPdfColumn<R>;

/** A section table with the columns named, in their order. */
export function sectionTable<R>(location: TPdfLocation, table: TLogbookSectionTable<R>, columns: readonly TColumnChoice<R>[], rows: readonly R[], empty: string): Content {
  const pdfColumns = columns.map((column) =>
    typeof column === 'string' ? sharedColumn(location, table, column) : Array.isArray(column) ? sharedColumn(location, table, column[0], column[1]) : column,
  );
  return pdfTable(pdfColumns, rows, empty);
}

const WIDE = { width: '*' } as const;

/** The flush weeks added up per channel, in the order the channels first appear. */
function flushChannels(weeks: readonly TLogbookFlushWeek[]) {
  const channels = new Map<string, { nodeName: string; channelName: string; weeks: number; short: number; flushes: number; proved: number; failed: number }>();
  for (const week of weeks) {
    const key = `${week.eui}/${week.channelId}`;
    const channel = channels.get(key) ?? { nodeName: week.nodeName, channelName: week.channelName, weeks: 0, short: 0, flushes: 0, proved: 0, failed: 0 };
    channel.weeks += 1;
    channel.short += isShort(week) ? 1 : 0;
    channel.flushes += week.flushes;
    channel.proved += week.proved;
    channel.failed += week.failed;
    channels.set(key, channel);
  }
  return [...channels.values()];
}
const isShort = (week: TLogbookFlushWeek) => week.flushes < week.required || week.failed > 0;

/**
 * The tables of one location in the order of the report, each under the heading the document
 * gives it (`heading`: a section title, `subheading`: a part of one).
 */
/** 'Faulty readings' as 'faulty readings' inside a line; German keeps its nouns' capitals ('fehlerhafte Messwerte'). */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export function locationTables(section: TLogbookLocationSection, texts: TLogbookReportTexts, language: TReportLanguage, inFull: TPdfInFull = ALL_IN_FULL) {
  const location: TPdfLocation = { texts, language, zone: section.location.timeZone, lookup: sectionLookup(section) };
  const { summary, deviations, temperatures, excursions, gaps, flushWeeks, failedFlushes, missedFlushes, findings, disinfections, alarms, calibrationStatus, calibrations, changes } = LOGBOOK_TABLES;
  const { samplingPlan, samplingResults } = LOGBOOK_TABLES;
  const written = <R>(table: TLogbookSectionTable<R>, key: TLogbookColumnKey, row: R) => writeCell(columnOf(table, key).cell(row, location.lookup), location).text;
  const right = (text: string, style: TCellStyle = {}) => pdfCell(text, { alignment: 'right', ...style });
  const none = texts.labels.none;
  const tableOf = <R>(table: TLogbookSectionTable<R>, columns: readonly TColumnChoice<R>[], empty = texts.empty[table.empty]) =>
    sectionTable(location, table, columns, table.rows(section), empty);

  const stretchColumns: TColumnChoice<TLogbookStretch>[] = [['node', WIDE], ['channel', WIDE], 'from', 'to', 'hours'];
  const weekColumns: TColumnChoice<TLogbookFlushWeek>[] = [
    ['node', WIDE],
    ['channel', WIDE],
    'week',
    ['flushes', { emphasis: (week) => badIf(week.flushes < week.required) }],
    'flushesProved',
    ['flushesFailed', { emphasis: (week) => badIf(week.failed > 0) }],
    'required',
  ];
  const weekCount = new Set(section.flushWeeks.map((week) => week.week)).size;
  const allWeeks = inFull.weeks && weekCount <= PDF_ALL_WEEKS.weeks && section.flushWeeks.length <= PDF_ALL_WEEKS.rows;
  const deviationLines = inFull.deviations ? deviations.rows(section).map((row) => ({ ...row, count: 1, channels: 1 })) : groupOpenDeviations(deviations.rows(section));
  const count = (title: string, value: (channel: ReturnType<typeof flushChannels>[number]) => number, bad = false): TPdfColumn<ReturnType<typeof flushChannels>[number]> => ({
    title,
    align: 'right',
    cell: (channel) => right(String(value(channel)), badIf(bad && value(channel) > 0)),
  });

  return {
    summary: tableOf(summary, [
      ['node', WIDE],
      // The role under the mode where the report has one (reports from before roles print as they did).
      { title: texts.columns.channel, width: '*', cell: (channel) => pdfCell(`${channel.channelName}\n${written(summary, 'mode', channel)}${channel.role ? ` · ${written(summary, 'role', channel)}` : ''}`) },
      'limit',
      ['coverage', { emphasis: (channel) => (channel.coverage < 0.9 ? { color: COLOURS.bad } : {}) }],
      ['withinLimit', { none: true }],
      // Time in the growth range, of the time there: shown plainly, and marked whenever there is any
      // (a mixed outlet has no limit of its own, so this is where its risk shows).
      {
        title: texts.columns.growthRangeHours,
        align: 'right',
        cell: (channel) =>
          right(
            `${written(summary, 'growthRangeHours', channel)}${channel.hoursThere === undefined ? '' : `\n${fill(texts.labels.ofHours, { hours: written(summary, 'hoursThere', channel) }).replace(/ /g, '\u00A0')}`}`,
            channel.growthRangeHours > 0 ? { color: COLOURS.warn, bold: true } : {},
          ),
      },
      {
        title: `${texts.columns.flushes} (${texts.columns.flushesFailed})`,
        align: 'right',
        cell: (channel) => right(channel.flushDuty ? `${channel.flushes} (${channel.flushesFailed})` : none),
      },
      ['missedFlushes', { none: true }],
      'verdict',
    ]),
    /**
     * Every deviation with its state and handling (cause, corrective action, who and when); open ones
     * say so. In a long report the open ones of a kind on a channel are one line with their number
     * (`groupOpenDeviations`), and a note says the CSV has each.
     */
    deviationsNote: deviationLines.length < deviations.rows(section).length ? texts.labels.deviationsGroupedInCsv : null,
    deviations: sectionTable<TPdfDeviationLine>(location, { ...deviations, rows: () => [] }, [
      {
        title: texts.columns.kind,
        width: '*',
        cell: (row) => pdfCell(row.count > 1 ? `${written(deviations, 'kind', row)} (${row.count}×)` : written(deviations, 'kind', row), { bold: true }),
      },
      {
        title: texts.columns.channel,
        width: '*',
        cell: (row) => pdfCell(row.channels > 1 ? `${texts.labels.channels}: ${row.channels}` : [row.nodeName, written(deviations, 'channel', row)].filter(Boolean).join('\n')),
      },
      'from',
      'to',
      ['state', { emphasis: (row) => (row.state === 'open' ? BAD : {}) }],
      {
        title: `${texts.columns.cause} / ${texts.columns.correctiveAction}`,
        width: 170,
        cell: (row) =>
          pdfCell(
            row.handling
              ? [row.handling.cause, row.handling.action, `${row.handling.by}, ${written(deviations, 'handledAt', row)}`].filter(Boolean).join('\n')
              : none,
          ),
      },
      ],
      deviationLines,
      texts.empty.deviations,
    ),
    temperatures: tableOf(temperatures, [
      { title: texts.columns.channel, width: '*', cell: (channel) => pdfCell(`${channel.nodeName}\n${channel.channelName}`) },
      {
        title: `${texts.columns.readings} / ${texts.columns.expectedReadings}`,
        align: 'right',
        cell: (channel) => right(`${channel.readings} / ${channel.expectedReadings}${channel.faultyReadings ? `\n(${channel.faultyReadings} ${lowerFirst(texts.columns.faultyReadings)})` : ''}`),
      },
      'coverage',
      'min',
      'mean',
      'max',
      ['withinLimit', { none: true }],
      'growthRangeHours',
      {
        title: texts.columns.longestExcursion,
        width: 118,
        cell: (channel) =>
          pdfCell(
            channel.longestExcursion
              ? `${written(temperatures, 'excursionFrom', channel)} –\n${written(temperatures, 'excursionTo', channel)} (${written(temperatures, 'excursionHours', channel)} h)`
              : none,
          ),
      },
    ]),
    /**
     * Every excursion, or over PDF_ALL_EXCURSIONS those of 2 days or longer with a note that the CSV
     * has all; null for a report issued before the list existed (it has the longest per channel only).
     */
    excursions: ((): { note?: string; table: Content } | null => {
      if (section.channels.length > 0 && section.channels.every((channel) => channel.excursions === undefined)) return null;
      const rows = excursions.rows(section);
      const all = inFull.excursions && rows.length <= PDF_ALL_EXCURSIONS;
      const columns: TColumnChoice<TLogbookExcursionRow>[] = [['node', WIDE], ['channel', WIDE], 'from', 'to', 'hours', 'durationClass'];
      return {
        ...(all ? {} : { note: texts.labels.allExcursionsInCsv }),
        table: sectionTable(location, excursions, columns, all ? rows : rows.filter((row) => row.durationClass !== 'underTwoDays'), texts.empty.excursions),
      };
    })(),
    gaps: tableOf(gaps, stretchColumns, fill(texts.empty.gaps, { hours: LOGBOOK_GAP_HOURS })),
    /** The weeks one by one, or over more than a quarter the channels' totals and the weeks that fell short. */
    flushWeeks: allWeeks
      ? [{ subheading: texts.sections.flushWeeks, table: tableOf(flushWeeks, weekColumns) }]
      : [
          {
            subheading: texts.sections.flushChannels,
            table: pdfTable(
              [
                { title: texts.columns.node, width: '*', cell: (channel) => pdfCell(channel.nodeName) },
                { title: texts.columns.channel, width: '*', cell: (channel) => pdfCell(channel.channelName) },
                count(texts.columns.weeks, (channel) => channel.weeks),
                count(texts.columns.weeksMet, (channel) => channel.weeks - channel.short),
                count(texts.columns.weeksShort, (channel) => channel.short, true),
                count(texts.columns.flushes, (channel) => channel.flushes),
                count(texts.columns.flushesProved, (channel) => channel.proved),
                count(texts.columns.flushesFailed, (channel) => channel.failed, true),
              ],
              flushChannels(section.flushWeeks),
              texts.empty.flushWeeks,
            ),
          },
          {
            subheading: texts.sections.shortWeeks,
            note: texts.labels.allWeeksInCsv,
            table: sectionTable(location, flushWeeks, weekColumns, section.flushWeeks.filter(isShort), texts.empty.shortWeeks),
          },
        ],
    findings: tableOf(findings, [['kind', { ...WIDE, emphasis: () => BAD }], ['node', WIDE], ['channel', WIDE], 'from', 'to', 'hours', 'bound']),
    /** Per disinfection a line (when, found or planned, passed or not, a planned one's note) and its hot outlets. */
    disinfections: (section.disinfections ?? []).length
      ? (section.disinfections ?? []).flatMap((disinfection): Content[] => [
          {
            text: [
              `${moment(disinfection.from, language, location.zone)} – ${moment(disinfection.to, language, location.zone)} (${texts.disinfectionSources[disinfection.source]}): `,
              {
                text: disinfection.passed ? texts.labels.disinfectionPassed : texts.labels.disinfectionMissed,
                color: disinfection.passed ? VERDICT_COLOURS.compliant : VERDICT_COLOURS.deviations,
                bold: true,
              },
              // A planned one's note as the engineer recorded it.
              ...(disinfection.note ? [{ text: ` · ${disinfection.note}`, italics: true }] : []),
            ],
            margin: [0, 2, 0, 2],
          },
          sectionTable(
            location,
            disinfections,
            [['node', WIDE], ['channel', WIDE], ['reached', { emphasis: (row) => badIf(!row.reached) }], ['rule', { none: true }], 'heldMinutes', ['max', { none: true }]],
            disinfections.rows({ ...section, disinfections: [disinfection] }),
            texts.empty.disinfections,
          ),
        ])
      : [{ text: texts.empty.disinfections, style: 'empty' } as Content],
    failedFlushes: tableOf(failedFlushes, ['at', ['node', WIDE], ['channel', WIDE], 'before', ['after', { emphasis: () => BAD }], 'limit']),
    missedFlushes: tableOf(missedFlushes, stretchColumns),
    // The handling column is always there: "not handled" says so (issue 39). Who acknowledged and
    // who resolved, each with the time, in one cell; the corrective action in a column of its own.
    alarms: tableOf(alarms, [
      ['kind', { emphasis: () => ({ bold: true }) }],
      {
        title: `${texts.columns.node} / ${texts.columns.channel}`,
        width: '*',
        cell: (alarm) => pdfCell([alarm.nodeName, written(alarms, 'channel', alarm)].filter(Boolean).join('\n')),
      },
      {
        title: `${texts.columns.from} – ${texts.columns.to}`,
        width: 64,
        cell: (alarm) => {
          const to = writeCell(columnOf(alarms, 'to').cell(alarm, location.lookup), location);
          return { text: [printable(`${written(alarms, 'from', alarm)} –\n`), { text: printable(to.text), ...to.style }] };
        },
      },
      ['hours', { none: true }],
      {
        title: texts.columns.handling,
        width: '*',
        cell: (alarm) => {
          const state = writeCell(columnOf(alarms, 'handling').cell(alarm, location.lookup), location);
          const step = (label: string, by: TLogbookColumnKey, at: TLogbookColumnKey) => {
            const who = written(alarms, by, alarm);
            const when = written(alarms, at, alarm);
            return who ? `${label}: ${who}${when ? `, ${when}` : ''}` : null;
          };
          const steps = [step(texts.labels.acknowledged, 'acknowledgedBy', 'acknowledgedAt'), step(texts.labels.resolved, 'resolvedBy', 'resolvedAt')].filter((line): line is string => line !== null);
          return steps.length === 0 ? pdfCell(state.text, state.style) : pdfCell(steps.join('\n'));
        },
      },
      ['note', { ...WIDE, none: true }],
    ]),
    calibrationStatus: tableOf(calibrationStatus, [
      ['node', WIDE],
      ['channel', WIDE],
      ['lastCalibrated', { none: true }],
      'interval',
      ['due', { none: true }],
      ['overdue', { emphasis: (status) => badIf(status.overdue) }],
    ]),
    calibrations: tableOf(calibrations, ['at', ['node', WIDE], ['channel', WIDE], 'reference', 'measured', 'offset', ['user', { none: true }]]),
    changes: tableOf(changes, ['at', ['node', { width: 110 }], 'kind', 'user', ['details', WIDE]]),
    // The sampling section (docs/logbook.md, "Sampling"): the plan per point, every result with the steps taken.
    samplingPlan: tableOf(samplingPlan, [['samplePoint', WIDE], 'pointRole', 'priority', 'taken', ['lastTaken', { none: true }], ['due', { none: true }], 'state']),
    samplingResults: tableOf(samplingResults, [
      'at',
      // Point and sample id in one cell: the German headers leave no room for both on a portrait page.
      {
        title: `${texts.columns.samplePoint} / ${texts.columns.sampleId}`,
        width: '*',
        cell: (result) => pdfCell(`${result.pointName}\n${result.sampleId}`),
      },
      {
        title: texts.columns.count,
        width: 'auto',
        cell: (result) =>
          pdfCell(result.count === null ? fill(texts.samplingWords.notDetected, { limit: `${written(samplingResults, 'detectionLimit', result)} ${result.unit}` }) : `${result.count} ${result.unit}`),
      },
      'sampleVerdict',
      ['legalStep', WIDE],
      ['resampleDue', { none: true }],
      {
        title: texts.columns.handling,
        width: '*',
        cell: (result) => {
          const state = writeCell(columnOf(samplingResults, 'handling').cell(result, location.lookup), location);
          const resolved = written(samplingResults, 'resolvedBy', result);
          const told = written(samplingResults, 'authorityToldAt', result);
          const lines = [
            resolved ? `${texts.labels.resolved}: ${resolved}, ${written(samplingResults, 'resolvedAt', result)}` : state.text,
            told ? `${texts.columns.authorityToldAt}: ${told}` : null,
          ].filter((line): line is string => line !== null);
          return pdfCell(lines.join('\n'), resolved ? {} : state.style);
        },
      },
      ['note', { ...WIDE, none: true }],
    ]),
  };
}
