import { meetsLimit, type TTemperatureLimit } from '../logbook/rulebooks';

/**
 * A check's reading judged (docs/outlets.md, "Results"), and the sensor checked by hand (issue 41
 * item 5): a manual reading at an outlet linked to a node's channel against the node's reading at
 * that time.
 */

export const READING_VERDICTS = ['withinLimit', 'outsideLimit', 'notWithinTime', 'notJudged'] as const;
export type TReadingVerdict = (typeof READING_VERDICTS)[number];

/**
 * - `outsideLimit`: the reading misses the limit (a deviation, whatever the running time);
 * - `notWithinTime`: it meets the limit, but the water ran longer than the rulebook's running test
 *   allows (UK hot 50 °C within 1 minute): the test is not shown to be met, a deviation too;
 * - `notJudged`: no limit (a mixed outlet behind a TMV);
 * - `withinLimit`: met within the time (or no running time was given where the rulebook asks none).
 */
export function judgeReading(limit: TTemperatureLimit | null, celsius: number, ranSeconds: number | null, allowedSeconds: number | null): TReadingVerdict {
  if (!limit) return 'notJudged';
  if (!meetsLimit(limit, celsius)) return 'outsideLimit';
  if (allowedSeconds !== null && ranSeconds !== null && ranSeconds > allowedSeconds) return 'notWithinTime';
  return 'withinLimit';
}

/** Whether a verdict is a deviation: it opens one at once. */
export function isDeviation(verdict: TReadingVerdict): boolean {
  return verdict === 'outsideLimit' || verdict === 'notWithinTime';
}

/** A manual reading and the node's differ by more than this: possible sensor drift (a calibration due). */
export const DRIFT_CELSIUS = 1.5;

/**
 * Possible sensor drift: the manual and the node's reading differ by more than 1.5 °C. The
 * difference is taken to 0.01 °C first, so 38.7 against 37.2 (1.5000000000000036 in floating point)
 * is 1.5 and not drift.
 */
export function driftSuspected(manualCelsius: number, nodeCelsius: number): boolean {
  const difference = Math.round(Math.abs(manualCelsius - nodeCelsius) * 100) / 100;
  return difference > DRIFT_CELSIUS;
}
