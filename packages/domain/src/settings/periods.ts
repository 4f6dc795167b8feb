import { WEEKDAYS, type TDaysEnabled } from './rules';

/**
 * Flush periods are stored in UTC minutes of the day (docs/node-settings.md, Rules per setting): a time entered in the
 * browser's local time is converted by taking the local offset off with a 1440-minute wrap, and the
 * enabled weekdays shift by one day when the start crosses midnight. Shown back the other way.
 *
 * `offsetMinutes` is how far local time is ahead of UTC (Europe/Amsterdam: 60 in winter, 120 in
 * summer), i.e. `-new Date().getTimezoneOffset()`.
 */
export const MINUTES_PER_DAY = 1440;

export interface TPeriodTimes {
  start: number;
  stop: number;
}

export interface TPeriodWithDays extends TPeriodTimes {
  daysEnabled?: TDaysEnabled;
}

const wrap = (minutes: number) => ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;

/** -1 when the shifted start falls on the previous day, +1 on the next, 0 on the same day. */
function dayShift(start: number, delta: number): -1 | 0 | 1 {
  const moved = start + delta;
  if (moved < 0) return -1;
  if (moved >= MINUTES_PER_DAY) return 1;
  return 0;
}

/** Moves every enabled day by `shift` days (monday - 1 = sunday, sunday + 1 = monday). */
export function shiftDays(days: TDaysEnabled, shift: number): TDaysEnabled {
  const count = WEEKDAYS.length;
  return Object.fromEntries(WEEKDAYS.map((day, index) => [day, days[WEEKDAYS[(((index - shift) % count) + count) % count]]])) as TDaysEnabled;
}

function convert<T extends TPeriodWithDays>(period: T, delta: number): T {
  const shift = dayShift(period.start, delta);
  const converted = { ...period, start: wrap(period.start + delta), stop: wrap(period.stop + delta) };
  if (period.daysEnabled && shift !== 0) converted.daysEnabled = shiftDays(period.daysEnabled, shift);
  return converted;
}

/** A period entered in local time, as the node stores it (UTC). */
export const periodToUtc = <T extends TPeriodWithDays>(period: T, offsetMinutes: number): T => convert(period, -offsetMinutes);

/** A period the node stores (UTC), in local time. */
export const periodToLocal = <T extends TPeriodWithDays>(period: T, offsetMinutes: number): T => convert(period, offsetMinutes);

/** How far a time zone is ahead of UTC at a moment, in minutes (Europe/Amsterdam: 60 or 120). */
export function timeZoneOffsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** "07:05" for 425; minutes of the day. */
export function minutesToClock(minutes: number): string {
  const value = wrap(Math.round(minutes));
  return `${String(Math.floor(value / 60)).padStart(2, '0')}:${String(value % 60).padStart(2, '0')}`;
}

/** 425 for "07:05" or "7:05"; null for anything else. */
export function clockToMinutes(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/** "07:05" for "7:05" or "07:05" (how a clock time is kept); null for anything that is no time of day. */
export function normalClock(text: string): string | null {
  const minutes = clockToMinutes(text);
  return minutes === null ? null : minutesToClock(minutes);
}
