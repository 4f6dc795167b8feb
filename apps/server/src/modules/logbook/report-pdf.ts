import type { Content, ContentTable, CustomTableLayout, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { LOGBOOK_GAP_HOURS, type TLogbookLocationSection, type TLogbookReport } from '@aquasmart/domain';
import { loadPdfMake, PDF_FONT as FONT } from '../../lib/pdfmake';
import {
  celsius,
  channelLabel,
  fill,
  hours,
  kindText,
  limitText,
  localDate,
  modeText,
  moment,
  percent,
  reportTexts,
  type TReportLanguage,
} from './report-format';

/**
 * The legionella logbook report as a PDF for printing (docs/logbook.md, "PDF and CSV"): A4, the
 * header (customer, location, period, rulebook, report number, generated when and by whom) on every
 * page, "page X / Y" and the report's SHA-256 in every footer, tables whose header row repeats on a
 * new page and whose rows never split. A customer report starts with a summary of its locations;
 * every location is a pdfmake section of its own, so the header shows the location of the page.
 *
 * pdfmake (on pdfkit) is loaded on the first call, not at the server's start. The bytes depend on
 * the report and the language only: the PDF's dates and ID come from `report.generatedAt`.
 */

const PAGE_MARGINS: [number, number, number, number] = [36, 104, 36, 44];
const COLOURS = { text: '#1f2937', muted: '#6b7280', line: '#d1d5db', headerFill: '#eef2f7', bad: '#b91c1c', warn: '#9a3412' };
/**
 * The PDF lists every week of every channel up to a quarter (14 weeks) and 500 channel-weeks;
 * beyond either, one line per channel and only the weeks that fell short (a year of 100 channels
 * is 5,300 rows: 110 pages and several seconds of layout). The CSV always has every week.
 */
export const PDF_ALL_WEEKS = { weeks: 14, rows: 500 } as const;
const VERDICT_COLOURS = { compliant: '#15803d', deviations: '#b91c1c', insufficientData: '#92400e' } as const;

/** The flush weeks added up per channel, in the order the channels first appear. */
function flushChannels(weeks: TLogbookLocationSection['flushWeeks']) {
  const channels = new Map<string, { nodeName: string; channelName: string; weeks: number; short: number; flushes: number; proved: number; failed: number }>();
  for (const week of weeks) {
    const key = `${week.eui}/${week.channelId}`;
    const channel = channels.get(key) ?? { nodeName: week.nodeName, channelName: week.channelName, weeks: 0, short: 0, flushes: 0, proved: 0, failed: 0 };
    channel.weeks += 1;
    channel.short += week.flushes < week.required || week.failed > 0 ? 1 : 0;
    channel.flushes += week.flushes;
    channel.proved += week.proved;
    channel.failed += week.failed;
    channels.set(key, channel);
  }
  return [...channels.values()];
}

export async function renderLogbookPdf(report: TLogbookReport, language: 'nl' | 'en'): Promise<Buffer> {
  const pdfmake = await loadPdfMake();
  return pdfmake.createPdf(logbookDocument(report, language)).getBuffer();
}

/**
 * Characters the embedded Roboto lacks (the audit texts' arrow) written with ones it has, and a
 * no-break space before a unit so '60 °C' never breaks between the two.
 */
const SUBSTITUTES: Record<string, string> = { '→': '->', '←': '<-', '⇒': '=>' };
export function printable(text: string): string {
  return text.replace(/[→←⇒]/g, (character) => SUBSTITUTES[character]).replace(/ (°C|V|%)(?=$|[\s),.;])/g, '\u00A0$1');
}

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

interface TColumn {
  title: string;
  width?: number | '*' | 'auto';
  align?: 'left' | 'right' | 'center';
}

/**
 * The document definition: exported for the tests (the renderer is `renderLogbookPdf`).
 */
