import { queryOptions } from '@tanstack/react-query';
import {
  TOTAL_COUNT_HEADER,
  ZAlarm,
  ZAlarmAssignee,
  ZAlarmWithEvents,
  type TAlarm,
  type TAlarmAssignee,
  type TAlarmWithEvents,
  ZChannelMessage,
  type TChannelMessage,
} from '@aquasmart/domain';
import { http } from '../../../lib/http/http';
import { ALARMS_QUERY_ROOT, alarmApiPath } from '../../../lib/api/alarms';
import { nodeApiPath } from '../../../lib/api/nodes';
import { alarmFilterParams, type TAlarmFilters } from '../alarm-filters';

/** The alarm feature's calls (docs/alarms.md, "API"); acknowledging and the badge's count are shared (lib/api/alarms.ts). */

export interface TAlarmPageQuery {
  /** 0-based. */
  page: number;
  pageSize: number;
}

export const alarmListKey = (filters: TAlarmFilters) => [...ALARMS_QUERY_ROOT, 'list', filters] as const;
export const nodeAlarmListKey = (eui: string) => [...ALARMS_QUERY_ROOT, 'node', eui] as const;

async function fetchPage(path: string, params: Record<string, string | number>, query: TAlarmPageQuery, signal?: AbortSignal): Promise<{ rows: TAlarm[]; total: number }> {
  const { data, headers } = await http.getWithHeaders<unknown[]>(path, { query: { ...params, page: query.page + 1, limit: query.pageSize }, signal });
  const rows = data.map((row) => ZAlarm.parse(row));
  const header = headers.get(TOTAL_COUNT_HEADER);
  const total = header !== null && Number.isFinite(Number(header)) ? Number(header) : query.page * query.pageSize + rows.length;
  return { rows, total };
}

/** The export of the filtered list (docs/exports.md): every alarm the filters match, as CSV. */
export const alarmExport = (filters: TAlarmFilters) => ({ path: '/alarms/export.csv', query: alarmFilterParams(filters), fileName: 'alarms.csv' });

/** GET /alarms: one page of the filtered list (active first, then newest), the total from X-Total-Count. */
export const fetchAlarmPage = (filters: TAlarmFilters, query: TAlarmPageQuery, signal?: AbortSignal) => fetchPage('/alarms', alarmFilterParams(filters), query, signal);

/** GET /devices/{eui}/alarms: the node's alarm history, newest first. */
export const fetchNodeAlarmPage = (eui: string, query: TAlarmPageQuery, signal?: AbortSignal) => fetchPage(`${nodeApiPath(eui)}/alarms`, {}, query, signal);

export const alarmQuery = (id: number) =>
  queryOptions({
    queryKey: [...ALARMS_QUERY_ROOT, 'one', id] as const,
    queryFn: async ({ signal }): Promise<TAlarmWithEvents> => ZAlarmWithEvents.parse(await http.get<unknown>(alarmApiPath(id), { signal })),
  });

/** GET /alarms/{id}/assignees: the users who may handle the alarm (the assign dialog's choice, and who "Aan mij toewijzen" is offered to). */
export const alarmAssigneesQuery = (id: number, enabled: boolean) =>
  queryOptions({
    queryKey: [...ALARMS_QUERY_ROOT, 'assignees', id] as const,
    queryFn: async ({ signal }): Promise<TAlarmAssignee[]> => (await http.get<unknown[]>(`${alarmApiPath(id)}/assignees`, { signal })).map((row) => ZAlarmAssignee.parse(row)),
    enabled,
  });

/** GET /alarms/{id}/messages: the alarm's Teams, Slack and SMS messages with their state (administrators; docs/alarm-notifications.md). */
export const alarmMessagesQuery = (id: number, enabled: boolean) =>
  queryOptions({
    queryKey: [...ALARMS_QUERY_ROOT, 'messages', id] as const,
    queryFn: async ({ signal }): Promise<TChannelMessage[]> => (await http.get<unknown[]>(`${alarmApiPath(id)}/messages`, { signal })).map((row) => ZChannelMessage.parse(row)),
    enabled,
  });

/** A handling step (POST /alarms/{id}/{step}); the answer is the alarm with its timeline. */
export type TAlarmStep = { step: 'acknowledge'; note?: string } | { step: 'assign'; assigneeId: number; note?: string } | { step: 'comment'; note: string } | { step: 'resolve'; note: string; authorityToldAt?: string };

export async function postAlarmStep(id: number, { step, ...body }: TAlarmStep): Promise<TAlarmWithEvents> {
  return ZAlarmWithEvents.parse(await http.post<unknown>(`${alarmApiPath(id)}/${step}`, body));
}
