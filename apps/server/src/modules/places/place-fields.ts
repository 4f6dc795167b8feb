import { eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import { devices } from '../../db/schema';
import { OFFLINE_AFTER_MS, RESPONSIBLE_PERSON_FIELDS, TOKEN_MASK } from '@aquasmart/domain';
import type { TFieldMap } from '../../lib/query';

/**
 * Field-map parts shared by customers and locations: the address fields, the calibration
 * interval, the endpoint (all of it for administrators, only the platform for others) and the
 * computed list columns sync, online, channels and nodes (docs/places.md).
 */

interface TPlaceColumns {
  id: AnyPgColumn;
  reference: AnyPgColumn;
  address: AnyPgColumn;
  postalCode: AnyPgColumn;
  city: AnyPgColumn;
  country: AnyPgColumn;
  calibrationInterval: AnyPgColumn;
  endpoint: AnyPgColumn;
  notes: AnyPgColumn;
  responsible: AnyPgColumn;
  deputy: AnyPgColumn;
}

/** A responsible person's fields (jsonb) as list fields: responsible.name, responsible.email, ... */
function personFields(column: AnyPgColumn, prefix: 'responsible' | 'deputy'): TFieldMap {
  return Object.fromEntries(
    RESPONSIBLE_PERSON_FIELDS.map((field) => [`${prefix}.${field}`, text(sql<string | null>`(${column}->>${sql.raw(`'${field}'`)})`)]),
  );
}

const text = (column: SQL | AnyPgColumn) => ({ sql: column, kind: 'text' as const });
/**
 * A count or minimum over the place's devices, read from the place's counts joined to the list
 * (`placeCounts`): a column of the join, no longer a subquery per row, so not limited as one.
 */
const computed = (expression: SQL) => ({ sql: expression, kind: 'integer' as const, select: expression.mapWith(Number) });

/** Which devices belong to the place: its customer_id or its location_id. */
type TDeviceColumn = 'customer_id' | 'location_id';

/** Where a place's nodes are counted: one pass over them, joined LATERAL to each place row (listCustomers, listLocations). */
export const PLACE_COUNTS = 'place_counts';

/**
 * The counts of a place's nodes in one pass: nodes; online, whose last uplink (lora_ts) is at most
 * 6 hours old; channels, their temperature channels (counted on the node, kept right by triggers:
 * 0009_place_counts.sql); sync, -1 when no node has parameters, 0 when any node waits for its
 * settings, 1 otherwise. Join with `leftJoinLateral(placeCounts(...), sql`true`)`.
 */
export function placeCounts(devicesBy: TDeviceColumn, id: AnyPgColumn) {
  return new QueryBuilder().select(countColumns()).from(devices).where(eq(deviceColumn(devicesBy), id)).as(PLACE_COUNTS);
}

/**
 * The same counts for every place at once (one pass over the fleet, grouped): for a list of all
 * places, where a pass per place would read the fleet place by place (400 customers at 100,000
 * nodes: 144 ms against 40). Join on `placeId`; a place without nodes has no row (the fields
 * answer 0 and -1 then).
 */
export function placeCountsOfAll(devicesBy: TDeviceColumn) {
  const column = deviceColumn(devicesBy);
  return new QueryBuilder()
    .select({ placeId: sql<number>`${column}`.as('place_id'), ...countColumns() })
    .from(devices)
    .where(isNotNull(column))
    .groupBy(column)
    .as(PLACE_COUNTS);
}

/**
 * Joins the place counts to a list query: per place (LATERAL) when the list holds few places (a
 * user's own customers, one place read back), grouped once over the fleet for a list of all.
 */
export function withPlaceCounts<TSelect extends PgSelect>(select: TSelect, devicesBy: TDeviceColumn, id: AnyPgColumn, fewPlaces: boolean): TSelect {
  if (fewPlaces) return select.leftJoinLateral(placeCounts(devicesBy, id), sql`true`) as unknown as TSelect;
  const all = placeCountsOfAll(devicesBy);
  return select.leftJoin(all, eq(all.placeId, id)) as unknown as TSelect;
}

const deviceColumn = (devicesBy: TDeviceColumn) => (devicesBy === 'customer_id' ? devices.customerId : devices.locationId);

function countColumns() {
  return {
    nodes: sql<number>`count(*)::int`.as('nodes'),
    online: sql<number>`(count(*) FILTER (WHERE ${devices.loraTs} > now() - ${sql.raw(`interval '${OFFLINE_AFTER_MS / 1000} seconds'`)}))::int`.as('online'),
    channels: sql<number>`coalesce(sum(${devices.temperatureChannels}), 0)::int`.as('channels'),
    sync: sql<number>`coalesce(min(${devices.sync}) FILTER (WHERE ${devices.sync} >= 0), -1)::int`.as('sync'),
  };
}

/** The SQL of maskToken (domain platforms/token-mask.ts): a mask, with the last four characters of a long token. */
const maskedToken = (token: SQL) =>
  sql<string | null>`(CASE WHEN coalesce(${token}, '') = '' THEN NULL WHEN length(${token}) >= 16 THEN ${TOKEN_MASK} || right(${token}, 4) ELSE ${TOKEN_MASK} END)`;

const counted = (name: 'nodes' | 'online' | 'channels' | 'sync') =>
  computed(sql.raw(`coalesce("${PLACE_COUNTS}"."${name}", ${name === 'sync' ? -1 : 0})`));

export function placeFields(table: TPlaceColumns, devicesBy: TDeviceColumn, administrator: boolean): TFieldMap {
  const endpoint = (key: string) => sql<string | null>`(${table.endpoint}->>${sql.raw(`'${key}'`)})`;
  const ldOption = (key: string) => sql<string | null>`(${table.endpoint}#>>${sql.raw(`'{ldOptions,${key}}'`)})`;
  return {
    reference: text(table.reference),
    address: text(table.address),
    postalCode: text(table.postalCode),
    city: text(table.city),
    country: text(table.country),
    'calibration.interval': { sql: table.calibrationInterval, kind: 'integer' },
    'endpoint.platform': text(endpoint('platform')),
    ...(administrator
      ? {
          'endpoint.url': text(endpoint('url')),
          // Never the token itself (docs/platforms.md, "Token"): its mask, as maskToken makes it.
          'endpoint.token': text(maskedToken(endpoint('token'))),
          'endpoint.ldOptions.deviceType': text(ldOption('deviceType')),
          'endpoint.ldOptions.subType1': text(ldOption('subType1')),
          'endpoint.ldOptions.subType2': text(ldOption('subType2')),
          'endpoint.ldOptions.subType3': text(ldOption('subType3')),
        }
      : {}),
    notes: text(table.notes),
    ...personFields(table.responsible, 'responsible'),
    ...personFields(table.deputy, 'deputy'),
    sync: counted('sync'),
    online: counted('online'),
    channels: counted('channels'),
    nodes: counted('nodes'),
  };
}

/**
 * Rows come back nested (`endpoint.ldOptions.deviceType`); an endpoint's ldOptions whose four
 * fields are all empty is answered as null, as the stored endpoint has none.
 */
export function tidyPlaceRow<T extends Record<string, unknown>>(row: T): T {
  const endpoint = row.endpoint as { ldOptions?: Record<string, unknown> | null } | undefined;
  if (endpoint?.ldOptions && Object.values(endpoint.ldOptions).every((value) => value === null || value === undefined)) {
    endpoint.ldOptions = null;
  }
  // Nobody named: null, not an object of nulls.
  const record = row as Record<string, unknown>;
  for (const key of ['responsible', 'deputy']) {
    const person = record[key] as Record<string, unknown> | undefined;
    if (person && Object.values(person).every((value) => value === null || value === undefined)) record[key] = null;
  }
  return row;
}
