import { describe, expect, it } from 'vitest';
import { DEFAULT_SUPPLY_VOLTAGE_THRESHOLD, isWeakFlush } from './flush-and-battery';

describe('isWeakFlush: moved by less than the minimum deviation, a missing sensor not judged', () => {
  it.each<[string, number, number, number, boolean]>([
    ['moved 0.5 of 2', 40, 40.5, 2, true],
    ['moved down 0.5 of 2', 40, 39.5, 2, true],
    ['moved exactly the minimum', 40, 42, 2, false],
    ['moved more than the minimum', 55, 30, 2, false],
    ['did not move, minimum 0', 40, 40, 0, false],
    ['sensor missing before', -102.4, 40, 2, false],
    ['sensor missing after', 40, -102.4, 2, false],
    ['reading at the faulty bound (-100)', -100, -100, 2, false],
    ['reading just above the faulty bound', -99.9, -99.9, 2, true],
  ])('%s -> %s', (_case, before, after, minimumDeviation, weak) => {
    expect(isWeakFlush(before, after, minimumDeviation)).toBe(weak);
  });
});

describe('DEFAULT_SUPPLY_VOLTAGE_THRESHOLD', () => {
  it('is the nodes\' factory setting of register 1, 3.1 V', () => {
    expect(DEFAULT_SUPPLY_VOLTAGE_THRESHOLD).toBe(3.1);
  });
});
