import { ALARM_KINDS, ALARM_LIST_STATUSES, ALARM_STATES, type TAlarmKind, type TAlarmListStatus, type TAlarmState } from '@aquasmart/domain';

/**
 * The filters of the Alarms list (docs/alarms-screens.md, "List"), kept in the address query so a
 * filtered list can be linked, reloaded and gone back to: `status` (toHandle by default, left out),
 * `kind`, `state`, `customer` and `location` (names, as every other address of the portal),
 * `assignee` (`me` or a user id). A value the list does not know is ignored.
 */
export interface TAlarmFilters {
  status: TAlarmListStatus;
  kind: TAlarmKind | null;
  state: TAlarmState | null;
  customer: string | null;
  location: string | null;
  assignee: 'me' | number | null;
}

export const DEFAULT_ALARM_STATUS: TAlarmListStatus = 'toHandle';
export const NO_ALARM_FILTERS: TAlarmFilters = { status: DEFAULT_ALARM_STATUS, kind: null, state: null, customer: null, location: null, assignee: null };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null => (value !== null && (values as readonly string[]).includes(value) ? (value as T) : null);
const text = (value: string | null) => (value && value.trim() ? value.trim() : null);

function readAssignee(value: string | null): 'me' | number | null {
  if (value === 'me') return 'me';
  return value && /^[1-9]\d*$/.test(value) ? Number(value) : null;
}

export function readAlarmFilters(params: URLSearchParams): TAlarmFilters {
  const customer = text(params.get('customer'));
  return {
    status: oneOf(ALARM_LIST_STATUSES, params.get('status')) ?? DEFAULT_ALARM_STATUS,
    kind: oneOf(ALARM_KINDS, params.get('kind')),
    state: oneOf(ALARM_STATES, params.get('state')),
    customer,
    // A location belongs to a customer: without one it means nothing.
    location: customer ? text(params.get('location')) : null,
    assignee: readAssignee(params.get('assignee')),
  };
}

/** A copy of the query with the filters written (defaults left out); a new filter starts on the first page. */
export function withAlarmFilters(params: URLSearchParams, filters: TAlarmFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | number | null) => (value === null || value === '' ? next.delete(key) : next.set(key, String(value)));
  set('status', filters.status === DEFAULT_ALARM_STATUS ? null : filters.status);
  set('kind', filters.kind);
  set('state', filters.state);
  set('customer', filters.customer);
  set('location', filters.customer ? filters.location : null);
  set('assignee', filters.assignee);
  next.delete('page');
  return next;
}

/** Whether anything but the default is chosen (the list then offers "clear filters" and says "no alarms match"). */
export function hasAlarmFilters(filters: TAlarmFilters): boolean {
  return (
    filters.status !== DEFAULT_ALARM_STATUS || filters.kind !== null || filters.state !== null || filters.customer !== null || filters.assignee !== null
  );
}

/** The query of GET /alarms for the filters (docs/alarms.md, "API"). */
export function alarmFilterParams(filters: TAlarmFilters): Record<string, string | number> {
  const params: Record<string, string | number> = { status: filters.status };
  if (filters.kind) params.kind = filters.kind;
  if (filters.state) params.state = filters.state;
  if (filters.customer) params.customer = filters.customer;
  if (filters.customer && filters.location) params.location = filters.location;
  if (filters.assignee !== null) params.assignee = filters.assignee;
  return params;
}
