import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TGatewayListItem } from '@aquasmart/domain';
import { type TDb, type TDbOrTx } from '../../db/database';
import { customers, gateways, locations, products } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { customerScopeCondition } from '../../identity/customer-scope';
import { parseConditions, parseProjection, projectableFields, selectionFor, type TFieldMap } from '../../lib/query';
import type { TAuthUser } from '../../identity/auth-user';
import type { TListQuery } from '../customers/customer-repository';
import { requireLocation } from '../locations/location-repository';
import { exportTexts, type TExportLanguage } from '@aquasmart/domain';
import { clientSortKeys, keysetBatches, keysetOrder, keysetSelection, textSortKey, type TKeysetKey } from '../../lib/keyset';
import { allWordsIn } from '../../lib/query';
import { EXPORT_BATCH_SIZE, type TClientListExportQuery, type TExportColumn } from '../../lib/csv-export';

export type TGatewayRow = typeof gateways.$inferSelect;

/** The gateways' public fields: product, customer and location by name, never by id; lastSeenAt ISO text (docs/gateways.md). */
export const GATEWAY_FIELDS: TFieldMap = {
  name: { sql: gateways.name, kind: 'text' },
  mac: { sql: gateways.mac, kind: 'text' },
  type: { sql: gateways.type, kind: 'text' },
  product: { sql: products.name, kind: 'text' },
  customer: { sql: customers.name, kind: 'text' },
  location: { sql: locations.name, kind: 'text' },
  notes: { sql: gateways.notes, kind: 'text' },
  lastSeenAt: {
    sql: gateways.lastSeenAt,
    kind: 'timestamp',
    select: sql<string | null>`to_char(${gateways.lastSeenAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  },
};

/** The gateway of a path (customer, location, gateway names) within the user's customers; 404 otherwise. */
export async function requireGateway(
  db: TDbOrTx,
  user: TAuthUser,
  path: { customer: string; location: string; gateway: string },
  lock = false,
): Promise<TGatewayRow> {
  const location = await requireLocation(db, user, path.customer, path.location);
  const query = db
    .select()
    .from(gateways)
    .where(and(eq(gateways.locationId, location.id), eq(gateways.name, path.gateway)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw ApiError.notFound(`No gateway ${path.gateway}`);
  return row;
}

/** Gateways the user may see, sorted by name (then customer and location), with the projected fields. */
export async function listGateways(db: TDb, user: TAuthUser, query: TListQuery, where?: SQL): Promise<TGatewayListItem[]> {
  const projection = parseProjection(query.projection, projectableFields(GATEWAY_FIELDS));
  const conditions = parseConditions(query.conditions, GATEWAY_FIELDS);
  const rows = await db
    .select(selectionFor(projection, GATEWAY_FIELDS))
    .from(gateways)
    .innerJoin(customers, eq(customers.id, gateways.customerId))
    .innerJoin(locations, eq(locations.id, gateways.locationId))
    .leftJoin(products, eq(products.id, gateways.productId))
    .where(and(customerScopeCondition(user, gateways.customerId), conditions, where))
    .orderBy(sql`lower(${gateways.name})`, gateways.name, sql`lower(${customers.name})`, sql`lower(${locations.name})`);
  return rows;
}

export async function readGateway(db: TDb, user: TAuthUser, id: number): Promise<TGatewayListItem> {
  const [row] = await listGateways(db, user, {}, eq(gateways.id, id));
  if (!row) throw ApiError.notFound('No such gateway');
  return row;
}

/** One row of the gateway export (docs/exports.md): the list's columns. */
export interface TGatewayExportRow {
  name: string;
  mac: string;
  type: string | null;
  lastSeenAt: Date | null;
  customer: string;
  location: string;
}

/** The sortable columns of the gateway list (apps/web/src/components/places/gateway-list.tsx); never heard sorts last both ways, as the list kit sorts empty values. */
export const GATEWAY_SORT_FIELDS = ['name', 'mac', 'type', 'lastSeenAt', 'customer', 'location'] as const;
const GATEWAY_SORT_COLUMNS: Record<string, TKeysetKey> = {
  name: textSortKey(sql`${gateways.name}`),
  mac: textSortKey(sql`${gateways.mac}`),
  type: textSortKey(sql`${gateways.type}`),
  lastSeenAt: { expression: sql`${gateways.lastSeenAt}`, type: 'timestamptz' },
  customer: textSortKey(sql`${customers.name}`),
  location: textSortKey(sql`${locations.name}`),
};
const GATEWAY_ORDER: TKeysetKey[] = [
  { expression: sql`lower(${gateways.name})`, type: 'text', notNull: true },
  { expression: sql`${gateways.name}`, type: 'text', notNull: true },
  { expression: sql`lower(${customers.name})`, type: 'text', notNull: true },
  { expression: sql`lower(${locations.name})`, type: 'text', notNull: true },
  { expression: sql`${gateways.id}`, type: 'integer', notNull: true },
];

/**
 * Every gateway of the list (all, a customer's or a location's: `where`) with its search and sort, in
 * keyset batches. The search reads name, MAC, type and, in the wider lists, customer and location.
 */
export function gatewayExportBatches(
  db: TDb,
  user: TAuthUser,
  query: TClientListExportQuery,
  { where, columns }: { where?: SQL; columns: { customer: boolean; location: boolean } },
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<TGatewayExportRow[]> {
  const keys = clientSortKeys(query.sort, GATEWAY_SORT_COLUMNS, GATEWAY_ORDER);
  const searched = [sql`${gateways.name}`, sql`${gateways.mac}`, sql`${gateways.type}`, ...(columns.customer ? [sql`${customers.name}`] : []), ...(columns.location ? [sql`${locations.name}`] : [])];
  const filter = and(customerScopeCondition(user, gateways.customerId), allWordsIn(searched, query.search), where);
  const selection = { name: gateways.name, mac: gateways.mac, type: gateways.type, lastSeenAt: gateways.lastSeenAt, customer: customers.name, location: locations.name };
  return keysetBatches(
    keys,
    (after, limit) =>
      db
        .select({ ...selection, ...keysetSelection(keys) })
        .from(gateways)
        .innerJoin(customers, eq(customers.id, gateways.customerId))
        .innerJoin(locations, eq(locations.id, gateways.locationId))
        .where(and(filter, after))
        .orderBy(...keysetOrder(keys))
        .limit(limit),
    batchSize,
  );
}

/** The gateway list's columns; customer and location only where the list shows them. */
export function gatewayExportColumns(language: TExportLanguage, columns: { customer: boolean; location: boolean }): TExportColumn<TGatewayExportRow>[] {
  const texts = exportTexts(language).gateways;
  return [
    { header: texts.name, value: (row) => row.name },
    { header: texts.mac, value: (row) => row.mac },
    { header: texts.type, value: (row) => row.type },
    { header: texts.lastSeen, value: (row) => row.lastSeenAt },
    ...(columns.customer ? [{ header: texts.customer, value: (row: TGatewayExportRow) => row.customer }] : []),
    ...(columns.location ? [{ header: texts.location, value: (row: TGatewayExportRow) => row.location }] : []),
  ];
}
