import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { LOGBOOK_GAP_HOURS, type TLogbookLocationSection, type TLogbookReport, type TLogbookReportTexts } from '@aquasmart/domain';
import { loadPdfMake, PDF_FONT as FONT } from '../../lib/pdfmake';
import { fill, ruleText, limitText, localDate, moment, reportTexts, type TReportLanguage } from './report-format';
import { pageMarks, signOffBlock, type TLogbookPdfOptions } from './report-sign-off';
import { COLOURS, locationTables, pdfCell as cell, pdfInFull, pdfTable, VERDICT_COLOURS, type TPdfColumn, type TPdfInFull } from './report-pdf-tables';
import { checkTables } from './report-pdf-checks';
import { signPdfDocument, type TPdfSigning, type TReportSignature } from './report-signature';

export { PDF_ALL_WEEKS, printable } from './report-pdf-tables';
export type { TLogbookPdfOptions } from './report-sign-off';

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
/** The document's language (a screen reader reads it so). */
const PDF_LANGUAGE: Record<TReportLanguage, string> = { nl: 'nl-NL', en: 'en-GB', de: 'de-DE' };

/**
 * `options.superseded` marks a superseded report on every page (a re-render of its stored JSON:
 * docs/logbook.md, "Issued reports"); the bytes as issued stay stored. With `signing` (an issued
 * report): a line on the first page says who signs, and the file is signed (report-signature.ts).
 */
export async function renderLogbookPdf(report: TLogbookReport, language: TReportLanguage, options: TLogbookPdfOptions = {}, signing?: TPdfSigning): Promise<Buffer> {
  const pdfmake = await loadPdfMake();
  const output = pdfmake.createPdf(logbookDocument(report, language, options, signing));
  if (!signing) return output.getBuffer();
  return signPdfDocument(await output.getStream(), signing, new Date(report.generatedAt));
}

/** What every page of the document repeats: the report, its language, its texts. */
interface TPdfFrame {
  report: TLogbookReport;
  language: TReportLanguage;
  texts: TLogbookReportTexts;
  periodText: string;
  numberText: string;
  /** On every page under the title: a period still running, a superseded report (report-sign-off.ts). */
  marks: string[];
  /** Which long tables the report is small enough to list in full (report-pdf-tables.ts, the PDF_ALL_..._IN_REPORT bounds). */
  inFull: TPdfInFull;
}

function pdfFrame(report: TLogbookReport, language: TReportLanguage, options: TLogbookPdfOptions): TPdfFrame {
  const texts = reportTexts(language);
  const periodText = fill(texts.header.periodRange, { from: localDate(report.period.from, language), to: localDate(report.period.to, language) });
  return { report, language, texts, periodText, numberText: report.number ?? texts.header.notIssued, marks: pageMarks(report, language, options), inFull: pdfInFull(report.locations) };
}

