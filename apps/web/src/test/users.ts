import { emptyRights, ZAlarmNotifications, type TCurrentUser, type TRightFlag } from '@aquasmart/domain';

/** A signed-in user for screen tests: the given right flags on, everything else as a new account. */
export function testUser(flags: TRightFlag[] = [], overrides: Partial<TCurrentUser> = {}): TCurrentUser {
  const rights = emptyRights();
  for (const flag of flags) rights[flag] = true;
  return {
    email: 'jan@example.com',
    firstName: 'Jan',
    lastName: 'Jansen',
    type: null,
    language: 'nl',
    customers: [],
    portal: { rights },
    rights: [],
    flush: { emailAlerts: false },
    overflowDetection: { emailAlerts: false },
    logbookEmails: false,
    alarmNotifications: ZAlarmNotifications.parse({}),
    ...overrides,
  };
}
