import type { TFormatLocale } from './format';

/**
 * Dates typed in a field (docs/screens.md, "Numbers and dates"): the browser's own date input
 * writes the browser's order (11/28/2026 in an English Chrome, whatever the portal's language), so
 * the date fields are text in the portal's language with a calendar beside them. The value behind
 * them stays `YYYY-MM-DD`, as `<input type="date">` gives it.
 */
export const DAY_INPUT_PATTERN: Record<TFormatLocale, string> = { nl: 'dd-mm-jjjj', en: 'dd/mm/yyyy', de: 'tt.mm.jjjj' };
const SEPARATOR: Record<TFormatLocale, string> = { nl: '-', en: '/', de: '.' };

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

function isoDay(year: number, month: number, day: number): string | null {
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** `2026-11-28` as the field shows it: `28-11-2026` (nl), `28/11/2026` (en), `28.11.2026` (de); empty for no or no valid day. */
export function formatDayInput(value: string | null | undefined, locale: TFormatLocale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match || !isoDay(Number(match[1]), Number(match[2]), Number(match[3]))) return '';
  const separator = SEPARATOR[locale];
  return `${match[3]}${separator}${match[2]}${separator}${match[1]}`;
}

/**
 * A typed day as `YYYY-MM-DD`, or null when it is no day of the calendar. Day, month, year in that
 * order in either language, separated by `-`, `/`, `.` or a space (`28-11-2026`, `1/2/2026`), or
 * eight digits (`28112026`, a phone's number pad has no dash); also `2026-11-28`. Two-digit years
 * are refused: `28-11-26` is no date.
 */
export function parseDayInput(text: string): string | null {
  const typed = text.trim();
  const dayFirst = /^(\d{1,2})[-/. ](\d{1,2})[-/. ](\d{4})$/.exec(typed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(typed);
  if (dayFirst) return isoDay(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]));
  const yearFirst = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(typed);
  return yearFirst ? isoDay(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3])) : null;
}
