import { eq, or } from 'drizzle-orm';
import { channelsOfKind, TOGGLE_KINDS, type TAlertKind } from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { users } from '../../db/schema';
import { loadUsersWhere, type TAuthUser } from '../../identity/auth-user';
import { inCustomerScope } from '../../identity/customer-scope';
import { effectiveFlags, isAdministrator } from '../../identity/rights';

/** The users with at least one alert toggle on, with their customer scope. */
export function loadSubscribers(tx: TDbOrTx): Promise<TAuthUser[]> {
  return loadUsersWhere(tx, or(eq(users.flushEmailAlerts, true), eq(users.overflowEmailAlerts, true)));
}

/**
 * Who gets an alert (docs/alerts.md, "Who gets what"): the toggle of its kind is on and the user
 * may see the node (administrators, users without customers, users whose customers include the
 * node's customer) and chose that customer in the alarm notifications; water alerts also need the overflowDetection or dashboard right, as the
 * water-detection list does.
 */
export function receivesAlert(user: TAuthUser, kind: TAlertKind, customerId: number, customerName?: string): boolean {
  const toggle = kind === 'flush' ? user.flushEmailAlerts : user.overflowEmailAlerts;
  if (!toggle || !inCustomerScope(user, customerId)) return false;
  // E-mail is one channel among others (docs/alarm-notifications.md, "Channels"): a kind set to Teams, Slack or SMS only gets no e-mail.
  if (!channelsOfKind(user.alarmNotifications.channels, kind === 'flush' ? TOGGLE_KINDS.flush : TOGGLE_KINDS.overflowDetection).includes('email')) return false;
  // The customers chosen in the alarm notifications (docs/alarm-notifications.md) hold here too.
  const chosen = user.alarmNotifications.customers;
  if (chosen !== 'all' && (customerName === undefined || !chosen.includes(customerName))) return false;
  if (kind === 'flush' || isAdministrator(user)) return true;
  const flags = effectiveFlags(user);
  return flags.overflowDetection === true || flags.dashboard === true;
}
