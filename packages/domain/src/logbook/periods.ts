import { timeZoneOffsetMinutes } from '../settings/periods';
import { LOGBOOK_MAX_PERIOD_DAYS, type TLogbookPeriodQuery } from './report';
import { localDateOf } from './report-rules';

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

/** The local date (YYYY-MM-DD) of an instant in a time zone (report-rules.ts keeps one formatter per zone). */
export const localDateIn = (instant: Date, timeZone: string): string => localDateOf(instant, timeZone);

/** Milliseconds the zone's wall clock is ahead of UTC at an instant (zone offsets are whole minutes). */
const zoneOffsetMs = (instant: number, timeZone: string): number => timeZoneOffsetMinutes(timeZone, new Date(instant)) * 60_000;

/**
 * The instant a period ends: local midnight after its last day (`to`), in the location's time zone.
 * Where a zone skips midnight on that day (a DST change at 00:00), the day starts at the first
 * instant whose local date is the next day.
 */
export function logbookPeriodEnd(to: string, timeZone: string): Date {
  const day = parseLocalDate(to);
  if (day === null) throw new Error(`not a date: ${to}`);
  const nextMidnightWall = day + 86_400_000;
  let instant = nextMidnightWall - zoneOffsetMs(nextMidnightWall, timeZone);
  instant = nextMidnightWall - zoneOffsetMs(instant, timeZone);
  // A skipped midnight lands an hour early (still the last day): step to the next local day's start.
  const nextDay = new Date(nextMidnightWall).toISOString().slice(0, 10);
  while (localDateIn(new Date(instant), timeZone) < nextDay) instant += 15 * 60_000;
  while (localDateIn(new Date(instant - 1), timeZone) >= nextDay) instant -= 15 * 60_000;
  return new Date(instant);
}

/**
 * Whether a period has ended in a time zone at `now`: its last day's local midnight has passed.
 * Only an ended period is issued (docs/logbook.md, "Issued reports"); a preview of an open one
 * says so on every page.
 */
export function logbookPeriodEnded(period: Pick<TLogbookPeriodQuery, 'to'>, timeZone: string, now: Date): boolean {
  return localDateIn(now, timeZone) > period.to;
}

/**
 * What keeps a period from being issued, as field -> message key: what logbookPeriodIssues finds,
 * else a period that has not ended yet in the time zone (`validation.periodNotEnded` on `to`).
 */
export function logbookIssuePeriodIssues(period: TLogbookPeriodQuery, timeZone: string, now: Date): Record<string, string> {
  const issues = logbookPeriodIssues(period, localDateIn(now, timeZone));
  if (Object.keys(issues).length > 0) return issues;
  return logbookPeriodEnded(period, timeZone, now) ? {} : { to: 'validation.periodNotEnded' };
}
