import type { TIntakeEvent } from '@aquasmart/domain';

/**
 * Where an event with an error stands: handled (processed, e.g. an unknown device recorded),
 * waiting for its next attempt, or waiting for the worker. A message key of provisioning with
 * the moment it concerns.
 */
export function intakeState(event: Pick<TIntakeEvent, 'processedAt' | 'nextAttemptAt'>): { key: string; at: string | null } {
  if (event.processedAt) return { key: 'provisioning.stateDone', at: event.processedAt };
  if (event.nextAttemptAt) return { key: 'provisioning.stateRetrying', at: event.nextAttemptAt };
  return { key: 'provisioning.stateWaiting', at: null };
}
