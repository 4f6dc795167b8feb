import { queryOptions } from '@tanstack/react-query';
import { ZCheckRecord, ZLocationCheckPlans, ZOutlet, type TCheckBody, type TCheckRecord, type TLocationCheckPlans } from '@aquasmart/domain';
import { http } from '../../../lib/http/http';
import { locationApiPath } from '../../../lib/api/places';
import { shouldRetry } from '../../../lib/query-client';
import { checkPlans, OutletNotKeptError, outletPage, type TOutletPage } from '../kept-outlets';

/** Every query of the check page starts with this: a check sent refreshes the outlet's due dates. */
export const OUTLET_CHECK_QUERY_ROOT = ['outletCheck'] as const;

/**
 * GET /outlets/{id}: the outlet with the checks in force and their due dates; without a connection
 * the answer kept on this device, if any (kept-outlets.ts). An outlet not kept is not tried again.
 */
export const outletQuery = (id: number) =>
  queryOptions({
    queryKey: [...OUTLET_CHECK_QUERY_ROOT, 'outlet', id] as const,
    queryFn: ({ signal }): Promise<TOutletPage> => outletPage(id, async () => ZOutlet.parse(await http.get<unknown>(`/outlets/${id}`, { signal }))),
    retry: (failures, error) => !(error instanceof OutletNotKeptError) && shouldRetry(failures, error),
  });

/** The location's check plans: which checks take a reading and their running times (the limit is the domain's checkLimit); kept as the outlet. */
export const checkPlansQuery = (customer: string, location: string) =>
  queryOptions({
    queryKey: [...OUTLET_CHECK_QUERY_ROOT, 'plans', customer, location] as const,
    queryFn: ({ signal }): Promise<TLocationCheckPlans> =>
      checkPlans(customer, location, async () => ZLocationCheckPlans.parse(await http.get<unknown>(`${locationApiPath(customer, location)}/check-plans`, { signal }))),
    staleTime: 10 * 60_000,
  });

/** POST …/checks: 201 the check, 200 the check stored before for an entry sent again. */
export async function postCheck(customer: string, location: string, body: TCheckBody): Promise<TCheckRecord> {
  return ZCheckRecord.parse(await http.post<unknown>(`${locationApiPath(customer, location)}/checks`, body));
}
