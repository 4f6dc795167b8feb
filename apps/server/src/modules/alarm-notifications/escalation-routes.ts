import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAlarmEscalationChain, ZEscalationStages } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { ZCustomerParams, ZLocationParams } from '../places/place-params';
import { readEscalation, readLocationEscalation, saveEscalation, saveLocationEscalation } from './escalation-service';

/** A customer's alarm escalation (docs/alarm-notifications.md): read by whoever sees the customer, changed with editCustomer. */
export async function alarmEscalationRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/customers/:customer/alarmEscalation',
    {
      schema: {
        operationId: 'GetCustomerAlarmEscalation',
        tags: ['customers'],
        summary: 'When an unacknowledged alarm of the customer escalates, and to whom',
        params: ZCustomerParams,
        response: { 200: ZAlarmEscalationChain, ...errorResponses(401, 404) },
      },
    },
    async (request) => readEscalation(db, currentUser(request), request.params.customer),
  );
  routes.patch(
    '/customers/:customer/alarmEscalation',
    {
      schema: {
        operationId: 'PatchCustomerAlarmEscalation',
        tags: ['customers'],
        summary: 'Replace the escalation settings: minutes (default 240), e-mail addresses, users (by e-mail) who may see the customer, and the chain of stages (docs/escalation.md)',
        params: ZCustomerParams,
        body: ZAlarmEscalationChain.extend({ stages: ZEscalationStages.optional() }),
        response: { 200: ZAlarmEscalationChain, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => saveEscalation(db, currentUser(request), request.params.customer, request.body),
  );
  const ZLocationChain = z.object({ stages: ZEscalationStages });
  routes.get(
    '/customers/:customer/locations/:location/alarmEscalation',
    {
      schema: {
        operationId: 'GetLocationAlarmEscalation',
        tags: ['locations'],
        summary: "The location's own escalation chain; no stages: the customer's holds",
        params: ZLocationParams,
        response: { 200: ZLocationChain, ...errorResponses(401, 404) },
      },
    },
    async (request) => readLocationEscalation(db, currentUser(request), request.params.customer, request.params.location),
  );
  routes.patch(
    '/customers/:customer/locations/:location/alarmEscalation',
    {
      schema: {
        operationId: 'PatchLocationAlarmEscalation',
        tags: ['locations'],
        summary: "Replace the location's own escalation chain (empty: the customer's holds)",
        params: ZLocationParams,
        body: ZLocationChain,
        response: { 200: ZLocationChain, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => saveLocationEscalation(db, currentUser(request), request.params.customer, request.params.location, request.body),
  );
}
