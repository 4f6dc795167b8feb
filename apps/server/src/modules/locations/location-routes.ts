import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZLocation, ZLocationCreate, ZLocationListItem, ZLocationPatch } from '@aquasmart/domain';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { locations } from '../../db/schema';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { requireCustomer } from '../customers/customer-repository';
import { ZCustomerParams, ZListQuery, ZLocationParams } from '../places/place-params';
import { listLocations, locationExportBatches, readLocation, requireLocation } from './location-repository';
import { CSV_EXPORT_RESPONSE, exportLanguage, sendCsvExport, zClientListExportQuery } from '../../lib/csv-export';
import { PLACE_SORT_FIELDS, placeExportColumns } from '../places/place-export';
import { createLocation, deleteLocation, updateLocation } from './location-service';

type TLocation = z.infer<typeof ZLocation>;

/** Locations (docs/places.md): scoped to the caller's customers; rights are checked before the handler. */
export async function locationRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The exports of the two location lists (docs/exports.md): the list's search and sort, every row, as CSV.
  const ZExportQuery = zClientListExportQuery(PLACE_SORT_FIELDS);
  const EXPORT_RESPONSES = { 200: CSV_EXPORT_RESPONSE, ...errorResponses(400, 401, 404) };
  routes.get(
    '/locations/export.csv',
    {
      schema: { operationId: 'GetLocationsExport', tags: ['locations'], summary: 'The location list as CSV with its search and sort (docs/exports.md)', querystring: ZExportQuery, response: EXPORT_RESPONSES },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const language = exportLanguage(request.query.language, user);
      return sendCsvExport(reply, { list: 'locations', columns: placeExportColumns(language, true), batches: locationExportBatches(db, user, request.query), language });
    },
  );
  routes.get(
    '/customers/:customer/locations/export.csv',
    {
      schema: {
        operationId: 'GetCustomerLocationsExport',
        tags: ['locations'],
        summary: "A customer's locations as CSV, as GET /locations/export.csv",
        params: ZCustomerParams,
        querystring: ZExportQuery,
        response: EXPORT_RESPONSES,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const customer = await requireCustomer(db, user, request.params.customer);
      const language = exportLanguage(request.query.language, user);
      return sendCsvExport(reply, {
        list: 'locations',
        columns: placeExportColumns(language, false),
        batches: locationExportBatches(db, user, request.query, eq(locations.customerId, customer.id)),
        language,
      });
    },
  );

  routes.get(
    '/locations',
    {
      schema: {
        operationId: 'GetLocations',
        tags: ['locations'],
        summary: 'Locations sorted by name, with sync, online, channels and nodes computed (docs/places.md)',
        querystring: ZListQuery,
        response: { 200: z.array(ZLocationListItem), ...errorResponses(400, 401) },
      },
    },
    async (request) => listLocations(db, currentUser(request), request.query),
  );

  routes.post(
    '/locations',
    {
      schema: {
        operationId: 'PostLocation',
        tags: ['locations'],
        summary: 'Create a location of a customer; interval defaults to 1; endpoint is for administrators',
        body: ZLocationCreate,
        response: { 201: ZLocation, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = await createLocation(db, user, request.body);
      return reply.status(201).send((await readLocation(db, user, id)) as TLocation);
    },
  );

  routes.get(
    '/customers/:customer/locations',
    {
      schema: {
        operationId: 'GetCustomerLocations',
        tags: ['locations'],
        summary: "A customer's locations sorted by name (e.g. ?projection=calibration.interval name)",
        params: ZCustomerParams,
        querystring: ZListQuery,
        response: { 200: z.array(ZLocationListItem), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const customer = await requireCustomer(db, user, request.params.customer);
      return listLocations(db, user, request.query, eq(locations.customerId, customer.id));
    },
  );

  routes.get(
    '/customers/:customer/locations/:location',
    {
      schema: { operationId: 'GetLocation', tags: ['locations'], summary: 'One location of a customer', params: ZLocationParams, response: { 200: ZLocation, ...errorResponses(401, 404) } },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await requireLocation(db, user, request.params.customer, request.params.location);
      return (await readLocation(db, user, row.id)) as TLocation;
    },
  );

  routes.patch(
    '/customers/:customer/locations/:location',
    {
      schema: {
        operationId: 'PatchLocation',
        tags: ['locations'],
        summary: 'Change a location; another customer moves it with its gateways and nodes (moveLocation)',
        params: ZLocationParams,
        body: ZLocationPatch,
        response: { 200: ZLocation, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = await updateLocation(db, user, request.params.customer, request.params.location, request.body);
      return (await readLocation(db, user, id)) as TLocation;
    },
  );

  routes.delete(
    '/customers/:customer/locations/:location',
    {
      schema: {
        operationId: 'DeleteLocation',
        tags: ['locations'],
        summary: 'Delete a location without gateways or nodes (409 otherwise)',
        params: ZLocationParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteLocation(db, currentUser(request), request.params.customer, request.params.location);
      return reply.status(204).send(null);
    },
  );
}
