import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../random';
import { flushTimesOfDay, registerMap, settingsOf } from './settings';

/** 2026-11-23 was a Monday. */
const MONDAY = Date.UTC(2026, 10, 23);
const minutesOf = (times: number[], day: number) => times.map((t) => (t - day) / MINUTE_MS);
const days = (mask: number) => Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d, i) => [d, ((mask >> i) & 1) === 1]));

describe('settings from registers', () => {
  it.each([
    ['V1 with its registers', 'V1', [{ register: 1, value: { sendinterval: 12 } }, { register: 2, value: { logInterval: 5 } }], 5, 12],
    ['V2 with its registers', 'V2', [{ register: 1, value: { sendinterval: 3 } }, { register: 2, value: { logInterval: 30 } }], 30, 3],
    ['V3 sendInterval in register 1, no log interval', 'V3', [{ register: 1, value: { sendInterval: 24 } }], 15, 24],
    ['no registers: factory defaults', 'V2', [], 15, 6],
  ] as const)('%s', (_name, type, registers, logMinutes, sendHours) => {
    const settings = settingsOf(type, registerMap(registers));
    expect(settings.logIntervalMs).toBe(logMinutes * MINUTE_MS);
    expect(settings.sendIntervalMs).toBe(sendHours * HOUR_MS);
  });

  it.each([
    ['V1 resistanceThreshold 100', 'V1', { resistanceThreshold: 100 }, 100],
    ['V2 off', 'V2', { resistanceThreshold: 0 }, 0],
    ['V3 has no water detection', 'V3', { resistanceThreshold: 100 }, 0],
  ] as const)('overflow detection: %s', (_name, type, flush, threshold) => {
    expect(settingsOf(type, registerMap([{ register: 3, value: flush }])).overflowThreshold).toBe(threshold);
  });

  it('later registers merge over earlier ones', () => {
    expect(registerMap([{ register: 3, value: { enabled: 1, flushCycles: 2 } }, { register: 3, value: { flushCycles: 4 } }]).get(3)).toEqual({ enabled: 1, flushCycles: 4 });
  });
});

describe('flush schedule of a day', () => {
  it.each([
    ['V1 without periods: flushCycles spread over 24 h', 'V1', [{ register: 3, value: { enabled: 1, flushCycles: 4, 'flush-periods': [] } }], MONDAY, [0, 360, 720, 1080]],
    ['V1 one period: both ends and evenly between', 'V1', [{ register: 3, value: { enabled: 1, flushCycles: 4, 'flush-periods': [{ start: 60, stop: 1140 }] } }], MONDAY, [60, 420, 780, 1140]],
    [
      'V1 two periods share the cycles',
      'V1',
      [{ register: 3, value: { enabled: 1, flushCycles: 3, 'flush-periods': [{ start: 360, stop: 480 }, { start: 1200, stop: 1200 }] } }],
      MONDAY,
      [360, 480, 1200],
    ],
    ['V1 flush off', 'V1', [{ register: 3, value: { enabled: 0, flushCycles: 4 } }], MONDAY, []],
    [
      'V2 period on Mondays, on a Monday',
      'V2',
      [{ register: 3, value: { enabled: 1 } }, { register: 4, value: { 'flush-periods': [{ start: 420, stop: 1140, flushCycles: 2, daysEnabled: days(0b0000001) }] } }],
      MONDAY,
      [420, 1140],
    ],
    [
      'V2 period on Mondays, on a Tuesday',
      'V2',
      [{ register: 3, value: { enabled: 1 } }, { register: 4, value: { 'flush-periods': [{ start: 420, stop: 1140, flushCycles: 2, daysEnabled: days(0b0000001) }] } }],
      MONDAY + DAY_MS,
      [],
    ],
    [
      'V2 working days, on a Sunday',
      'V2',
      [{ register: 3, value: { enabled: 1 } }, { register: 4, value: { 'flush-periods': [{ start: 600, stop: 600, flushCycles: 1, daysEnabled: days(0b0011111) }] } }],
      MONDAY + 6 * DAY_MS,
      [],
    ],
    ['V3 never flushes', 'V3', [{ register: 3, value: { enabled: 1, flushCycles: 4 } }], MONDAY, []],
  ] as const)('%s', (_name, type, registers, day, minutes) => {
    const settings = settingsOf(type, registerMap(registers));
    expect(minutesOf(flushTimesOfDay(settings, day), day)).toEqual(minutes);
  });
});
