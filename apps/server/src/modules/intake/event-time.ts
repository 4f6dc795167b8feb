import { z } from 'zod';

/**
 * Times in network-server events (gateway, network-server and event times). A time that no
 * clock could mean is refused with a 400 at intake: stored, it failed in processing (PostgreSQL
 * cannot hold year 10000) and was retried forever. The bounds are wide on purpose: a gateway with
 * a wrong but well-formed clock (1970, 9999-12-31) is not refused, since its devices' readings
 * matter more than its clock; processing clamps such times to the server's reception time
 * (telemetry/event-time.ts).
 */

/** The Unix epoch: an earlier (negative) time is no gateway's or network server's clock. */
export const EARLIEST_EVENT_TIME_MS = 0;
/** The last instant of year 9999: RFC 3339 has four-digit years, and PostgreSQL stores every time up to it. */
export const LATEST_EVENT_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * RFC 3339 date-time (ChirpStack sends nanoseconds, The Things Stack `Z`). Date.parse alone would
 * also take "Nov 20 2026" or a six-digit year, so the form is checked first.
 */
const RFC_3339 = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt ]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** The time in ms since the epoch, or undefined when it is no RFC 3339 time within the bounds. */
export function eventTimeMs(text: string): number | undefined {
  if (!RFC_3339.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isFinite(ms) && ms >= EARLIEST_EVENT_TIME_MS && ms <= LATEST_EVENT_TIME_MS ? ms : undefined;
}

/** A time field of an event. Empty counts as left out (protobuf JSON's default value). */
export const ZEventTime = z.string().refine((text) => text === '' || eventTimeMs(text) !== undefined, {
  message: 'not an RFC 3339 time between 1970-01-01 and 9999-12-31',
});

/** A checked time field in ms, or undefined when left out. */
export function timeMs(value: string | undefined): number | undefined {
  return value ? eventTimeMs(value) : undefined;
}
