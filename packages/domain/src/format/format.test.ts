import { describe, expect, it } from 'vitest';
import { clockChangeOffset, formatDate, formatDateTime, formatLocale, formatNumber, formatTemperature, formatTime, formatVoltage } from './format';

describe('formatNumber', () => {
  it.each([
    [1.5, 'nl', { decimals: 1 }, '1,5'],
    [1.5, 'en', { decimals: 1 }, '1.5'],
    [-102.4, 'nl', { decimals: 1 }, '-102,4'],
    [0, 'nl', { decimals: 2 }, '0,00'],
    [-0.04, 'nl', { decimals: 1 }, '0,0'],
    [-0.05, 'nl', { decimals: 1 }, '-0,1'],
    [0.05, 'en', { decimals: 1 }, '0.1'],
    [2.25, 'nl', { decimals: 1 }, '2,3'],
    [3.075, 'nl', { decimals: 2 }, '3,08'],
    [1234.5, 'nl', { decimals: 1 }, '1234,5'],
    [1234.5, 'nl', { decimals: 1, grouping: true }, '1.234,5'],
    [1234.5, 'en', { decimals: 1, grouping: true }, '1,234.5'],
    [1.5, 'de', { decimals: 1 }, '1,5'],
    [-102.4, 'de', { decimals: 1 }, '-102,4'],
    [1234.5, 'de', { decimals: 1 }, '1234,5'],
    [1234.5, 'de', { decimals: 1, grouping: true }, '1.234,5'],
    [0.2, 'de', { decimals: 1, signed: true }, '+0,2'],
    [7, 'nl', {}, '7'],
    [0.25, 'nl', { maxDecimals: 3 }, '0,25'],
    [2, 'nl', { maxDecimals: 3 }, '2'],
    [0.2, 'nl', { decimals: 1, signed: true }, '+0,2'],
    [-0.2, 'nl', { decimals: 1, signed: true }, '-0,2'],
    [0, 'en', { decimals: 1, signed: true }, '0.0'],
    [0.01, 'en', { decimals: 1, signed: true }, '0.0'],
  ] as const)('%s in %s %j is %s', (value, locale, options, expected) => {
    expect(formatNumber(value, locale, options)).toBe(expected);
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])('%s is empty', (value) => {
    expect(formatNumber(value, 'nl', { decimals: 1 })).toBe('');
  });
});

describe('quantities (a no-break space before the unit, so it never starts a line)', () => {
  it.each([
    [11.6, 'nl', '11,6\u00A0°C'],
    [11.6, 'en', '11.6\u00A0°C'],
    [11.6, 'de', '11,6\u00A0°C'],
    [-102.4, 'nl', '-102,4\u00A0°C'],
    [59.96, 'nl', '60,0\u00A0°C'],
    [0, 'nl', '0,0\u00A0°C'],
    [null, 'nl', ''],
  ] as const)('temperature %s in %s is %s', (value, locale, expected) => {
    expect(formatTemperature(value, locale)).toBe(expected);
  });

  it('a signed temperature (an offset) has its plus', () => {
    expect(formatTemperature(0.2, 'nl', { signed: true })).toBe('+0,2\u00A0°C');
    expect(formatTemperature(-0.2, 'en', { signed: true })).toBe('-0.2\u00A0°C');
  });

  it.each([
    [3.08, 'nl', '3,08\u00A0V'],
    [3.08, 'en', '3.08\u00A0V'],
    [3.6, 'nl', '3,60\u00A0V'],
    [0, 'en', '0.00\u00A0V'],
    [undefined, 'en', ''],
  ] as const)('voltage %s in %s is %s', (value, locale, expected) => {
    expect(formatVoltage(value, locale)).toBe(expected);
  });
});

