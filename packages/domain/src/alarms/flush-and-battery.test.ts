import { describe, expect, it } from 'vitest';
import { DEFAULT_SUPPLY_VOLTAGE_THRESHOLD, isNewBatteryReading, isWeakFlush, SWAP_READING_GRACE_MS, supplyVoltageThreshold } from './flush-and-battery';

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

describe('supplyVoltageThreshold: register 1 or the default', () => {
  it.each([
    [{ 'supply-voltage-threshold': 2.9, sendinterval: 6 }, 2.9],
    [{ sendInterval: 6 }, DEFAULT_SUPPLY_VOLTAGE_THRESHOLD],
    [undefined, DEFAULT_SUPPLY_VOLTAGE_THRESHOLD],
    [{ 'supply-voltage-threshold': 0 }, DEFAULT_SUPPLY_VOLTAGE_THRESHOLD],
  ])('threshold from register 1 %j is %s V', (register1, threshold) => {
    expect(supplyVoltageThreshold(register1)).toBe(threshold);
  });
});

describe('isNewBatteryReading: which reading is the battery in the node since the swap (docs/calibration.md)', () => {
  const swappedMs = Date.UTC(2026, 10, 29, 14, 0);
  it.each<[string, number, number, number | null, boolean]>([
    ['no swap recorded: every reading', 2.9, swappedMs - 3600_000, null, true],
    ['measured after the swap, low', 2.9, swappedMs + 1, swappedMs, true],
    ['measured at the swap', 3.6, swappedMs, swappedMs, true],
    ['a good voltage a minute before the swap (battery in, swap entered later)', 3.6, swappedMs - 60_000, swappedMs, true],
    ['a good voltage at the edge of the grace', 3.6, swappedMs - SWAP_READING_GRACE_MS, swappedMs, true],
    ['a good voltage just past the grace: the old battery', 3.6, swappedMs - SWAP_READING_GRACE_MS - 1, swappedMs, false],
    ['threshold + margin exactly, before the swap: a good battery', 3.2, swappedMs - 60_000, swappedMs, true],
    ['between threshold and threshold + margin, before the swap: the old battery', 3.15, swappedMs - 60_000, swappedMs, false],
    ['a low voltage a second before the swap: the old battery', 3.05, swappedMs - 1000, swappedMs, false],
  ])('%s', (_what, voltage, readingMs, swapped, expected) => {
    expect(isNewBatteryReading({ voltage, threshold: 3.1, readingMs, swappedMs: swapped })).toBe(expected);
  });
});
