/**
 * Small rules of the logbook report (docs/logbook.md, issue 39 item 4): the duration classes of an
 * excursion, the flushes a partial week asks for, and a calibration's due date as a local date.
 * Pure and table-tested at their bounds (report-rules.test.ts).
 */

const HOUR_MS = 3_600_000;
const DAY_HOURS = 24;
const WEEK_HOURS = 7 * DAY_HOURS;

/**
 * The duration classes of an excursion (the Regeling's risk scoring: "under 2 days, 2 days to a
 * week, over a week"; ../shared/guide/compliance.md). Exactly 2 days is "2 days to a week", exactly
 * a week too (20-25 °C is allowed "if stagnation is at most a week"); a week and a minute is over.
 */
export const EXCURSION_CLASSES = ['underTwoDays', 'twoDaysToWeek', 'overWeek'] as const;
export type TExcursionClass = (typeof EXCURSION_CLASSES)[number];

/** The class of an excursion lasting `ms` milliseconds. */
export function excursionClass(ms: number): TExcursionClass {
  if (ms < 2 * DAY_HOURS * HOUR_MS) return 'underTwoDays';
  if (ms <= WEEK_HOURS * HOUR_MS) return 'twoDaysToWeek';
  return 'overWeek';
}

/**
 * The flushes a week (Monday to Sunday, local) asks for when the node was there `days` of its 7
 * days (the period's first and last week, a node placed or removed mid-week): a whole week asks
 * floor(168 / flushEveryHours) (NL and UK 1, DE 2); a partial week its share of that, rounded to
 * the nearest whole flush, halves up (NL: 4 days ask 1, 3 days 0; DE: 2 days ask 1, 1 day 0, 6 days
 * 2). *Decision:* nearest, not up: one day of a period that starts on a Sunday does not owe the
 * week's flush, which may have been done before the period; the stretches longer than the duty
 * without a flush (missedFlushes) are what judges the duty, the week table shows the rhythm.
 */
export function requiredFlushes(days: number, flushEveryHours: number): number {
  const whole = Math.floor(WEEK_HOURS / flushEveryHours);
  const there = Math.min(Math.max(Math.round(days), 0), 7);
  // whole x there / 7, halves up, in whole numbers: floor((2 x whole x there + 7) / 14).
  return Math.floor((2 * whole * there + 7) / 14);
}

/** One formatter per time zone: making an Intl.DateTimeFormat costs far more than using one (the dashboard's samplings card asks for three dates per sample point). */
const localDateFormats = new Map<string, Intl.DateTimeFormat>();

/** The local date (YYYY-MM-DD) of an instant in a time zone. */
export function localDateOf(instant: Date, timeZone: string): string {
  let format = localDateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    localDateFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/**
 * A calibration's due date: the local date of the calibration plus the interval's years (29 February
 * becomes 28 February in a year without one). A date, not an instant: the dashboard's windows of
 * 365.24 days gave odd times (01:49).
 */
export function calibrationDueDate(calibrated: Date, intervalYears: number, timeZone: string): string {
  const [year, month, day] = localDateOf(calibrated, timeZone).split('-').map(Number);
  const dueYear = year + intervalYears;
  const lastDay = new Date(Date.UTC(dueYear, month, 0)).getUTCDate();
  return `${dueYear}-${String(month).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

/**
 * Whether a calibration due on `due` (a local date) is overdue at the end `at` of the node's time
 * in the period: its due date lies before that time's last local day (on the due day itself it is
 * still in time). Never calibrated (null) is overdue.
 */
export function calibrationOverdue(due: string | null, at: Date, timeZone: string): boolean {
  return due === null || due < localDateOf(new Date(at.getTime() - 1), timeZone);
}

/** A local date (YYYY-MM-DD), as opposed to an instant: the report's due dates before issue 39 were instants. */
export const isLocalDate = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value);
