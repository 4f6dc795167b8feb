import { z } from 'zod';
import { MESSAGE, messageKey } from './message-key';
import { isGuessablePassword } from './guessable-passwords';

/**
 * The shared validators (docs/screens.md, "Forms and validation messages"). Each failure carries a message key (see
 * message-key.ts); the Dutch and English texts live in the i18n catalogues.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAC_PATTERN = /^[0-9a-fA-F]{16}$/;
export const PASSWORD_MIN_LENGTH = 8;

/** A trimmed text that must not be empty; null, undefined and '' all fail with `required`. */
export function zRequiredText(maxLength = 200, { multiline = false }: { multiline?: boolean } = {}) {
  const text = z
    .string({ error: MESSAGE.required })
    .trim()
    .min(1, { error: MESSAGE.required })
    .max(maxLength, { error: messageKey(MESSAGE.tooLong, { max: maxLength }) });
  return multiline ? text : text.refine(isSingleLine, { error: MESSAGE.singleLine });
}

/**
 * Names (node, channel, customer, location, gateway, product, network server, a user's names) and
 * the other short texts are one line: a line break in a name would put lines the
 * user wrote into the plain text of an e-mail alert, a CSV row or a log line. CR, LF and the other
 * characters a mail client or editor may break a line at.
 */
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;
export function isSingleLine(text: string): boolean {
  return !LINE_BREAK.test(text);
}

/** The text on one line: each run of line breaks becomes one space (for text stored before the rule). */
export function toSingleLine(text: string): string {
  return text.replace(/[\n\r\v\f\u0085\u2028\u2029]+/g, ' ');
}

/** A trimmed optional text: '' is kept as '' so forms can clear it; callers decide to omit it. */
export function zOptionalText(maxLength = 2000) {
  return z
    .string()
    .trim()
    .max(maxLength, { error: messageKey(MESSAGE.tooLong, { max: maxLength }) })
    .optional();
}

export function zEmail() {
  return z
    .string({ error: MESSAGE.required })
    .trim()
    .min(1, { error: MESSAGE.required })
    .max(254, { error: MESSAGE.email })
    .regex(EMAIL_PATTERN, { error: MESSAGE.email });
}

/** A gateway MAC: exactly 16 hexadecimal characters. */
export function zMac() {
  return z
    .string({ error: MESSAGE.required })
    .trim()
    .min(1, { error: MESSAGE.required })
    .regex(MAC_PATTERN, { error: MESSAGE.mac });
}

/** A password: empty is allowed (means "unchanged"), otherwise at least 8 characters and not easily guessed. */
export function zPassword() {
  return z
    .string()
    .max(200, { error: messageKey(MESSAGE.tooLong, { max: 200 }) })
    .refine((value) => value === '' || value.length >= PASSWORD_MIN_LENGTH, {
      error: messageKey(MESSAGE.password, { min: PASSWORD_MIN_LENGTH }),
      abort: true,
    })
    .refine((value) => value === '' || !isGuessablePassword(value), { error: MESSAGE.guessablePassword });
}

/** A password that must be filled in (account creation, login). */
export function zRequiredPassword() {
  return z
    .string({ error: MESSAGE.required })
    .min(1, { error: MESSAGE.required })
    .pipe(zPassword());
}

export interface TNumberRule {
  min: number;
  max: number;
  /** Integers only. */
  integer?: boolean;
  /** At most this many decimals. */
  decimals?: number;
  /** Must be a multiple of this number. */
  multipleOf?: number;
}

function countDecimals(value: number): number {
  if (Number.isInteger(value)) return 0;
  const text = value.toString();
  if (text.includes('e-')) return Number(text.split('e-')[1]);
  return text.split('.')[1]?.length ?? 0;
}

/** Checks one number against a rule; returns the message key of the first failure, or null. */
export function checkNumber(value: number, rule: TNumberRule): string | null {
  if (!Number.isFinite(value)) return MESSAGE.number;
  if (rule.integer && !Number.isInteger(value)) return MESSAGE.integer;
  if (rule.decimals !== undefined && countDecimals(value) > rule.decimals) {
    return messageKey(MESSAGE.decimals, { N: rule.decimals });
  }
  if (value < rule.min || value > rule.max) return messageKey(MESSAGE.range, { min: rule.min, max: rule.max });
  if (rule.multipleOf !== undefined && Math.round(value / rule.multipleOf) * rule.multipleOf !== value) {
    return messageKey(MESSAGE.multipleOf, { N: rule.multipleOf });
  }
  return null;
}

/**
 * A required number under a rule (range inclusive, integer, decimals, multiple of). Missing is
 * `required`; anything else that is not a number (a number sent as text, "10") is `number`.
 */
export function zNumber(rule: TNumberRule) {
  return z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? MESSAGE.required : MESSAGE.number) }).superRefine((value, ctx) => {
    const failure = checkNumber(value, rule);
    if (failure) ctx.addIssue({ code: 'custom', message: failure });
  });
}

/** One of a fixed list of values, with the `required` key when missing. */
export function zOneOf<const T extends readonly [string | number, ...(string | number)[]]>(values: T) {
  return z.custom<T[number]>((value) => (values as readonly unknown[]).includes(value), {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? MESSAGE.required : MESSAGE.oneOf),
  });
}

/** A number typed into a form: '12,5' and '12.5' both 12.5 (a Dutch user types a comma); '' null; anything else NaN. */
export function parseFormNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
