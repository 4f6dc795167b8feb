import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOTAL_COUNT_HEADER, ZDeviation, ZDeviationActionBody, ZDeviationListQuery, type TDeviationListQuery } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import type { TAuthUser } from '../../identity/auth-user';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { ZCustomerParams, ZLocationParams } from '../places/place-params';
import { listCustomerDeviations, listLocationDeviations, readDeviation, recordDeviationAction } from './deviations-service';

const ZDeviationParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
const PAGE_ANSWER = `One page, open ones first, then the newest; the header ${TOTAL_COUNT_HEADER} holds the number of matching deviations`;
const FILTERS = 'filters: state (open, handled), kind, from and to (local dates the deviation overlaps), page and limit';

/**
 * Deviations of the logbook as records (docs/logbook.md, "Deviations"): lists per location and
 * customer, one deviation, and recording its cause and corrective action (right recordDeviationAction).
 */
export async function deviationRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const scopes = [
    {
      name: 'Location',
      path: '/customers/:customer/locations/:location/deviations',
      what: 'at a location',
      params: ZLocationParams,
      list: (user: TAuthUser, params: Record<string, string>, query: TDeviationListQuery) => listLocationDeviations(db, user, params.customer, params.location, query),
    },
    {
      name: 'Customer',
      path: '/customers/:customer/deviations',
      what: "at a customer's locations",
      params: ZCustomerParams,
      list: (user: TAuthUser, params: Record<string, string>, query: TDeviationListQuery) => listCustomerDeviations(db, user, params.customer, query),
    },
  ] as const;
  for (const scope of scopes) {
    routes.get(
      scope.path,
      {
        schema: {
          operationId: `Get${scope.name}Deviations`,
          tags: ['logbook'],
          summary: `The deviations the logbook found ${scope.what}; ${FILTERS}`,
          params: scope.params,
          querystring: ZDeviationListQuery,
          response: { 200: z.array(ZDeviation).describe(PAGE_ANSWER), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const page = await scope.list(currentUser(request), request.params, request.query);
        reply.header(TOTAL_COUNT_HEADER, String(page.total));
        return page.rows;
      },
    );
  }

  routes.get(
    '/deviations/:id',
    {
      schema: {
        operationId: 'GetDeviation',
        tags: ['logbook'],
        summary: 'One deviation with every action recorded',
        params: ZDeviationParams,
        response: { 200: ZDeviation, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => readDeviation(db, currentUser(request), request.params.id),
  );

  routes.post(
    '/deviations/:id/actions',
    {
      schema: {
        operationId: 'PostDeviationAction',
        tags: ['logbook'],
        summary:
          'Records the cause and corrective action of a deviation, when it was taken and optionally the alarm whose handling it was (insert-only: a correction is a new action, the latest counts). 400 validation.actedAtInFuture / validation.actedAtBeforeDeviation on actedAt, validation.alarmNotHere on alarmId',
        params: ZDeviationParams,
        body: ZDeviationActionBody,
        response: { 201: ZDeviation, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const deviation = await recordDeviationAction(db, currentUser(request), request.params.id, request.body);
      return reply.code(201).send(deviation);
    },
  );
}
