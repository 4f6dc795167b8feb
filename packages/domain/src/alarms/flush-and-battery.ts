import { FAULTY_READING_AT_OR_BELOW } from '../constants';

/**
 * The two alarm rules that both the intake (server, modules/telemetry) and the logbook report
 * judge by, kept here so the logbook needs nothing of the intake (docs/telemetry.md,
 * "Processing and alarms").
 */

/** Supply-voltage threshold when register 1 does not name one (the nodes' factory setting). */
export const DEFAULT_SUPPLY_VOLTAGE_THRESHOLD = 3.1;

/** A flush that moved the temperature by less than the minimum deviation; flushes with a missing sensor are not judged. */
export function isWeakFlush(before: number, after: number, minimumDeviation: number): boolean {
  if (before <= FAULTY_READING_AT_OR_BELOW || after <= FAULTY_READING_AT_OR_BELOW) return false;
  return Math.abs(after - before) < minimumDeviation;
}
