import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDeviceHeardGateway, ZGatewayHeardNode } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { requireGateway } from '../gateways/gateway-repository';
import { listHeardGateways, listHeardNodes } from '../gateways/gateway-radio-repository';
import { ZGatewayParams } from '../places/place-params';
import { deviceScopeCondition, requireVisibleDevice } from './device-repository';

const ZDeviceParams = z.object({ eui: z.string().min(1).max(100) });

/**
 * Which gateways heard which nodes (docs/gateways.md). Here, beside GetGatewayDevices, because both
 * sides need the nodes' scope: a gateway may hear another customer's nodes, and a node gateways of
 * another customer; each side lists only what the caller may see. Rights: the gateway reads.
 */
export async function deviceRadioRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/customers/:customer/locations/:location/gateways/:gateway/heard',
    {
      schema: {
        operationId: 'GetGatewayHeardNodes',
        tags: ['gateways'],
        summary: 'The nodes a gateway heard, latest first, with the last RSSI and SNR (nodes the caller may see)',
        params: ZGatewayParams,
        response: { 200: z.array(ZGatewayHeardNode), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const gateway = await requireGateway(db, user, request.params);
      return listHeardNodes(db, gateway.id, deviceScopeCondition(user));
    },
  );

  routes.get(
    '/devices/:eui/gateways',
    {
      schema: {
        operationId: 'GetDeviceGateways',
        tags: ['devices'],
        summary: "The registered gateways that heard a node, latest first, with the last RSSI and SNR (the caller's customers' gateways)",
        params: ZDeviceParams,
        response: { 200: z.array(ZDeviceHeardGateway), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const device = await requireVisibleDevice(db, user, request.params.eui);
      return listHeardGateways(db, user, device.eui);
    },
  );
}
