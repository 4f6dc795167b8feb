import { queryOptions } from '@tanstack/react-query';
import { ZPlatformState, ZPlatformTestResult, type TPlatformState, type TPlatformTestResult } from '@aquasmart/domain';
import { http } from '../../../lib/http/http';
import { customerApiPath, locationApiPath } from '../../../lib/api/places';

/** A customer's or location's external platform (docs/platforms.md, "State"); administrators only. */
export interface TPlatformPlace {
  customer: string;
  location?: string;
}

const platformPath = ({ customer, location }: TPlatformPlace) =>
  `${location === undefined ? customerApiPath(customer) : locationApiPath(customer, location)}/platform`;

/** While the tab is open the state refreshes itself, so a delivery shows without a click. */
export const PLATFORM_REFRESH_MS = 5000;

export const platformStateQuery = (place: TPlatformPlace) =>
  queryOptions({
    queryKey: ['platforms', place.customer, place.location ?? null],
    queryFn: async ({ signal }): Promise<TPlatformState> => ZPlatformState.parse(await http.get<unknown>(platformPath(place), { signal })),
    refetchInterval: PLATFORM_REFRESH_MS,
  });

export async function testPlatform(place: TPlatformPlace): Promise<TPlatformTestResult> {
  return ZPlatformTestResult.parse(await http.post<unknown>(`${platformPath(place)}/test`));
}

export async function retryPlatform(place: TPlatformPlace): Promise<TPlatformState> {
  return ZPlatformState.parse(await http.post<unknown>(`${platformPath(place)}/retry`));
}
