import { formatLocale, formatNumber } from '../format';
/**
 * Validation and error messages travel as message keys, never as sentences. A key may carry
 * parameters in query form (`validation.range?min=1&max=60`) so that a plain string, which is
 * what zod issues and react-hook-form errors hold, still has everything the translator needs.
 */
export type TMessageParams = Record<string, string | number>;

export const MESSAGE = {
  required: 'validation.required',
  email: 'validation.email',
  integer: 'validation.integer',
  number: 'validation.number',
  mac: 'validation.mac',
  password: 'validation.password',
  guessablePassword: 'validation.guessablePassword',
  range: 'validation.range',
  decimals: 'validation.decimals',
  multipleOf: 'validation.multipleOf',
  passwordMismatch: 'validation.passwordMismatch',
  oneOf: 'validation.oneOf',
  tooLong: 'validation.tooLong',
  invalid: 'validation.invalid',
  unstorableText: 'validation.unstorableText',
  singleLine: 'validation.singleLine',
  unknownCustomer: 'validation.unknownCustomer',
  noDays: 'validation.noDays',
} as const;

export function messageKey(key: string, params?: TMessageParams): string {
  if (!params || Object.keys(params).length === 0) return key;
  const query = Object.entries(params).map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return `${key}?${query.join('&')}`;
}

export function parseMessageKey(encoded: string): { key: string; params: TMessageParams } {
  const mark = encoded.indexOf('?');
  if (mark < 0) return { key: encoded, params: {} };
  const params: TMessageParams = {};
  for (const pair of encoded.slice(mark + 1).split('&')) {
    const equals = pair.indexOf('=');
    if (equals <= 0) continue;
    params[decodeURIComponent(pair.slice(0, equals))] = decodeURIComponent(pair.slice(equals + 1));
  }
  return { key: encoded.slice(0, mark), params };
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A message's parameters for a reader: a parameter that is a plain number is written the
 * language's way, so a Dutch range message says "-102,4" like the field's hint (no thousands
 * separator: "1250", as the hints). Other parameters stay as they are.
 */
export function localizedParams(params: TMessageParams, language: string): TMessageParams {
  const locale = formatLocale(language);
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, typeof value === 'number' || PLAIN_NUMBER.test(value) ? formatNumber(Number(value), locale, { maxDecimals: 20 }) : value]),
  );
}
