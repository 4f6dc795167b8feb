import { queryOptions } from '@tanstack/react-query';
import { ZGatewayHeardNode, type TGatewayHeardNode } from '@aquasmart/domain';
import { http } from '../../../lib/http/http';
import { gatewayApiPath } from '../../../lib/api/places';

/** GET .../gateways/{gateway}/heard: the nodes the gateway heard, latest first (docs/gateways.md). */
export const gatewayHeardNodesQuery = (customer: string, location: string, gateway: string) =>
  queryOptions({
    queryKey: ['gateways', 'heard', customer, location, gateway] as const,
    queryFn: async ({ signal }): Promise<TGatewayHeardNode[]> =>
      (await http.get<unknown[]>(`${gatewayApiPath(customer, location, gateway)}/heard`, { signal })).map((row) => ZGatewayHeardNode.parse(row)),
  });
