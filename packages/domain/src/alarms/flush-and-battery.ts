import { FAULTY_READING_AT_OR_BELOW } from '../constants';

/**
 * The two alarm rules that both the intake (server, modules/telemetry) and the logbook report
 * judge by, kept here so the logbook needs nothing of the intake (docs/telemetry.md,
 * "Processing and alarms").
 */

/** Supply-voltage threshold when register 1 does not name one (the nodes' factory setting). */
export const DEFAULT_SUPPLY_VOLTAGE_THRESHOLD = 3.1;

/** The threshold of register 1 (`supply-voltage-threshold`, V), or the default. */
export function supplyVoltageThreshold(register1: unknown): number {
  const value = register1 && typeof register1 === 'object' ? (register1 as Record<string, unknown>)['supply-voltage-threshold'] : undefined;
  return typeof value === 'number' && value > 0 ? value : DEFAULT_SUPPLY_VOLTAGE_THRESHOLD;
}

/**
 * A low-battery alarm closes only on a reading this far above the threshold (or on a battery
 * swap): a tired battery recovers a little when it rests or warms up, which is no reason to stop
 * warning (docs/telemetry.md). Readings in between change nothing.
 */
export const BATTERY_RECOVERY_MARGIN_V = 0.1;

/**
 * How long before a recorded battery swap a reading can already be the new battery's: the engineer
 * puts the battery in, the node reports at once, and the swap is entered in the portal minutes
 * later; the node's clock may also run ahead of the server's (docs/calibration.md, "Battery swap").
 */
export const SWAP_READING_GRACE_MS = 15 * 60_000;

/**
 * Whether a battery reading is of the battery in the node since the last swap: one measured after
 * the swap, or one measured at most SWAP_READING_GRACE_MS before it with a voltage of a good battery
 * (threshold + recovery margin or more). A low reading from before the swap is the old battery's,
 * however close: it never raises an alarm about the new one.
 */
export function isNewBatteryReading(reading: { voltage: number; threshold: number; readingMs: number; swappedMs: number | null }): boolean {
  const { voltage, threshold, readingMs, swappedMs } = reading;
  if (swappedMs === null || readingMs >= swappedMs) return true;
  return swappedMs - readingMs <= SWAP_READING_GRACE_MS && voltage >= threshold + BATTERY_RECOVERY_MARGIN_V - 1e-9;
}

/** A flush that moved the temperature by less than the minimum deviation; flushes with a missing sensor are not judged. */
export function isWeakFlush(before: number, after: number, minimumDeviation: number): boolean {
  if (before <= FAULTY_READING_AT_OR_BELOW || after <= FAULTY_READING_AT_OR_BELOW) return false;
  return Math.abs(after - before) < minimumDeviation;
}
