import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCustomer, ZCustomerCreate, ZCustomerListItem, ZCustomerPatch } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { customerExportBatches, listCustomers, readCustomer, requireCustomer } from './customer-repository';
import { CSV_EXPORT_RESPONSE, exportLanguage, sendCsvExport, zClientListExportQuery } from '../../lib/csv-export';
import { PLACE_SORT_FIELDS, placeExportColumns } from '../places/place-export';
import { createCustomer, deleteCustomer, updateCustomer } from './customer-service';
import { ZCustomerParams, ZListQuery } from '../places/place-params';


/** Customers (docs/places.md): scoped to the caller's customers; rights are checked before the handler. */
export async function customerRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/customers',
    {
      schema: {
        operationId: 'GetCustomers',
        tags: ['customers'],
        summary: 'Customers sorted by name, with sync, online, channels and nodes computed (docs/places.md)',
        querystring: ZListQuery,
        response: { 200: z.array(ZCustomerListItem), ...errorResponses(400, 401) },
      },
    },
    async (request) => listCustomers(db, currentUser(request), request.query),
  );

  routes.get(
    '/customers/export.csv',
    {
      schema: {
        operationId: 'GetCustomersExport',
        tags: ['customers'],
        summary: 'The customer list as CSV with its search and sort (docs/exports.md)',
        querystring: zClientListExportQuery(PLACE_SORT_FIELDS.filter((field) => field !== 'customer')),
        response: { 200: CSV_EXPORT_RESPONSE, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const language = exportLanguage(request.query.language, user);
      return sendCsvExport(reply, { list: 'customers', columns: placeExportColumns(language, false), batches: customerExportBatches(db, user, request.query), language });
    },
  );

  routes.post(
    '/customers',
    {
      schema: {
        operationId: 'PostCustomer',
        tags: ['customers'],
        summary: 'Create a customer; calibration interval (default 2) and endpoint are for administrators',
        body: ZCustomerCreate,
        response: { 201: ZCustomer, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = await createCustomer(db, user, request.body);
      return reply.status(201).send((await readCustomer(db, user, id)) as z.infer<typeof ZCustomer>);
    },
  );

  routes.get(
    '/customers/:customer',
    {
      schema: { operationId: 'GetCustomer', tags: ['customers'], summary: 'One customer the caller may see', params: ZCustomerParams, response: { 200: ZCustomer, ...errorResponses(401, 404) } },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await requireCustomer(db, user, request.params.customer);
      return (await readCustomer(db, user, row.id)) as z.infer<typeof ZCustomer>;
    },
  );

  routes.patch(
    '/customers/:customer',
    {
      schema: {
        operationId: 'PatchCustomer',
        tags: ['customers'],
        summary: 'Change a customer; a rename keeps every reference; a changed interval propagates to its locations and devices',
        params: ZCustomerParams,
        body: ZCustomerPatch,
        response: { 200: ZCustomer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = await updateCustomer(db, user, request.params.customer, request.body);
      return (await readCustomer(db, user, id)) as z.infer<typeof ZCustomer>;
    },
  );

  routes.delete(
    '/customers/:customer',
    {
      schema: {
        operationId: 'DeleteCustomer',
        tags: ['customers'],
        summary: 'Delete a customer without locations, gateways, nodes or restricted users (409 otherwise)',
        params: ZCustomerParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteCustomer(db, currentUser(request), request.params.customer);
      return reply.status(204).send(null);
    },
  );
}
