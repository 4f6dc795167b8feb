import { describe, expect, it } from 'vitest';
import { formatDayInput, parseDayInput } from './day-input';

describe('date fields: the day as the field shows it and reads it', () => {
  it.each([
    ['2026-11-28', 'nl', '28-11-2026'],
    ['2026-11-28', 'en', '28/11/2026'],
    ['2026-11-28', 'de', '28.11.2026'],
    ['2026-01-02', 'nl', '02-01-2026'],
    ['2028-02-29', 'nl', '29-02-2028'],
    ['2026-02-29', 'nl', ''],
    ['2026-13-01', 'en', ''],
    ['', 'nl', ''],
    [null, 'nl', ''],
    ['28-11-2026', 'nl', ''],
  ] as const)('%s in %s is %j', (value, locale, shown) => {
    expect(formatDayInput(value, locale)).toBe(shown);
  });

  it.each([
    ['28-11-2026', '2026-11-28'],
    ['28/11/2026', '2026-11-28'],
    ['28.11.2026', '2026-11-28'],
    ['28 11 2026', '2026-11-28'],
    [' 1-2-2026 ', '2026-02-01'],
    ['01/02/2026', '2026-02-01'],
    ['28112026', '2026-11-28'],
    ['2026-11-28', '2026-11-28'],
    ['2026-1-2', '2026-01-02'],
    ['29-02-2028', '2028-02-29'],
    ['29-02-2026', null],
    ['31-04-2026', null],
    ['00-01-2026', null],
    ['12-13-2026', null],
    ['28-11-26', null],
    ['2811202', null],
    ['28-11', null],
    ['morgen', null],
    ['', null],
  ])('%j reads as %s', (text, value) => {
    expect(parseDayInput(text)).toBe(value);
  });

  it.each(['2026-11-28', '2026-01-02', '2028-02-29'])('%s survives formatting and reading in both languages', (value) => {
    expect(parseDayInput(formatDayInput(value, 'nl'))).toBe(value);
    expect(parseDayInput(formatDayInput(value, 'en'))).toBe(value);
  });
});
