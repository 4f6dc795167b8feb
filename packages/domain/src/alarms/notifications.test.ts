import { describe, expect, it } from 'vitest';
import {
  escalationDueAt,
  immediateMailPer,
  inQuietHours,
  isEscalationDue,
  isItemDue,
  nextDigestAt,
  notificationModeFor,
  readStoredAlarmNotifications,
  togglesOf,
  uniqueAddresses,
  withToggle,
  ZAlarmEscalation,
  ZAlarmNotifications,
  ZStoredAlarmNotifications,
  zonedInstant,
  type TNotifiedUser,
  type TStoredAlarmNotifications,
} from './notifications';

const prefs = (patch: Partial<TStoredAlarmNotifications> = {}): TStoredAlarmNotifications => ({ ...ZStoredAlarmNotifications.parse({}), ...patch });
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('ZAlarmNotifications', () => {
  it('defaults: every kind off, no quiet hours, Dutch time, all customers', () => {
    const parsed = ZAlarmNotifications.parse({});
    expect(Object.values(parsed.kinds).every((mode) => mode === 'off')).toBe(true);
    expect(parsed).toMatchObject({ quietHours: null, timeZone: 'Europe/Amsterdam', customers: 'all' });
  });
  it.each([
    [{ kinds: { flushAlarm: 'digest' } }, {}],
    [{ kinds: { flushAlarm: 'sometimes' } }, { 'kinds.flushAlarm': 'validation.oneOf' }],
    [{ quietHours: { from: '22:00', to: '07:00' } }, {}],
    [{ quietHours: { from: '22:00', to: '22:00' } }, { 'quietHours.to': 'validation.quietHoursEqual' }],
    [{ quietHours: { from: '24:00', to: '07:00' } }, { 'quietHours.from': 'validation.clock' }],
    [{ quietHours: { from: '7:00', to: '08:00' } }, {}],
    [{ quietHours: { from: '7:00', to: '07:00' } }, { 'quietHours.to': 'validation.quietHoursEqual' }],
    [{ quietHours: { from: '7:0', to: '08:00' } }, { 'quietHours.from': 'validation.clock' }],
    [{ quietHours: { from: '07:60', to: '08:00' } }, { 'quietHours.from': 'validation.clock' }],
    [{ quietHours: { from: '', to: '08:00' } }, { 'quietHours.from': 'validation.clock' }],
    [{ timeZone: 'Europe/Atlantis' }, { timeZone: 'validation.timeZone' }],
    [{ customers: ['Klant A'] }, {}],
    [{ customers: 'some' }, { customers: expect.any(String) }],
  ])('%j -> %j', (input, expected) => {
    expect(issues(ZAlarmNotifications.safeParse(input))).toEqual(expected);
  });
  it.each([
    ['7:00', '07:00'],
    ['07:00', '07:00'],
    ['0:05', '00:05'],
    [' 9:30 ', '09:30'],
    ['23:59', '23:59'],
  ])('quiet hours from %j are kept as %j (a person types 7:00, a time input gives 07:00)', (typed, kept) => {
    expect(ZAlarmNotifications.parse({ quietHours: { from: typed, to: '12:00' } }).quietHours).toEqual({ from: kept, to: '12:00' });
  });
  it('reads a damaged stored value field by field', () => {
    expect(readStoredAlarmNotifications({ kinds: { flushAlarm: 'immediately' }, timeZone: 'Mars/Base' })).toMatchObject({
      kinds: { flushAlarm: 'immediately', offline: 'off' },
      timeZone: 'Europe/Amsterdam',
    });
    expect(readStoredAlarmNotifications(null)).toEqual(prefs());
  });
});

describe('the old toggles', () => {
  it.each([
    ['off', true, 'immediately'],
    ['digest', true, 'immediately'],
    ['immediately', false, 'off'],
    ['digest', false, 'digest'],
    ['off', false, 'off'],
  ] as const)('%s + toggle %s -> %s', (before, on, after) => {
    const next = withToggle(prefs({ kinds: { ...prefs().kinds, flushAlarm: before } }), 'flushAlarm', on);
    expect(next.kinds.flushAlarm).toBe(after);
    expect(togglesOf(next).flushEmailAlerts).toBe(after === 'immediately');
  });
});

