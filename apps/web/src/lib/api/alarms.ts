import { queryOptions } from '@tanstack/react-query';
import { alarmHandlingFlags, hasAnyRight, type TAlarmKind, type TAlarmState, type TRightsHolder } from '@aquasmart/domain';
import { http } from '../http/http';

/**
 * The alarm calls more than one feature needs (docs/alarms-screens.md): the screen address of an
 * alarm (the e-mails link to it too), acknowledging from a dashboard list, and the menu badge's
 * count. The alarms feature's own calls are in features/alarms/api.
 */
export const alarmScreen = (id: number) => `/alarms/${id}`;
export const alarmApiPath = (id: number) => `/alarms/${id}`;

/** Every alarm query starts with this root, so a handling step can refresh them all (lists, detail, badge). */
export const ALARMS_QUERY_ROOT = ['alarms'] as const;
export const ALARM_COUNT_KEY = [...ALARMS_QUERY_ROOT, 'count'] as const;

/** POST /alarms/{id}/acknowledge: "I have seen this" (docs/alarms.md, "Handling"). */
export async function acknowledgeAlarm(id: number, note?: string): Promise<unknown> {
  return http.post<unknown>(`${alarmApiPath(id)}/acknowledge`, note ? { note } : {});
}

/** GET /alarms/count: alarms in state new the user may see (the red badge of the Alarms menu entry). */
export async function fetchUnacknowledgedAlarms(signal?: AbortSignal): Promise<number> {
  // A count in the background never moves the user to /404 or /unauthorized.
  const answer = await http.get<{ unacknowledged?: unknown }>('/alarms/count', { signal, skipInterceptor: true });
  return typeof answer.unacknowledged === 'number' ? answer.unacknowledged : 0;
}

export const alarmCountQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ALARM_COUNT_KEY,
    queryFn: ({ signal }) => fetchUnacknowledgedAlarms(signal),
    enabled,
    staleTime: 30_000,
  });

/** Whether an alarm in this state may still be acknowledged (assigned implies acknowledged). */
export const mayAcknowledge = (state: TAlarmState) => state === 'new';

/**
 * Whether the user may handle an alarm of this kind (docs/alarms.md, "Rights"): editNode or
 * calibration for every kind but water detections, overflowDetection for those. Where the server
 * answers `mayHandle` (the alarm screens) that answer counts; the dashboard lists only know the kind.
 */
export function mayHandleAlarmKind(user: TRightsHolder | null | undefined, kind: TAlarmKind): boolean {
  return hasAnyRight(user, ...alarmHandlingFlags(kind));
}
