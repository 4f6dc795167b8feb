import type { TPlatformState } from './api';
import type { TPlatformProblem } from './platform-problems';

/** When the next request goes: nothing waiting to send, due now (the sender looks every 2 s), or at a time. */
export type TPlatformNext = null | 'now' | { at: string };

/**
 * What the platform tab says (docs/platforms.md, "State"), one of:
 * - `none`: no platform of its own;
 * - `notConfigured`: a platform is chosen but it cannot deliver as set up (no address, no token,
 *   LEGIONELLADOSSIER_URL missing on the server);
 * - `waiting`: set up, nothing delivered yet;
 * - `delivering`: delivered before, the last request arrived;
 * - `failing`: the last request failed and is retried (`since`: the oldest item still waiting);
 * - `stopped`: the receiver refused; waits until the endpoint is edited or retried.
 */
export type TPlatformDisplay =
  | { kind: 'none' }
  | { kind: 'notConfigured'; problem: TPlatformProblem }
  | { kind: 'waiting'; next: TPlatformNext }
  | { kind: 'delivering'; next: TPlatformNext }
  | { kind: 'failing'; since: string | null; next: TPlatformNext }
  | { kind: 'stopped' };
export type TPlatformDisplayKind = TPlatformDisplay['kind'];

type TDisplayInput = Pick<TPlatformState, 'state' | 'platform' | 'problem' | 'nextAttemptAt' | 'backlog' | 'delivered' | 'lastDeliveredAt' | 'waitingSince'>;

/**
 * The state to show, from the endpoint's stored state and its configuration now. A configuration
 * problem wins over the stored state: an endpoint without an address never "delivers". The next
 * request is shown only while items wait (the sender leaves an endpoint without a backlog alone, so
 * its stored time lies in the past), and as "now" once it is due.
 */
export function platformDisplay(state: TDisplayInput, now: Date): TPlatformDisplay {
  if (state.state === 'none' || state.platform === null) return { kind: 'none' };
  if (state.problem !== null) return { kind: 'notConfigured', problem: state.problem };
  if (state.state === 'parked') return { kind: 'stopped' };
  const next = nextRequest(state, now);
  if (state.state === 'retrying') return { kind: 'failing', since: state.waitingSince, next };
  const deliveredBefore = state.delivered > 0 || state.lastDeliveredAt !== null;
  return deliveredBefore ? { kind: 'delivering', next } : { kind: 'waiting', next };
}

function nextRequest(state: TDisplayInput, now: Date): TPlatformNext {
  if (state.backlog === 0) return null;
  if (state.nextAttemptAt === null || Date.parse(state.nextAttemptAt) <= now.getTime()) return 'now';
  return { at: state.nextAttemptAt };
}
