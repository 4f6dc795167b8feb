import { describe, expect, it } from 'vitest';
import { clockToMinutes, minutesToClock, periodToLocal, periodToUtc, shiftDays, timeZoneOffsetMinutes } from './periods';
import { WEEKDAYS, type TDaysEnabled } from './rules';

const AMSTERDAM = 'Europe/Amsterdam';
const WINTER = timeZoneOffsetMinutes(AMSTERDAM, new Date('2026-01-15T12:00:00Z'));
const SUMMER = timeZoneOffsetMinutes(AMSTERDAM, new Date('2026-07-15T12:00:00Z'));

const only = (...names: (typeof WEEKDAYS)[number][]): TDaysEnabled => Object.fromEntries(WEEKDAYS.map((day) => [day, names.includes(day)])) as TDaysEnabled;
const at = (clock: string) => clockToMinutes(clock)!;

describe('flush periods: local time <-> UTC minutes with the weekday shift', () => {
  it('knows Amsterdam is one hour ahead in winter and two in summer', () => {
    expect([WINTER, SUMMER]).toEqual([60, 120]);
    // the switch nights: 2026-03-29 01:00 UTC and 2026-10-25 01:00 UTC
    expect(timeZoneOffsetMinutes(AMSTERDAM, new Date('2026-03-29T00:59:00Z'))).toBe(60);
    expect(timeZoneOffsetMinutes(AMSTERDAM, new Date('2026-03-29T01:00:00Z'))).toBe(120);
    expect(timeZoneOffsetMinutes(AMSTERDAM, new Date('2026-10-25T00:59:00Z'))).toBe(120);
    expect(timeZoneOffsetMinutes(AMSTERDAM, new Date('2026-10-25T01:00:00Z'))).toBe(60);
    expect(timeZoneOffsetMinutes('UTC', new Date())).toBe(0);
    expect(timeZoneOffsetMinutes('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe(-300);
  });

  const CASES: [name: string, offset: number, local: [string, string, TDaysEnabled], utc: [string, string, TDaysEnabled]][] = [
    ['winter, same day', WINTER, ['06:00', '07:30', only('monday', 'wednesday')], ['05:00', '06:30', only('monday', 'wednesday')]],
    ['summer, same day', SUMMER, ['06:00', '07:30', only('monday', 'wednesday')], ['04:00', '05:30', only('monday', 'wednesday')]],
    ['winter, 00:30 is 23:30 the day before', WINTER, ['00:30', '02:00', only('monday')], ['23:30', '01:00', only('sunday')]],
    ['summer, 01:59 is 23:59 the day before', SUMMER, ['01:59', '03:00', only('sunday', 'tuesday')], ['23:59', '01:00', only('saturday', 'monday')]],
    ['summer, 02:00 stays on its day', SUMMER, ['02:00', '03:00', only('sunday')], ['00:00', '01:00', only('sunday')]],
    ['winter, 00:59 is the day before, 01:00 not', WINTER, ['00:59', '01:00', only('friday')], ['23:59', '00:00', only('thursday')]],
    ['a period over midnight keeps its start day', WINTER, ['23:30', '00:30', only('saturday')], ['22:30', '23:30', only('saturday')]],
    ['every day stays every day', WINTER, ['00:00', '06:00', only(...WEEKDAYS)], ['23:00', '05:00', only(...WEEKDAYS)]],
    ['west of UTC: 22:00 in New York is 03:00 the next day', -300, ['22:00', '23:00', only('sunday', 'friday')], ['03:00', '04:00', only('monday', 'saturday')]],
    ['UTC itself changes nothing', 0, ['00:00', '23:59', only('monday')], ['00:00', '23:59', only('monday')]],
  ];

  it.each(CASES)('%s', (_name, offset, [start, stop, days], [utcStart, utcStop, utcDays]) => {
    const utc = periodToUtc({ start: at(start), stop: at(stop), daysEnabled: days }, offset);
    expect({ start: minutesToClock(utc.start), stop: minutesToClock(utc.stop), daysEnabled: utc.daysEnabled }).toEqual({ start: utcStart, stop: utcStop, daysEnabled: utcDays });
    // and back: what the node stores shows as what was entered
    expect(periodToLocal(utc, offset)).toEqual({ start: at(start), stop: at(stop), daysEnabled: days });
  });

  it('converts V1 periods (no weekdays) the same way', () => {
    expect(periodToUtc({ start: at('00:15'), stop: at('00:45') }, WINTER)).toEqual({ start: at('23:15'), stop: at('23:45') });
  });

  it('shifts weekdays round the week', () => {
    expect(shiftDays(only('monday'), -1)).toEqual(only('sunday'));
    expect(shiftDays(only('sunday'), 1)).toEqual(only('monday'));
    expect(shiftDays(only('tuesday', 'saturday'), 1)).toEqual(only('wednesday', 'sunday'));
  });

  it.each([
    ['00:00', 0],
    ['7:05', 425],
    ['23:59', 1439],
    ['24:00', null],
    ['12:60', null],
    ['1200', null],
    ['', null],
  ] as const)('reads the clock %j as %j', (text, minutes) => {
    expect(clockToMinutes(text)).toBe(minutes);
  });

  it('writes minutes as a clock', () => {
    expect([0, 425, 1439, 1440, -1].map(minutesToClock)).toEqual(['00:00', '07:05', '23:59', '00:00', '23:59']);
  });
});
