import type { TAlarmChangeItem, TNodeChange } from '../../lib/change-feed';
import type { TAuthUser } from '../../identity/auth-user';
import { holdsEntry, isAdministrator } from '../../identity/rights';
import { scopedCustomerIds } from '../../identity/customer-scope';

/**
 * Who watches a stream, as far as the filter needs (docs/events.md, "Filter"): the same rules as
 * the lists. Administrators see every node and alarm; everyone else only what belongs to a
 * customer, and with a customer list only those customers' (devices/device-repository.ts
 * deviceScopeCondition, alarms/alarm-repository.ts alarmScope). Alarms need the alarm list's right,
 * the dashboard the dashboard's, the outbox is the administrators'.
 */
export interface TViewer {
  userId: number;
  administrator: boolean;
  /** The customers the user is restricted to; null: all. */
  scope: ReadonlySet<number> | null;
  alarms: boolean;
  dashboard: boolean;
  mail: boolean;
  /** Equal for viewers who see exactly the same: events are rendered once per key and change. */
  key: string;
}

export function viewerOf(user: TAuthUser): TViewer {
  const administrator = isAdministrator(user);
  const ids = scopedCustomerIds(user);
  const alarms = administrator || holdsEntry(user, 'GetAlarms', ['route']);
  const dashboard = administrator || holdsEntry(user, 'GetDashboard', ['route']);
  const scopeKey = ids ? [...ids].sort((a, b) => a - b).join(',') : '*';
  return {
    userId: user.id,
    administrator,
    scope: ids ? new Set(ids) : null,
    alarms,
    dashboard,
    mail: administrator,
    key: administrator ? 'administrator' : `${scopeKey}|${alarms ? 'a' : ''}${dashboard ? 'd' : ''}`,
  };
}

/** A row of this customer (undefined: none) is visible to the viewer. */
export function customerVisible(viewer: TViewer, customerId: number | undefined): boolean {
  if (viewer.administrator) return true;
  if (customerId === undefined) return false;
  return viewer.scope === null || viewer.scope.has(customerId);
}

/** A node change: visible under its customer, or under the one it was moved away from. */
export function nodeVisible(viewer: TViewer, node: TNodeChange): boolean {
  return customerVisible(viewer, node.c) || (node.o !== undefined && customerVisible(viewer, node.o));
}

export function alarmVisible(viewer: TViewer, alarm: TAlarmChangeItem): boolean {
  return viewer.alarms && customerVisible(viewer, alarm.c);
}

/** New dashboard counts of these customers (`all`: everyone's) concern the viewer's dashboard. */
export function dashboardVisible(viewer: TViewer, customers: readonly number[], all: boolean): boolean {
  if (!viewer.dashboard) return false;
  if (all || viewer.scope === null) return all || customers.length > 0;
  return customers.some((id) => viewer.scope!.has(id));
}
