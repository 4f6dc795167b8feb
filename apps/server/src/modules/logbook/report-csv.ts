import {
  changeDetailsWords,
  channelStretches,
  csvField,
  csvFile,
  csvLine,
  csvText,
  formatNumber,
  isLocalDate,
  LOGBOOK_TABLES,
  sectionLookup,
  type TLogbookAnyTable,
  deviationKindText,
  samplingWordText,
  checkWordText,
  type TLogbookCell,
  type TLogbookLocationSection,
  type TLogbookReport,
  type TLogbookSectionTable,
} from '@aquasmart/domain';
import { signOffCsvRows } from './report-sign-off';
import { fill, kindText, limitText, localDate, modeText, moment, reportTexts, ruleText, type TReportLanguage } from './report-format';

/**
 * The legionella logbook report as one CSV (docs/logbook.md, "PDF and CSV"): semicolon-separated,
 * UTF-8 with a byte order mark, CRLF, a decimal comma in Dutch and German and a decimal point in English,
 * times in the location's time zone as on the PDF. One wide header line; the first column names
 * what a line is (report, location, summary, temperature, gap, flush week, failed flush, missed
 * flush, alarm, calibration status, calibration, change, deviation) so a spreadsheet's filter on that column
 * shows one table at a time; each kind of line fills the columns that apply to it and leaves the
 * others empty. Numbers carry no unit (the header has it) so the spreadsheet can sum them.
 */

/** The columns in order; the header line is their titles in the language. */
const COLUMNS = [
  'section',
  'location',
  'node',
  'eui',
  'channel',
  'mode',
  'limit',
  'verdict',
  'readings',
  'expectedReadings',
  'coverage',
  'faultyReadings',
  'min',
  'mean',
  'max',
  'withinLimit',
  'readingsOutsideLimit',
  'growthRangeHours',
  'hoursThere',
  'excursionFrom',
  'excursionTo',
  'excursionHours',
  'flushes',
  'flushesProved',
  'flushesFailed',
  'required',
  'missedFlushes',
  'week',
  'at',
  'from',
  'to',
  'hours',
  'durationClass',
  'before',
  'after',
  'kind',
  'user',
  'details',
  'handling',
  'acknowledgedBy',
  'acknowledgedAt',
  'resolvedBy',
  'resolvedAt',
  'note',
  'reference',
  'measured',
  'offset',
  'lastCalibrated',
  'interval',
  'due',
  'overdue',
  // deviations (docs/logbook.md, "Deviations")
  'state',
  'cause',
  'correctiveAction',
  'handledBy',
  'handledAt',
  // Channel roles and thermal disinfection (docs/logbook.md, "Roles"): at the end, so the columns before keep their places.
  'role',
  'reached',
  'rule',
  'heldMinutes',
  'bound',
  // The sampling section (docs/logbook.md, "Sampling"): at the end again.
  'samplePoint',
  'pointRole',
  'priority',
  'taken',
  'lastTaken',
  'sampleId',
  'lab',
  'count',
  'detectionLimit',
  'unit',
  'perLitre',
  'sampleVerdict',
  'legalStep',
  'resampleDue',
  'authorityToldAt',
  // The checks section (docs/logbook.md, "Checks at outlets"): at the end again.
  'outlet',
  'check',
  'planned',
  'checksDone',
  'notPossible',
  'overdueDates',
  'overdueSince',
  'lastDone',
  'outcome',
  'reason',
  'ranSeconds',
  'allowedSeconds',
  'checkVerdict',
  'nodeCelsius',
  'drift',
] as const;
type TColumn = (typeof COLUMNS)[number];
const COLUMN_SET: ReadonlySet<string> = new Set(COLUMNS);
const isColumn = (key: string): key is TColumn => COLUMN_SET.has(key);
type TRow = Partial<Record<TColumn, string>>;

/** Column titles with their unit where a number has one. */
function headerLine(language: TReportLanguage): string {
  const columns = reportTexts(language).columns;
  const unit: Partial<Record<TColumn, string>> = {
    coverage: '%',
    min: '°C',
    mean: '°C',
    max: '°C',
    withinLimit: '%',
    before: '°C',
    after: '°C',
    reference: '°C',
    measured: '°C',
    offset: '°C',
  };
  return csvLine(COLUMNS.map((column) => csvText(unit[column] ? `${columns[column]} (${unit[column]})` : columns[column])));
}

/** The section tables in the order of the file; a channel's gaps follow its temperature line. */
const { summary, deviations, temperatures, gaps, excursions, ...rest } = LOGBOOK_TABLES;
const AFTER_TEMPERATURES: readonly TLogbookAnyTable[] = [
  rest.flushWeeks,
  rest.failedFlushes,
  rest.missedFlushes,
  rest.findings,
  rest.disinfections,
  rest.alarms,
  rest.calibrationStatus,
  rest.calibrations,
  rest.changes,
  rest.samplingPlan,
  rest.samplingResults,
  rest.checkPlan,
  rest.checkRecords,
];

