import { queryOptions } from '@tanstack/react-query';
import { ZLocation, type TLocation, type TLocationCreate, type TLocationPatch } from '@aquasmart/domain';
import { http } from '../../../lib/http/http';
import { locationApiPath } from '../../places/api/places-api';

/** The location calls of portal.md section 7 (lists and delete live in features/places). */
export const locationQuery = (customer: string, name: string) =>
  queryOptions({
    queryKey: ['locations', 'one', customer, name] as const,
    queryFn: async ({ signal }): Promise<TLocation> => ZLocation.parse(await http.get<unknown>(locationApiPath(customer, name), { signal })),
  });

export async function createLocation(body: TLocationCreate): Promise<TLocation> {
  return ZLocation.parse(await http.post<unknown>('/locations', body));
}

export async function patchLocation(customer: string, name: string, body: TLocationPatch): Promise<TLocation> {
  return ZLocation.parse(await http.patch<unknown>(locationApiPath(customer, name), body));
}
