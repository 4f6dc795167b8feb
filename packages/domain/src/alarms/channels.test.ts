import { describe, expect, it } from 'vitest';
import {
  channelChoiceProblems,
  channelsOfKind,
  clipText,
  codeVerdict,
  isChannelWebhookUrl,
  mayResendCode,
  normalPhone,
  usableChannels,
  type TAlarmChannel,
} from './channels';
import { dueStage, stageDelivery, ZEscalationStages, type TStageUser } from './escalation-stages';
import { readStoredAlarmNotifications, ZAlarmNotifications } from './notifications';

describe('normalPhone', () => {
  it.each([
    ['+31612345678', '+31612345678'],
    ['+31 6 1234 5678', '+31612345678'],
    ['0031-6-12345678', '+31612345678'],
    ['(+31) 6.1234.5678', '+31612345678'],
    ['0612345678', null],
    ['+0612345678', null],
    ['+3161234', null],
    ['+3161234567', '+3161234567'],
    ['+1234567890123456', null],
    ['+31 6 abc', null],
    ['', null],
  ])('%s -> %s', (text, phone) => {
    expect(normalPhone(text)).toBe(phone);
  });
});

describe('isChannelWebhookUrl', () => {
  it.each([
    ['teams', 'https://contoso.webhook.office.com/webhookb2/abc', false, true],
    ['teams', 'https://prod-12.westeurope.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?sig=x', false, true],
    ['teams', 'http://contoso.webhook.office.com/webhookb2/abc', false, false],
    ['teams', 'https://evil.example/webhook.office.com', false, false],
    ['teams', 'https://webhook.office.com.evil.example/x', false, false],
    ['slack', 'https://hooks.slack.com/services/T0/B0/x', false, true],
    ['slack', 'https://user:pw@hooks.slack.com/services/T0/B0/x', false, false],
    ['slack', 'https://relay.example/slack', false, false],
    ['slack', 'https://relay.example/slack', true, true],
    ['slack', 'ftp://relay.example/slack', true, false],
    ['slack', 'not a url', true, false],
  ] as const)('%s %s (any host %s): %s', (channel, url, anyHost, ok) => {
    expect(isChannelWebhookUrl(channel, url, anyHost)).toBe(ok);
  });
});

describe('channels of a kind', () => {
  it.each([
    [{}, ['email']],
    [{ offline: [] }, ['email']],
    [{ offline: ['sms', 'teams', 'sms'] }, ['teams', 'sms']],
    [{ lowBattery: ['sms'] }, ['email']],
  ] as const)('%j -> %j', (channels, expected) => {
    expect(channelsOfKind(channels as Record<string, TAlarmChannel[]>, 'offline')).toEqual(expected);
  });

  it.each([
    [['email', 'teams', 'slack', 'sms'], { teamsUrl: 'https://t', slackUrl: 'https://s', phone: '+31612345678' }, ['email', 'teams', 'slack', 'sms']],
    [['teams', 'slack', 'sms'], { teamsUrl: null, slackUrl: null, phone: null }, []],
    [['sms'], { teamsUrl: null, slackUrl: null, phone: '+31612345678' }, ['sms']],
    [['email'], { teamsUrl: null, slackUrl: null, phone: null }, ['email']],
  ] as const)('usable %j with %j -> %j', (chosen, reach, expected) => {
    expect(usableChannels(chosen, reach)).toEqual(expected);
  });

  it('a choice needs its URL or a verified phone', () => {
    expect(channelChoiceProblems({ offline: ['teams'], legionella: ['sms'] }, { teamsUrl: null, slackUrl: null, phoneVerified: false })).toEqual({
      'alarmNotifications.channels.offline': 'validation.channelNeedsUrl',
      'alarmNotifications.channels.legionella': 'validation.channelNeedsPhone',
    });
    expect(channelChoiceProblems({ offline: ['teams', 'sms', 'email'] }, { teamsUrl: 'https://x', slackUrl: null, phoneVerified: true })).toEqual({});
  });

  it('the preferences keep channels and URLs; old stored preferences read as e-mail only', () => {
    const parsed = ZAlarmNotifications.parse({ channels: { offline: ['sms'] }, teamsUrl: ' https://contoso.webhook.office.com/x ' });
    expect(parsed.channels).toEqual({ offline: ['sms'] });
    expect(parsed.teamsUrl).toBe('https://contoso.webhook.office.com/x');
    expect(parsed.slackUrl).toBeNull();
    expect(readStoredAlarmNotifications({ kinds: { offline: 'digest' } })).toMatchObject({ channels: {}, teamsUrl: null, slackUrl: null });
    expect(readStoredAlarmNotifications({ kinds: { offline: 'digest' }, channels: { offline: ['pigeon'] } })).toMatchObject({ kinds: { offline: 'digest' }, channels: {} });
    expect(ZAlarmNotifications.safeParse({ slackUrl: 'hooks.slack.com' }).success).toBe(false);
  });
});

