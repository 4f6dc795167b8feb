/** Dates and numbers of the node detail in the reader's language. */
export function dateTimeText(language: string, at: number | string | null | undefined): string {
  if (at === null || at === undefined || at === '') return '';
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function dateText(language: string, at: number | string | null | undefined): string {
  if (at === null || at === undefined || at === '') return '';
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

export function numberText(language: string, value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return value.toLocaleString(language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
