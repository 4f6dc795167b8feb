import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiKey, ZApiKeyCreate, ZApiKeyCreated, ZApiKeyIdParams } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { apiKeys, createApiKey, revokeApiKey } from './api-key-service';

/** API keys (docs/api-keys.md): the userManagement route entries; never reached with a key (PEOPLE_ONLY_OPERATIONS). */
export async function apiKeyRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api-keys',
    {
      schema: {
        operationId: 'GetApiKeys',
        tags: ['api-keys'],
        summary: 'API keys, newest first, revoked and expired ones too; never the keys themselves',
        response: { 200: z.array(ZApiKey), ...errorResponses(401, 403) },
      },
    },
    async () => apiKeys(db),
  );

  routes.post(
    '/api-keys',
    {
      schema: {
        operationId: 'PostApiKey',
        tags: ['api-keys'],
        summary:
          'Create an API key with rights and customers within the caller\'s own and an expiry at most 366 days ahead; the answer holds the key, this once (send it as Authorization: Bearer)',
        body: ZApiKeyCreate,
        response: { 201: ZApiKeyCreated, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.status(201).send(await createApiKey(db, currentUser(request), request.body)),
  );

  routes.delete(
    '/api-keys/:id',
    {
      schema: {
        operationId: 'DeleteApiKey',
        tags: ['api-keys'],
        summary: 'Revoke an API key: calls with it are refused at once (401); the key stays listed as revoked',
        params: ZApiKeyIdParams,
        response: { 200: ZApiKey, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => revokeApiKey(db, currentUser(request), request.params.id),
  );
}
