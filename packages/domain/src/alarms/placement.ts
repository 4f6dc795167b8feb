import type { TAlarmKind } from './kinds';

/**
 * Alarms and the node's place (docs/alarms.md, "A node that moves or is removed"). An alarm keeps
 * the customer and location of the node at the time it opened: it belongs to that location's
 * logbook. When the node leaves that place (moved to another location or customer, or removed),
 * its active alarms close there, at the time of the move, with the reason in the 'closed' step.
 * A condition that still holds opens again under the new place: at once for the conditions of
 * the node itself (its battery, a sensor, its settings, its silence), from the next judgement for
 * the conditions of the place's water (temperature, flush, water detection).
 */

/** A node's place, or an alarm's (the node's when it opened). Null customer: unassigned. */
export interface TAlarmPlace {
  customerId: number | null;
  locationId: number | null;
}

export const samePlace = (a: TAlarmPlace, b: TAlarmPlace): boolean => a.customerId === b.customerId && a.locationId === b.locationId;

/**
 * Why a closed step closed the alarm, besides the condition clearing (`details.reason` of the
 * 'closed' step): the battery was swapped, the gateway deleted, the node moved or removed.
 */
export const ALARM_CLOSE_REASONS = ['batterySwap', 'gatewayDeleted', 'nodeMoved', 'nodeRemoved'] as const;
export type TAlarmCloseReason = (typeof ALARM_CLOSE_REASONS)[number];

/**
 * The reason of a timeline step from its stored details: `{ reason }` (every new row), and the
 * first shape of a battery swap, `{ batterySwap: true }`, which rows written before the reason
 * was normalised still carry. Anything else has no reason (the condition cleared by itself).
 */
export function alarmStepReason(details: unknown): TAlarmCloseReason | null {
  if (details === null || typeof details !== 'object') return null;
  const { reason, batterySwap } = details as { reason?: unknown; batterySwap?: unknown };
  if (typeof reason === 'string' && (ALARM_CLOSE_REASONS as readonly string[]).includes(reason)) return reason as TAlarmCloseReason;
  return batterySwap === true ? 'batterySwap' : null;
}

/**
 * Whether a node's active alarm closes because the node changed place, and why: null when the
 * alarm's place is the node's new one (nothing happens); 'nodeRemoved' when the node is no longer
 * assigned (no customer); 'nodeMoved' otherwise (another location, or another customer).
 */
export function placeChangeCloseReason(alarm: TAlarmPlace, node: TAlarmPlace): 'nodeMoved' | 'nodeRemoved' | null {
  if (samePlace(alarm, node)) return null;
  return node.customerId === null || node.locationId === null ? 'nodeRemoved' : 'nodeMoved';
}

/**
 * Kinds whose condition is the node's own, so it moves with the node: a low battery, a faulty
 * sensor, settings the node did not take, a silent node. Their alarm closed by a move opens again
 * at once under the new place (same time, `details.reason` 'nodeMoved' on its 'opened' step):
 * their next judgement may be far off (a parameter report comes only when settings are sent).
 * Temperature, flush and water detection are about the water at the place: the new place's alarm
 * opens from a reading there (the temperature stretch starts again at the move).
 */
export const NODE_BOUND_ALARM_KINDS: readonly TAlarmKind[] = ['lowBattery', 'faultySensor', 'settingsNotTaken', 'offline'];

/**
 * Whether an alarm of `kind` closed by the node's change of place opens again at once at the
 * node's new place. A battery swapped in the same request (one PATCH may move and swap) ends the
 * low battery: it does not open again.
 */
export function opensAgainAtNewPlace(kind: TAlarmKind, node: TAlarmPlace, batterySwapped = false): boolean {
  if (node.customerId === null || node.locationId === null) return false;
  if (kind === 'lowBattery' && batterySwapped) return false;
  return NODE_BOUND_ALARM_KINDS.includes(kind);
}
