import { describe, expect, it } from 'vitest';
import { meetsLimit, missedFlushes, type TChannelMode, type TRulebookId } from './rulebooks';
import {
  effectiveRole,
  flushEveryHours,
  longInterruptions,
  readingJudging,
  restingAllowed,
  roleLimit,
  roleTest,
  roleVerdict,
  type TChannelRole,
  type TRoleTest,
} from './roles';

describe('a channel without a role of its own takes one from its mode', () => {
  it.each([
    [null, 'WW', 'outlet'],
    [null, 'KW', 'outlet'],
    [null, 'Meng/uittap', 'mixedOutlet'],
    [null, null, 'other'],
    ['heaterFlow', 'WW', 'heaterFlow'],
    ['coldInlet', null, 'coldInlet'],
    ['nonsense', 'WW', 'outlet'],
  ] as const)('role %s, mode %s: %s', (role, mode, expected) => {
    expect(effectiveRole(role, mode)).toBe(expected);
  });
});

/** Per rulebook and role: the limit and the test, on both sides of the bound (compliance.md, roles table). */
const LIMITS: [TRulebookId, TChannelRole, TChannelMode | null, boolean, TRoleTest, number, boolean][] = [
  ['NL', 'heaterFlow', 'WW', false, 'continuous', 59.9, false],
  ['NL', 'heaterFlow', 'WW', false, 'continuous', 60, true],
  ['NL', 'circulationReturn', 'WW', false, 'continuous', 59.9, false],
  ['NL', 'circulationReturn', 'WW', false, 'continuous', 60, true],
  ['NL', 'coldInlet', 'KW', false, 'continuous', 25, true],
  ['NL', 'coldInlet', 'KW', false, 'continuous', 25.1, false],
  ['NL', 'outlet', 'WW', false, 'runningTest', 59.9, false],
  ['NL', 'outlet', 'WW', false, 'runningTest', 60, true],
  ['NL', 'outlet', 'KW', false, 'runningTest', 25, true],
  ['UK', 'heaterFlow', 'WW', false, 'continuous', 59.9, false],
  ['UK', 'heaterFlow', 'WW', false, 'continuous', 60, true],
  ['UK', 'circulationReturn', 'WW', false, 'continuous', 49.9, false],
  ['UK', 'circulationReturn', 'WW', false, 'continuous', 50, true],
  ['UK', 'circulationReturn', 'WW', true, 'continuous', 54.9, false],
  ['UK', 'circulationReturn', 'WW', true, 'continuous', 55, true],
  ['UK', 'coldInlet', 'KW', false, 'continuous', 19.9, true],
  ['UK', 'coldInlet', 'KW', false, 'continuous', 20, false],
  ['UK', 'outlet', 'WW', false, 'runningTest', 49.9, false],
  ['UK', 'outlet', 'WW', false, 'runningTest', 50, true],
  ['UK', 'outlet', 'WW', true, 'runningTest', 54.9, false],
  ['UK', 'outlet', 'KW', false, 'runningTest', 20, false],
  // The "Boiler aanvoer": 55 °C at a German heater's flow is a deviation, 60.0 meets it.
  ['DE', 'heaterFlow', 'WW', false, 'continuous', 55, false],
  ['DE', 'heaterFlow', 'WW', false, 'continuous', 59.9, false],
  ['DE', 'heaterFlow', 'WW', false, 'continuous', 60, true],
  ['DE', 'circulationReturn', 'WW', false, 'continuous', 54.9, false],
  ['DE', 'circulationReturn', 'WW', false, 'continuous', 55, true],
  ['DE', 'coldInlet', 'KW', false, 'continuous', 25.1, false],
  ['DE', 'outlet', 'WW', false, 'runningTest', 54.9, false],
  ['DE', 'outlet', 'WW', false, 'runningTest', 55, true],
];

describe('limits per rulebook and role', () => {
  it.each(LIMITS)(
    '%s %s (%s, healthcare %s) is judged %s: %d °C meets it: %s',
    (rulebook, role, mode, healthcare, test, celsius, meets) => {
      expect(roleTest(role, mode)).toBe(test);
      const limit = roleLimit(rulebook, role, mode, healthcare);
      expect(limit).not.toBeNull();
      expect(meetsLimit(limit!, celsius)).toBe(meets);
    },
  );

  it.each([
    ['mixedOutlet', 'Meng/uittap', 'growthRange'],
    ['other', 'WW', 'none'],
    ['outlet', null, 'none'],
  ] as const)('%s (%s) has no limit and is judged by %s', (role, mode, test) => {
    for (const rulebook of ['NL', 'UK', 'DE'] as const) expect(roleLimit(rulebook, role, mode)).toBeNull();
    expect(roleTest(role, mode)).toBe(test);
  });

  it('resting readings of outlets and mixed outlets are judged against the growth range (25.0 and 50.0 are out of it); continuous roles by their limit', () => {
    const judging = readingJudging('NL', 'outlet', 'WW')!;
    expect([24.9, 25, 25.1, 49.9, 50].map((celsius) => meetsLimit(judging, celsius))).toEqual([true, true, false, false, true]);
    expect(readingJudging('NL', 'mixedOutlet', 'Meng/uittap')).toEqual(judging);
    expect(readingJudging('DE', 'heaterFlow', 'WW')).toEqual({ kind: 'atLeast', celsius: 60 });
    expect(readingJudging('NL', 'other', null)).toBeNull();
  });
});

