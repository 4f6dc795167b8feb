import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZWebhook, ZWebhookCreate, ZWebhookDelivery, ZWebhookIdParams, ZWebhookPatch, ZWebhookWithSecret } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import type { TWebhookSettings } from './webhook-sender';
import { createWebhook, listWebhooks, patchWebhook, removeWebhook, testWebhook, webhookDeliveries } from './webhook-service';

/** Webhooks (docs/webhooks.md): administrators, and a customer's managers (editCustomer) for their own customers. */
export async function webhookRoutes(app: FastifyInstance, { db, settings }: { db: TDb; settings: TWebhookSettings }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/webhooks',
    {
      schema: {
        operationId: 'GetWebhooks',
        tags: ['webhooks'],
        summary: 'Webhook subscriptions the caller may see: administrators all, others those of their customers; never the secrets',
        response: { 200: z.array(ZWebhook), ...errorResponses(401, 403) },
      },
    },
    async (request) => listWebhooks(db, currentUser(request)),
  );

  routes.post(
    '/webhooks',
    {
      schema: {
        operationId: 'PostWebhook',
        tags: ['webhooks'],
        summary: 'Subscribe a URL to event types for a customer (null: every customer, administrators only); the answer holds the secret (whsec_...), this once',
        body: ZWebhookCreate,
        response: { 201: ZWebhookWithSecret, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await createWebhook(db, currentUser(request), request.body)),
  );

  routes.patch(
    '/webhooks/:id',
    {
      schema: {
        operationId: 'PatchWebhook',
        tags: ['webhooks'],
        summary: 'Change a subscription; rotateSecret: true makes a new secret, answered this once (the old one stops at once)',
        params: ZWebhookIdParams,
        body: ZWebhookPatch,
        response: { 200: ZWebhookWithSecret, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => patchWebhook(db, currentUser(request), request.params.id, request.body),
  );

  routes.delete(
    '/webhooks/:id',
    {
      schema: {
        operationId: 'DeleteWebhook',
        tags: ['webhooks'],
        summary: 'Delete a subscription with its waiting deliveries and its log',
        params: ZWebhookIdParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeWebhook(db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  routes.post(
    '/webhooks/:id/test',
    {
      schema: {
        operationId: 'PostWebhookTest',
        tags: ['webhooks'],
        summary: 'Send a signed webhook.test now, once; answers the delivery as its log shows it',
        params: ZWebhookIdParams,
        response: { 200: ZWebhookDelivery, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => testWebhook(db, currentUser(request), request.params.id, settings),
  );

  routes.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        operationId: 'GetWebhookDeliveries',
        tags: ['webhooks'],
        summary: 'The latest deliveries of a subscription (at most 50), newest first, with the last answer of each',
        params: ZWebhookIdParams,
        response: { 200: z.array(ZWebhookDelivery), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => webhookDeliveries(db, currentUser(request), request.params.id),
  );
}
