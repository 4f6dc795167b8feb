import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DASHBOARD_SAMPLINGS_MAX, ZDashboardSamplings, type TDashboardSamplings } from '@aquasmart/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/database';
import type { TAuthUser } from '../../identity/auth-user';
import { scopedCustomerIds } from '../../identity/customer-scope';
import { ApiError } from '../../lib/api-error';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { duePointsUnordered, soonestFirst } from './sampling-due';

/**
 * The dashboard's due and overdue samplings (in the sampling module: the dashboard module builds on no other) (docs/sampling.md, "Due samplings"), beside the charts
 * and apart from GET /dashboard, whose answer the spec fixes: the points of the caller's customers
 * (or of one, ?customer=) overdue or due within 30 days, soonest first, and how many points there are
 * at all, so the screen never says "all clear" where there is no sampling plan.
 */
export async function getDashboardSamplings(db: TDb, user: TAuthUser, customer: string | undefined, now = new Date()): Promise<TDashboardSamplings> {
  let customerIds = scopedCustomerIds(user);
  if (customer !== undefined) {
    const [row] = await queryRows<{ id: number }>(db, sql`SELECT id FROM customers WHERE name = ${customer}`);
    if (!row || (customerIds !== null && !customerIds.includes(row.id))) throw ApiError.notFound(`No customer ${customer}`);
    customerIds = [row.id];
  }
  const points = await duePointsUnordered(db, customerIds === null ? { all: true } : { customerIds }, now);
  const listed = soonestFirst(points.filter((point) => point.due.state === 'overdue' || point.due.state === 'due'));
  return {
    points: points.length,
    overdue: listed.filter((point) => point.due.state === 'overdue').length,
    due: listed.filter((point) => point.due.state === 'due').length,
    rows: listed.slice(0, DASHBOARD_SAMPLINGS_MAX).map((point) => ({
      samplePointId: point.samplePointId,
      customer: point.customer,
      location: point.location,
      name: point.name,
      role: point.role,
      nextDue: point.due.nextDue as string,
      state: point.due.state,
      resample: point.due.resampleDue !== null && point.due.resampleDue === point.due.nextDue,
    })),
  };
}

export async function dashboardSamplingRoutes(app: FastifyInstance, { db }: { db: TDb }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dashboard/samplings',
    {
      schema: {
        operationId: 'GetDashboardSamplings',
        tags: ['dashboard'],
        summary: "Sample points whose sampling is overdue or due within 30 days, of the caller's customers or of one (?customer=), soonest first",
        querystring: z.object({ customer: z.string().min(1).max(500).optional() }),
        response: { 200: ZDashboardSamplings, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getDashboardSamplings(db, currentUser(request), request.query.customer),
  );
}
