import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONNECTOR_PROJECTION_FIELDS, ZConnectorProjected, findConnector } from '@aquasmart/domain';
import { ApiError } from '../../lib/api-error';
import { errorResponses } from '../../lib/error-responses';
import { applyProjection, parseProjection } from '../../lib/query';

const ZConnectorParams = z.object({ id: z.string().min(1).max(100), version: z.string().min(1).max(20) });
const ZConnectorQuery = z.object({ projection: z.string().max(2000).optional() });

/** The spec's catalogue form: `messages` on its own names the message ids and names only. */
function connectorProjection(raw: string | undefined): string[] {
  const tokens = (raw ?? '').split(/[\s,]+/).map((token) => (token === 'messages' ? 'messages.id messages.name' : token));
  return parseProjection(tokens.join(' '), CONNECTOR_PROJECTION_FIELDS);
}

/**
 * The connectors catalogue (docs/payload-format.md, "Connectors catalogue"): what each device
 * type's payload codec sends and accepts. Static data of the domain package; any signed-in user.
 */
export async function connectorRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/connectors/:id/:version',
    {
      schema: {
        operationId: 'GetConnector',
        tags: ['connectors'],
        summary: 'A connector (aquasmart-v1, -v2, -v3; version 1): its messages with ids, fPorts and fields; ?projection=messages gives ids and names',
        params: ZConnectorParams,
        querystring: ZConnectorQuery,
        response: { 200: ZConnectorProjected, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const projection = connectorProjection(request.query.projection);
      const connector = findConnector(request.params.id, request.params.version);
      if (!connector) throw ApiError.notFound(`No connector ${request.params.id} version ${request.params.version}`);
      return applyProjection(connector, projection);
    },
  );
}
