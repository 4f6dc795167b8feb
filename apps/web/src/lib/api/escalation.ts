import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { ZEscalationStage, type TEscalationStage } from '@aquasmart/domain';
import { http } from '../http/http';
import { locationApiPath } from './places';

/** GET /users (userManagement): the users who may see this customer, as escalation recipients and stage members. */
export async function fetchEscalationCandidates(customer: string, signal?: AbortSignal): Promise<string[]> {
  const rows = await http.get<{ email: string; customers?: string[] }[]>('/users', { query: { projection: 'email customers' }, signal });
  return rows.filter((row) => !row.customers?.length || row.customers.includes(customer)).map((row) => row.email);
}

const ZLocationChain = z.object({ stages: z.array(ZEscalationStage) });

/** A location's own escalation chain (docs/escalation.md); no stages: the customer's holds. */
export const locationChainQuery = (customer: string, location: string) =>
  queryOptions({
    queryKey: ['locations', 'one', customer, location, 'alarmEscalation'] as const,
    queryFn: async ({ signal }) => ZLocationChain.parse(await http.get<unknown>(`${locationApiPath(customer, location)}/alarmEscalation`, { signal })),
  });

export async function patchLocationChain(customer: string, location: string, stages: TEscalationStage[]): Promise<{ stages: TEscalationStage[] }> {
  return ZLocationChain.parse(await http.patch<unknown>(`${locationApiPath(customer, location)}/alarmEscalation`, { stages }));
}
