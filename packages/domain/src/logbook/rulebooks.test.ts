import { describe, expect, it } from 'vitest';
import {
  channelVerdict,
  effectiveRulebook,
  flushProved,
  inGrowthRange,
  keepUntil,
  locationVerdict,
  meetsLimit,
  missedFlushes,
  rulebookForCountry,
  temperatureLimit,
  type TChannelMode,
  type TRulebookId,
  type TVerdict,
} from './rulebooks';

/** Each limit on both sides of its bound (docs/logbook.md, "Rulebooks"). */
const LIMITS: [TRulebookId, TChannelMode, boolean, number, boolean][] = [
  ['NL', 'WW', false, 59.9, false],
  ['NL', 'WW', false, 60, true],
  ['NL', 'WW', true, 60, true],
  ['NL', 'KW', false, 25, true],
  ['NL', 'KW', false, 25.1, false],
  ['UK', 'WW', false, 49.9, false],
  ['UK', 'WW', false, 50, true],
  ['UK', 'WW', true, 54.9, false],
  ['UK', 'WW', true, 55, true],
  ['UK', 'KW', false, 19.9, true],
  ['UK', 'KW', false, 20, false],
  ['DE', 'WW', false, 54.9, false],
  ['DE', 'WW', false, 55, true],
  ['DE', 'KW', false, 25, true],
  ['DE', 'KW', false, 25.1, false],
];

describe('temperature limits', () => {
  it.each(LIMITS)('%s %s (healthcare %s) at %d °C meets the limit: %s', (rulebook, mode, healthcare, celsius, meets) => {
    const limit = temperatureLimit(rulebook, mode, healthcare);
    expect(limit).not.toBeNull();
    expect(meetsLimit(limit!, celsius)).toBe(meets);
    expect(flushProved(rulebook, mode, celsius, healthcare)).toBe(meets);
  });

  it.each(['NL', 'UK', 'DE'] as const)('%s: a mixed outlet has no limit, its flush proves nothing', (rulebook) => {
    expect(temperatureLimit(rulebook, 'Meng/uittap')).toBeNull();
    expect(flushProved(rulebook, 'Meng/uittap', 10)).toBeNull();
  });
});

describe('growth range', () => {
  it.each([
    [25, false],
    [25.1, true],
    [37, true],
    [49.9, true],
    [50, false],
    [-102.4, false],
  ])('%d °C in 25-50: %s', (celsius, inside) => expect(inGrowthRange(celsius)).toBe(inside));
});

describe('the flush duty', () => {
  const HOUR = 3_600_000;
  const from = Date.UTC(2026, 10, 2);
  it.each([
    ['NL', [from + 168 * HOUR], from + 168 * HOUR, 0],
    ['NL', [], from + 168 * HOUR, 0],
    ['NL', [], from + 168 * HOUR + 1, 1],
    ['NL', [from + 100 * HOUR], from + 300 * HOUR, 1],
    ['DE', [from + 72 * HOUR], from + 144 * HOUR, 0],
    ['DE', [from + 72 * HOUR], from + 144 * HOUR + 1, 1],
    ['DE', [from + 73 * HOUR], from + 100 * HOUR, 1],
    ['UK', [from + 24 * HOUR, from + 190 * HOUR], from + 200 * HOUR, 0],
    ['UK', [from + 24 * HOUR, from + 193 * HOUR], from + 200 * HOUR, 1],
  ] as const)('%s, flushes %j, until %d: %i stretches missed', (rulebook, flushes, to, count) => {
    expect(missedFlushes(rulebook, flushes, from, to)).toHaveLength(count);
  });

  it('names the stretch that was missed; flushes outside the period do not count', () => {
    expect(missedFlushes('DE', [from - HOUR, from + 10 * HOUR], from, from + 100 * HOUR)).toEqual([{ from: from + 10 * HOUR, to: from + 100 * HOUR }]);
  });
});

describe('choosing the rulebook', () => {
  it.each([
    ['Nederland', 'NL'],
    [' nederland ', 'NL'],
    ['NL', 'NL'],
    ['United Kingdom', 'UK'],
    ['GB', 'UK'],
    ['England', 'UK'],
    ['Deutschland', 'DE'],
    ['Germany', 'DE'],
    ['België', 'NL'],
    ['', 'NL'],
    [null, 'NL'],
  ] as const)('country %j -> %s', (country, rulebook) => expect(rulebookForCountry(country)).toBe(rulebook));

  it('a location overrides its customer, which overrides its country', () => {
    expect(effectiveRulebook('DE', 'UK', 'Nederland')).toBe('DE');
    expect(effectiveRulebook(null, 'UK', 'Nederland')).toBe('UK');
    expect(effectiveRulebook(undefined, null, 'Deutschland')).toBe('DE');
  });
});

describe('retention', () => {
  it.each([
    ['NL', '2029-11-30T23:00:00.000Z'],
    ['UK', '2031-11-30T23:00:00.000Z'],
    ['DE', '2036-11-30T23:00:00.000Z'],
  ] as const)('%s keeps the records of a period ending 30 Nov 2026 until %s', (rulebook, until) => {
    expect(keepUntil(rulebook, new Date('2026-11-30T23:00:00.000Z')).toISOString()).toBe(until);
  });
});

describe('verdicts', () => {
  it.each([
    [{ coverage: 0.8999, readingsOutsideLimit: 0, missedFlushes: 0, failedFlushes: 0 }, 'insufficientData'],
    [{ coverage: 0.9, readingsOutsideLimit: 0, missedFlushes: 0, failedFlushes: 0 }, 'compliant'],
    [{ coverage: 1, readingsOutsideLimit: 1, missedFlushes: 0, failedFlushes: 0 }, 'deviations'],
    [{ coverage: 1, readingsOutsideLimit: 0, missedFlushes: 1, failedFlushes: 0 }, 'deviations'],
    [{ coverage: 1, readingsOutsideLimit: 0, missedFlushes: 0, failedFlushes: 1 }, 'deviations'],
    [{ coverage: 0.5, readingsOutsideLimit: 3, missedFlushes: 0, failedFlushes: 0 }, 'insufficientData'],
  ] as const)('%j -> %s', (figures, verdict) => expect(channelVerdict(figures)).toBe(verdict));

  it.each([
    [[], 'insufficientData'],
    [['compliant', 'compliant'], 'compliant'],
    [['compliant', 'insufficientData'], 'insufficientData'],
    [['insufficientData', 'deviations'], 'deviations'],
    [['compliant', 'deviations'], 'deviations'],
  ] as [TVerdict[], TVerdict][])('a location with %j is %s', (verdicts, verdict) => expect(locationVerdict(verdicts)).toBe(verdict));
});