describe('flush duty and stagnation', () => {
  it.each([
    ['NL', false, 168],
    ['UK', false, 168],
    // HSG274 / HTM 04-01: twice a week in healthcare, as an interval of 84 hours.
    ['UK', true, 84],
    ['NL', true, 168],
    ['DE', false, 72],
  ] as const)('%s healthcare %s: a flush at least every %d hours', (rulebook, healthcare, hours) => {
    expect(flushEveryHours(rulebook, healthcare)).toBe(hours);
  });

  const H = 3_600_000;
  it.each([
    // A week of stagnation is allowed; a week and an hour is not.
    ['NL', false, 168, 0],
    ['NL', false, 169, 1],
    ['UK', true, 84, 0],
    ['UK', true, 85, 1],
    ['DE', false, 72, 0],
    ['DE', false, 73, 1],
  ] as const)('%s (healthcare %s): %d hours between two flushes is %d missed stretch(es)', (rulebook, healthcare, hours, missed) => {
    const from = Date.UTC(2026, 9, 1);
    expect(missedFlushes(rulebook, [from, from + hours * H], from, from + hours * H, healthcare)).toHaveLength(missed);
  });

  it('a DST day: a weekly flush at the same local time across the October change is 169 real hours apart (a week and an hour: missed)', () => {
    // Amsterdam: Monday 19 Oct 2026 12:00 CEST (10:00Z) and Monday 26 Oct 12:00 CET (11:00Z).
    const first = Date.parse('2026-10-19T10:00:00Z');
    const second = Date.parse('2026-10-26T11:00:00Z');
    expect((second - first) / H).toBe(169);
    expect(missedFlushes('NL', [first, second], first, second)).toEqual([{ from: first, to: second }]);
    // Across the March change the same local times are 167 hours apart: fine.
    expect(missedFlushes('NL', [Date.parse('2026-03-23T11:00:00Z'), Date.parse('2026-03-30T10:00:00Z')], Date.parse('2026-03-23T11:00:00Z'), Date.parse('2026-03-30T10:00:00Z'))).toEqual([]);
  });

  it.each([
    // NL: 20-25 °C allowed while stagnation is at most a week.
    ['NL', false, 22, 168, true],
    ['NL', false, 22, 169, false],
    ['NL', false, 19.9, 1000, true],
    ['NL', false, 20, 169, false],
    ['NL', false, 50, 1000, true],
    ['NL', false, 49.9, 169, false],
    ['DE', false, 30, 72, true],
    ['DE', false, 30, 73, false],
    ['UK', true, 30, 85, false],
  ] as const)('%s (healthcare %s): resting at %d °C for %d hours is allowed: %s', (rulebook, healthcare, celsius, hours, allowed) => {
    expect(restingAllowed(rulebook, celsius, hours, healthcare)).toBe(allowed);
  });

  it('DE: an interruption of 4 weeks or more (672 hours) is a long one; NL and UK have no such rule', () => {
    const stretches = [{ hours: 671 }, { hours: 672 }, { hours: 900 }];
    expect(longInterruptions('DE', stretches)).toEqual([{ hours: 672 }, { hours: 900 }]);
    expect(longInterruptions('NL', stretches)).toEqual([]);
    expect(longInterruptions('UK', stretches)).toEqual([]);
  });
});

describe('verdicts by role', () => {
  const clean = { coverage: 1, readingsOutsideLimit: 0, missedFlushes: 0, failedFlushes: 0, longestGrowthRangeHours: null, toleranceHours: 168 };
  it.each([
    ['continuous', clean, 'compliant'],
    ['continuous', { ...clean, readingsOutsideLimit: 1 }, 'deviations'],
    ['continuous', { ...clean, coverage: 0.8999 }, 'insufficientData'],
    // Resting readings outside the running test's limit are no deviation at an outlet ...
    ['runningTest', { ...clean, readingsOutsideLimit: 500 }, 'compliant'],
    // ... its flush's after value is, and so is a growth-range stretch over the tolerance.
    ['runningTest', { ...clean, failedFlushes: 1 }, 'deviations'],
    ['runningTest', { ...clean, longestGrowthRangeHours: 168 }, 'compliant'],
    ['runningTest', { ...clean, longestGrowthRangeHours: 169 }, 'deviations'],
    ['runningTest', { ...clean, missedFlushes: 1 }, 'deviations'],
    // A mixed outlet is never plainly compliant.
    ['growthRange', clean, 'noLimit'],
    ['growthRange', { ...clean, longestGrowthRangeHours: 741.7 }, 'deviations'],
    ['growthRange', { ...clean, missedFlushes: 1 }, 'deviations'],
    ['none', { ...clean, longestGrowthRangeHours: 741.7 }, 'noLimit'],
    ['none', { ...clean, coverage: 0 }, 'insufficientData'],
  ] as const)('%s %o: %s', (test, figures, verdict) => {
    expect(roleVerdict(test, figures)).toBe(verdict);
  });
});