export function logbookDocument(report: TLogbookReport, language: TReportLanguage): TDocumentDefinitions {
  const texts = reportTexts(language);
  const generated = new Date(report.generatedAt);
  const periodText = fill(texts.header.periodRange, { from: localDate(report.period.from, language), to: localDate(report.period.to, language) });
  const generatedText = fill(texts.header.generatedByAt, { at: moment(report.generatedAt, language, report.period.timeZone), user: report.generatedBy });
  const numberText = report.number ?? texts.header.notIssued;
  const customer = report.customer;

  const cell = (text: string, options: Record<string, unknown> = {}): TableCell => ({ text: printable(text), ...options });

  function table(columns: TColumn[], rows: TableCell[][], empty: string): Content {
    if (rows.length === 0) return { text: empty, style: 'empty' };
    const header = columns.map((column) => cell(column.title, { style: 'th', alignment: column.align ?? 'left' }));
    // A cell takes its column's alignment unless it has its own.
    const aligned = (value: TableCell, align: TColumn['align']): TableCell =>
      align && typeof value === 'object' && value !== null && !('alignment' in value) ? ({ ...value, alignment: align } as TableCell) : value;
    const body = rows.map((row) => row.map((value, index) => aligned(value, columns[index].align)));
    const content: ContentTable = {
      table: { headerRows: 1, keepWithHeaderRows: 1, dontBreakRows: true, widths: columns.map((column) => column.width ?? 'auto'), body: [header, ...body] },
      layout: TABLE_LAYOUT,
      style: 'table',
    };
    return content;
  }

  const heading = (text: string): Content => ({ text, style: 'h2', headlineLevel: 2 });
  const subheading = (text: string): Content => ({ text, style: 'h3', headlineLevel: 3 });
  const verdictText = (verdict: keyof typeof VERDICT_COLOURS): TableCell => cell(texts.verdicts[verdict], { color: VERDICT_COLOURS[verdict], bold: true });

  /** The header block of a page: what the report is about, who made it, when. */
  function pageHeader(title: string, place: string, rulebook: string): Content {
    const label = (text: string): TableCell => cell(text, { color: COLOURS.muted });
    return {
      margin: [PAGE_MARGINS[0], 22, PAGE_MARGINS[2], 0],
      stack: [
        {
          columns: [
            { text: title, style: 'title', width: '*' },
            { text: numberText, alignment: 'right', width: 'auto', bold: report.number !== null, color: report.number ? COLOURS.text : COLOURS.warn, fontSize: 9, margin: [0, 3, 0, 0] },
          ],
        },
        {
          margin: [0, 4, 0, 0],
          fontSize: 8,
          table: {
            widths: [48, '*', 62, 215],
            body: [
              [label(texts.header.customer), cell(customer.name, { bold: true }), label(texts.header.period), cell(`${periodText} (${report.period.timeZone})`)],
              [label(report.scope === 'customer' && place === '' ? texts.header.locations : texts.header.location), cell(place || String(report.locations.length)), label(texts.header.rulebook), cell(rulebook)],
              [label(texts.header.generated), cell(generatedText), label(texts.header.number), cell(numberText)],
            ],
          },
          layout: 'noBorders',
        },
        { canvas: [{ type: 'line', x1: 0, y1: 4, x2: 595.28 - PAGE_MARGINS[0] - PAGE_MARGINS[2], y2: 4, lineWidth: 0.8, lineColor: COLOURS.line }] },
      ],
    };
  }

  const rulebookName = (section: TLogbookLocationSection) => texts.rulebooks[section.rulebook.id];
  const addressOf = (section: TLogbookLocationSection) => {
    const place = section.location;
    return [place.name, [place.address, [place.postalCode, place.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(Boolean).join(' – ');
  };

  function customerSummary(): Content[] {
    const rulebooks = [...new Set(report.locations.map(rulebookName))].join(', ');
    const rows = report.locations.map((section) => {
      const count = (verdict: string) => section.channels.filter((channel) => channel.verdict === verdict).length;
      return [
        cell(section.location.name, { bold: true }),
        cell([section.location.address, section.location.city].filter(Boolean).join(', ')),
        cell(texts.rulebooks[section.rulebook.id]),
        cell(String(section.nodes)),
        cell(String(section.channels.length)),
        cell(String(count('compliant'))),
        cell(String(count('deviations'))),
        cell(String(count('insufficientData'))),
        cell(String(section.alarms.length)),
        verdictText(section.verdict),
      ];
    });
    const numberColumn = (title: string): TColumn => ({ title, align: 'right' });
    return [
      {
        section: [
          { text: texts.sections.customerSummary, style: 'h1' },
          { text: [`${texts.labels.customerVerdict}: `, { text: texts.verdicts[report.verdict], color: VERDICT_COLOURS[report.verdict], bold: true }], style: 'verdict' },
          table(
            [
              { title: texts.columns.location, width: '*' },
              { title: texts.columns.address, width: '*' },
              { title: texts.columns.rulebook, width: 86 },
              numberColumn(texts.labels.nodes),
              numberColumn(texts.labels.channels),
              numberColumn(texts.verdicts.compliant),
              numberColumn(texts.verdicts.deviations),
              numberColumn(texts.verdicts.insufficientData),
              numberColumn(texts.sections.alarms),
              { title: texts.columns.verdict },
            ],
            rows,
            texts.empty.locations,
          ),
        ],
        header: () => pageHeader(texts.titleCustomer, '', rulebooks),
      },
    ];
  }

  function locationSection(section: TLogbookLocationSection): Content {
    const zone = section.location.timeZone;
    const when = (iso: string | null) => moment(iso, language, zone);
    const names = new Map(section.channels.map((channel) => [`${channel.eui}/${channel.channelId}`, channel.channelName]));
    const channelOf = (eui: string, channelId: string | null) => channelLabel(channelId, names, eui);
    const rulebook = section.rulebook;
    const right = (text: string, options: Record<string, unknown> = {}) => cell(text, { alignment: 'right', ...options });

    const rulebookLines = [
      `${texts.rulebooks[rulebook.id]} (${texts.rulebookSources[rulebook.source]})`,
      `${texts.labels.hotLimit}: ${limitText(rulebook.hot, language)} · ${texts.labels.coldLimit}: ${limitText(rulebook.cold, language)}${rulebook.healthcare ? ` · ${texts.labels.healthcare}` : ''}`,
      `${fill(texts.labels.flushEvery, { hours: rulebook.flushEveryHours })} · ${fill(texts.labels.retention, { years: rulebook.retentionYears })} · ${texts.labels.growthRange}`,
    ];

    const summary = table(
      [
        { title: texts.columns.node, width: '*' },
        { title: texts.columns.channel, width: '*' },
        { title: texts.columns.limit },
        { title: texts.columns.coverage, align: 'right' },
        { title: texts.columns.withinLimit, align: 'right' },
        { title: texts.columns.growthRangeHours, align: 'right' },
        { title: `${texts.columns.flushes} (${texts.columns.flushesFailed})`, align: 'right' },
        { title: texts.columns.missedFlushes, align: 'right' },
        { title: texts.columns.verdict },
      ],
      section.channels.map((channel) => [
        cell(channel.nodeName),
        cell(`${channel.channelName}\n${modeText(channel.mode, language)}`),
        cell(limitText(channel.limit, language)),
        right(percent(channel.coverage, language), channel.coverage < 0.9 ? { color: COLOURS.bad } : {}),
        right(percent(channel.withinLimitShare, language) || texts.labels.none),
        right(hours(channel.growthRangeHours, language)),
        right(channel.flushDuty ? `${channel.flushes} (${channel.flushesFailed})` : texts.labels.none),
        right(channel.flushDuty ? String(channel.missedFlushes.length) : texts.labels.none),
        verdictText(channel.verdict),
      ]),
      texts.empty.channels,
    );

    const temperatures = table(
      [
        { title: texts.columns.channel, width: '*' },
        { title: `${texts.columns.readings} / ${texts.columns.expectedReadings}`, align: 'right' },
        { title: texts.columns.coverage, align: 'right' },
        { title: texts.columns.min, align: 'right' },
        { title: texts.columns.mean, align: 'right' },
        { title: texts.columns.max, align: 'right' },
        { title: texts.columns.withinLimit, align: 'right' },
        { title: texts.columns.growthRangeHours, align: 'right' },
        { title: texts.columns.longestExcursion, width: 118 },
      ],
      section.channels.map((channel) => [
        cell(`${channel.nodeName}\n${channel.channelName}`),
        right(`${channel.readings} / ${channel.expectedReadings}${channel.faultyReadings ? `\n(${channel.faultyReadings} ${texts.columns.faultyReadings.toLowerCase()})` : ''}`),
        right(percent(channel.coverage, language)),
        right(celsius(channel.min, language)),
        right(celsius(channel.mean, language)),
        right(celsius(channel.max, language)),
        right(percent(channel.withinLimitShare, language) || texts.labels.none),
        right(hours(channel.growthRangeHours, language)),
        cell(
          channel.longestExcursion
            ? `${when(channel.longestExcursion.from)} –\n${when(channel.longestExcursion.to)} (${hours(channel.longestExcursion.hours, language)} h)`
            : texts.labels.none,
        ),
      ]),
      texts.empty.channels,
    );

    const gapRows = section.channels.flatMap((channel) =>
      channel.gaps.map((gap) => [cell(channel.nodeName), cell(channel.channelName), cell(when(gap.from)), cell(when(gap.to)), right(hours(gap.hours, language))]),
    );
    const stretchColumns: TColumn[] = [
      { title: texts.columns.node, width: '*' },
      { title: texts.columns.channel, width: '*' },
      { title: texts.columns.from },
      { title: texts.columns.to },
      { title: texts.columns.hours, align: 'right' },
    ];
    const gaps = table(stretchColumns, gapRows, fill(texts.empty.gaps, { hours: LOGBOOK_GAP_HOURS }));

    const weekColumns: TColumn[] = [
      { title: texts.columns.node, width: '*' },
      { title: texts.columns.channel, width: '*' },
      { title: texts.columns.week },
      { title: texts.columns.flushes, align: 'right' },
      { title: texts.columns.flushesProved, align: 'right' },
      { title: texts.columns.flushesFailed, align: 'right' },
      { title: texts.columns.required, align: 'right' },
    ];
    const isShort = (week: TLogbookLocationSection['flushWeeks'][number]) => week.flushes < week.required || week.failed > 0;
    const weekRow = (week: TLogbookLocationSection['flushWeeks'][number]) => [
      cell(week.nodeName),
      cell(week.channelName),
      cell(localDate(week.week, language)),
      right(String(week.flushes), week.flushes < week.required ? { color: COLOURS.bad, bold: true } : {}),
      right(String(week.proved)),
      right(String(week.failed), week.failed ? { color: COLOURS.bad, bold: true } : {}),
      right(String(week.required)),
    ];
    const weekCount = new Set(section.flushWeeks.map((week) => week.week)).size;
    const flushWeeks: Content[] =
      weekCount <= PDF_ALL_WEEKS.weeks && section.flushWeeks.length <= PDF_ALL_WEEKS.rows
        ? [subheading(texts.sections.flushWeeks), table(weekColumns, section.flushWeeks.map(weekRow), texts.empty.flushWeeks)]
        : [
            subheading(texts.sections.flushChannels),
            table(
              [
                { title: texts.columns.node, width: '*' },
                { title: texts.columns.channel, width: '*' },
                { title: texts.columns.weeks, align: 'right' },
                { title: texts.columns.weeksMet, align: 'right' },
                { title: texts.columns.weeksShort, align: 'right' },
                { title: texts.columns.flushes, align: 'right' },
                { title: texts.columns.flushesProved, align: 'right' },
                { title: texts.columns.flushesFailed, align: 'right' },
              ],
              flushChannels(section.flushWeeks).map((channel) => [
                cell(channel.nodeName),
                cell(channel.channelName),
                right(String(channel.weeks)),
                right(String(channel.weeks - channel.short)),
                right(String(channel.short), channel.short ? { color: COLOURS.bad, bold: true } : {}),
                right(String(channel.flushes)),
                right(String(channel.proved)),
                right(String(channel.failed), channel.failed ? { color: COLOURS.bad, bold: true } : {}),
              ]),
              texts.empty.flushWeeks,
            ),
            subheading(texts.sections.shortWeeks),
            { text: texts.labels.allWeeksInCsv, color: COLOURS.muted, margin: [0, 0, 0, 3] },
            table(weekColumns, section.flushWeeks.filter(isShort).map(weekRow), texts.empty.shortWeeks),
          ];

    const limits = new Map(section.channels.map((channel) => [`${channel.eui}/${channel.channelId}`, channel.limit]));
    const failedFlushes = table(
      [
        { title: texts.columns.at },
        { title: texts.columns.node, width: '*' },
        { title: texts.columns.channel, width: '*' },
        { title: texts.columns.before, align: 'right' },
        { title: texts.columns.after, align: 'right' },
        { title: texts.columns.limit },
      ],
      section.failedFlushes.map((flush) => [
        cell(when(flush.at)),
        cell(flush.nodeName),
        cell(channelOf(flush.eui, flush.channelId)),
        right(celsius(flush.before, language)),
        right(celsius(flush.after, language), { color: COLOURS.bad, bold: true }),
        cell(limitText(limits.get(`${flush.eui}/${flush.channelId}`) ?? null, language)),
      ]),
      texts.empty.failedFlushes,
    );

    const missedRows = section.channels.flatMap((channel) =>
      channel.missedFlushes.map((stretch) => [cell(channel.nodeName), cell(channel.channelName), cell(when(stretch.from)), cell(when(stretch.to)), right(hours(stretch.hours, language))]),
    );
    const missedFlushes = table(stretchColumns, missedRows, texts.empty.missedFlushes);

    const withHandling = section.alarms.some((alarm) => alarm.handling !== null);
    const alarms = table(
      [
        { title: texts.columns.kind },
        { title: texts.columns.node, width: '*' },
        { title: texts.columns.channel, width: '*' },
        { title: texts.columns.from },
        { title: texts.columns.to },
        { title: texts.columns.hours, align: 'right' },
        ...(withHandling ? [{ title: `${texts.columns.acknowledgedBy} / ${texts.columns.resolvedBy}`, width: '*' as const }] : []),
      ],
      section.alarms.map((alarm) => [
        cell(kindText(texts.alarmKinds, alarm.kind), { bold: true }),
        cell(alarm.nodeName),
        cell(channelOf(alarm.eui, alarm.channelId) || texts.labels.none),
        cell(when(alarm.from)),
        cell(alarm.to ? when(alarm.to) : texts.labels.ongoing, alarm.to ? {} : { italics: true }),
        right(alarm.hours === null ? texts.labels.none : hours(alarm.hours, language)),
        ...(withHandling
          ? [cell([alarm.handling?.acknowledgedBy, alarm.handling?.resolvedBy, alarm.handling?.note].filter(Boolean).join(' / ') || texts.labels.none)]
          : []),
      ]),
      texts.empty.alarms,
    );

    const calibrationStatus = table(
      [
        { title: texts.columns.node, width: '*' },
        { title: texts.columns.channel, width: '*' },
        { title: texts.columns.lastCalibrated },
        { title: texts.columns.interval, align: 'right' },
        { title: texts.columns.due },
        { title: texts.columns.overdue },
      ],
      section.calibrationStatus.map((status) => [
        cell(status.nodeName),
        cell(status.channelName),
        cell(status.lastCalibrated ? when(status.lastCalibrated) : texts.labels.none),
        right(String(status.intervalYears)),
        cell(status.due ? when(status.due) : texts.labels.none),
        cell(status.overdue ? texts.labels.yes : texts.labels.no, status.overdue ? { color: COLOURS.bad, bold: true } : {}),
      ]),
      texts.empty.calibrationStatus,
    );

    const calibrations = table(
      [
        { title: texts.columns.at },
        { title: texts.columns.node, width: '*' },
        { title: texts.columns.channel, width: '*' },
        { title: texts.columns.reference, align: 'right' },
        { title: texts.columns.measured, align: 'right' },
        { title: texts.columns.offset, align: 'right' },
        { title: texts.columns.user },
      ],
      section.calibrations.map((calibration) => [
        cell(when(calibration.at)),
        cell(calibration.nodeName),
        cell(channelOf(calibration.eui, calibration.channelId)),
        right(celsius(calibration.reference, language)),
        right(celsius(calibration.measured, language)),
        right(celsius(calibration.offset, language, true)),
        cell(calibration.user ?? texts.labels.none),
      ]),
      texts.empty.calibrations,
    );

    const changes = table(
      [
        { title: texts.columns.at },
        { title: texts.columns.node, width: 110 },
        { title: texts.columns.kind },
        { title: texts.columns.user },
        { title: texts.columns.details, width: '*' },
      ],
      section.changes.map((change) => [
        cell(when(change.at)),
        cell(change.nodeName),
        cell(kindText(texts.changeKinds, change.kind)),
        cell(change.user ?? texts.nodeItself, change.user ? {} : { italics: true, color: COLOURS.muted }),
        cell(change.details),
      ]),
      texts.empty.changes,
    );

    return {
      section: [
        { text: section.location.name, style: 'h1' },
        { text: addressOf(section).replace(`${section.location.name} – `, ''), color: COLOURS.muted, margin: [0, 0, 0, 4] },
        { text: [`${texts.labels.locationVerdict}: `, { text: texts.verdicts[section.verdict], color: VERDICT_COLOURS[section.verdict], bold: true }], style: 'verdict' },
        { text: `${texts.labels.nodes}: ${section.nodes} · ${texts.labels.channels}: ${section.channels.length}`, margin: [0, 0, 0, 2] },
        { stack: rulebookLines.map((line) => ({ text: line })), color: COLOURS.muted, margin: [0, 0, 0, 6] },
        heading(texts.sections.summary),
        summary,
        heading(texts.sections.temperatures),
        temperatures,
        subheading(fill(texts.sections.gaps, { hours: LOGBOOK_GAP_HOURS })),
        gaps,
        heading(texts.sections.flushes),
        ...flushWeeks,
        subheading(texts.sections.failedFlushes),
        failedFlushes,
        subheading(texts.sections.missedFlushes),
        missedFlushes,
        heading(texts.sections.alarms),
        alarms,
        heading(texts.sections.calibration),
        subheading(texts.sections.calibrationStatus),
        calibrationStatus,
        subheading(texts.sections.calibrations),
        calibrations,
        heading(texts.sections.changes),
        changes,
      ],
      header: () => pageHeader(texts.title, addressOf(section), `${rulebookName(section)}`),
    };
  }

  const footer = (page: number, pages: number): Content => ({
    margin: [PAGE_MARGINS[0], 14, PAGE_MARGINS[2], 0],
    columns: [
      { text: `${texts.footer.sha256} ${report.sha256}`, fontSize: 6.5, color: COLOURS.muted, width: '*' },
      { text: fill(texts.footer.page, { page, pages }), alignment: 'right', fontSize: 8, width: 'auto' },
    ],
  });

  const sections = report.locations.map(locationSection);
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: PAGE_MARGINS,
    language: language === 'nl' ? 'nl-NL' : 'en-GB',
    info: {
      title: `${report.scope === 'customer' ? texts.titleCustomer : texts.title} – ${customer.name}${report.scope === 'location' && report.locations[0] ? ` – ${report.locations[0].location.name}` : ''} – ${periodText}`,
      author: report.generatedBy,
      subject: report.number ?? texts.header.notIssued,
      keywords: `sha256:${report.sha256}`,
      creator: 'AquaSmart portal',
      producer: 'pdfmake',
      creationDate: generated,
      modDate: generated,
    },
    content: report.scope === 'customer' ? [...customerSummary(), ...sections] : sections,
    footer,
    // A heading never ends a page: when nothing but headings follows it on its page (the page's
    // header and footer do not count), it moves to the next page with what follows it.
    pageBreakBefore: (node, nodes) => {
      if (!node.headlineLevel) return false;
      const inBody = (other: { startPosition: { top: number; pageInnerHeight?: number } }) =>
        other.startPosition.top >= PAGE_MARGINS[1] && other.startPosition.top < PAGE_MARGINS[1] + (other.startPosition.pageInnerHeight ?? Infinity);
      return nodes.getFollowingNodesOnPage().filter(inBody).every((other) => other.headlineLevel);
    },
    defaultStyle: { font: FONT, fontSize: 8.5, color: COLOURS.text, lineHeight: 1.1 },
    styles: {
      title: { fontSize: 14, bold: true },
      h1: { fontSize: 15, bold: true, margin: [0, 0, 0, 2] },
      h2: { fontSize: 11.5, bold: true, margin: [0, 10, 0, 4] },
      h3: { fontSize: 9.5, bold: true, margin: [0, 6, 0, 3] },
      verdict: { fontSize: 11, margin: [0, 2, 0, 4] },
      th: { bold: true, fontSize: 7.5 },
      table: { fontSize: 7.5, margin: [0, 0, 0, 4] },
      empty: { italics: true, color: COLOURS.muted, margin: [0, 0, 0, 4] },
    },
  };
}