export function renderLogbookCsv(report: TLogbookReport, language: TReportLanguage): string {
  const texts = reportTexts(language);
  const section = texts.csvSections;
  const number = (value: number | null) => (value === null ? '' : csvField(formatNumber(value, language, { maxDecimals: 2 })));
  const line = (row: TRow) => csvLine(COLUMNS.map((column) => row[column] ?? ''));

  const lines = [headerLine(language)];
  lines.push(
    line({
      section: csvText(section.report),
      location: csvText(report.customer.name),
      verdict: csvText(texts.verdicts[report.verdict]),
      from: csvText(localDate(report.period.from, language)),
      to: csvText(localDate(report.period.to, language)),
      at: csvText(moment(report.generatedAt, language, report.period.timeZone)),
      kind: csvText(report.number ?? texts.header.notIssued),
      user: csvText(report.generatedBy),
      details: csvText(
        `${report.period.timeZone}; SHA-256 ${report.sha256}`,
      ),
    }),
  );
  for (const extra of signOffCsvRows(report, language)) lines.push(line({ section: csvText(section.report), kind: csvText(extra.kind), user: csvText(extra.user ?? ''), at: csvText(extra.at ?? ''), details: csvText(extra.details) }));
  for (const location of report.locations) lines.push(...locationLines(location));
  return csvFile(lines);

  /** A cell as a spreadsheet reads it: a number without its unit, a text that cannot run as a formula. */
  function field(cell: TLogbookCell, zone: string): string {
    switch (cell.kind) {
      case 'text':
        return csvText(cell.value);
      case 'count':
        return cell.value === null ? '' : String(cell.value);
      case 'hours':
      case 'celsius':
      case 'offset':
        return number(cell.value);
      case 'share':
        return cell.value === null ? '' : number(cell.value * 100);
      case 'instant':
        return csvText(moment(cell.value, language, zone));
      case 'until':
        return csvText(cell.value ? moment(cell.value, language, zone) : texts.labels.ongoing);
      case 'date':
        return csvText(localDate(cell.value, language));
      case 'dueDate':
        return cell.value === null ? '' : csvText(isLocalDate(cell.value) ? localDate(cell.value, language) : moment(cell.value, language, zone));
      case 'handling':
        return csvText(texts.handlingStates[cell.value]);
      case 'samplingWord':
        return csvText(samplingWordText(texts, cell.value));
      case 'checkWord':
        return csvText(checkWordText(texts, cell.value));
      case 'dates':
        return csvText(cell.value.map((date) => localDate(date, language)).join(', '));
      case 'excursionClass':
        return csvText(texts.excursionClasses[cell.value]);
      case 'changeDetails':
        return csvText(changeDetailsWords(cell.value, language));
      case 'limit':
        return csvText(limitText(cell.value, language));
      case 'mode':
        return csvText(modeText(cell.value, language));
      case 'role':
        return csvText(cell.value ? texts.roles[cell.value] : '');
      case 'rule':
        return csvText(ruleText(cell.value, language));
      case 'minutes':
        return number(cell.value);
      case 'findingKind':
        return csvText(kindText(texts.findingKinds, cell.value));
      case 'disinfectionSource':
        return csvText(texts.disinfectionSources[cell.value]);
      case 'verdict':
        return csvText(texts.verdicts[cell.value]);
      case 'alarmKind':
        return csvText(kindText(texts.alarmKinds, cell.value));
      case 'changeKind':
        return csvText(kindText(texts.changeKinds, cell.value));
      case 'deviationKind':
        return csvText(deviationKindText(texts, cell.value));
      case 'deviationState':
        return csvText(texts.deviationStates[cell.value]);
      case 'yesNo':
        return csvText(cell.value ? texts.labels.yes : texts.labels.no);
      case 'actor':
        return csvText(cell.value ?? texts.nodeItself);
    }
  }

  function locationLines(place: TLogbookLocationSection): string[] {
    const zone = place.location.timeZone;
    const name = csvText(place.location.name);
    const lookup = sectionLookup(place);
    const rulebook = place.rulebook;
    /** A table's rows, one line each: the kind of line, the location, then every column of the table. */
    const tableLines = <R>(table: TLogbookSectionTable<R>, rows: readonly R[]) =>
      rows.map((row) => {
        const cells: TRow = { section: csvText(section[table.csvLine]), location: name };
        for (const column of table.columns) {
          if (!isColumn(column.key)) throw new Error(`The CSV has no column ${column.key} (logbook table ${table.id})`);
          cells[column.key] = field(column.cell(row, lookup), zone);
        }
        return line(cells);
      });
    const out: string[] = [];

    out.push(
      line({
        section: csvText(section.location),
        location: name,
        verdict: csvText(texts.verdicts[place.verdict]),
        limit: csvText(`${texts.labels.hotLimit}: ${limitText(rulebook.hot, language)}; ${texts.labels.coldLimit}: ${limitText(rulebook.cold, language)}`),
        kind: csvText(texts.rulebooks[rulebook.id]),
        details: csvText(
          [[place.location.address, [place.location.postalCode, place.location.city].filter(Boolean).join(' ')].filter(Boolean).join(', '), zone, fill(texts.labels.flushEvery, { hours: rulebook.flushEveryHours }), `${texts.labels.basis}: ${texts.rulebookBasis[rulebook.id]}`].join('; '),
        ),
      }),
    );
    out.push(...tableLines(summary, place.channels));
    out.push(...tableLines(deviations, deviations.rows(place)));
    for (const channel of place.channels) {
      out.push(...tableLines(temperatures, [channel]), ...tableLines(gaps, channelStretches(channel, 'gaps')));
      out.push(...tableLines(excursions, excursions.rows({ ...place, channels: [channel] })));
    }
    for (const table of AFTER_TEMPERATURES) out.push(...tableLines(table, table.rows(place)));
    return out;
  }
}
