import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { defaultAlarmNotifications, type TAlarmNotifications } from '@aquasmart/domain';
import { AlarmNotificationsSummary } from './alarm-notifications-summary';

const summary = (change: Partial<TAlarmNotifications>) => render(<AlarmNotificationsSummary preferences={{ ...defaultAlarmNotifications(), ...change }} />).container.textContent;

describe('AlarmNotificationsSummary (the user page)', () => {
  it.each([
    ['nothing on', {}, /^Uit/],
    ['a kind without channels goes by e-mail', { kinds: { ...defaultAlarmNotifications().kinds, flushAlarm: 'immediately' } }, /^Spoelalarm: Direct \(e-mail\)/],
    [
      'the chosen channels, in the catalogue\'s order',
      { kinds: { ...defaultAlarmNotifications().kinds, offline: 'digest' }, channels: { offline: ['sms', 'teams'] } },
      /^Node offline: Dagelijks overzicht \(Teams, sms\)/,
    ],
  ] as const)('%s', (_case, change, expected) => {
    expect(summary(change as Partial<TAlarmNotifications>)).toMatch(expected);
  });

  it('never shows the Teams or Slack address (a secret)', () => {
    const text = summary({ kinds: { ...defaultAlarmNotifications().kinds, offline: 'immediately' }, channels: { offline: ['teams'] }, teamsUrl: 'https://example.webhook.office.com/geheim' });
    expect(text).toContain('Node offline: Direct (Teams)');
    expect(text).not.toContain('geheim');
  });
});
