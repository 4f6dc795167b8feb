import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCalibrationIntervalPatch, ZUpdatedCount } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { requireLocation } from '../locations/location-repository';
import { requireCustomer } from '../customers/customer-repository';
import { ZCustomerParams, ZLocationParams } from '../places/place-params';
import { setCustomerDevicesInterval, setCustomerLocationsInterval, setLocationDevicesInterval } from '../places/interval-propagation';

const RESPONSES = { 200: ZUpdatedCount, ...errorResponses(400, 401, 403, 404) };

/**
 * The three calibration-interval calls (docs/places.md, "Calibration interval"; administrators only), each one
 * transaction; the answer says how many rows changed.
 */
export async function intervalRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const customerWide = [
    {
      path: '/customers/:customer/devices',
      operationId: 'PatchCustomerDevices',
      summary: 'Set the calibration interval of every device of the customer',
      propagate: setCustomerDevicesInterval,
    },
    {
      path: '/customers/:customer/locations',
      operationId: 'PatchCustomerLocations',
      summary: 'Set the calibration interval of every location of the customer (and of the devices there)',
      propagate: setCustomerLocationsInterval,
    },
  ] as const;

  for (const { path, operationId, summary, propagate } of customerWide) {
    routes.patch(
      path,
      { schema: { operationId, tags: ['customers'], summary, params: ZCustomerParams, body: ZCalibrationIntervalPatch, response: RESPONSES } },
      async (request) =>
        db.transaction(async (tx) => {
          const customer = await requireCustomer(tx, currentUser(request), request.params.customer, true);
          return { updated: await propagate(tx, customer.id, request.body.calibration.interval) };
        }),
    );
  }

  routes.patch(
    '/customers/:customer/locations/:location/devices',
    {
      schema: {
        operationId: 'PatchLocationDevices',
        tags: ['locations'],
        summary: 'Set the calibration interval of every device at the location',
        params: ZLocationParams,
        body: ZCalibrationIntervalPatch,
        response: RESPONSES,
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const location = await requireLocation(tx, currentUser(request), request.params.customer, request.params.location);
        return { updated: await setLocationDevicesInterval(tx, location.id, request.body.calibration.interval) };
      }),
  );
}
