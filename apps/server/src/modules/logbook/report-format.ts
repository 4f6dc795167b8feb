import {
  formatDate,
  formatDateTime,
  formatNumber,
  formatTemperature,
  logbookReportTextsDe,
  logbookReportTextsEn,
  logbookReportTextsNl,
  type TLogbookReport,
  type TLogbookReportLanguage,
  type TLogbookReportTexts,
} from '@aquasmart/domain';

/**
 * What the PDF and the CSV of a logbook report share (docs/logbook.md, "PDF and CSV"): the texts
 * of the language and the way a figure is written. Pure; times in the location's time zone.
 */

/** The report's languages (docs/logbook.md, "PDF and CSV"): German has texts of its own here, unlike the screens. */
export type TReportLanguage = TLogbookReportLanguage;

const TEXTS: Record<TReportLanguage, TLogbookReportTexts> = { nl: logbookReportTextsNl, en: logbookReportTextsEn, de: logbookReportTextsDe };
export type TLimit = { kind: 'atLeast' | 'atMost' | 'below'; celsius: number };
export type TMode = TLogbookReport['locations'][number]['channels'][number]['mode'];

export function reportTexts(language: TReportLanguage): TLogbookReportTexts {
  return TEXTS[language];
}

/** Fills `{{name}}` in a text. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A local date of the report ('2026-10-01') as '01-10-2026' / '1 Oct 2026' / '01.10.2026'. */
export function localDate(date: string, language: TReportLanguage): string {
  return formatDate(`${date}T00:00:00Z`, language, { timeZone: 'UTC' });
}

/** An instant in the location's time zone: '19-10-2026 07:00' / '19 Oct 2026 07:00'. */
export function moment(iso: string | null, language: TReportLanguage, timeZone: string): string {
  return iso ? formatDateTime(iso, language, { timeZone, offsetOnClockChange: true }) : '';
}

/** A share 0..1 as '97,0%' (nl, de) / '97.0%'; '' without one. */
export function percent(share: number | null, language: TReportLanguage): string {
  return share === null ? '' : `${formatNumber(share * 100, language, { decimals: 1 })}%`;
}

/** Hours with at most two decimals: '18,75' / '18.75'. */
export function hours(value: number | null, language: TReportLanguage): string {
  return formatNumber(value, language, { maxDecimals: 2 });
}

export function celsius(value: number | null, language: TReportLanguage, signed = false): string {
  return formatTemperature(value, language, { signed });
}

/** 'ten minste 60 °C' / 'at least 60 °C'; 'geen grens' for a channel without one. */
export function limitText(limit: TLimit | null, language: TReportLanguage): string {
  const texts = reportTexts(language);
  return limit ? `${texts.limits[limit.kind]} ${formatNumber(limit.celsius, language, { maxDecimals: 1 })} °C` : texts.labels.noLimit;
}

export function modeText(mode: TMode, language: TReportLanguage): string {
  const modes = reportTexts(language).modes;
  if (mode === 'WW' || mode === 'KW') return modes[mode];
  return mode ? modes.mixed : modes.none;
}

/** An alarm or change kind by its label; a kind the texts do not know stays as it is. */
export function kindText(table: Record<string, string>, kind: string): string {
  return Object.hasOwn(table, kind) ? table[kind] : kind;
}

/** A thermal disinfection rule: '70 °C gedurende 3 min' / '70 °C for 3 min'; '' without one. */
export function ruleText(rule: { celsius: number; minutes: number } | null, language: TReportLanguage): string {
  return rule ? fill(reportTexts(language).labels.minutesAt, { celsius: formatNumber(rule.celsius, language, { maxDecimals: 1 }), minutes: formatNumber(rule.minutes, language, { maxDecimals: 2 }) }) : '';
}
