import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { ZGateway, ZGatewayCreate, ZGatewayListItem, ZGatewayPatch } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { gateways } from '../../db/schema';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { requireCustomer } from '../customers/customer-repository';
import { ZCustomerParams, ZGatewayParams, ZListQuery, ZLocationParams } from '../places/place-params';
import { requireLocation } from '../locations/location-repository';
import { GATEWAY_SORT_FIELDS, gatewayExportBatches, gatewayExportColumns, listGateways, readGateway, requireGateway } from './gateway-repository';
import { CSV_EXPORT_RESPONSE, exportLanguage, sendCsvExport, zClientListExportQuery } from '../../lib/csv-export';
import { createGateway, deleteGateway, updateGateway } from './gateway-service';

type TGateway = z.infer<typeof ZGateway>;
const LIST_RESPONSES = { 200: z.array(ZGatewayListItem), ...errorResponses(400, 401, 403, 404) };

/** Gateways (docs/places.md, "Gateways"): gatewayView reads, gatewayManagement writes; scoped to the caller's customers. */
export async function gatewayRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The exports of the three gateway lists (docs/exports.md): the list's search and sort, every row, as CSV.
  const ZExportQuery = zClientListExportQuery(GATEWAY_SORT_FIELDS);
  const EXPORT_RESPONSES = { 200: CSV_EXPORT_RESPONSE, ...errorResponses(400, 401, 403, 404) };
  const exportCsv = (
    reply: Parameters<typeof sendCsvExport>[0],
    user: ReturnType<typeof currentUser>,
    query: z.infer<typeof ZExportQuery>,
    options: Parameters<typeof gatewayExportBatches>[3],
  ) => {
    const language = exportLanguage(query.language, user);
    return sendCsvExport(reply, { list: 'gateways', columns: gatewayExportColumns(language, options.columns), batches: gatewayExportBatches(db, user, query, options), language });
  };
  routes.get(
    '/gateways/export.csv',
    {
      schema: { operationId: 'GetGatewaysExport', tags: ['gateways'], summary: 'The gateway list as CSV with its search and sort (docs/exports.md)', querystring: ZExportQuery, response: EXPORT_RESPONSES },
    },
    async (request, reply) => exportCsv(reply, currentUser(request), request.query, { columns: { customer: true, location: true } }),
  );
  routes.get(
    '/customers/:customer/gateways/export.csv',
    {
      schema: { operationId: 'GetCustomerGatewaysExport', tags: ['gateways'], summary: "A customer's gateways as CSV", params: ZCustomerParams, querystring: ZExportQuery, response: EXPORT_RESPONSES },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const customer = await requireCustomer(db, user, request.params.customer);
      return exportCsv(reply, user, request.query, { where: eq(gateways.customerId, customer.id), columns: { customer: false, location: true } });
    },
  );
  routes.get(
    '/customers/:customer/locations/:location/gateways/export.csv',
    {
      schema: { operationId: 'GetLocationGatewaysExport', tags: ['gateways'], summary: "A location's gateways as CSV", params: ZLocationParams, querystring: ZExportQuery, response: EXPORT_RESPONSES },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const location = await requireLocation(db, user, request.params.customer, request.params.location);
      return exportCsv(reply, user, request.query, { where: eq(gateways.locationId, location.id), columns: { customer: false, location: false } });
    },
  );

  routes.get(
    '/gateways',
    {
      schema: { operationId: 'GetGateways', tags: ['gateways'], summary: 'Gateways sorted by name', querystring: ZListQuery, response: LIST_RESPONSES },
    },
    async (request) => listGateways(db, currentUser(request), request.query),
  );

  routes.post(
    '/gateways',
    {
      schema: {
        operationId: 'PostGateway',
        tags: ['gateways'],
        summary: 'Create a gateway at a location; MAC (lower case) unique, name unique per location',
        body: ZGatewayCreate,
        response: { 201: ZGateway, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = await createGateway(db, user, request.body);
      return reply.status(201).send((await readGateway(db, user, id)) as TGateway);
    },
  );

  routes.get(
    '/customers/:customer/gateways',
    {
      schema: {
        operationId: 'GetCustomerGateways',
        tags: ['gateways'],
        summary: "A customer's gateways sorted by name",
        params: ZCustomerParams,
        querystring: ZListQuery,
        response: LIST_RESPONSES,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const customer = await requireCustomer(db, user, request.params.customer);
      return listGateways(db, user, request.query, eq(gateways.customerId, customer.id));
    },
  );

  routes.get(
    '/customers/:customer/locations/:location/gateways',
    {
      schema: {
        operationId: 'GetLocationGateways',
        tags: ['gateways'],
        summary: "A location's gateways sorted by name (e.g. ?projection=name)",
        params: ZLocationParams,
        querystring: ZListQuery,
        response: LIST_RESPONSES,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const location = await requireLocation(db, user, request.params.customer, request.params.location);
      return listGateways(db, user, request.query, eq(gateways.locationId, location.id));
    },
  );

  routes.get(
    '/customers/:customer/locations/:location/gateways/:gateway',
    {
      schema: { operationId: 'GetGateway', tags: ['gateways'], summary: 'One gateway of a location', params: ZGatewayParams, response: { 200: ZGateway, ...errorResponses(401, 403, 404) } },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await requireGateway(db, user, request.params);
      return (await readGateway(db, user, row.id)) as TGateway;
    },
  );

  routes.patch(
    '/customers/:customer/locations/:location/gateways/:gateway',
    {
      schema: {
        operationId: 'PatchGateway',
        tags: ['gateways'],
        summary: 'Change a gateway; a rename keeps its nodes; another location moves it',
        params: ZGatewayParams,
        body: ZGatewayPatch,
        response: { 200: ZGateway, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = await updateGateway(db, user, request.params, request.body);
      return (await readGateway(db, user, id)) as TGateway;
    },
  );

  routes.delete(
    '/customers/:customer/locations/:location/gateways/:gateway',
    {
      schema: {
        operationId: 'DeleteGateway',
        tags: ['gateways'],
        summary: 'Delete a gateway no node uses (409 otherwise)',
        params: ZGatewayParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteGateway(db, currentUser(request), request.params);
      return reply.status(204).send(null);
    },
  );
}
