import { inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TAuthUser } from './auth-user';

/**
 * A user with customers sees and changes only those customers' data, on every route.
 * Returns the customer ids the user is restricted to, or null for "all customers".
 */
export function scopedCustomerIds(user: TAuthUser): number[] | null {
  return user.customers.length ? user.customers.map((customer) => customer.id) : null;
}

/** A WHERE condition that keeps only rows of the user's customers (undefined: no restriction). */
export function customerScopeCondition(user: TAuthUser, customerColumn: AnyPgColumn): SQL | undefined {
  const ids = scopedCustomerIds(user);
  return ids ? inArray(customerColumn, ids) : undefined;
}

/** True when a row of this customer is visible to the user; callers answer 404 otherwise. */
export function inCustomerScope(user: TAuthUser, customerId: number | null | undefined): boolean {
  const ids = scopedCustomerIds(user);
  return ids === null || (customerId !== null && customerId !== undefined && ids.includes(customerId));
}
