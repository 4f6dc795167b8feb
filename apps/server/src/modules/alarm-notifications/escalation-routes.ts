import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAlarmEscalation } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { ZCustomerParams } from '../places/place-params';
import { readEscalation, saveEscalation } from './escalation-service';

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
        response: { 200: ZAlarmEscalation, ...errorResponses(401, 404) },
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
        summary: 'Replace the escalation settings: minutes (default 240), e-mail addresses, users (by e-mail) who may see the customer',
        params: ZCustomerParams,
        body: ZAlarmEscalation,
        response: { 200: ZAlarmEscalation, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => saveEscalation(db, currentUser(request), request.params.customer, request.body),
  );
}
