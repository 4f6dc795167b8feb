import { queryOptions } from '@tanstack/react-query';
import { DEVIATION_LIST_MAX_LIMIT, ZDeviation, type TDeviation, type TDeviationActionBody, type TDeviationState } from '@aquasmart/domain';
import { z } from 'zod';
import { http } from '../../../lib/http/http';
import { customerApiPath, locationApiPath } from '../../../lib/api/places';

/** Whose deviations: a location of a customer, or every location of the customer. */
export interface TDeviationScope {
  customer: string;
  location?: string;
}

/** Every deviations query starts with this, so recording an action refreshes them all (and the logbook's preview has its own). */
export const DEVIATIONS_QUERY_ROOT = ['deviations'] as const;

export const deviationsApiPath = (scope: TDeviationScope) =>
  `${scope.location === undefined ? customerApiPath(scope.customer) : locationApiPath(scope.customer, scope.location)}/deviations`;

/** The deviations of a scope, open ones first (the server's order), at most DEVIATION_LIST_MAX_LIMIT. */
export const deviationsQuery = (scope: TDeviationScope, state?: TDeviationState) =>
  queryOptions({
    queryKey: [...DEVIATIONS_QUERY_ROOT, scope.customer, scope.location ?? null, state ?? 'all'] as const,
    queryFn: async ({ signal }): Promise<{ rows: TDeviation[]; total: number }> => {
      const { data, headers } = await http.getWithHeaders<unknown>(deviationsApiPath(scope), {
        query: { limit: String(DEVIATION_LIST_MAX_LIMIT), ...(state ? { state } : {}) },
        signal,
      });
      const rows = z.array(ZDeviation).parse(data);
      return { rows, total: Number(headers.get('x-total-count') ?? rows.length) };
    },
  });

/** Records cause and corrective action of a deviation: the deviation as it is now. */
export async function recordDeviationAction(id: number, body: TDeviationActionBody): Promise<TDeviation> {
  return ZDeviation.parse(await http.post<unknown>(`/deviations/${id}/actions`, body));
}
