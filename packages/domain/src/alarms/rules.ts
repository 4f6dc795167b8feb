import { FAULTY_READING_AT_OR_BELOW, OFFLINE_AFTER_MS } from '../constants';
import { meetsLimit, temperatureLimit, type TRulebookId, type TTemperatureLimit } from '../logbook/rulebooks';
import { ALARM_HANDLE_FIELD, ALARM_HANDLE_WATER_FIELD, RIGHT_CATALOGUE } from '../rights/catalogue';
import type { TRightFlag } from '../rights/flags';
import type { TAlarmKind, TAlarmState } from './kinds';
import { samePlace, type TAlarmPlace } from './placement';
import { BATTERY_RECOVERY_MARGIN_V, isNewBatteryReading } from './flush-and-battery';

/**
 * When an alarm opens and closes (docs/alarms.md, "Kinds" and "Hysteresis"). Each rule looks at
 * one observation (a reading, a report, the clock) and says what it means for the alarm:
 * - 'present': the condition holds (open the alarm, or keep it open);
 * - 'absent':  the condition is gone (close the alarm when one is open);
 * - 'unchanged': the observation says nothing either way (a reading in the hysteresis band, a
 *   reading from a missing sensor, a reading about the battery before the last swap).
 * The server applies the verdicts (intake, offline job); these functions do no I/O.
 */
export type TConditionVerdict = 'present' | 'absent' | 'unchanged';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * A condition that comes back within this time after its alarm closed REOPENS that alarm (the
 * same row, closed_at back to null, a 'reopened' step) instead of opening a new one, so a
 * flapping reading does not make an alarm every 15 minutes. Only an alarm that was not resolved
 * reopens: after a resolution a returning condition is a new deviation (the corrective action
 * did not hold) and gets a new alarm. Offline needs 6 silent hours to come back, so it never
 * flaps; gateway offline is the gateways' (docs/gateways.md).
 */
export const ALARM_REOPEN_WITHIN_MS: Readonly<Record<TAlarmKind, number>> = {
  // A tired battery's voltage follows the day's temperature: a whole day.
  lowBattery: 24 * HOUR_MS,
  // A loose sensor connection: an hour (four readings at the usual 15 minutes).
  faultySensor: HOUR_MS,
  // Flushes come daily or weekly: a weak flush within a week of a good one is the same trouble.
  flushAlarm: 7 * 24 * HOUR_MS,
  waterDetection: HOUR_MS,
  offline: 0,
  settingsNotTaken: HOUR_MS,
  temperature: HOUR_MS,
  gatewayOffline: HOUR_MS,
  // Each laboratory result is its own fact: a result above after a closed alarm is a new alarm.
  legionella: 0,
  // The hourly look opens it again only while the point is still overdue: no hysteresis needed.
  samplingOverdue: 0,
  // Each check at the outlet is its own fact: a deviating reading after a closed alarm is a new alarm.
  checkDeviation: 0,
  // The hourly look opens it again only while a check is still overdue: no hysteresis needed.
  checkOverdue: 0,
};

/**
 * Whether a condition coming back at `opening.at` at the node's place reopens an alarm that closed
 * at `closedAt` in `state`. An alarm of another place (the node moved or was removed since) never
 * reopens: it belongs to that place's logbook, the new place gets its own alarm.
 */
export function reopensClosedAlarm(
  kind: TAlarmKind,
  closed: TAlarmPlace & { closedAt: number; state: TAlarmState },
  opening: TAlarmPlace & { at: number },
): boolean {
  if (closed.state === 'resolved' || !samePlace(closed, opening)) return false;
  return opening.at >= closed.closedAt && opening.at - closed.closedAt <= ALARM_REOPEN_WITHIN_MS[kind];
}

// ---- low battery ----

/** A battery reading: below the threshold present; at or above threshold + margin absent; a reading of the battery before the last swap says nothing. */
export function lowBatteryVerdict(reading: { voltage: number; threshold: number; readingMs: number; swappedMs: number | null }): TConditionVerdict {
  if (!isNewBatteryReading(reading)) return 'unchanged';
  if (reading.voltage < reading.threshold) return 'present';
  return reading.voltage >= reading.threshold + BATTERY_RECOVERY_MARGIN_V - 1e-9 ? 'absent' : 'unchanged';
}

/** A battery swap after the alarm opened closes it (the swap clears battery.alarm.ts too). */
export function batterySwapClosesAlarm(openedAtMs: number, swappedMs: number | null): boolean {
  return swappedMs !== null && swappedMs > openedAtMs;
}

// ---- faulty sensor (per temperature channel) ----

/** A temperature reading at or below -100 °C is a faulty (or missing) sensor; any other reading clears it. */
export function faultySensorVerdict(celsius: number): TConditionVerdict {
  return celsius <= FAULTY_READING_AT_OR_BELOW ? 'present' : 'absent';
}

// ---- flush alarm ----

/**
 * A flush that moved the temperature by less than the node's minimum deviation is weak
 * (present); a flush that moved it enough is good (absent); a flush with a missing sensor reading
 * is not judged.
 */
export function flushVerdict(flush: { before: number; after: number; minimumDeviation: number }): TConditionVerdict {
  if (flush.before <= FAULTY_READING_AT_OR_BELOW || flush.after <= FAULTY_READING_AT_OR_BELOW) return 'unchanged';
  return Math.abs(flush.after - flush.before) < flush.minimumDeviation ? 'present' : 'absent';
}

// ---- water detection ----

/** An overflow report: water detected present, dry absent. */
export function waterDetectionVerdict(detected: boolean): TConditionVerdict {
  return detected ? 'present' : 'absent';
}

// ---- node offline ----

