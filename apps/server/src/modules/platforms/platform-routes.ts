import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPlatformState, ZPlatformTestResult } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { ZCustomerParams, ZLocationParams } from '../places/place-params';
import { readPlatformState, retryPlatform, testDelivery } from './platform-service';
import type { TSenderSettings } from './platform-sender';

export interface TPlatformRoutesOptions {
  db: TDb;
  settings: TSenderSettings;
  /** Wakes the sender: an endpoint is due. */
  onRetry: () => void;
}

/** The delivery state of a customer's or location's external platform (docs/platforms.md, "State"); administrators only (rights catalogue). */
export async function platformRoutes(app: FastifyInstance, { db, settings, onRetry }: TPlatformRoutesOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['platforms'];
  routes.get(
    '/customers/:customer/platform',
    { schema: { operationId: 'GetCustomerPlatform', tags, summary: 'Delivery state of the customer\'s platform endpoint', params: ZCustomerParams, response: { 200: ZPlatformState, ...errorResponses(401, 403, 404) } } },
    async (request) => readPlatformState(db, settings, request.params.customer),
  );
  routes.post(
    '/customers/:customer/platform/test',
    { schema: { operationId: 'PostCustomerPlatformTest', tags, summary: 'Send one signed sample item to the customer\'s endpoint and answer what it said', params: ZCustomerParams, response: { 200: ZPlatformTestResult, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => testDelivery(db, settings, request.params.customer),
  );
  routes.post(
    '/customers/:customer/platform/retry',
    { schema: { operationId: 'PostCustomerPlatformRetry', tags, summary: 'Deliver the customer\'s backlog now (a parked endpoint too)', params: ZCustomerParams, response: { 200: ZPlatformState, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => {
      const state = await retryPlatform(db, settings, request.params.customer);
      onRetry();
      return state;
    },
  );
  routes.get(
    '/customers/:customer/locations/:location/platform',
    { schema: { operationId: 'GetLocationPlatform', tags, summary: 'Delivery state of the location\'s platform endpoint (its customer\'s when it follows the customer)', params: ZLocationParams, response: { 200: ZPlatformState, ...errorResponses(401, 403, 404) } } },
    async (request) => readPlatformState(db, settings, request.params.customer, request.params.location),
  );
  routes.post(
    '/customers/:customer/locations/:location/platform/test',
    { schema: { operationId: 'PostLocationPlatformTest', tags, summary: 'Send one signed sample item to the location\'s endpoint and answer what it said', params: ZLocationParams, response: { 200: ZPlatformTestResult, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => testDelivery(db, settings, request.params.customer, request.params.location),
  );
  routes.post(
    '/customers/:customer/locations/:location/platform/retry',
    { schema: { operationId: 'PostLocationPlatformRetry', tags, summary: 'Deliver the location\'s backlog now (a parked endpoint too)', params: ZLocationParams, response: { 200: ZPlatformState, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => {
      const state = await retryPlatform(db, settings, request.params.customer, request.params.location);
      onRetry();
      return state;
    },
  );
}
