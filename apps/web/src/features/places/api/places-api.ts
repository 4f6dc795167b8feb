import { queryOptions } from '@tanstack/react-query';
import {
  ZCalibrationLogRow,
  ZGatewayListItem,
  ZLocationListItem,
  type TCalibrationLogRow,
  type TGatewayListItem,
  type TLocationListItem,
} from '@aquasmart/domain';
import { http } from '../../../lib/http/http';

/**
 * Paths and reads shared by the customers, locations and gateways screens (portal.md section 7).
 * Names are part of the paths and always URL-encoded (they may hold spaces, accents and `/`).
 */
const segment = encodeURIComponent;

export const customerApiPath = (customer: string) => `/customers/${segment(customer)}`;
export const locationApiPath = (customer: string, location: string) => `${customerApiPath(customer)}/locations/${segment(location)}`;
export const gatewayApiPath = (customer: string, location: string, gateway: string) =>
  `${locationApiPath(customer, location)}/gateways/${segment(gateway)}`;

/** Screen addresses (the route table's patterns filled in). */
export const customerScreen = (customer: string) => `/customers/${segment(customer)}`;
export const locationScreen = (customer: string, location: string) => `/locations/${segment(customer)}/${segment(location)}`;
export const gatewayScreen = (customer: string, location: string, gateway: string) =>
  `/gateways/${segment(customer)}/${segment(location)}/${segment(gateway)}`;

/** Every query of these screens starts with one of these, so a save can refresh them all. */
export const PLACES_QUERY_ROOTS = { customers: ['customers'], locations: ['locations'], gateways: ['gateways'] } as const;

export interface TCustomerOption {
  name: string;
  interval: number;
}

/** GET /customers?projection=calibration.interval name: the customer choice of the forms. */
export async function fetchCustomerOptions(signal?: AbortSignal): Promise<TCustomerOption[]> {
  const rows = await http.get<{ name: string; calibration?: { interval?: number } }[]>('/customers', {
    query: { projection: 'calibration.interval name' },
    signal,
  });
  return rows.map((row) => ({ name: row.name, interval: row.calibration?.interval ?? 1 }));
}

export const customerOptionsQuery = queryOptions({
  queryKey: ['customers', 'options'] as const,
  queryFn: ({ signal }) => fetchCustomerOptions(signal),
});

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

/** GET .../calibrationLogs (calibrationData): newest first. */
export async function fetchCalibrationLogs(customer: string, location?: string): Promise<TCalibrationLogRow[]> {
  const base = location === undefined ? customerApiPath(customer) : locationApiPath(customer, location);
  const rows = await http.get<unknown[]>(`${base}/calibrationLogs`);
  return rows.map((row) => ZCalibrationLogRow.parse(row));
}

/** GET /locations, or one customer's (GET /customers/{c}/locations): the location lists. */
export const locationsListKey = (customer?: string) => ['locations', 'list', customer ?? null] as const;
export async function fetchLocations(customer?: string, signal?: AbortSignal): Promise<TLocationListItem[]> {
  const path = customer === undefined ? '/locations' : `${customerApiPath(customer)}/locations`;
  const rows = await http.get<unknown[]>(path, { signal });
  return rows.map((row) => ZLocationListItem.parse(row));
}

export async function deleteLocation(customer: string, location: string): Promise<void> {
  await http.delete(locationApiPath(customer, location));
}

/** GET /gateways, a customer's or a location's gateways (gatewayView or gatewayManagement). */
export const gatewaysListKey = (customer?: string, location?: string) => ['gateways', 'list', customer ?? null, location ?? null] as const;
export async function fetchGateways(customer?: string, location?: string, signal?: AbortSignal): Promise<TGatewayListItem[]> {
  const path =
    customer === undefined ? '/gateways' : location === undefined ? `${customerApiPath(customer)}/gateways` : `${locationApiPath(customer, location)}/gateways`;
  const rows = await http.get<unknown[]>(path, { signal });
  return rows.map((row) => ZGatewayListItem.parse(row));
}

export async function deleteGateway(customer: string, location: string, gateway: string): Promise<void> {
  await http.delete(gatewayApiPath(customer, location, gateway));
}
