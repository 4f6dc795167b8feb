import { sql } from 'drizzle-orm';
import { DASHBOARD_CHECKS_MAX, type TDashboardChecks } from '@aquasmart/domain';
import { queryRows, type TDb } from '../../db/database';
import type { TAuthUser } from '../../identity/auth-user';
import { scopedCustomerIds } from '../../identity/customer-scope';
import { ApiError } from '../../lib/api-error';
import { outletChecksDue } from './check-due';

/**
 * The dashboard's overdue and due checks (docs/outlets.md, "Dashboard"), apart from GET /dashboard
 * as the samplings are: the caller's customers (or one, ?customer=; 404 outside the scope), the
 * counts and up to 50 rows soonest first.
 */
export async function getDashboardChecks(db: TDb, user: TAuthUser, customer: string | undefined, now = new Date()): Promise<TDashboardChecks> {
  let customerIds = scopedCustomerIds(user);
  if (customer !== undefined) {
    const [row] = await queryRows<{ id: number }>(db, sql`SELECT id FROM customers WHERE name = ${customer}`);
    if (!row || (customerIds !== null && !customerIds.includes(row.id))) throw ApiError.notFound(`No customer ${customer}`);
    customerIds = [row.id];
  }
  const outlets = await outletChecksDue(db, customerIds === null ? { all: true } : { customerIds }, now);
  const all = outlets.flatMap(({ outlet, place, checks }) => checks.map((due) => ({ outletId: outlet.id, customer: place.customer, location: place.location, outletName: outlet.name, check: due.check, nextDue: due.nextDue, state: due.state })));
  const listed = all
    .filter((row) => row.state !== 'planned')
    .sort((a, b) => a.nextDue.localeCompare(b.nextDue) || a.customer.localeCompare(b.customer) || a.location.localeCompare(b.location) || a.outletName.localeCompare(b.outletName));
  return {
    outlets: outlets.length,
    checks: all.length,
    overdue: listed.filter((row) => row.state === 'overdue').length,
    due: listed.filter((row) => row.state === 'due').length,
    rows: listed.slice(0, DASHBOARD_CHECKS_MAX),
  };
}
