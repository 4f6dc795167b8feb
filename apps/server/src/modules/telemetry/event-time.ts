import type { TUplinkMessage } from '@aquasmart/domain';

/**
 * Which time processing believes. Times from the network (a gateway's clock, the node's own
 * clock in its message) are trusted from 2015 until a day ahead of now; a clock outside that is
 * wrong, and a time far ahead would otherwise stick: a device whose last-seen time is 9999 never
 * takes a later uplink as newer.
 */
export const EARLIEST_PLAUSIBLE_MS = Date.UTC(2015, 0, 1);
export const FUTURE_TOLERANCE_MS = 86_400_000;

export function isPlausibleMs(ms: number, now: number): boolean {
  return ms >= EARLIEST_PLAUSIBLE_MS && ms <= now + FUTURE_TOLERANCE_MS;
}

/** Reception time (lora.ts): the network's time when plausible, else when the server stored the event. */
export function receptionMs(reportedMs: number, storedAtMs: number, now: number): number {
  return isPlausibleMs(reportedMs, now) ? reportedMs : storedAtMs;
}

/** History time: the time the node measured when plausible, else the reception time (also for messages without a time). */
export function messageMs(message: TUplinkMessage, reception: number, now: number): number {
  if (!('timestamp' in message)) return reception;
  const ms = message.timestamp * 1000;
  return isPlausibleMs(ms, now) ? ms : reception;
}
