import { describe, expect, it } from 'vitest';
import { ALARM_KINDS, emptyRights, RIGHT_FLAGS, type TPortalRights, type TRightFlag } from '@aquasmart/domain';
import { emptyAlarmNotificationsForm, toAlarmNotifications, ZAlarmNotificationsForm } from './alarm-notifications-form';
import {
  emptyUserForm,
  toAccountBody,
  toggleRight,
  toPatchBody,
  ZAccountForm,
  ZUserCreateForm,
  ZUserEditForm,
  type TAccountFormValues,
  type TUserFormValues,
} from './user-form';

function rights(...flags: TRightFlag[]): TPortalRights {
  const result = emptyRights();
  for (const flag of flags) result[flag] = true;
  return result;
}

const on = (value: TPortalRights) => RIGHT_FLAGS.filter((flag) => value[flag]);

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

const validUser: TUserFormValues = {
  ...emptyUserForm(),
  firstName: 'Jan',
  lastName: 'Jansen',
  email: 'jan@example.com',
  password: 'geheim-123',
  confirmPassword: 'geheim-123',
};

describe('checkbox rules in the user form', () => {
  it.each<[string, TPortalRights, string[], TRightFlag, boolean, TRightFlag[]]>([
    ['a plain flag toggles on', rights(), [], 'dashboard', true, ['dashboard']],
    ['a plain flag toggles off', rights('dashboard', 'products'), [], 'dashboard', false, ['products']],
    ['administrator implies every other flag', rights('dashboard'), [], 'administrator', true, [...RIGHT_FLAGS]],
    ['administrator off without a record of before: every box off (an account loaded as administrator)', rights(...RIGHT_FLAGS), [], 'administrator', false, []],
    ['administrator cannot be ticked with customers', rights(), ['Gemeente Utrecht'], 'administrator', true, []],
    ['userManagement cannot be ticked with customers', rights('dashboard'), ['Gemeente Utrecht'], 'userManagement', true, ['dashboard']],
    ['addCustomer cannot be ticked with customers', rights(), ['Gemeente Utrecht'], 'addCustomer', true, []],
    ['deleteCustomer cannot be ticked with customers', rights(), ['Gemeente Utrecht'], 'deleteCustomer', true, []],
    ['editCustomer may be ticked with customers', rights(), ['Gemeente Utrecht'], 'editCustomer', true, ['editCustomer']],
    ['gatewayManagement locks gatewayView on', rights(), [], 'gatewayManagement', true, ['gatewayView', 'gatewayManagement']],
    ['gatewayView cannot be unticked under gatewayManagement', rights('gatewayView', 'gatewayManagement'), [], 'gatewayView', false, ['gatewayView', 'gatewayManagement']],
    ['gatewayManagement off leaves gatewayView', rights('gatewayView', 'gatewayManagement'), [], 'gatewayManagement', false, ['gatewayView']],
  ])('%s', (_name, before, customers, flag, checked, expected) => {
    expect(on(toggleRight(before, customers, flag, checked))).toEqual(RIGHT_FLAGS.filter((name) => expected.includes(name)));
  });

  it('administrator on, then off, restores what was ticked before', () => {
    const before = rights('dashboard', 'products');
    const admin = toggleRight(before, [], 'administrator', true);
    expect(on(admin)).toEqual([...RIGHT_FLAGS]);
    expect(on(toggleRight(admin, [], 'administrator', false, before))).toEqual(['dashboard', 'products']);
  });

  it('saves the normalised flags: customers clear the customer-wide flags', () => {
    const body = toPatchBody({ ...validUser, customers: ['Gemeente Utrecht'], rights: rights('administrator', 'userManagement', 'dashboard') });
    expect(on(body.portal!.rights as TPortalRights)).toEqual(['dashboard']);
  });
});

describe('user form passwords', () => {
  it('create: password and confirmation are required', () => {
    const result = ZUserCreateForm.safeParse({ ...validUser, password: '', confirmPassword: '' });
    expect(issues(result)).toEqual({ password: 'validation.required' });
  });

  it.each([
    ['create', ZUserCreateForm],
    ['edit', ZUserEditForm],
  ] as const)('%s: a different confirmation is a mismatch', (_name, schema) => {
    const result = schema.safeParse({ ...validUser, confirmPassword: 'geheim-124' });
    expect(issues(result)).toEqual({ confirmPassword: 'validation.passwordMismatch' });
  });

  it('edit: the match is skipped without a password, and the empty password is left out', () => {
    const values = { ...validUser, password: '', confirmPassword: '' };
    expect(ZUserEditForm.safeParse(values).success).toBe(true);
    expect(toPatchBody(values)).not.toHaveProperty('password');
    expect(toPatchBody(validUser).password).toBe('geheim-123');
  });

  it('edit: a confirmation without a password is a mismatch', () => {
    expect(issues(ZUserEditForm.safeParse({ ...validUser, password: '', confirmPassword: 'x' }))).toEqual({
      confirmPassword: 'validation.passwordMismatch',
    });
  });

  it('edit: a short password fails the password rule', () => {
    expect(issues(ZUserEditForm.safeParse({ ...validUser, password: 'kort', confirmPassword: 'kort' }))).toEqual({
      password: 'validation.password?min=8',
    });
  });
});

