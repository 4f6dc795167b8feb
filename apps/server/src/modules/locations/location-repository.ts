import { and, eq, sql, type SQL } from 'drizzle-orm';
import { messageKey, PLACE_MESSAGE, type TLocationListItem } from '@aquasmart/domain';
import { type TDb, type TDbOrTx } from '../../db/database';
import { customers, locations } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { customerScopeCondition, scopedCustomerIds } from '../../identity/customer-scope';
import { parseConditions, parseProjection, projectableFields, selectionFor, type TFieldMap } from '../../lib/query';
import { isAdministrator } from '../../identity/rights';
import type { TAuthUser } from '../../identity/auth-user';
import { requireCustomer, type TListQuery } from '../customers/customer-repository';
import { placeFields, tidyPlaceRow, withPlaceCounts } from '../places/place-fields';
import { placeExportSelection, placeSearchColumns, placeSortColumns, type TPlaceExportRow } from '../places/place-export';
import { clientSortKeys, keysetBatches, keysetOrder, keysetSelection, type TKeysetKey } from '../../lib/keyset';
import { allWordsIn } from '../../lib/query';
import { EXPORT_BATCH_SIZE, type TClientListExportQuery } from '../../lib/csv-export';

export type TLocationRow = typeof locations.$inferSelect;

/** The locations' public fields: `customer` is the customer's name; endpoint details only for administrators. */
export function locationFields(user: TAuthUser): TFieldMap {
  return {
    name: { sql: locations.name, kind: 'text' },
    customer: { sql: customers.name, kind: 'text' },
    ...placeFields(locations, 'location_id', isAdministrator(user)),
    rulebook: { sql: locations.rulebook, kind: 'text' },
    healthcare: { sql: locations.healthcare, kind: 'boolean' },
    timeZone: { sql: locations.timeZone, kind: 'text' },
  };
}

/**
 * The location of a path (customer name, location name) when the user may see its customer;
 * 404 otherwise. `lock` takes a row lock for a change that follows.
 */
export async function requireLocation(db: TDbOrTx, user: TAuthUser, customerName: string, name: string, lock = false): Promise<TLocationRow> {
  const customer = await requireCustomer(db, user, customerName);
  const query = db
    .select()
    .from(locations)
    .where(and(eq(locations.customerId, customer.id), eq(locations.name, name)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw ApiError.notFound(`No location ${name} at ${customerName}`);
  return row;
}

/** A location named in a request body, of the given customer: 400 on `location` when there is none. */
export async function requireBodyLocation(db: TDbOrTx, customerId: number, name: string): Promise<TLocationRow> {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.customerId, customerId), eq(locations.name, name)))
    .limit(1);
  if (!row) throw ApiError.badRequest(`Unknown location ${name}`, { location: messageKey(PLACE_MESSAGE.unknownLocation, { name }) });
  return row;
}

/** Locations the user may see, sorted by name (then customer), with the projected fields. */
export async function listLocations(db: TDb, user: TAuthUser, query: TListQuery, where?: SQL): Promise<TLocationListItem[]> {
  const fields = locationFields(user);
  const projection = parseProjection(query.projection, projectableFields(fields));
  const conditions = parseConditions(query.conditions, fields);
  const fewPlaces = scopedCustomerIds(user) !== null || where !== undefined;
  const rows = await withPlaceCounts(db.select(selectionFor(projection, fields)).from(locations).$dynamic(), 'location_id', locations.id, fewPlaces)
    .innerJoin(customers, eq(customers.id, locations.customerId))
    .where(and(customerScopeCondition(user, locations.customerId), conditions, where))
    .orderBy(sql`lower(${locations.name})`, locations.name, sql`lower(${customers.name})`, customers.name);
  return rows.map((row) => tidyPlaceRow(row as Record<string, unknown>) as TLocationListItem);
}

export async function readLocation(db: TDb, user: TAuthUser, id: number): Promise<TLocationListItem> {
  const [row] = await listLocations(db, user, {}, eq(locations.id, id));
  if (!row) throw ApiError.notFound('No such location');
  return row;
}

/** The list's order (name, then customer) as keyset keys, the id last. */
const LOCATION_ORDER: TKeysetKey[] = [
  { expression: sql`lower(${locations.name})`, type: 'text', notNull: true },
  { expression: sql`${locations.name}`, type: 'text', notNull: true },
  { expression: sql`lower(${customers.name})`, type: 'text', notNull: true },
  { expression: sql`${locations.id}`, type: 'integer', notNull: true },
];

/** Every location of the list (all, or `where`: one customer's) with its search and sort (docs/exports.md), in keyset batches. */
export function locationExportBatches(db: TDb, user: TAuthUser, query: TClientListExportQuery, where?: SQL, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<TPlaceExportRow[]> {
  const customerName = sql`${customers.name}`;
  const keys = clientSortKeys(query.sort, placeSortColumns(locations, customerName), LOCATION_ORDER);
  const filter = and(customerScopeCondition(user, locations.customerId), allWordsIn(placeSearchColumns(locations, where ? undefined : customerName), query.search), where);
  return keysetBatches(
    keys,
    (after, limit) =>
      withPlaceCounts(db.select({ ...placeExportSelection(locations), customer: customers.name, ...keysetSelection(keys) }).from(locations).$dynamic(), 'location_id', locations.id, true)
        .innerJoin(customers, eq(customers.id, locations.customerId))
        .where(and(filter, after))
        .orderBy(...keysetOrder(keys))
        .limit(limit),
    batchSize,
  );
}
