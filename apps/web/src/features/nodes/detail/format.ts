import { formatDate, formatDateTime, formatLocale, formatNumber } from '@aquasmart/domain';

/** Dates and numbers of the node detail in the reader's language (the domain's one style, docs/screens.md). */
export function dateTimeText(language: string, at: number | string | null | undefined): string {
  return formatDateTime(at, formatLocale(language));
}

export function dateText(language: string, at: number | string | null | undefined): string {
  return formatDate(at, formatLocale(language));
}

export function numberText(language: string, value: number | null | undefined, digits = 1): string {
  return formatNumber(value, formatLocale(language), { decimals: digits });
}
