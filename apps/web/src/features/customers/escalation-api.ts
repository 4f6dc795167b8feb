import { queryOptions } from '@tanstack/react-query';
import { ZAlarmEscalation, type TAlarmEscalation } from '@aquasmart/domain';
import { http } from '../../lib/http/http';
import { customerApiPath } from '../../lib/api/places';

/** A customer's alarm escalation (docs/alarm-notifications.md, "Escalation"). */
export const escalationQuery = (customer: string) =>
  queryOptions({
    queryKey: ['customers', 'one', customer, 'alarmEscalation'] as const,
    queryFn: async ({ signal }): Promise<TAlarmEscalation> => ZAlarmEscalation.parse(await http.get<unknown>(`${customerApiPath(customer)}/alarmEscalation`, { signal })),
  });

export async function patchEscalation(customer: string, body: TAlarmEscalation): Promise<TAlarmEscalation> {
  return ZAlarmEscalation.parse(await http.patch<unknown>(`${customerApiPath(customer)}/alarmEscalation`, body));
}

/** GET /users (userManagement): the users who may see this customer, as escalation candidates. */
export async function fetchEscalationCandidates(customer: string, signal?: AbortSignal): Promise<string[]> {
  const rows = await http.get<{ email: string; customers?: string[] }[]>('/users', { query: { projection: 'email customers' }, signal });
  return rows.filter((row) => !row.customers?.length || row.customers.includes(customer)).map((row) => row.email);
}