describe('dates', () => {
  const utc = { timeZone: 'UTC' };
  it.each([
    ['2026-11-26T14:05:00Z', 'nl', '26-11-2026 14:05'],
    ['2026-11-26T14:05:00Z', 'en', '26 Nov 2026 14:05'],
    ['2026-02-01T00:00:00Z', 'nl', '01-02-2026 00:00'],
    ['2026-02-01T00:00:00Z', 'en', '1 Feb 2026 00:00'],
    ['2026-09-26T23:59:59Z', 'en', '26 Sep 2026 23:59'],
    ['2026-11-26T14:05:00Z', 'de', '26.11.2026 14:05'],
    ['2026-02-01T00:00:00Z', 'de', '01.02.2026 00:00'],
  ] as const)('%s in %s is %s', (moment, locale, expected) => {
    expect(formatDateTime(moment, locale, utc)).toBe(expected);
  });

  it('takes a Date, milliseconds and a time zone', () => {
    const at = Date.UTC(2026, 11, 31, 23, 30);
    expect(formatDate(new Date(at), 'nl', utc)).toBe('31-12-2026');
    // Amsterdam is an hour ahead in winter: the new year.
    expect(formatDateTime(at, 'nl', { timeZone: 'Europe/Amsterdam' })).toBe('01-01-2027 00:30');
    expect(formatDate(at, 'en', { timeZone: 'Europe/Amsterdam' })).toBe('1 Jan 2027');
    expect(formatDate(at, 'de', { timeZone: 'Europe/Berlin' })).toBe('01.01.2027');
    expect(formatTime(at, 'en', utc)).toBe('23:30');
  });

  it.each([null, undefined, '', 'not a date', Number.NaN])('%s is empty', (moment) => {
    expect(formatDate(moment, 'nl')).toBe('');
    expect(formatDateTime(moment, 'en')).toBe('');
    expect(formatTime(moment, 'en')).toBe('');
  });
});

describe('formatLocale', () => {
  it.each([
    ['nl', 'nl'],
    ['nl-NL', 'nl'],
    ['en', 'en'],
    ['de', 'en'],
    ['fr', 'en'],
    [undefined, 'en'],
  ] as const)('%s writes as %s', (language, expected) => {
    expect(formatLocale(language)).toBe(expected);
  });
});

describe('the UTC offset on the days the clock changes (the logbook report)', () => {
  const amsterdam = { timeZone: 'Europe/Amsterdam', offsetOnClockChange: true };
  it.each([
    // 25 Oct 2026: Amsterdam's clock goes from 03:00 CEST back to 02:00 CET, so 02:30 happens twice.
    { at: '2026-10-25T00:30:00Z', text: '25-10-2026 02:30 (UTC+02:00)', name: 'the first 02:30 (summer time)' },
    { at: '2026-10-25T01:30:00Z', text: '25-10-2026 02:30 (UTC+01:00)', name: 'the second 02:30 (winter time)' },
    { at: '2026-10-24T23:00:00Z', text: '25-10-2026 01:00 (UTC+02:00)', name: 'the day\'s first hour' },
    { at: '2026-10-25T22:59:00Z', text: '25-10-2026 23:59 (UTC+01:00)', name: 'the day\'s last minute' },
    { at: '2026-10-24T21:59:00Z', text: '24-10-2026 23:59', name: 'the day before: no offset' },
    { at: '2026-10-25T23:00:00Z', text: '26-10-2026 00:00', name: 'the day after: no offset' },
    // 29 Mar 2026: 02:00 CET jumps to 03:00 CEST; 02:30 does not exist.
    { at: '2026-03-29T00:59:00Z', text: '29-03-2026 01:59 (UTC+01:00)', name: 'just before the hour lost' },
    { at: '2026-03-29T01:00:00Z', text: '29-03-2026 03:00 (UTC+02:00)', name: 'just after the hour lost' },
    { at: '2026-07-01T10:00:00Z', text: '01-07-2026 12:00', name: 'a summer day' },
  ])('$name: $text', ({ at, text }) => {
    expect(formatDateTime(at, 'nl', amsterdam)).toBe(text);
  });

  it('writes nothing without the option, and UTC has no clock change', () => {
    expect(formatDateTime('2026-10-25T00:30:00Z', 'nl', { timeZone: 'Europe/Amsterdam' })).toBe('25-10-2026 02:30');
    expect(clockChangeOffset('2026-10-25T00:30:00Z', 'UTC')).toBeNull();
    expect(clockChangeOffset('2026-10-25T00:30:00Z', 'Europe/London')).toBe('UTC+01:00');
    expect(clockChangeOffset('2026-10-25T01:30:00Z', 'Europe/London')).toBe('UTC');
    expect(formatDateTime('2026-10-25T01:30:00Z', 'de', { timeZone: 'Europe/Berlin', offsetOnClockChange: true })).toBe('25.10.2026 02:30 (UTC+01:00)');
  });
});
