import { queryOptions } from '@tanstack/react-query';
import { ZAlarmEscalationChain, type TAlarmEscalation, type TAlarmEscalationChain, type TEscalationStage } from '@aquasmart/domain';
import { http } from '../../lib/http/http';
import { customerApiPath } from '../../lib/api/places';

/** A customer's alarm escalation (docs/alarm-notifications.md, "Escalation"). */
export const escalationQuery = (customer: string) =>
  queryOptions({
    queryKey: ['customers', 'one', customer, 'alarmEscalation'] as const,
    queryFn: async ({ signal }): Promise<TAlarmEscalationChain> => ZAlarmEscalationChain.parse(await http.get<unknown>(`${customerApiPath(customer)}/alarmEscalation`, { signal })),
  });

/** The e-mail escalation alone: the chain's stages stay as they are (the server keeps stages left out). */
export async function patchEscalation(customer: string, body: TAlarmEscalation): Promise<TAlarmEscalationChain> {
  return ZAlarmEscalationChain.parse(await http.patch<unknown>(`${customerApiPath(customer)}/alarmEscalation`, body));
}

/** The chain's stages (docs/escalation.md), sent with the e-mail escalation as it is. */
export async function patchEscalationStages(customer: string, current: TAlarmEscalation, stages: TEscalationStage[]): Promise<TAlarmEscalationChain> {
  const { minutes, emails, users } = current;
  return ZAlarmEscalationChain.parse(await http.patch<unknown>(`${customerApiPath(customer)}/alarmEscalation`, { minutes, emails, users, stages }));
}

export { fetchEscalationCandidates } from '../../lib/api/escalation';
