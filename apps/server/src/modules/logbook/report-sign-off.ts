import type { Content } from 'pdfmake/interfaces';
import { logbookSignOffTexts, type TLogbookReport, type TLogbookSupersession } from '@aquasmart/domain';
import { fill, moment, type TReportLanguage } from './report-format';

/**
 * The sign-off, supersession and open-period parts of the PDF and the CSV (docs/logbook.md,
 * "Sign-off"), apart from the renderers so the report's tables stay where they are.
 */

/** What a PDF adds to the report when it is rendered: a superseded report's mark on every page. */
export interface TLogbookPdfOptions {
  superseded?: TLogbookSupersession | null;
}

/** Short enough to fit on one header line. */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The marks every page's header carries: a period still running (a preview), a superseded report. */
export function pageMarks(report: TLogbookReport, language: TReportLanguage, options: TLogbookPdfOptions = {}): string[] {
  const texts = logbookSignOffTexts[language];
  const zone = report.period.timeZone;
  const marks: string[] = [];
  if (report.judgedUntil) marks.push(fill(texts.periodOpen, { at: moment(report.judgedUntil, language, zone) }));
  const superseded = options.superseded;
  if (superseded) {
    marks.push(fill(texts.superseded, { number: superseded.number, at: moment(superseded.at, language, zone), by: superseded.by, reason: clip(superseded.reason, 60) }));
  }
  return marks;
}

type TPerson = NonNullable<NonNullable<TLogbookReport['signOff']>['responsible']>;

/** A person on one line: name, role, organisation, e-mail, phone. */
export function personLine(person: TPerson | null, language: TReportLanguage): string {
  if (!person) return logbookSignOffTexts[language].nobody;
  return [person.name, person.role, person.organisation, person.email, person.phone].filter(Boolean).join(' · ');
}

/** The sign-off block on the PDF's first page; nothing for a report without one (a preview). */
export function signOffBlock(report: TLogbookReport, language: TReportLanguage, colours: { muted: string; line: string }): Content[] {
  const signOff = report.signOff;
  if (!signOff) return [];
  const texts = logbookSignOffTexts[language];
  const source = signOff.responsibleSource === 'location' ? texts.ofLocation : signOff.responsibleSource === 'customer' ? texts.ofCustomer : '';
  const label = (text: string) => ({ text, color: colours.muted });
  const rows: Content[][] = [
    [label(texts.signedBy), { text: fill(texts.signedByAt, { name: signOff.signer.name, role: signOff.signer.role, at: moment(signOff.signedAt, language, report.period.timeZone) }), bold: true }],
    [label(`${texts.responsible}${source ? ` (${source})` : ''}`), { text: personLine(signOff.responsible, language) }],
    [label(texts.deputy), { text: personLine(signOff.deputy, language) }],
    [label(texts.statement), { text: signOff.statement, italics: true }],
  ];
  if (signOff.supersedes.length > 0) {
    rows.push([label(texts.supersedes), { text: fill(texts.supersedesReason, { numbers: signOff.supersedes.join(', '), reason: signOff.reason ?? '' }) }]);
  }
  return [
    {
      margin: [0, 2, 0, 8],
      table: { widths: [110, '*'], body: [[{ text: texts.signOff, bold: true, colSpan: 2 }, {}], ...rows] },
      layout: { hLineWidth: () => 0.5, vLineWidth: () => 0, hLineColor: () => colours.line, paddingTop: () => 2, paddingBottom: () => 2 },
    },
  ];
}

/** The CSV's extra `rapport` lines: the sign-off, the responsible person and deputy, an open period. As column -> value. */
export function signOffCsvRows(report: TLogbookReport, language: TReportLanguage): { kind: string; user?: string; at?: string; details: string }[] {
  const texts = logbookSignOffTexts[language];
  const zone = report.period.timeZone;
  const rows: { kind: string; user?: string; at?: string; details: string }[] = [];
  if (report.judgedUntil) rows.push({ kind: texts.csvPeriodOpen, at: moment(report.judgedUntil, language, zone), details: fill(texts.periodOpen, { at: moment(report.judgedUntil, language, zone) }) });
  const signOff = report.signOff;
  if (signOff) {
    const supersedes = signOff.supersedes.length > 0 ? ` ${texts.supersedes} ${fill(texts.supersedesReason, { numbers: signOff.supersedes.join(', '), reason: signOff.reason ?? '' })}` : '';
    rows.push({ kind: texts.csvSignOff, user: `${signOff.signer.name} (${signOff.signer.role})`, at: moment(signOff.signedAt, language, zone), details: `${signOff.statement}${supersedes}` });
    rows.push({ kind: texts.csvResponsible, details: personLine(signOff.responsible, language) });
    rows.push({ kind: texts.csvDeputy, details: personLine(signOff.deputy, language) });
  }
  return rows;
}
