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
