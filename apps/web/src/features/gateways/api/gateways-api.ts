import { queryOptions } from '@tanstack/react-query';
import { ZGateway, type TGateway, type TGatewayCreate, type TGatewayPatch } from '@aquasmart/domain';
import { http } from '../../../lib/http/http';
import { gatewayApiPath } from '../../places/api/places-api';

/** The gateway calls of portal.md section 7 (lists and delete live in features/places). */
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
