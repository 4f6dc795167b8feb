import { describe, expect, it } from 'vitest';
import { detectDisinfections, disinfectionPassed, longestRunAtOrAbove, outletDisinfection, type TReading } from './disinfection';

const T0 = Date.parse('2026-10-14T08:00:00Z');
const S = 1000;
const M = 60 * S;
/** Readings at the given offsets (ms from T0) and temperatures. */
const trace = (...points: [number, number][]): TReading[] => points.map(([offset, celsius]) => ({ at: T0 + offset, celsius }));

describe('the time an outlet held a temperature', () => {
  it('is from the first to the last of consecutive readings at or above it; a single reading proves no time', () => {
    expect(longestRunAtOrAbove(trace([0, 71], [M, 72], [2 * M, 69], [3 * M, 70], [7 * M, 70], [8 * M, 40]), 70)).toEqual({ from: T0 + 3 * M, to: T0 + 7 * M });
    expect(longestRunAtOrAbove(trace([0, 71]), 70)).toEqual({ from: T0, to: T0 });
    expect(longestRunAtOrAbove(trace([0, 69.9]), 70)).toBeNull();
  });
});

describe('an outlet in a disinfection, at the bounds', () => {
  it.each([
    // DE: at least 70 °C for at least 3 minutes.
    ['DE', trace([0, 70], [3 * M, 70]), true, 70, 3],
    ['DE', trace([0, 70], [3 * M - S, 70]), false, 70, 2.98],
    ['DE', trace([0, 69.9], [10 * M, 69.9]), false, 70, 0],
    // NL: 60 °C for 20 minutes (59.9 does not count), 65 for 10, 70 for 5.
    ['NL', trace([0, 60], [10 * M, 60], [20 * M, 60]), true, 60, 20],
    ['NL', trace([0, 59.9], [10 * M, 60], [20 * M, 60]), false, 60, 10],
    ['NL', trace([0, 65], [10 * M, 65]), true, 65, 10],
    ['NL', trace([0, 70], [5 * M, 70]), true, 70, 5],
    ['NL', trace([0, 70], [4 * M, 70]), false, 70, 4],
  ] as const)('%s: %o reached %s (rule %d °C, %d min held)', (rulebook, readings, reached, celsius, minutes) => {
    const result = outletDisinfection(rulebook, readings);
    expect(result.reached).toBe(reached);
    expect(result.rule?.celsius).toBe(celsius);
    expect(result.minutes).toBe(minutes);
  });

  it('no readings: not reached, no figures; UK has no rule', () => {
    expect(outletDisinfection('DE', [])).toMatchObject({ reached: false, minutes: 0, max: null });
    expect(outletDisinfection('UK', trace([0, 80], [30 * M, 80]))).toMatchObject({ reached: false, rule: null });
  });

  it('a DST day: 20 minutes at 60 °C across the hour the clock repeats are 20 real minutes', () => {
    // Amsterdam 25 Oct 2026: 02:50 CEST (00:50Z) to 02:10 CET (01:10Z).
    const from = Date.parse('2026-10-25T00:50:00Z');
    const readings = [0, 5, 10, 15, 20].map((minute) => ({ at: from + minute * M, celsius: 60 }));
    expect(outletDisinfection('NL', readings)).toMatchObject({ reached: true, minutes: 20 });
  });
});

describe('finding disinfections in the traces', () => {
  const H = 60 * M;
  const rise = (offset: number, celsius = 72) => trace([offset - 15 * M, 58], [offset, celsius], [offset + 5 * M, celsius], [offset + 30 * M, 55]);
  it('hot outlets rising to the detection temperature within 6 hours are one disinfection, from an hour before the first to 3 hours after the last', () => {
    expect(detectDisinfections('DE', [rise(0), rise(2 * H)])).toEqual([{ from: T0 - H, to: T0 + 5 * H }]);
  });
  it('one outlet rising alone is no disinfection where there are more; the only outlet of a location is', () => {
    expect(detectDisinfections('DE', [rise(0), trace([0, 58])])).toEqual([]);
    expect(detectDisinfections('DE', [rise(0)])).toHaveLength(1);
  });
  it('rises more than 6 hours apart are not together; NL detects at 65 °C (60 °C is everyday hot water), UK not at all', () => {
    expect(detectDisinfections('DE', [rise(0), rise(6 * H + M)])).toEqual([]);
    expect(detectDisinfections('NL', [rise(0, 64.9), rise(H, 64.9)])).toEqual([]);
    expect(detectDisinfections('NL', [rise(0, 65), rise(H, 65)])).toHaveLength(1);
    expect(detectDisinfections('UK', [rise(0), rise(H)])).toEqual([]);
  });
  it('passes only when every outlet reached it', () => {
    expect(disinfectionPassed([{ reached: true }, { reached: true }])).toBe(true);
    expect(disinfectionPassed([{ reached: true }, { reached: false }])).toBe(false);
    expect(disinfectionPassed([])).toBe(false);
  });
});
