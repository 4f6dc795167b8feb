import { describe, expect, it } from 'vitest';
import type { TTemperatureLimit } from '../logbook/rulebooks';
import { driftSuspected, isDeviation, judgeReading } from './readings';

const hotUk: TTemperatureLimit = { kind: 'atLeast', celsius: 50 };
const coldUk: TTemperatureLimit = { kind: 'below', celsius: 20 };
const coldNl: TTemperatureLimit = { kind: 'atMost', celsius: 25 };

describe('a reading judged by its limit and running time', () => {
  it.each([
    [hotUk, 50, 60, 60, 'withinLimit'],
    [hotUk, 49.9, 60, 60, 'outsideLimit'],
    [hotUk, 50, 61, 60, 'notWithinTime'],
    [hotUk, 49.9, 61, 60, 'outsideLimit'],
    [hotUk, 50, null, 60, 'withinLimit'],
    [coldUk, 19.9, 120, 120, 'withinLimit'],
    [coldUk, 20, 120, 120, 'outsideLimit'],
    [coldNl, 25, 120, 120, 'withinLimit'],
    [coldNl, 25.1, 30, 120, 'outsideLimit'],
    [null, 38, 60, 60, 'notJudged'],
  ] as const)('%o: %d °C after %s s (allowed %s s): %s', (limit, celsius, ran, allowed, verdict) => {
    expect(judgeReading(limit, celsius, ran, allowed)).toBe(verdict);
  });

  it.each([
    ['withinLimit', false],
    ['outsideLimit', true],
    ['notWithinTime', true],
    ['notJudged', false],
  ] as const)('%s is a deviation: %s', (verdict, deviation) => {
    expect(isDeviation(verdict)).toBe(deviation);
  });
});

describe('possible sensor drift: more than 1.5 °C between the manual and the node reading', () => {
  it.each([
    [60, 58.5, false],
    [58.5, 60, false],
    [60, 58.4, true],
    [58.4, 60, true],
    [21.6, 20, true],
    [21.5, 20, false],
    [38.7, 37.2, false],
    [38.8, 37.2, true],
    [12, 12, false],
    [-0.5, 1, false],
    [-0.6, 1, true],
  ] as const)('manual %d, node %d: %s', (manual, node, drift) => {
    expect(driftSuspected(manual, node)).toBe(drift);
  });
});