describe('zonedInstant and nextDigestAt', () => {
  it.each([
    // winter (CET, +1) and summer (CEST, +2)
    ['2026-01-15T10:00:00Z', 'Europe/Amsterdam', '2026-01-16T06:00:00.000Z'],
    ['2026-01-15T05:59:00Z', 'Europe/Amsterdam', '2026-01-15T06:00:00.000Z'],
    ['2026-01-15T06:00:00Z', 'Europe/Amsterdam', '2026-01-16T06:00:00.000Z'],
    ['2026-07-15T04:59:00Z', 'Europe/Amsterdam', '2026-07-15T05:00:00.000Z'],
    // the night clocks go forward (29 March 2026): before it CET, the digest after it CEST
    ['2026-03-28T12:00:00Z', 'Europe/Amsterdam', '2026-03-29T05:00:00.000Z'],
    ['2026-03-29T00:30:00Z', 'Europe/Amsterdam', '2026-03-29T05:00:00.000Z'],
    // the night clocks go back (25 October 2026): the digest after it is CET again
    ['2026-10-24T12:00:00Z', 'Europe/Amsterdam', '2026-10-25T06:00:00.000Z'],
    ['2026-10-25T05:30:00Z', 'Europe/Amsterdam', '2026-10-25T06:00:00.000Z'],
    // other zones, month and year ends
    ['2026-12-31T20:00:00Z', 'America/New_York', '2027-01-01T12:00:00.000Z'],
    ['2026-01-31T23:00:00Z', 'Asia/Tokyo', '2026-02-01T22:00:00.000Z'],
    ['2026-03-08T10:00:00Z', 'America/New_York', '2026-03-08T11:00:00.000Z'], // 06:00 EDT on the day clocks went forward,
    ['2026-06-30T21:30:00Z', 'UTC', '2026-07-01T07:00:00.000Z'],
  ])('after %s in %s -> %s', (after, zone, expected) => {
    expect(nextDigestAt(new Date(after), zone).toISOString()).toBe(expected);
  });
  it('a skipped local time moves past the jump; a repeated one is the first', () => {
    expect(zonedInstant({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, 'Europe/Amsterdam').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedInstant({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, 'Europe/Amsterdam').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('inQuietHours', () => {
  const night = { quietHours: { from: '22:00', to: '07:00' }, timeZone: 'Europe/Amsterdam' };
  const lunch = { quietHours: { from: '12:00', to: '13:30' }, timeZone: 'Europe/Amsterdam' };
  it.each([
    [night, '2026-01-15T20:59:00Z', false], // 21:59 local
    [night, '2026-01-15T21:00:00Z', true], // 22:00
    [night, '2026-01-15T23:30:00Z', true], // 00:30, across midnight
    [night, '2026-01-16T05:59:00Z', true], // 06:59
    [night, '2026-01-16T06:00:00Z', false], // 07:00 ends it
    [night, '2026-07-16T04:59:00Z', true], // 06:59 summer time
    [night, '2026-07-16T05:00:00Z', false],
    [lunch, '2026-01-15T11:00:00Z', true],
    [lunch, '2026-01-15T12:30:00Z', false],
    [{ quietHours: null, timeZone: 'UTC' }, '2026-01-15T03:00:00Z', false],
  ])('%j at %s -> %s', (preferences, at, expected) => {
    expect(inQuietHours(new Date(at), preferences)).toBe(expected);
  });
});

describe('notificationModeFor', () => {
  const user = (patch: Partial<TNotifiedUser['preferences']>, scope: number[] | null = null, maySee = true): TNotifiedUser => ({
    preferences: { ...prefs({ kinds: { ...prefs().kinds, offline: 'digest', flushAlarm: 'immediately' } }), customers: 'all', ...patch },
    scope,
    maySeeKind: () => maySee,
  });
  it.each([
    ['kind off', user({}), { kind: 'lowBattery', customerId: 1 }, 'off'],
    ['immediately', user({}), { kind: 'flushAlarm', customerId: 1 }, 'immediately'],
    ['digest', user({}), { kind: 'offline', customerId: 1 }, 'digest'],
    ['no right for the kind', user({}, null, false), { kind: 'flushAlarm', customerId: 1 }, 'off'],
    ['customer outside the scope', user({}, [2]), { kind: 'flushAlarm', customerId: 1 }, 'off'],
    ['customer in the scope', user({}, [1, 2]), { kind: 'flushAlarm', customerId: 1 }, 'immediately'],
    ['customer not chosen', user({ customers: [2] }), { kind: 'flushAlarm', customerId: 1 }, 'off'],
    ['customer chosen', user({ customers: [1] }), { kind: 'flushAlarm', customerId: 1 }, 'immediately'],
    ['chosen but outside the scope', user({ customers: [1] }, [2]), { kind: 'flushAlarm', customerId: 1 }, 'off'],
    ['no customer, user sees all', user({}), { kind: 'flushAlarm', customerId: null }, 'immediately'],
    ['no customer, user restricted', user({}, [1]), { kind: 'flushAlarm', customerId: null }, 'off'],
    ['no customer, user chose a list', user({ customers: [1] }), { kind: 'flushAlarm', customerId: null }, 'off'],
  ] as const)('%s', (_name, who, alarm, expected) => {
    expect(notificationModeFor(who, alarm)).toBe(expected);
  });
});

describe('immediateMailPer', () => {
  it.each([
    ['flushAlarm', 'reading'],
    ['waterDetection', 'reading'],
    ['lowBattery', 'alarm'],
    ['faultySensor', 'alarm'],
    ['offline', 'alarm'],
    ['settingsNotTaken', 'alarm'],
    ['temperature', 'alarm'],
    ['gatewayOffline', 'alarm'],
  ] as const)('%s: one e-mail per %s', (kind, expected) => {
    expect(immediateMailPer(kind)).toBe(expected);
  });
});

describe('isItemDue', () => {
  const quiet = { quietHours: { from: '22:00', to: '07:00' }, timeZone: 'Europe/Amsterdam' };
  it.each([
    ['immediately, outside quiet hours', { mode: 'immediately', dueAt: '2026-01-15T10:00:00Z' }, '2026-01-15T10:00:00Z', true],
    ['immediately, inside quiet hours: held', { mode: 'immediately', dueAt: '2026-01-15T22:00:00Z' }, '2026-01-15T22:00:00Z', false],
    ['immediately, when quiet hours end', { mode: 'immediately', dueAt: '2026-01-15T22:00:00Z' }, '2026-01-16T06:00:00Z', true],
    ['digest before its time', { mode: 'digest', dueAt: '2026-01-16T06:00:00Z' }, '2026-01-16T05:59:59Z', false],
    ['digest at its time', { mode: 'digest', dueAt: '2026-01-16T06:00:00Z' }, '2026-01-16T06:00:00Z', true],
    ['digest inside quiet hours still goes', { mode: 'digest', dueAt: '2026-01-16T05:00:00Z' }, '2026-01-16T05:00:00Z', true],
  ] as const)('%s', (_name, item, now, expected) => {
    expect(isItemDue({ mode: item.mode, dueAt: new Date(item.dueAt) }, new Date(now), quiet)).toBe(expected);
  });
});

describe('escalation', () => {
  const escalation = { minutes: 240, emails: ['chef@example.com'], users: [] };
  const opened = new Date('2026-01-15T10:00:00Z');
  it.each([
    ['just before the time', { state: 'new', escalatedAt: null }, '2026-01-15T13:59:59Z', true, false],
    ['at the time', { state: 'new', escalatedAt: null }, '2026-01-15T14:00:00Z', true, true],
    ['acknowledged', { state: 'acknowledged', escalatedAt: null }, '2026-01-15T18:00:00Z', true, false],
    ['assigned', { state: 'assigned', escalatedAt: null }, '2026-01-15T18:00:00Z', true, false],
    ['resolved', { state: 'resolved', escalatedAt: null }, '2026-01-15T18:00:00Z', true, false],
    ['already escalated', { state: 'new', escalatedAt: new Date('2026-01-15T14:00:00Z') }, '2026-01-15T18:00:00Z', true, false],
    ['no recipients', { state: 'new', escalatedAt: null }, '2026-01-15T18:00:00Z', false, false],
  ] as const)('%s', (_name, alarm, now, withRecipients, expected) => {
    const settings = withRecipients ? escalation : { ...escalation, emails: [] };
    expect(isEscalationDue({ ...alarm, openedAt: opened }, settings, new Date(now))).toBe(expected);
  });
  it('defaults to 240 minutes and refuses bad values', () => {
    expect(ZAlarmEscalation.parse({})).toEqual({ minutes: 240, emails: [], users: [] });
    expect(escalationDueAt(opened, { minutes: 240, emails: [], users: [3] })?.toISOString()).toBe('2026-01-15T14:00:00.000Z');
    expect(issues(ZAlarmEscalation.safeParse({ minutes: 2 }))).toEqual({ minutes: 'validation.escalationMinutes' });
    expect(issues(ZAlarmEscalation.safeParse({ minutes: 30.5 }))).toEqual({ minutes: 'validation.escalationMinutes' });
    expect(issues(ZAlarmEscalation.safeParse({ emails: ['nope'] }))).toEqual({ 'emails.0': 'validation.email' });
  });
  it('drops duplicate addresses', () => {
    expect(uniqueAddresses(['A@x.nl', 'b@x.nl', 'a@X.nl'])).toEqual(['A@x.nl', 'b@x.nl']);
  });
});
