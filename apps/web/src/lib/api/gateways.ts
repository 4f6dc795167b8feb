import { queryOptions } from '@tanstack/react-query';
import { ZGateway, ZGatewayListItem, type TGateway, type TGatewayCreate, type TGatewayListItem, type TGatewayPatch } from '@aquasmart/domain';
import { http } from '../http/http';
import { customerApiPath, gatewayApiPath, locationApiPath } from './places';

/** The gateway calls (docs/places.md, "Gateways"). */
export const gatewayQuery = (customer: string, location: string, name: string) =>
  queryOptions({
    queryKey: ['gateways', 'one', customer, location, name] as const,
    queryFn: async ({ signal }): Promise<TGateway> => ZGateway.parse(await http.get<unknown>(gatewayApiPath(customer, location, name), { signal })),
  });

export async function createGateway(body: TGatewayCreate): Promise<TGateway> {
  return ZGateway.parse(await http.post<unknown>('/gateways', body));
}

export async function patchGateway(customer: string, location: string, name: string, body: TGatewayPatch): Promise<TGateway> {
  return ZGateway.parse(await http.patch<unknown>(gatewayApiPath(customer, location, name), body));
}

/** GET /gateways, a customer's or a location's gateways (gatewayView or gatewayManagement). */
export const gatewaysListKey = (customer?: string, location?: string) => ['gateways', 'list', customer ?? null, location ?? null] as const;
const gatewaysApiPath = (customer?: string, location?: string) =>
  customer === undefined ? '/gateways' : location === undefined ? `${customerApiPath(customer)}/gateways` : `${locationApiPath(customer, location)}/gateways`;

/** The export of a gateway list (docs/exports.md): all, a customer's or a location's. */
export const gatewaysExportPath = (customer?: string, location?: string) => `${gatewaysApiPath(customer, location)}/export.csv`;

export async function fetchGateways(customer?: string, location?: string, signal?: AbortSignal): Promise<TGatewayListItem[]> {
  const path = gatewaysApiPath(customer, location);
  const rows = await http.get<unknown[]>(path, { signal });
  return rows.map((row) => ZGatewayListItem.parse(row));
}

export async function deleteGateway(customer: string, location: string, gateway: string): Promise<void> {
  await http.delete(gatewayApiPath(customer, location, gateway));
}

/** GET /products?conditions={"type":"Gateway"}&projection=name: the gateway products, by name. */
export async function fetchGatewayProducts(signal?: AbortSignal): Promise<string[]> {
  const rows = await http.get<{ name: string }[]>('/products', {
    query: { conditions: JSON.stringify({ type: 'Gateway' }), projection: 'name' },
    signal,
  });
  return rows.map((row) => row.name);
}

export const gatewayProductsQuery = queryOptions({
  queryKey: ['products', 'gatewayNames'] as const,
  queryFn: ({ signal }) => fetchGatewayProducts(signal),
});
