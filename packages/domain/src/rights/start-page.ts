import { ALARM_READ_FLAGS, hasAnyRight, type TRightsHolder } from './flags';

/** The screens a user can start on after signing in. */
export type TStartPath = '/dashboard' | '/alarms' | '/customers';

/**
 * Where a user starts after signing in when no address was remembered, and after saving their own
 * account when they came from outside the portal (docs/users.md, "Where each user starts"): the
 * dashboard for whoever may see it (administrators too), else the alarms for whoever may see them
 * (the same flags as the alarm screens' guard), else the customers. A customer's user with one
 * customer no longer starts on a list of one row. Typing `/` still opens /customers.
 */
export function startPath(user: TRightsHolder | null | undefined): TStartPath {
  if (hasAnyRight(user, 'dashboard')) return '/dashboard';
  if (hasAnyRight(user, ...ALARM_READ_FLAGS)) return '/alarms';
  return '/customers';
}
