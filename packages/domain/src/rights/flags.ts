// The right flags and the checks on them, without zod: the router's guards import them and are on
// the login page's path (docs/operations.md, "Login page budget"); the schemas are in schemas.ts.

/** The 26 right flags, in the order the user forms show them (docs/users.md, "Right checkboxes"). */
export const RIGHT_FLAGS = [
  'administrator',
  'addCustomer',
  'editCustomer',
  'deleteCustomer',
  'addLocation',
  'editLocation',
  'deleteLocation',
  'moveLocation',
  'addNode',
  'editNode',
  'deleteNode',
  'moveNode',
  'settings',
  'calibration',
  'calibrationData',
  'calibrationDataEdit',
  'userManagement',
  'gatewayView',
  'gatewayManagement',
  'overflowDetection',
  'dashboard',
  'products',
  'signLogbook',
  'recordDeviationAction',
  'enterSampleResults',
  'recordChecks',
] as const;
export type TRightFlag = (typeof RIGHT_FLAGS)[number];

/**
 * The flags that let a user see alarms (docs/alarms.md, "Rights"): the menu entry, the screens and
 * the node's #alarms tab. Here, beside the guards' checks, so the route table on the login page's
 * path needs no chunk of its own for it.
 */
export const ALARM_READ_FLAGS: readonly TRightFlag[] = ['dashboard', 'editNode', 'calibration', 'overflowDetection'];

export const RIGHT_ENTRY_TYPES = ['route', 'setting', 'rw', 'ro', 'wo'] as const;
export type TRightEntryType = (typeof RIGHT_ENTRY_TYPES)[number];

export const USER_TYPE_ADMINISTRATOR = 'Administrator';

/** The minimal view of a user that rights checks need. */
export interface TRightsHolder {
  type?: string | null;
  portal?: { rights?: Partial<Record<TRightFlag, boolean>> | null } | null;
}

/** Full admin: type Administrator or the administrator right (docs/rights.md). */
export function isAdministrator(user: TRightsHolder | null | undefined): boolean {
  if (!user) return false;
  return user.type === USER_TYPE_ADMINISTRATOR || user.portal?.rights?.administrator === true;
}

/** True when the user is an administrator or holds at least one of the given flags. */
export function hasAnyRight(user: TRightsHolder | null | undefined, ...flags: TRightFlag[]): boolean {
  if (!user) return false;
  if (isAdministrator(user)) return true;
  return flags.some((flag) => user.portal?.rights?.[flag] === true);
}
