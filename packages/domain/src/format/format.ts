/**
 * One way to write numbers and moments (docs/screens.md, "Numbers and dates"):
 * every screen, message, audit text and alert mail goes through these, so Dutch always has a
 * decimal comma and each language has one date style. Pure; a moment is shown in the time zone
 * given (the browser's by default, the alert mails Dutch time).
 */

/**
 * The ways of writing. The screens use two: French and German show English (docs/screens.md,
 * Languages), so `formatLocale` never gives 'de'. German is for the logbook report, which has
 * German texts (docs/logbook.md, "PDF and CSV"): a decimal comma, dates as 26.11.2026.
 */
export type TFormatLocale = 'nl' | 'en' | 'de';

/** 'nl' for Dutch ('nl', 'nl-NL', 'nl-BE'), 'en' for anything else (a screen's German is English). */
export function formatLocale(language: string | null | undefined): 'nl' | 'en' {
  return typeof language === 'string' && /^nl\b/i.test(language) ? 'nl' : 'en';
}

const INTL_LOCALE: Record<TFormatLocale, string> = { nl: 'nl-NL', en: 'en-GB', de: 'de-DE' };

export interface TNumberOptions {
  /** Exactly this many decimals (default 0); with `maxDecimals` the fewest needed up to that. */
  decimals?: number;
  /** At most this many decimals, trailing zeros left out (register values, limits in messages). */
  maxDecimals?: number;
  /** '+' before positive values (an offset); zero has no sign. */
  signed?: boolean;
  /** Thousands separators (a period in Dutch and German, a comma in English); off by default. */
  grouping?: boolean;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: TFormatLocale, minimum: number, maximum: number, grouping: boolean): Intl.NumberFormat {
  const key = `${locale}/${minimum}/${maximum}/${grouping}`;
  let found = numberFormats.get(key);
  if (!found) {
    found = new Intl.NumberFormat(INTL_LOCALE[locale], { minimumFractionDigits: minimum, maximumFractionDigits: maximum, useGrouping: grouping });
    numberFormats.set(key, found);
  }
  return found;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * A number in the language's way: '-1,5' in Dutch and German, '-1.5' in English; rounded half away from
 * zero; a value that rounds to zero is '0' without a minus. '' for no number (null, undefined,
 * NaN, Infinity): the screen decides what an empty value looks like.
 */
export function formatNumber(value: number | null | undefined, locale: TFormatLocale, options: TNumberOptions = {}): string {
  if (!isNumber(value)) return '';
  const maximum = options.maxDecimals ?? options.decimals ?? 0;
  const minimum = options.maxDecimals === undefined ? maximum : Math.min(options.decimals ?? 0, maximum);
  const zero = Math.abs(value) < 0.5 * 10 ** -maximum;
  const text = numberFormat(locale, minimum, maximum, options.grouping ?? false).format(zero ? 0 : value);
  return options.signed && !zero && value > 0 ? `+${text}` : text;
}

/** Decimals per quantity: one for degrees, two for volts. */
export const TEMPERATURE_DECIMALS = 1;
export const VOLTAGE_DECIMALS = 2;

/**
 * The space between a value and its unit: a no-break space (U+00A0), so that '44,6 °C' never
 * breaks into '44,6' and a line that starts with '°C' (docs/screens.md, "Numbers and dates").
 */
export const UNIT_SPACE = '\u00A0';

/** '21,5 °C' / '21.5 °C' (a no-break space before the unit); `signed` for an offset ('+0,2 °C'). */
export function formatTemperature(value: number | null | undefined, locale: TFormatLocale, options: { signed?: boolean } = {}): string {
  const text = formatNumber(value, locale, { decimals: TEMPERATURE_DECIMALS, signed: options.signed });
  return text && `${text}${UNIT_SPACE}°C`;
}

/** '3,08 V' / '3.08 V' (a no-break space before the unit). */
export function formatVoltage(value: number | null | undefined, locale: TFormatLocale): string {
  const text = formatNumber(value, locale, { decimals: VOLTAGE_DECIMALS });
  return text && `${text}${UNIT_SPACE}V`;
}

/** A moment as a Date, an ISO text or milliseconds since the epoch. */
export type TMoment = Date | string | number | null | undefined;

export interface TDateOptions {
  /** IANA time zone; the runtime's own when left out. */
  timeZone?: string;
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const partFormats = new Map<string, Intl.DateTimeFormat>();

interface TParts {
  year: string;
  month: number;
  day: number;
  hour: string;
  minute: string;
}

function toDate(moment: TMoment): Date | null {
  if (moment === null || moment === undefined || moment === '') return null;
  const date = moment instanceof Date ? moment : new Date(moment);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The calendar fields in the zone; the text around them is ours, so no ICU version changes it ('Sept'). */
function partsOf(date: Date, timeZone: string | undefined): TParts {
  const key = timeZone ?? '';
  let format = partFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    partFormats.set(key, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return { year: parts.year, month: Number(parts.month), day: Number(parts.day), hour: parts.hour, minute: parts.minute };
}

const pad = (value: number) => String(value).padStart(2, '0');

function dateOf(parts: TParts, locale: TFormatLocale): string {
  if (locale === 'nl') return `${pad(parts.day)}-${pad(parts.month)}-${parts.year}`;
  if (locale === 'de') return `${pad(parts.day)}.${pad(parts.month)}.${parts.year}`;
  return `${parts.day} ${EN_MONTHS[parts.month - 1]} ${parts.year}`;
}

/** '26-11-2026' / '26 Nov 2026' / '26.11.2026'; '' for no (or an invalid) moment. */
export function formatDate(moment: TMoment, locale: TFormatLocale, options: TDateOptions = {}): string {
  const date = toDate(moment);
  return date ? dateOf(partsOf(date, options.timeZone), locale) : '';
}

/**
 * '26-11-2026 14:05' / '26 Nov 2026 14:05' / '26.11.2026 14:05' (24 hours in all). With
 * `offsetOnClockChange` (the logbook report) a moment on a day the zone's clock changes carries its
 * UTC offset, '25-10-2026 02:30 (UTC+02:00)', so the hour repeated or lost is unambiguous.
 */
export function formatDateTime(moment: TMoment, locale: TFormatLocale, options: TDateOptions & { offsetOnClockChange?: boolean } = {}): string {
  const date = toDate(moment);
  if (!date) return '';
  const parts = partsOf(date, options.timeZone);
  const text = `${dateOf(parts, locale)} ${parts.hour}:${parts.minute}`;
  const offset = options.offsetOnClockChange && options.timeZone ? clockChangeOffset(date, options.timeZone) : null;
  return offset ? `${text} (${offset})` : text;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far the zone is ahead of UTC at an instant, in minutes (a formatter per zone, kept). */
function offsetMinutesAt(ms: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    offsetFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((part) => [part.type, Number(part.value)]));
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** The instant a local wall-clock time (as if UTC, in ms) falls on in the zone (the later one when it is repeated). */
function localToInstant(localMs: number, timeZone: string): number {
  const guess = localMs - offsetMinutesAt(localMs, timeZone) * 60_000;
  return localMs - offsetMinutesAt(guess, timeZone) * 60_000;
}

const clockChangeDays = new Map<string, boolean>();

/** Whether the zone's clock changes on the local day (y, m, d): the offset at its start differs from the one at its end. */
function isClockChangeDay(year: number, month: number, day: number, timeZone: string): boolean {
  const key = `${timeZone}|${year}-${month}-${day}`;
  let found = clockChangeDays.get(key);
  if (found === undefined) {
    const start = localToInstant(Date.UTC(year, month - 1, day), timeZone);
    const end = localToInstant(Date.UTC(year, month - 1, day + 1), timeZone);
    // A change exactly at midnight (a zone that skips 00:00) belongs to the day it starts.
    found = offsetMinutesAt(start - 1, timeZone) !== offsetMinutesAt(start, timeZone) || offsetMinutesAt(start, timeZone) !== offsetMinutesAt(end - 1, timeZone);
    clockChangeDays.set(key, found);
  }
  return found;
}

/** 'UTC+02:00', 'UTC-03:00', 'UTC' for an offset in minutes. */
export function utcOffsetText(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/**
 * The UTC offset of a moment ('UTC+02:00') when it falls on a day the zone's clock changes
 * (daylight saving time begins or ends), else null: the logbook writes it after such times.
 */
export function clockChangeOffset(moment: TMoment, timeZone: string): string | null {
  const date = toDate(moment);
  if (!date) return null;
  const parts = partsOf(date, timeZone);
  return isClockChangeDay(Number(parts.year), parts.month, parts.day, timeZone) ? utcOffsetText(offsetMinutesAt(date.getTime(), timeZone)) : null;
}

/** '14:05' in every language. */
export function formatTime(moment: TMoment, _locale: TFormatLocale, options: TDateOptions = {}): string {
  const date = toDate(moment);
  if (!date) return '';
  const parts = partsOf(date, options.timeZone);
  return `${parts.hour}:${parts.minute}`;
}
