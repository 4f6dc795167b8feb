import { csvField, csvFile, csvLine, csvText, formatNumber, type TLogbookLocationSection, type TLogbookReport } from '@aquasmart/domain';
import { channelLabel, fill, kindText, limitText, localDate, modeText, moment, reportTexts, type TReportLanguage } from './report-format';

/**
 * The legionella logbook report as one CSV (docs/logbook.md, "PDF and CSV"): semicolon-separated,
 * UTF-8 with a byte order mark, CRLF, a decimal comma in Dutch and a decimal point in English,
 * times in the location's time zone as on the PDF. One wide header line; the first column names
 * what a line is (report, location, summary, temperature, gap, flush week, failed flush, missed
 * flush, alarm, calibration status, calibration, change) so a spreadsheet's filter on that column
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
  'before',
  'after',
  'kind',
  'user',
  'details',
  'reference',
  'measured',
  'offset',
  'lastCalibrated',
  'interval',
  'due',
  'overdue',
] as const;
type TColumn = (typeof COLUMNS)[number];
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

export function renderLogbookCsv(report: TLogbookReport, language: 'nl' | 'en'): string {
  const texts = reportTexts(language);
  const section = texts.csvSections;
  const number = (value: number | null, decimals = 2) => (value === null ? '' : csvField(formatNumber(value, language, { maxDecimals: decimals })));
  const share = (value: number | null) => (value === null ? '' : number(value * 100));
  const count = (value: number) => String(value);
  const line = (row: TRow) => csvLine(COLUMNS.map((column) => row[column] ?? ''));
  const yesNo = (value: boolean) => csvText(value ? texts.labels.yes : texts.labels.no);

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
  for (const location of report.locations) lines.push(...locationLines(location));
  return csvFile(lines);

  function locationLines(place: TLogbookLocationSection): string[] {
    const zone = place.location.timeZone;
    const when = (iso: string | null) => csvText(moment(iso, language, zone));
    const name = csvText(place.location.name);
    const names = new Map(place.channels.map((channel) => [`${channel.eui}/${channel.channelId}`, channel.channelName]));
    const node = (row: { nodeName: string; eui: string }) => ({ location: name, node: csvText(row.nodeName), eui: csvText(row.eui) });
    const rulebook = place.rulebook;
    const out: string[] = [];

    out.push(
      line({
        section: csvText(section.location),
        location: name,
        verdict: csvText(texts.verdicts[place.verdict]),
        limit: csvText(`${texts.labels.hotLimit}: ${limitText(rulebook.hot, language)}; ${texts.labels.coldLimit}: ${limitText(rulebook.cold, language)}`),
        kind: csvText(texts.rulebooks[rulebook.id]),
        details: csvText(
          [[place.location.address, [place.location.postalCode, place.location.city].filter(Boolean).join(' ')].filter(Boolean).join(', '), zone, fill(texts.labels.flushEvery, { hours: rulebook.flushEveryHours })].join('; '),
        ),
      }),
    );
    for (const channel of place.channels) {
      const base = { ...node(channel), channel: csvText(channel.channelName), mode: csvText(modeText(channel.mode, language)), limit: csvText(limitText(channel.limit, language)) };
      out.push(
        line({
          section: csvText(section.summary),
          ...base,
          verdict: csvText(texts.verdicts[channel.verdict]),
          coverage: share(channel.coverage),
          withinLimit: share(channel.withinLimitShare),
          growthRangeHours: number(channel.growthRangeHours),
          flushes: channel.flushDuty ? count(channel.flushes) : '',
          flushesFailed: channel.flushDuty ? count(channel.flushesFailed) : '',
          missedFlushes: channel.flushDuty ? count(channel.missedFlushes.length) : '',
        }),
      );
    }
    for (const channel of place.channels) {
      out.push(
        line({
          section: csvText(section.temperature),
          ...node(channel),
          channel: csvText(channel.channelName),
          mode: csvText(modeText(channel.mode, language)),
          limit: csvText(limitText(channel.limit, language)),
          readings: count(channel.readings),
          expectedReadings: count(channel.expectedReadings),
          coverage: share(channel.coverage),
          faultyReadings: count(channel.faultyReadings),
          min: number(channel.min),
          mean: number(channel.mean),
          max: number(channel.max),
          withinLimit: share(channel.withinLimitShare),
          readingsOutsideLimit: count(channel.readingsOutsideLimit),
          growthRangeHours: number(channel.growthRangeHours),
          excursionFrom: channel.longestExcursion ? when(channel.longestExcursion.from) : '',
          excursionTo: channel.longestExcursion ? when(channel.longestExcursion.to) : '',
          excursionHours: channel.longestExcursion ? number(channel.longestExcursion.hours) : '',
          flushes: channel.flushDuty ? count(channel.flushes) : '',
          flushesProved: channel.flushDuty ? count(channel.flushesProved) : '',
          flushesFailed: channel.flushDuty ? count(channel.flushesFailed) : '',
        }),
      );
      for (const gap of channel.gaps) {
        out.push(line({ section: csvText(section.gap), ...node(channel), channel: csvText(channel.channelName), from: when(gap.from), to: when(gap.to), hours: number(gap.hours) }));
      }
    }
    for (const week of place.flushWeeks) {
      out.push(
        line({
          section: csvText(section.flushWeek),
          ...node(week),
          channel: csvText(week.channelName),
          week: csvText(localDate(week.week, language)),
          flushes: count(week.flushes),
          flushesProved: count(week.proved),
          flushesFailed: count(week.failed),
          required: count(week.required),
        }),
      );
    }
    const limits = new Map(place.channels.map((channel) => [`${channel.eui}/${channel.channelId}`, channel.limit]));
    for (const flush of place.failedFlushes) {
      out.push(
        line({
          section: csvText(section.failedFlush),
          ...node(flush),
          channel: csvText(channelLabel(flush.channelId, names, flush.eui)),
          limit: csvText(limitText(limits.get(`${flush.eui}/${flush.channelId}`) ?? null, language)),
          at: when(flush.at),
          before: number(flush.before),
          after: number(flush.after),
        }),
      );
    }
    for (const channel of place.channels) {
      for (const stretch of channel.missedFlushes) {
        out.push(line({ section: csvText(section.missedFlush), ...node(channel), channel: csvText(channel.channelName), from: when(stretch.from), to: when(stretch.to), hours: number(stretch.hours) }));
      }
    }
    for (const alarm of place.alarms) {
      const handling = alarm.handling;
      out.push(
        line({
          section: csvText(section.alarm),
          ...node(alarm),
          channel: csvText(channelLabel(alarm.channelId, names, alarm.eui)),
          kind: csvText(kindText(texts.alarmKinds, alarm.kind)),
          from: when(alarm.from),
          to: alarm.to ? when(alarm.to) : csvText(texts.labels.ongoing),
          hours: number(alarm.hours),
          user: csvText([handling?.acknowledgedBy, handling?.resolvedBy].filter(Boolean).join(' / ')),
          details: csvText(handling?.note ?? ''),
        }),
      );
    }
    for (const status of place.calibrationStatus) {
      out.push(
        line({
          section: csvText(section.calibrationStatus),
          ...node(status),
          channel: csvText(status.channelName),
          lastCalibrated: when(status.lastCalibrated),
          interval: count(status.intervalYears),
          due: when(status.due),
          overdue: yesNo(status.overdue),
        }),
      );
    }
    for (const calibration of place.calibrations) {
      out.push(
        line({
          section: csvText(section.calibration),
          ...node(calibration),
          channel: csvText(channelLabel(calibration.channelId, names, calibration.eui)),
          at: when(calibration.at),
          reference: number(calibration.reference),
          measured: number(calibration.measured),
          offset: number(calibration.offset),
          user: csvText(calibration.user ?? ''),
        }),
      );
    }
    for (const change of place.changes) {
      out.push(
        line({
          section: csvText(section.change),
          ...node(change),
          at: when(change.at),
          kind: csvText(kindText(texts.changeKinds, change.kind)),
          user: csvText(change.user ?? texts.nodeItself),
          details: csvText(change.details),
        }),
      );
    }
    return out;
  }
}