describe('phone codes', () => {
  const now = new Date('2026-01-15T09:00:00Z');
  const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
  it.each([
    [null, true, 'none'],
    [{ expiresAt: later(600), attempts: 0 }, true, 'ok'],
    [{ expiresAt: later(600), attempts: 4 }, true, 'ok'],
    [{ expiresAt: later(600), attempts: 0 }, false, 'wrong'],
    [{ expiresAt: later(600), attempts: 5 }, true, 'tooManyTries'],
    [{ expiresAt: later(0), attempts: 0 }, true, 'expired'],
    [{ expiresAt: later(-1), attempts: 0 }, true, 'expired'],
    [{ expiresAt: later(1), attempts: 0 }, true, 'ok'],
  ] as const)('%j, matches %s: %s', (code, matches, verdict) => {
    expect(codeVerdict(code, matches, now)).toBe(verdict);
  });
  it.each([
    [null, true],
    [later(-59), false],
    [later(-60), true],
  ])('last sent %s: may resend %s', (last, ok) => {
    expect(mayResendCode(last, now)).toBe(ok);
  });
});

describe('dueStage', () => {
  const opened = new Date('2026-01-15T09:00:00Z');
  const stages = [{ minutes: 0 }, { minutes: 15 }, { minutes: 30 }];
  const after = (minutes: number) => new Date(opened.getTime() + minutes * 60_000);
  it.each([
    ['new', 0, 0, 0],
    ['new', 1, 14, null],
    ['new', 1, 15, 1],
    ['new', 1, 60, 1],
    ['new', 2, 29.99, null],
    ['new', 2, 30, 2],
    ['new', 3, 999, null],
    ['acknowledged', 1, 60, null],
    ['assigned', 1, 60, null],
    ['resolved', 0, 60, null],
  ] as const)('%s, %i reached, %s minutes: stage index %s', (state, reached, minutes, expected) => {
    expect(dueStage({ state, openedAt: opened, reached }, stages, after(minutes))).toBe(expected);
  });
  it('no chain: nothing due', () => {
    expect(dueStage({ state: 'new', openedAt: opened, reached: 0 }, [], after(100))).toBeNull();
  });
});

describe('stageDelivery (quiet hours 22:00-07:00 Amsterdam)', () => {
  const user = (overrides: Partial<TStageUser> = {}): TStageUser => ({
    preferences: { quietHours: { from: '22:00', to: '07:00' }, timeZone: 'Europe/Amsterdam', channels: { offline: ['teams', 'sms'] } },
    reach: { teamsUrl: 'https://t', slackUrl: null, phone: '+31612345678' },
    maySee: true,
    ...overrides,
  });
  const day = new Date('2026-01-15T12:00:00Z');
  const night = new Date('2026-01-15T23:30:00Z');
  it.each([
    ['day, own channels', user(), { channels: null, duringQuietHours: false }, day, { channels: ['teams', 'sms'] }],
    ['night, own channels', user(), { channels: null, duringQuietHours: false }, night, { skipped: 'quietHours' }],
    ['night, through quiet hours', user(), { channels: ['sms'], duringQuietHours: true }, night, { channels: ['sms'] }],
    ['stage names slack, no URL', user(), { channels: ['slack'], duringQuietHours: false }, day, { skipped: 'noChannel' }],
    ['stage names slack and e-mail', user(), { channels: ['slack', 'email'], duringQuietHours: false }, day, { channels: ['email'] }],
    ['no kind chosen: e-mail', user({ preferences: { quietHours: null, timeZone: 'Europe/Amsterdam', channels: {} } }), { channels: null, duringQuietHours: false }, night, { channels: ['email'] }],
    ['may not see', user({ maySee: false }), { channels: ['email'], duringQuietHours: true }, day, { skipped: 'notAllowed' }],
  ] as const)('%s', (_name, who, stage, now, expected) => {
    expect(stageDelivery(who, { channels: stage.channels ? [...stage.channels] : null, duringQuietHours: stage.duringQuietHours }, 'offline', now)).toEqual(expected);
  });
});

describe('ZEscalationStages', () => {
  it.each([
    [[{ minutes: 0, users: ['a@x.nl'] }], true, null],
    [[{ minutes: 0, users: ['a@x.nl'] }, { minutes: 15, users: ['b@x.nl'], channels: ['sms'] }], true, null],
    [[{ minutes: 15, users: ['a@x.nl'] }, { minutes: 15, users: ['b@x.nl'] }], false, '1.minutes'],
    [[{ minutes: 30, users: ['a@x.nl'] }, { minutes: 15, users: ['b@x.nl'] }], false, '1.minutes'],
    [[{ minutes: 0, users: [] }], false, '0.users'],
    [[{ minutes: -1, users: ['a@x.nl'] }], false, '0.minutes'],
    [[{ minutes: 10081, users: ['a@x.nl'] }], false, '0.minutes'],
    [Array.from({ length: 6 }, (_, n) => ({ minutes: n, users: ['a@x.nl'] })), false, ''],
  ])('%j: ok %s', (stages, ok, path) => {
    const parsed = ZEscalationStages.safeParse(stages);
    expect(parsed.success).toBe(ok);
    if (!parsed.success && path) expect(parsed.error.issues[0].path.join('.')).toBe(path);
  });
});

describe('clipText', () => {
  it.each([
    ['abc', 3, 'abc'],
    ['abcd', 3, 'ab…'],
  ])('%s to %i: %s', (text, max, clipped) => {
    expect(clipText(text, max)).toBe(clipped);
  });
});
