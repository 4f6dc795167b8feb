import { applyOffset, isNewBatteryReading, isWeakFlush } from '@aquasmart/domain';

/**
 * Alarm rules of docs/telemetry.md ("Processing and alarms"), with the constants of
 * docs/screens.md ("Constants").
 * Offline (lora.ts older than 6 hours) and faulty sensor (a temperature channel at or below
 * -100) are read from the current state when asked; the two below are stored.
 */

/**
 * battery.alarm.ts in SECONDS, 0 = none. A reading below the threshold raises the alarm at the
 * reading's time; a raised alarm stays until the battery swap clears it (a tired battery
 * recovers a little when it rests or warms up, which is no reason to stop warning). A low reading
 * measured before the last battery swap (one that arrives late) is about the old battery.
 */
export function nextBatteryAlarmTs(currentS: number, voltage: number, threshold: number, readingMs: number, swappedMs: number | null = null): number {
  if (currentS !== 0) return currentS;
  if (!isNewBatteryReading({ voltage, threshold, readingMs, swappedMs })) return 0;
  return voltage < threshold ? Math.floor(readingMs / 1000) : 0;
}

/**
 * flush.alarm.ts in MILLISECONDS, 0 = none. A flush that moved the temperature by less than the
 * node's minimum temperature deviation sets it to that flush's time (the latest such flush
 * wins); a good flush later does not clear it, as in the demo data.
 */
export function nextFlushAlarmTs(currentMs: number, before: number, after: number, minimumDeviation: number, flushMs: number): number {
  return isWeakFlush(before, after, minimumDeviation) ? Math.max(currentMs, flushMs) : currentMs;
}

/** A reading with the calibration offset applied; one rule with the calibration calls (domain calibration.ts). */
export const calibrated = applyOffset;
