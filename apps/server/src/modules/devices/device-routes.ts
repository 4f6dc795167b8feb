import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEVICE_SORT_FIELDS,
  NODE_LIST_MAX_LIMIT,
  TOTAL_COUNT_HEADER,
  ZDevice,
  ZDeviceDataItem,
  ZDeviceListItem,
  ZIntakeEvent,
  ZOverflowLog,
} from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { and, eq } from 'drizzle-orm';
import { devices } from '../../db/schema';
import { errorResponse, errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { requireCustomer } from '../customers/customer-repository';
import { requireGateway } from '../gateways/gateway-repository';
import { requireLocation } from '../locations/location-repository';
import { ZCustomerParams, ZGatewayParams, ZListQuery, ZLocationParams } from '../places/place-params';
import { auditExportColumns, auditLogExportBatches, listAuditLogs } from './audit-log-repository';
import { DEVICE_DATA_MAX_LIMIT, listDeviceData, ownedSince } from './device-data-repository';
import { isAdministrator } from '../../identity/rights';
import { deviceExportBatches, listDevicePage, readDevice, requireVisibleDevice, UNPAGED_MAX_ROWS, type TDevicePage } from './device-repository';
import { deviceExportColumns } from './device-export';
import { CSV_EXPORT_RESPONSE, exportLanguage, sendCsvExport, ZExportLanguage } from '../../lib/csv-export';
import { INTAKE_EVENTS_MAX_LIMIT, listFailedIntakeEvents } from './intake-event-repository';
import { listOverflowLogs } from './overflow-log-repository';

const zPaging = (maxLimit: number) => ({
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(maxLimit).optional(),
});
const ZDeviceParams = z.object({ eui: z.string().min(1).max(100) });
const SORT_VALUES = DEVICE_SORT_FIELDS.flatMap((field) => [field, `-${field}`]) as [string, ...string[]];
/** The list kit's server mode (docs/nodes.md): page, limit, sort, search, assigned, plus conditions and projection. */
const ZDeviceListQuery = ZListQuery.extend({
  ...zPaging(NODE_LIST_MAX_LIMIT),
  sort: z.enum(SORT_VALUES).optional(),
  search: z.string().max(100).optional(),
  assigned: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
});
/** The export of a list (docs/exports.md): the list's filter, search and sort, every page; `language` of the headers (default the user's). */
const ZDeviceExportQuery = ZDeviceListQuery.omit({ page: true, limit: true, projection: true }).extend({ language: ZExportLanguage.optional() });
const EXPORT_RESPONSES = { 200: CSV_EXPORT_RESPONSE, ...errorResponses(400, 401, 403, 404) };
const DEVICE_LIST_RESPONSES = {
  200: z.array(ZDeviceListItem).describe(`One page when page or limit is given; the header ${TOTAL_COUNT_HEADER} then holds the number of matching rows`),
  ...errorResponses(401, 403, 404),
  400: errorResponse(`A query that does not parse; errors.listTooLarge when an unpaged list would pass ${UNPAGED_MAX_ROWS} rows (ask with page and limit)`),
};

/** The rows; a paged answer also carries the total in X-Total-Count. */
function sendPage(reply: FastifyReply, page: TDevicePage) {
  if (page.total !== null) reply.header(TOTAL_COUNT_HEADER, String(page.total));
  return page.rows;
}
const ZAuditLogEntry = z.object({ ts: z.string(), user: z.string().nullable(), value: z.unknown() });

/**
 * Read routes of devices and their logs (docs/telemetry.md, "Read routes"), scoped to the
 * caller's customers: a device outside them, or unassigned for a non-administrator, is a 404.
 */
export async function deviceRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/devices',
    {
      schema: {
        operationId: 'GetDevices',
        tags: ['devices'],
        summary: 'Devices; sort (default name), search (name or EUI), assigned, conditions and projection (docs/nodes.md); page and limit answer one page with X-Total-Count',
        querystring: ZDeviceListQuery,
        response: DEVICE_LIST_RESPONSES,
      },
    },
    async (request, reply) => sendPage(reply, await listDevicePage(db, currentUser(request), request.query)),
  );

  routes.get(
    '/customers/:customer/devices',
    {
      schema: {
        operationId: 'GetCustomerDevices',
        tags: ['devices'],
        summary: "A customer's nodes, as GET /devices",
        params: ZCustomerParams,
        querystring: ZDeviceListQuery,
        response: DEVICE_LIST_RESPONSES,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const customer = await requireCustomer(db, user, request.params.customer);
      return sendPage(reply, await listDevicePage(db, user, request.query, eq(devices.customerId, customer.id)));
    },
  );

  routes.get(
    '/customers/:customer/locations/:location/devices',
    {
      schema: {
        operationId: 'GetLocationDevices',
        tags: ['devices'],
        summary: "A location's nodes, as GET /devices",
        params: ZLocationParams,
        querystring: ZDeviceListQuery,
        response: DEVICE_LIST_RESPONSES,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const location = await requireLocation(db, user, request.params.customer, request.params.location);
      return sendPage(reply, await listDevicePage(db, user, request.query, eq(devices.locationId, location.id)));
    },
  );

  routes.get(
    '/customers/:customer/locations/:location/gateways/:gateway/devices',
    {
      schema: {
        operationId: 'GetGatewayDevices',
        tags: ['devices'],
        summary: "A gateway's nodes, as GET /devices",
        params: ZGatewayParams,
        querystring: ZDeviceListQuery,
        response: DEVICE_LIST_RESPONSES,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const gateway = await requireGateway(db, user, request.params);
      return sendPage(reply, await listDevicePage(db, user, request.query, and(eq(devices.locationId, gateway.locationId), eq(devices.gatewayId, gateway.id))));
    },
  );

  // The exports of the four node lists (docs/exports.md): the same scope and filter as the list, every page, streamed as CSV.
  const exportCsv = (reply: FastifyReply, user: ReturnType<typeof currentUser>, query: z.infer<typeof ZDeviceExportQuery>, where?: Parameters<typeof listDevicePage>[3]) => {
    const language = exportLanguage(query.language, user);
    return sendCsvExport(reply, { list: 'nodes', columns: deviceExportColumns(language), batches: deviceExportBatches(db, user, query, where), language });
  };
  routes.get(
    '/devices/export.csv',
    {
      schema: { operationId: 'GetDevicesExport', tags: ['devices'], summary: 'GET /devices as CSV: every row the query matches (docs/exports.md)', querystring: ZDeviceExportQuery, response: EXPORT_RESPONSES },
    },
    async (request, reply) => exportCsv(reply, currentUser(request), request.query),
  );
  routes.get(
    '/customers/:customer/devices/export.csv',
    {
      schema: { operationId: 'GetCustomerDevicesExport', tags: ['devices'], summary: "A customer's nodes as CSV, as GET /devices/export.csv", params: ZCustomerParams, querystring: ZDeviceExportQuery, response: EXPORT_RESPONSES },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const customer = await requireCustomer(db, user, request.params.customer);
      return exportCsv(reply, user, request.query, eq(devices.customerId, customer.id));
    },
  );
  routes.get(
    '/customers/:customer/locations/:location/devices/export.csv',
    {
      schema: { operationId: 'GetLocationDevicesExport', tags: ['devices'], summary: "A location's nodes as CSV, as GET /devices/export.csv", params: ZLocationParams, querystring: ZDeviceExportQuery, response: EXPORT_RESPONSES },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const location = await requireLocation(db, user, request.params.customer, request.params.location);
      return exportCsv(reply, user, request.query, eq(devices.locationId, location.id));
    },
  );
  routes.get(
    '/customers/:customer/locations/:location/gateways/:gateway/devices/export.csv',
    {
      schema: { operationId: 'GetGatewayDevicesExport', tags: ['devices'], summary: "A gateway's nodes as CSV, as GET /devices/export.csv", params: ZGatewayParams, querystring: ZDeviceExportQuery, response: EXPORT_RESPONSES },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const gateway = await requireGateway(db, user, request.params);
      return exportCsv(reply, user, request.query, and(eq(devices.locationId, gateway.locationId), eq(devices.gatewayId, gateway.id)));
    },
  );

  routes.get(
    '/devices/:eui/auditLogs/export.csv',
    {
      schema: {
        operationId: 'GetDeviceAuditLogsExport',
        tags: ['devices'],
        summary: "A node's audit log as CSV, newest first (docs/exports.md)",
        params: ZDeviceParams,
        querystring: z.object({ language: ZExportLanguage.optional() }),
        response: EXPORT_RESPONSES,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const device = await requireVisibleDevice(db, user, request.params.eui);
      const language = exportLanguage(request.query.language, user);
      return sendCsvExport(reply, { list: `audit-${device.eui}`, columns: auditExportColumns(language), batches: auditLogExportBatches(db, device.eui), language });
    },
  );

  routes.get(
    '/devices/:eui',
    {
      schema: {
        operationId: 'GetDevice',
        tags: ['devices'],
        summary: 'One node: channels, battery, lora, sync, diagnostics, calibration, parameters',
        params: ZDeviceParams,
        response: { 200: ZDevice, ...errorResponses(401, 404) },
      },
    },
    async (request) => readDevice(db, currentUser(request), request.params.eui),
  );

  routes.get(
    '/devices/:eui/data',
    {
      schema: {
        operationId: 'GetDeviceData',
        tags: ['devices'],
        summary: 'A node\'s history, oldest first: conditions on msgId, value.timestamp (s), ts ...; projection=value; page and limit',
        params: ZDeviceParams,
        querystring: ZListQuery.extend(zPaging(DEVICE_DATA_MAX_LIMIT)),
        response: { 200: z.array(ZDeviceDataItem), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const device = await requireVisibleDevice(db, user, request.params.eui);
      // History from before the current registration (or move to another customer) is the earlier owner's: administrators only.
      return listDeviceData(db, device.eui, request.query, isAdministrator(user) ? null : await ownedSince(db, device.eui));
    },
  );

  routes.get(
    '/devices/:eui/auditLogs',
    {
      schema: {
        operationId: 'GetDeviceAuditLogs',
        tags: ['devices'],
        summary: 'Changes to a node (provisioning, registration, settings, calibration ...), newest first; administrators only',
        params: ZDeviceParams,
        response: { 200: z.array(ZAuditLogEntry), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const device = await requireVisibleDevice(db, currentUser(request), request.params.eui);
      return listAuditLogs(db, device.eui);
    },
  );

  routes.get(
    '/overflowLogs',
    {
      schema: {
        operationId: 'GetOverflowLog',
        tags: ['devices'],
        summary: 'Overflow detections, newest first (e.g. ?projection=-_id eui, ?conditions={"lora.state":"Started"})',
        querystring: ZListQuery,
        response: { 200: z.array(ZOverflowLog), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listOverflowLogs(db, currentUser(request), request.query),
  );

  routes.get(
    '/intakeEvents',
    {
      schema: {
        operationId: 'GetIntakeEvents',
        tags: ['devices'],
        summary: 'Network-server events the intake could not process (errors, unknown devices), newest first; administrators only',
        querystring: ZListQuery.extend(zPaging(INTAKE_EVENTS_MAX_LIMIT)),
        response: { 200: z.array(ZIntakeEvent), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listFailedIntakeEvents(db, request.query),
  );
}
