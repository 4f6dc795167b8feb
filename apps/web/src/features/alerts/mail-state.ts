import type { TMailOutboxItem } from '@aquasmart/domain';

/**
 * How an outbox e-mail stands, as a message key of the alerts texts with the moment it concerns:
 * sent (when), waiting for its next attempt (when), waiting for its first, given up, not sent.
 */
export function mailState(item: Pick<TMailOutboxItem, 'state' | 'sentAt' | 'nextAttemptAt'>): { key: string; at: string | null } {
  switch (item.state) {
    case 'sent':
      return { key: 'alerts.states.sent', at: item.sentAt };
    case 'pending':
      return item.nextAttemptAt ? { key: 'alerts.states.retrying', at: item.nextAttemptAt } : { key: 'alerts.states.pending', at: null };
    case 'failed':
      return { key: 'alerts.states.failed', at: null };
    case 'unsent':
      return { key: 'alerts.states.unsent', at: null };
  }
}

/** The colour of the state chip: a problem is an error, waiting a warning. */
export function mailStateColour(item: Pick<TMailOutboxItem, 'state' | 'attempts'>): 'success' | 'warning' | 'error' | 'default' {
  if (item.state === 'sent') return 'success';
  if (item.state === 'failed' || item.state === 'unsent') return 'error';
  return item.attempts > 0 ? 'warning' : 'default';
}
