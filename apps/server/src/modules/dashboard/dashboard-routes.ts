import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DASHBOARD_LIST_DEFAULT_SORT,
  DASHBOARD_LIST_NAMES,
  DASHBOARD_LIST_SORT_FIELDS,
  DEFAULT_PAGE_SIZE,
  TOTAL_COUNT_HEADER,
  ZDashboard,
  ZDashboardListRow,
  ZFlushAmount,
  type TDashboardListSortField,
} from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { endOverflowDetection, getDashboard, getDashboardList, getFlushAmounts } from './dashboard-service';

/** The largest page of a dashboard list (the list kit offers 25, 50 and 100). */
export const DASHBOARD_LIST_MAX_LIMIT = 1000;
const ZCustomerQuery = z.object({ customer: z.string().min(1).max(500).optional() });
const SORT_VALUES = DASHBOARD_LIST_SORT_FIELDS.flatMap((field) => [field, `-${field}`]) as [string, ...string[]];
const ZListQuery = ZCustomerQuery.extend({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(DASHBOARD_LIST_MAX_LIMIT).default(DEFAULT_PAGE_SIZE),
  sort: z.enum(SORT_VALUES).optional(),
  search: z.string().max(100).optional(),
  min: z.coerce.number().int().min(1).max(10_000).optional(),
});

/** A summary made anew in the background that fails is logged; the answer was already given from the older one. */
const backgroundError = (request: FastifyRequest) => (error: unknown) => request.log.error({ err: error }, 'dashboard summary refresh failed');

/**
 * The dashboard (docs/dashboard.md): GET /dashboard, its twelve lists, flushes per node and
 * ending an overflow detection. Each answer is scoped to the caller's customers.
 */
export async function dashboardRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/dashboard',
    {
      schema: {
        operationId: 'GetDashboard',
        tags: ['dashboard'],
        summary: "The dashboard counts of the caller's customers, or of one (?customer=); calibration only with calibrationData",
        querystring: ZCustomerQuery,
        response: { 200: ZDashboard, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getDashboard(db, currentUser(request), request.query.customer, backgroundError(request)),
  );

  routes.get(
    '/dashboard/lists/:list',
    {
      schema: {
        operationId: 'GetDashboardList',
        tags: ['dashboard'],
        summary: `One page of a dashboard list; sort (-field descending), search (name, EUI, customer, location), customer; the total in ${TOTAL_COUNT_HEADER}`,
        params: z.object({ list: z.enum(DASHBOARD_LIST_NAMES) }),
        querystring: ZListQuery,
        response: { 200: z.array(ZDashboardListRow), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { list } = request.params;
      const { sort, ...query } = request.query;
      const parsedSort = sort
        ? { field: sort.replace(/^-/, '') as TDashboardListSortField, direction: sort.startsWith('-') ? ('desc' as const) : ('asc' as const) }
        : DASHBOARD_LIST_DEFAULT_SORT[list];
      const page = await getDashboardList(db, currentUser(request), list, { ...query, sort: parsedSort }, backgroundError(request));
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.rows;
    },
  );

  routes.get(
    '/devices/byFlushAmount',
    {
      schema: {
        operationId: 'GetDevicesByFlushAmount',
        tags: ['dashboard'],
        summary: 'Nodes with at least min flushes in the last 7 days (flushesPerWeek), fewest first',
        querystring: ZCustomerQuery.extend({ min: z.coerce.number().int().min(1).max(10_000).default(1) }),
        response: { 200: z.array(ZFlushAmount), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getFlushAmounts(db, currentUser(request), request.query.min, request.query.customer, backgroundError(request)),
  );

  routes.delete(
    '/overflowLogs/:id',
    {
      schema: {
        operationId: 'DeleteOverflowLog',
        tags: ['dashboard'],
        summary: 'Ends an overflow detection (lora.state Stopped); the log stays in the history of the node',
        params: z.object({ id: z.string().min(1).max(40) }),
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await endOverflowDetection(db, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