/** The header block of a page: what the report is about, who made it, when. */
function pageHeader({ report, language, texts, periodText, numberText, marks }: TPdfFrame, title: string, place: string, rulebook: string): Content {
  const label = (text: string): TableCell => cell(text, { color: COLOURS.muted });
  const generatedText = fill(texts.header.generatedByAt, { at: moment(report.generatedAt, language, report.period.timeZone), user: report.generatedBy });
  return {
    margin: [PAGE_MARGINS[0], 22, PAGE_MARGINS[2], 0],
    stack: [
      {
        columns: [
          { text: title, style: 'title', width: '*' },
          { text: numberText, alignment: 'right', width: 'auto', bold: report.number !== null, color: report.number ? COLOURS.text : COLOURS.warn, fontSize: 9, margin: [0, 3, 0, 0] },
        ],
      },
      ...(marks.length > 0 ? [{ text: marks.join(' · '), alignment: 'right', bold: true, color: COLOURS.bad, fontSize: 7.5, margin: [0, 1, 0, 0] } as Content] : []),
      {
        margin: [0, marks.length > 0 ? 1 : 4, 0, 0],
        fontSize: 8,
        table: {
          widths: [48, '*', 62, 215],
          body: [
            [label(texts.header.customer), cell(report.customer.name, { bold: true }), label(texts.header.period), cell(`${periodText} (${report.period.timeZone})`)],
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

/** The footer of a page: the report's hash and "page X / Y". */
function pageFooter({ report, texts }: TPdfFrame, page: number, pages: number): Content {
  return {
    margin: [PAGE_MARGINS[0], 14, PAGE_MARGINS[2], 0],
    columns: [
      { text: `${texts.footer.sha256} ${report.sha256}`, fontSize: 6.5, color: COLOURS.muted, width: '*' },
      { text: fill(texts.footer.page, { page, pages }), alignment: 'right', fontSize: 8, width: 'auto' },
    ],
  };
}

const rulebookName = (texts: TLogbookReportTexts, section: TLogbookLocationSection) => texts.rulebooks[section.rulebook.id];
function addressOf(section: TLogbookLocationSection): string {
  const place = section.location;
  return [place.name, [place.address, [place.postalCode, place.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(Boolean).join(' – ');
}
const verdictLine = (label: string, texts: TLogbookReportTexts, verdict: keyof typeof VERDICT_COLOURS): Content => ({
  text: [`${label}: `, { text: texts.verdicts[verdict], color: VERDICT_COLOURS[verdict], bold: true }],
  style: 'verdict',
});

/** A customer report's first part: the verdict per location and what it rests on. */
function customerSummary(frame: TPdfFrame): Content {
  const { report, texts } = frame;
  type TSection = TLogbookLocationSection;
  const count = (verdict: TSection['verdict']) => (section: TSection) => section.channels.filter((channel) => channel.verdict === verdict).length;
  const numberColumn = (title: string, value: (section: TSection) => number): TPdfColumn<TSection> => ({ title, align: 'right', cell: (section) => cell(String(value(section))) });
  const columns: TPdfColumn<TSection>[] = [
    { title: texts.columns.location, width: '*', cell: (section) => cell(section.location.name, { bold: true }) },
    { title: texts.columns.address, width: '*', cell: (section) => cell([section.location.address, section.location.city].filter(Boolean).join(', ')) },
    { title: texts.columns.rulebook, width: 86, cell: (section) => cell(rulebookName(texts, section)) },
    numberColumn(texts.labels.nodes, (section) => section.nodes),
    numberColumn(texts.labels.channels, (section) => section.channels.length),
    numberColumn(texts.verdicts.compliant, count('compliant')),
    numberColumn(texts.verdicts.deviations, count('deviations')),
    numberColumn(texts.verdicts.insufficientData, count('insufficientData')),
    numberColumn(texts.sections.alarms, (section) => section.alarms.length),
    { title: texts.columns.verdict, cell: (section) => cell(texts.verdicts[section.verdict], { color: VERDICT_COLOURS[section.verdict], bold: true }) },
  ];
  const rulebooks = [...new Set(report.locations.map((section) => rulebookName(texts, section)))].join(', ');
  return {
    section: [
      { text: texts.sections.customerSummary, style: 'h1' },
      verdictLine(texts.labels.customerVerdict, texts, report.verdict),
      ...signOffBlock(report, frame.language, COLOURS),
      pdfTable(columns, report.locations, texts.empty.locations),
    ],
    header: () => pageHeader(frame, texts.titleCustomer, '', rulebooks),
  };
}

const heading = (text: string): Content => ({ text, style: 'h2', headlineLevel: 2 });
const subheading = (text: string): Content => ({ text, style: 'h3', headlineLevel: 3 });

/** One location: its verdict and rulebook, then its tables; a pdfmake section, so its pages' header names it. */
function locationSection(frame: TPdfFrame, section: TLogbookLocationSection, first: boolean): Content {
  const { language, texts } = frame;
  const rulebook = section.rulebook;
  const rulebookLines = [
    `${texts.rulebooks[rulebook.id]} (${texts.rulebookSources[rulebook.source]})`,
    `${texts.labels.basis}: ${texts.rulebookBasis[rulebook.id]}`,
    `${texts.labels.hotLimit}: ${limitText(rulebook.hot, language)} · ${texts.labels.coldLimit}: ${limitText(rulebook.cold, language)}${rulebook.healthcare ? ` · ${texts.labels.healthcare}` : ''}`,
    `${fill(texts.labels.flushEvery, { hours: rulebook.flushEveryHours })} · ${fill(texts.labels.retention, { years: rulebook.retentionYears })} · ${texts.labels.growthRange}`,
    // Reports from before roles have no disinfection rules: their pages stay as they were.
    ...(rulebook.disinfection === undefined
      ? []
      : [
          rulebook.disinfection.length
            ? fill(texts.labels.disinfection, { rules: rulebook.disinfection.map((rule) => ruleText(rule, language)).join(' / ') })
            : texts.labels.disinfectionNone,
        ]),
  ];
  const tables = locationTables(section, texts, language, frame.inFull);
  const checks = checkTables(section, texts, language);
  const flushWeeks = tables.flushWeeks.flatMap((part): Content[] => [
    subheading(part.subheading),
    ...(part.note ? [{ text: part.note, color: COLOURS.muted, margin: [0, 0, 0, 3] } as Content] : []),
    part.table,
  ]);

  return {
    section: [
      { text: section.location.name, style: 'h1' },
      { text: addressOf(section).replace(`${section.location.name} – `, ''), color: COLOURS.muted, margin: [0, 0, 0, 4] },
      verdictLine(texts.labels.locationVerdict, texts, section.verdict),
      { text: `${texts.labels.nodes}: ${section.nodes} · ${texts.labels.channels}: ${section.channels.length}`, margin: [0, 0, 0, 2] },
      { stack: rulebookLines.map((line) => ({ text: line })), color: COLOURS.muted, margin: [0, 0, 0, 6] },
      ...(first && frame.report.scope === 'location' ? signOffBlock(frame.report, language, COLOURS) : []),
      heading(texts.sections.summary),
      tables.summary,
      // Reports issued before deviations were records have none: rendered again, they stay as they were.
      ...(section.deviations
        ? [
            heading(texts.sections.deviations),
            ...(tables.deviationsNote ? [{ text: tables.deviationsNote, color: COLOURS.muted, margin: [0, 0, 0, 3] } as Content] : []),
            tables.deviations,
          ]
        : []),
      heading(texts.sections.temperatures),
      tables.temperatures,
      ...(tables.excursions
        ? [
            subheading(texts.sections.excursions),
            ...(tables.excursions.note ? [{ text: tables.excursions.note, color: COLOURS.muted, margin: [0, 0, 0, 3] } as Content] : []),
            tables.excursions.table,
          ]
        : []),
      subheading(fill(texts.sections.gaps, { hours: LOGBOOK_GAP_HOURS })),
      tables.gaps,
      heading(texts.sections.flushes),
      ...flushWeeks,
      subheading(texts.sections.failedFlushes),
      tables.failedFlushes,
      subheading(texts.sections.missedFlushes),
      tables.missedFlushes,
      // Only in reports made since roles (an older report's stored JSON has neither).
      ...(section.findings === undefined ? [] : [heading(texts.sections.findings), tables.findings]),
      ...(section.disinfections === undefined ? [] : [heading(texts.sections.disinfections), ...tables.disinfections]),
      heading(texts.sections.alarms),
      tables.alarms,
      heading(texts.sections.calibration),
      subheading(texts.sections.calibrationStatus),
      tables.calibrationStatus,
      subheading(texts.sections.calibrations),
      tables.calibrations,
      heading(texts.sections.changes),
      tables.changes,
      // Only in reports made since issue 40, for a location with sample points.
      ...(section.sampling === undefined ? [] : [heading(texts.sections.samplingPlan), tables.samplingPlan, heading(texts.sections.samplingResults), tables.samplingResults]),
      // Only in reports made since issue 41, for a location with outlets.
      ...(section.checks === undefined ? [] : [heading(texts.sections.checkPlan), checks.checkPlan, heading(texts.sections.checkRecords), checks.checkRecords]),
    ],
    header: () => pageHeader(frame, texts.title, addressOf(section), rulebookName(texts, section)),
  };
}

const STYLES: TDocumentDefinitions['styles'] = {
  title: { fontSize: 14, bold: true },
  h1: { fontSize: 15, bold: true, margin: [0, 0, 0, 2] },
  h2: { fontSize: 11.5, bold: true, margin: [0, 10, 0, 4] },
  h3: { fontSize: 9.5, bold: true, margin: [0, 6, 0, 3] },
  verdict: { fontSize: 11, margin: [0, 2, 0, 4] },
  th: { bold: true, fontSize: 7.5 },
  table: { fontSize: 7.5, margin: [0, 0, 0, 4] },
  empty: { italics: true, color: COLOURS.muted, margin: [0, 0, 0, 4] },
};

/**
 * The document definition: exported for the tests (the renderer is `renderLogbookPdf`).
 */
export function logbookDocument(report: TLogbookReport, language: TReportLanguage, options: TLogbookPdfOptions = {}, signature?: TReportSignature): TDocumentDefinitions {
  const frame = pdfFrame(report, language, options);
  // A header with a mark (open period, superseded) is a line taller: the body starts lower.
  const margins: [number, number, number, number] = frame.marks.length > 0 ? [PAGE_MARGINS[0], PAGE_MARGINS[1] + 12, PAGE_MARGINS[2], PAGE_MARGINS[3]] : PAGE_MARGINS;
  const { texts, periodText } = frame;
  const generated = new Date(report.generatedAt);
  const sections = report.locations.map((section, index) => locationSection(frame, section, index === 0));
  const content = report.scope === 'customer' ? [customerSummary(frame), ...sections] : sections;
  if (signature) {
    const line = fill(signature.selfSigned ? texts.signature.selfSigned : texts.signature.signedBy, { subject: signature.subject });
    (content[0] as { section: Content[] } | undefined)?.section.unshift({ text: line, color: COLOURS.muted, fontSize: 7.5, margin: [0, 0, 0, 4] });
  }
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: margins,
    language: PDF_LANGUAGE[language],
    info: {
      title: `${report.scope === 'customer' ? texts.titleCustomer : texts.title} – ${report.customer.name}${report.scope === 'location' && report.locations[0] ? ` – ${report.locations[0].location.name}` : ''} – ${periodText}`,
      author: report.generatedBy,
      subject: report.number ?? texts.header.notIssued,
      keywords: `sha256:${report.sha256}`,
      creator: 'AquaSmart portal',
      producer: 'pdfmake',
      creationDate: generated,
      modDate: generated,
    },
    content,
    footer: (page, pages) => pageFooter(frame, page, pages),
    // A heading never ends a page: when nothing but headings follows it on its page (the page's
    // header and footer do not count), it moves to the next page with what follows it.
    pageBreakBefore: (node, nodes) => {
      if (!node.headlineLevel) return false;
      const inBody = (other: { startPosition: { top: number; pageInnerHeight?: number } }) =>
        other.startPosition.top >= margins[1] && other.startPosition.top < margins[1] + (other.startPosition.pageInnerHeight ?? Infinity);
      return nodes.getFollowingNodesOnPage().filter(inBody).every((other) => other.headlineLevel);
    },
    defaultStyle: { font: FONT, fontSize: 8.5, color: COLOURS.text, lineHeight: 1.1 },
    styles: STYLES,
  };
}
