import { sql } from 'drizzle-orm';
import { DASHBOARD_CHECKS_MAX, type TDashboardChecks } from '@aquasmart/domain';
import { queryRows, type TDb } from '../../db/database';
import type { TAuthUser } from '../../identity/auth-user';
import { scopedCustomerIds } from '../../identity/customer-scope';
import { ApiError } from '../../lib/api-error';
import { dueSummary } from './check-due-sql';

/**
 * The dashboard's overdue and due checks (docs/outlets.md, "Dashboard"), apart from GET /dashboard
 * as the samplings are: the caller's customers (or one, ?customer=; 404 outside the scope), the
 * counts and up to 50 rows soonest first. Counted in the database (check-due-sql.ts): 20,000 outlets
 * over 1,000 places (the full seed) take 49-56 ms at p50, 52-75 ms at p95 (docs/outlets.md, "Speed").
 */
export async function getDashboardChecks(db: TDb, user: TAuthUser, customer: string | undefined, now = new Date()): Promise<TDashboardChecks> {
  let customerIds = scopedCustomerIds(user);
  if (customer !== undefined) {
    const [row] = await queryRows<{ id: number }>(db, sql`SELECT id FROM customers WHERE name = ${customer}`);
    if (!row || (customerIds !== null && !customerIds.includes(row.id))) throw ApiError.notFound(`No customer ${customer}`);
    customerIds = [row.id];
  }
  const summary = await dueSummary(db, { customerIds }, now, DASHBOARD_CHECKS_MAX);
  const listed = summary.soonest
    .flatMap((due) => {
      const place = summary.places.get(due.locationId);
      return place ? [{ outletId: due.outletId, customer: place.customer, location: place.location, outletName: due.outletName, check: due.check, nextDue: due.nextDue, state: due.state }] : [];
    })
    .sort((a, b) => a.nextDue.localeCompare(b.nextDue) || a.customer.localeCompare(b.customer) || a.location.localeCompare(b.location) || a.outletName.localeCompare(b.outletName));
  return {
    outlets: summary.outlets,
    checks: summary.checks,
    overdue: summary.overdue,
    due: summary.due,
    rows: listed.slice(0, DASHBOARD_CHECKS_MAX),
  };
}
