import { and, eq, sql, type SQL } from 'drizzle-orm';
import { MESSAGE, messageKey, type TCustomerListItem } from '@aquasmart/domain';
import { type TDb, type TDbOrTx } from '../../db/database';
import { customers } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { customerScopeCondition, scopedCustomerIds } from '../../identity/customer-scope';
import { parseConditions, parseProjection, projectableFields, selectionFor, type TFieldMap } from '../../lib/query';
import { isAdministrator } from '../../identity/rights';
import type { TAuthUser } from '../../identity/auth-user';
import { placeFields, tidyPlaceRow, withPlaceCounts } from '../places/place-fields';
import { placeExportSelection, placeSearchColumns, placeSortColumns, type TPlaceExportRow } from '../places/place-export';
import { clientSortKeys, keysetBatches, keysetOrder, keysetSelection, type TKeysetKey } from '../../lib/keyset';
import { allWordsIn } from '../../lib/query';
import { EXPORT_BATCH_SIZE, type TClientListExportQuery } from '../../lib/csv-export';

export type TCustomerRow = typeof customers.$inferSelect;

/** The customers' public fields; endpoint details only for administrators. */
export function customerFields(user: TAuthUser): TFieldMap {
  return {
    name: { sql: customers.name, kind: 'text' },
    ...placeFields(customers, 'customer_id', isAdministrator(user)),
    rulebook: { sql: customers.rulebook, kind: 'text' },
    alarmTemperatureMinutes: { sql: customers.alarmTemperatureMinutes, kind: 'integer' },
  };
}

/** The customer with this name when the user may see it; null otherwise (callers answer 404). */
export async function findCustomer(db: TDbOrTx, user: TAuthUser, name: string, lock = false): Promise<TCustomerRow | null> {
  const query = db
    .select()
    .from(customers)
    .where(and(eq(customers.name, name), customerScopeCondition(user, customers.id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function requireCustomer(db: TDbOrTx, user: TAuthUser, name: string, lock = false): Promise<TCustomerRow> {
  const row = await findCustomer(db, user, name, lock);
  if (!row) throw ApiError.notFound(`No customer ${name}`);
  return row;
}

/** A customer named in a request body: unknown and out of scope look the same (400 on `field`). */
export async function requireBodyCustomer(db: TDbOrTx, user: TAuthUser, name: string, field = 'customer'): Promise<TCustomerRow> {
  const customer = await findCustomer(db, user, name);
  if (!customer) throw ApiError.badRequest(`Unknown customer ${name}`, { [field]: messageKey(MESSAGE.unknownCustomer, { name }) });
  return customer;
}

export interface TListQuery {
  conditions?: string;
  projection?: string;
}

/** Customers the user may see, sorted by name, with the projected fields. */
export async function listCustomers(db: TDb, user: TAuthUser, query: TListQuery, where?: SQL): Promise<TCustomerListItem[]> {
  const fields = customerFields(user);
  const projection = parseProjection(query.projection, projectableFields(fields));
  const conditions = parseConditions(query.conditions, fields);
  const fewPlaces = scopedCustomerIds(user) !== null || where !== undefined;
  const rows = await withPlaceCounts(db.select(selectionFor(projection, fields)).from(customers).$dynamic(), 'customer_id', customers.id, fewPlaces)
    .where(and(customerScopeCondition(user, customers.id), conditions, where))
    .orderBy(sql`lower(${customers.name})`, customers.name);
  return rows.map((row) => tidyPlaceRow(row as Record<string, unknown>) as TCustomerListItem);
}

/** One customer in its public form (the same fields as a list row without projection). */
export async function readCustomer(db: TDb, user: TAuthUser, id: number): Promise<TCustomerListItem> {
  const [row] = await listCustomers(db, user, {}, eq(customers.id, id));
  if (!row) throw ApiError.notFound('No such customer');
  return row;
}

/** The list's order (lower(name), name) as keyset keys, the id last. */
const CUSTOMER_ORDER: TKeysetKey[] = [
  { expression: sql`lower(${customers.name})`, type: 'text', notNull: true },
  { expression: sql`${customers.name}`, type: 'text', notNull: true },
  { expression: sql`${customers.id}`, type: 'integer', notNull: true },
];

/** Every customer of the list with its search and sort (docs/exports.md), in keyset batches. */
export function customerExportBatches(db: TDb, user: TAuthUser, query: TClientListExportQuery, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<TPlaceExportRow[]> {
  const keys = clientSortKeys(query.sort, placeSortColumns(customers), CUSTOMER_ORDER);
  const filter = and(customerScopeCondition(user, customers.id), allWordsIn(placeSearchColumns(customers), query.search));
  return keysetBatches(
    keys,
    (after, limit) =>
      withPlaceCounts(db.select({ ...placeExportSelection(customers), ...keysetSelection(keys) }).from(customers).$dynamic(), 'customer_id', customers.id, true)
        .where(and(filter, after))
        .orderBy(...keysetOrder(keys))
        .limit(limit),
    batchSize,
  );
}
