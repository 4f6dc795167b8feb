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

/** '26-11-2026 14:05' / '26 Nov 2026 14:05' / '26.11.2026 14:05' (24 hours in all). */
export function formatDateTime(moment: TMoment, locale: TFormatLocale, options: TDateOptions = {}): string {
  const date = toDate(moment);
  if (!date) return '';
  const parts = partsOf(date, options.timeZone);
  return `${dateOf(parts, locale)} ${parts.hour}:${parts.minute}`;
}

/** '14:05' in every language. */
export function formatTime(moment: TMoment, _locale: TFormatLocale, options: TDateOptions = {}): string {
  const date = toDate(moment);
  if (!date) return '';
  const parts = partsOf(date, options.timeZone);
  return `${parts.hour}:${parts.minute}`;
}