/**
 * Offline as the dashboard counts it: no message for more than 6 hours. A node never heard is
 * not judged (no alarm for a node still in its box); any message closes the alarm.
 */
export function offlineVerdict(lastMessageMs: number | null, now: number): TConditionVerdict {
  if (lastMessageMs === null) return 'unchanged';
  return now - lastMessageMs > OFFLINE_AFTER_MS ? 'present' : 'absent';
}

/** When an offline alarm opens: the moment the node passed the 6 hours. */
export function offlineSinceMs(lastMessageMs: number): number {
  return lastMessageMs + OFFLINE_AFTER_MS;
}

// ---- settings not taken ----

/** After a parameter report: the node's registers differ from what it should have (devices.incorrect_settings). */
export function settingsNotTakenVerdict(incorrectSettings: boolean): TConditionVerdict {
  return incorrectSettings ? 'present' : 'absent';
}

// ---- sustained temperature (per WW / KW channel) ----

/** A customer's sustained-temperature duration when not set (customers.alarm_temperature_minutes). */
export const DEFAULT_ALARM_TEMPERATURE_MINUTES = 60;
export const ALARM_TEMPERATURE_MINUTES_MIN = 15;
export const ALARM_TEMPERATURE_MINUTES_MAX = 7 * 24 * 60;

/**
 * The limit a channel's readings must meet for the temperature alarm: the logbook's rulebook of
 * the location (its own, else its customer's, else by country) for hot (WW) and cold (KW)
 * water; a mixed outlet or a channel without a mode has none.
 */
export function temperatureAlarmLimit(rulebook: TRulebookId, mode: string | null | undefined, healthcare: boolean): TTemperatureLimit | null {
  if (mode !== 'WW' && mode !== 'KW') return null;
  return temperatureLimit(rulebook, mode, healthcare);
}

export interface TTemperatureObservation {
  /** Since when the channel's readings miss the limit without a break (ms), null when they meet it. */
  outOfRangeSince: number | null;
  limit: TTemperatureLimit | null;
  celsius: number;
  readingMs: number;
  durationMinutes: number;
}

/**
 * One temperature reading of a channel: the new out-of-range start, and the verdict. The alarm
 * is present once the readings have missed the limit for LONGER than the customer's duration
 * (so a single draw-off, which cools a hot pipe for a few minutes, does not alarm); a reading
 * that meets the limit ends the stretch and the alarm. A faulty reading (a sensor problem, its
 * own alarm) keeps the stretch as it is. A channel without a limit has no stretch.
 */
export function temperatureVerdict(observation: TTemperatureObservation): { outOfRangeSince: number | null; verdict: TConditionVerdict } {
  const { limit, celsius, readingMs } = observation;
  if (!limit) return { outOfRangeSince: null, verdict: 'absent' };
  if (celsius <= FAULTY_READING_AT_OR_BELOW) return { outOfRangeSince: observation.outOfRangeSince, verdict: 'unchanged' };
  if (meetsLimit(limit, celsius)) return { outOfRangeSince: null, verdict: 'absent' };
  const since = observation.outOfRangeSince ?? readingMs;
  const sustained = readingMs - since > observation.durationMinutes * MINUTE_MS;
  return { outOfRangeSince: since, verdict: sustained ? 'present' : 'unchanged' };
}

// ---- handling ----

export type THandlingStep = 'acknowledge' | 'assign' | 'comment' | 'resolve';

/** Message keys of a refused step (409). */
export const ALARM_STEP_REFUSED = {
  alreadyResolved: 'errors.alarmAlreadyResolved',
  alreadyAcknowledged: 'errors.alarmAlreadyAcknowledged',
} as const;

/**
 * The handling state after a step, or the reason it is refused:
 * new -> acknowledged -> assigned -> resolved; assign may come without acknowledge (it implies
 * it) and may hand an assigned alarm to someone else; resolve may come from any open state; a
 * comment is always allowed (also on a resolved alarm: what was found afterwards). A resolved
 * alarm takes no other step.
 */
export function nextHandlingState(state: TAlarmState, step: THandlingStep): { ok: true; state: TAlarmState } | { ok: false; key: string } {
  if (step === 'comment') return { ok: true, state };
  if (state === 'resolved') return { ok: false, key: ALARM_STEP_REFUSED.alreadyResolved };
  switch (step) {
    case 'acknowledge':
      return state === 'new' ? { ok: true, state: 'acknowledged' } : { ok: false, key: ALARM_STEP_REFUSED.alreadyAcknowledged };
    case 'assign':
      return { ok: true, state: 'assigned' };
    case 'resolve':
      return { ok: true, state: 'resolved' };
  }
}

/** Which handling right a kind needs (docs/alarms.md, "Rights"): water detections have their own flag. */
export function handlingFieldOf(kind: TAlarmKind): string {
  return kind === 'waterDetection' ? ALARM_HANDLE_WATER_FIELD : ALARM_HANDLE_FIELD;
}

/**
 * The flags that let a user handle a kind (besides administrator): those whose catalogue entries
 * write the kind's handling field. Read from the catalogue, so the web's buttons and the user form's
 * explanation say what the server checks.
 */
export function alarmHandlingFlags(kind: TAlarmKind): TRightFlag[] {
  const field = handlingFieldOf(kind);
  return (Object.keys(RIGHT_CATALOGUE) as (keyof typeof RIGHT_CATALOGUE)[]).filter((flag) =>
    RIGHT_CATALOGUE[flag].some((entry) => entry.path === field && (entry.type === 'rw' || entry.type === 'wo')),
  );
}

/** "To handle": everything except alarms both resolved and closed. */
export function isToHandle(alarm: { state: TAlarmState; closedAt: string | number | null }): boolean {
  return !(alarm.state === 'resolved' && alarm.closedAt !== null);
}
