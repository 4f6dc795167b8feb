import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { ZCalibrationLogRow } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { calibrationLogs } from '../../db/schema';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { requireCustomer } from '../customers/customer-repository';
import { ZCustomerParams, ZLocationParams } from '../places/place-params';
import { requireLocation } from '../locations/location-repository';
import { listCalibrationLogs } from './calibration-log-repository';

const ZQuery = z.object({ conditions: z.string().optional() });
const RESPONSES = { 200: z.array(ZCalibrationLogRow), ...errorResponses(400, 401, 403, 404) };

/** Calibration logs (docs/places.md, "Calibration logs"): rows for the CSV the web app builds; calibrationData; scoped. */
export async function calibrationLogRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/customers/:customer/calibrationLogs',
    {
      schema: {
        operationId: 'GetCustomerCalibrationLogs',
        tags: ['calibration'],
        summary: "A customer's calibration log, newest first",
        params: ZCustomerParams,
        querystring: ZQuery,
        response: RESPONSES,
      },
    },
    async (request) => {
      const customer = await requireCustomer(db, currentUser(request), request.params.customer);
      return listCalibrationLogs(db, eq(calibrationLogs.customerId, customer.id), request.query.conditions);
    },
  );

  routes.get(
    '/customers/:customer/locations/:location/calibrationLogs',
    {
      schema: {
        operationId: 'GetLocationCalibrationLogs',
        tags: ['calibration'],
        summary: "A location's calibration log, newest first",
        params: ZLocationParams,
        querystring: ZQuery,
        response: RESPONSES,
      },
    },
    async (request) => {
      const location = await requireLocation(db, currentUser(request), request.params.customer, request.params.location);
      return listCalibrationLogs(db, eq(calibrationLogs.locationId, location.id), request.query.conditions);
    },
  );
}
