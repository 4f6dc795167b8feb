import { describe, expect, it } from 'vitest';
import { mailState, mailStateColour } from './mail-state';

describe('the state of an outbox e-mail', () => {
  it.each([
    [{ state: 'sent', sentAt: '2026-01-01T10:00:00.000Z', nextAttemptAt: null, attempts: 1 }, 'alerts.states.sent', '2026-01-01T10:00:00.000Z', 'success'],
    [{ state: 'pending', sentAt: null, nextAttemptAt: null, attempts: 0 }, 'alerts.states.pending', null, 'default'],
    [{ state: 'pending', sentAt: null, nextAttemptAt: '2026-01-01T10:05:00.000Z', attempts: 2 }, 'alerts.states.retrying', '2026-01-01T10:05:00.000Z', 'warning'],
    [{ state: 'failed', sentAt: null, nextAttemptAt: null, attempts: 30 }, 'alerts.states.failed', null, 'error'],
    [{ state: 'unsent', sentAt: null, nextAttemptAt: null, attempts: 0 }, 'alerts.states.unsent', null, 'error'],
  ] as const)('%j -> %s', (item, key, at, colour) => {
    expect(mailState(item)).toEqual({ key, at });
    expect(mailStateColour(item)).toBe(colour);
  });
});
