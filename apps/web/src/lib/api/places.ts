import { ZCalibrationLogRow, type TCalibrationLogRow } from '@aquasmart/domain';
import { http } from '../http/http';

/**
 * Paths, screen addresses and reads shared by the customers, locations and gateways screens
 * (docs/places.md); each resource's own calls are in customers.ts, locations.ts and
 * gateways.ts. Names are part of the paths and always URL-encoded (they may hold spaces,
 * accents and `/`).
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


/** GET .../calibrationLogs (calibrationData): newest first. */
export async function fetchCalibrationLogs(customer: string, location?: string): Promise<TCalibrationLogRow[]> {
  const base = location === undefined ? customerApiPath(customer) : locationApiPath(customer, location);
  const rows = await http.get<unknown[]>(`${base}/calibrationLogs`);
  return rows.map((row) => ZCalibrationLogRow.parse(row));
}
