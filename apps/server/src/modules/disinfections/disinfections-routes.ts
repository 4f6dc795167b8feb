import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPlannedDisinfection, ZPlannedDisinfectionBody, ZPlannedDisinfectionListQuery } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { ZLocationParams } from '../places/place-params';
import { listLocationDisinfections, recordPlannedDisinfection } from './disinfections-service';

const PATH = '/customers/:customer/locations/:location/disinfections';

/**
 * Planned thermal disinfections of a location (docs/logbook.md, "Thermal disinfection"): the list
 * and recording one (right recordDeviationAction). The logbook report checks each at every hot outlet.
 */
export async function disinfectionRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    PATH,
    {
      schema: {
        operationId: 'GetLocationDisinfections',
        tags: ['logbook'],
        summary: 'The planned thermal disinfections recorded at a location, newest first; from and to (local dates of the location) keep those that overlap them',
        params: ZLocationParams,
        querystring: ZPlannedDisinfectionListQuery,
        response: { 200: z.array(ZPlannedDisinfection), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listLocationDisinfections(db, currentUser(request), request.params.customer, request.params.location, request.query),
  );

  routes.post(
    PATH,
    {
      schema: {
        operationId: 'PostLocationDisinfection',
        tags: ['logbook'],
        summary:
          'Records a thermal disinfection done at the location from .. to .., with a note (insert-only: it is never changed or deleted). 400 validation.disinfectionEndBeforeStart / validation.disinfectionTooLong / validation.disinfectionInFuture on to',
        params: ZLocationParams,
        body: ZPlannedDisinfectionBody,
        response: { 201: ZPlannedDisinfection, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const recorded = await recordPlannedDisinfection(db, currentUser(request), request.params.customer, request.params.location, request.body);
      return reply.code(201).send(recorded);
    },
  );
}
