import { queryOptions } from '@tanstack/react-query';
import { ZLocation, ZLocationListItem, type TLocation, type TLocationCreate, type TLocationListItem, type TLocationPatch } from '@aquasmart/domain';
import { http } from '../http/http';
import { customerApiPath, locationApiPath } from './places';

/** The location calls (docs/places.md). */
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

/** GET /customers/{c}/locations?projection=name: the location choice once a customer is chosen. */
export async function fetchLocationNames(customer: string, signal?: AbortSignal): Promise<string[]> {
  const rows = await http.get<{ name: string }[]>(`${customerApiPath(customer)}/locations`, { query: { projection: 'name' }, signal });
  return rows.map((row) => row.name);
}

export const locationNamesQuery = (customer: string) =>
  queryOptions({
    queryKey: ['locations', 'names', customer] as const,
    queryFn: ({ signal }) => fetchLocationNames(customer, signal),
    enabled: customer !== '',
  });

/** GET /locations, or one customer's (GET /customers/{c}/locations): the location lists. */
export const locationsListKey = (customer?: string) => ['locations', 'list', customer ?? null] as const;
/** The export of a location list (docs/exports.md): all, or one customer's. */
export const locationsExportPath = (customer?: string) => `${customer === undefined ? '' : customerApiPath(customer)}/locations/export.csv`;

export async function fetchLocations(customer?: string, signal?: AbortSignal): Promise<TLocationListItem[]> {
  const path = customer === undefined ? '/locations' : `${customerApiPath(customer)}/locations`;
  const rows = await http.get<unknown[]>(path, { signal });
  return rows.map((row) => ZLocationListItem.parse(row));
}

export async function deleteLocation(customer: string, location: string): Promise<void> {
  await http.delete(locationApiPath(customer, location));
}
