import { LOGBOOK_MAX_PERIOD_DAYS, type TLogbookPeriodQuery } from './report';

/** The period choices of the logbook's picker; "custom" is two dates typed by the user. */
export const LOGBOOK_PERIOD_KINDS = ['month', 'quarter', 'year', 'custom'] as const;
export type TLogbookPeriodKind = (typeof LOGBOOK_PERIOD_KINDS)[number];

const pad = (value: number) => String(value).padStart(2, '0');
const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The month, quarter or year that holds a local date ('2026-11-26' -> month 2026-11-01..2026-11-30).
 * `previous` steps one period back: the picker's "last month", the monthly mail's report.
 */
export function logbookPeriod(kind: Exclude<TLogbookPeriodKind, 'custom'>, localDate: string, previous = 0): TLogbookPeriodQuery {
  const [year, month] = localDate.split('-').map(Number);
  if (kind === 'year') return { from: isoDate(year - previous, 1, 1), to: isoDate(year - previous, 12, 31) };
  const length = kind === 'month' ? 1 : 3;
  const firstMonth = Math.floor((month - 1) / length) * length - previous * length; // 0-based, may be negative
  const startYear = year + Math.floor(firstMonth / 12);
  const startMonth = (((firstMonth % 12) + 12) % 12) + 1;
  const endMonth = startMonth + length - 1;
  return { from: isoDate(startYear, startMonth, 1), to: isoDate(startYear, endMonth, lastDayOf(startYear, endMonth)) };
}

function parseLocalDate(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const back = new Date(time);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day ? time : null;
}

/** Days in a period, both dates included; null for a date that does not exist. */
export function logbookPeriodDays(period: TLogbookPeriodQuery): number | null {
  const from = parseLocalDate(period.from);
  const to = parseLocalDate(period.to);
  if (from === null || to === null) return null;
  return Math.round((to - from) / 86_400_000) + 1;
}

/**
 * What is wrong with a requested period, as field -> message key (empty when it is fine): a date
 * that does not exist, an end before the start, more than LOGBOOK_MAX_PERIOD_DAYS days, or a start
 * in the future (`today` is the local date now).
 */
export function logbookPeriodIssues(period: TLogbookPeriodQuery, today: string): Record<string, string> {
  const issues: Record<string, string> = {};
  if (parseLocalDate(period.from) === null) issues.from = 'validation.date';
  if (parseLocalDate(period.to) === null) issues.to = 'validation.date';
  if (Object.keys(issues).length > 0) return issues;
  const days = logbookPeriodDays(period) as number;
  if (days < 1) issues.to = 'validation.periodEndBeforeStart';
  else if (days > LOGBOOK_MAX_PERIOD_DAYS) issues.to = `validation.periodTooLong?days=${LOGBOOK_MAX_PERIOD_DAYS}`;
  else if (period.from > today) issues.from = 'validation.periodInFuture';
  return issues;
}