describe('own account: a new password needs all three', () => {
  const account: TAccountFormValues = {
    firstName: 'Jan',
    lastName: 'Jansen',
    email: 'jan@example.com',
    language: 'nl',
    currentPassword: '',
    password: '',
    confirmPassword: '',
    alarmNotifications: { ...emptyAlarmNotificationsForm(), timeZone: 'Europe/Amsterdam' },
    logbookEmails: false,
  };

  it.each<[string, Partial<TAccountFormValues>, Record<string, string>]>([
    ['none filled is fine', {}, {}],
    ['all three filled and equal is fine', { currentPassword: 'oud-wachtwoord', password: 'nieuw-123', confirmPassword: 'nieuw-123' }, {}],
    ['only the current one (what a new e-mail address needs)', { currentPassword: 'oud-wachtwoord' }, {}],
    ['only the new one', { password: 'nieuw-123' }, { currentPassword: 'validation.required', confirmPassword: 'validation.required' }],
    ['only the confirmation', { confirmPassword: 'nieuw-123' }, { currentPassword: 'validation.required', password: 'validation.required' }],
    ['new and confirmation differ', { currentPassword: 'oud', password: 'nieuw-123', confirmPassword: 'nieuw-124' }, { confirmPassword: 'validation.passwordMismatch' }],
  ])('%s', (_name, change, expected) => {
    expect(issues(ZAccountForm.safeParse({ ...account, ...change }))).toEqual(expected);
  });

  it('the rule also shows while another field is wrong', () => {
    expect(issues(ZAccountForm.safeParse({ ...account, firstName: '', password: 'nieuw-123' }))).toEqual({
      firstName: 'validation.required',
      currentPassword: 'validation.required',
      confirmPassword: 'validation.required',
    });
  });

  it.each([
    ['names only', {}, {}],
    ['the same e-mail in another case', { email: 'JAN@example.com', currentPassword: 'oud' }, { email: 'JAN@example.com' }],
    ['a new password', { currentPassword: 'oud', password: 'nieuw-123', confirmPassword: 'nieuw-123' }, { password: 'nieuw-123', currentPassword: 'oud' }],
    ['a new e-mail', { email: 'jan.jansen@example.com', currentPassword: 'oud' }, { email: 'jan.jansen@example.com', currentPassword: 'oud' }],
  ])('%s: sends the current password only with a new password or e-mail', (_case, change, expected) => {
    expect(toAccountBody({ ...account, ...change }, 'jan@example.com')).toEqual({
      firstName: 'Jan',
      lastName: 'Jansen',
      email: 'jan@example.com',
      language: 'nl',
      alarmNotifications: {
        kinds: Object.fromEntries(ALARM_KINDS.map((kind) => [kind, 'off'])),
        quietHours: null,
        timeZone: 'Europe/Amsterdam',
        customers: 'all',
        channels: {},
        teamsUrl: null,
        slackUrl: null,
      },
      logbookEmails: false,
      ...expected,
    });
  });
});

describe('quiet hours in the form: a time input gives 07:00, typed text may be 7:00', () => {
  const quiet = (quietFrom: string, quietTo: string) => ({ ...emptyAlarmNotificationsForm(), quietHoursOn: true, quietFrom, quietTo });
  const issues = (values: ReturnType<typeof quiet>) => {
    const result = ZAlarmNotificationsForm.safeParse(values);
    return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
  };
  it.each([
    ['22:00', '07:00', {}],
    ['22:00', '7:00', {}],
    ['', '07:00', { quietFrom: 'validation.required' }],
    ['22:00', '7 uur', { quietTo: 'validation.clock' }],
    ['7:00', '07:00', { quietTo: 'validation.quietHoursEqual' }],
  ])('%j to %j -> %j', (from, to, expected) => expect(issues(quiet(from, to))).toEqual(expected));
  it('sends "7:00" as "07:00"', () => {
    expect(toAlarmNotifications(quiet('22:00', '7:00')).quietHours).toEqual({ from: '22:00', to: '07:00' });
  });
});

describe('alarm channels in the form (docs/alarm-notifications.md, "Channels")', () => {
  const form = (channels: Partial<Record<(typeof ALARM_KINDS)[number], ('email' | 'teams' | 'slack' | 'sms')[]>>, urls: { teamsUrl?: string; slackUrl?: string } = {}) => {
    const empty = emptyAlarmNotificationsForm();
    return { ...empty, kinds: { ...empty.kinds, offline: 'immediately' as const }, channels: { ...empty.channels, ...channels }, teamsUrl: urls.teamsUrl ?? '', slackUrl: urls.slackUrl ?? '' };
  };
  it.each([
    ['e-mail only', {}, {}, null],
    ['Teams without its URL', { offline: ['teams'] }, {}, 'validation.channelNeedsUrl'],
    ['Teams with its URL', { offline: ['teams'] }, { teamsUrl: 'https://contoso.webhook.office.com/x' }, null],
    ['no channel for a kind that is on', { offline: [] }, {}, 'validation.required'],
    ['a URL that is none', {}, { slackUrl: 'hooks.slack.com' }, 'validation.webhookUrl'],
  ] as const)('%s', (_name, channels, urls, message) => {
    const parsed = ZAlarmNotificationsForm.safeParse(form(channels as never, urls));
    expect(parsed.success ? null : parsed.error.issues[0].message).toBe(message);
  });
  it('sends only the kinds that go by more than e-mail, and the URLs or null', () => {
    const body = toAlarmNotifications(form({ offline: ['teams', 'sms'] }, { teamsUrl: ' https://contoso.webhook.office.com/x ' }));
    expect(body.channels).toEqual({ offline: ['teams', 'sms'] });
    expect([body.teamsUrl, body.slackUrl]).toEqual(['https://contoso.webhook.office.com/x', null]);
  });
});
