import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { OFFLINE_AFTER_MS } from '@aquasmart/domain';
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
}

const text = (column: SQL | AnyPgColumn) => ({ sql: column, kind: 'text' as const });
/** A count or minimum over the place's devices: a subquery per row. */
const computed = (expression: SQL) => ({ sql: expression, kind: 'integer' as const, select: expression.mapWith(Number), subquery: true });

/** Which devices belong to the place: its customer_id or its location_id. */
type TDeviceColumn = 'customer_id' | 'location_id';

/** sync: -1 when no node has parameters, 0 when any node waits for its settings, 1 otherwise. */
export function syncOf(column: TDeviceColumn, id: AnyPgColumn): SQL {
  return sql`(SELECT coalesce(min(d.sync) FILTER (WHERE d.sync >= 0), -1) FROM devices d WHERE d.${sql.raw(column)} = ${id})::int`;
}

/** online: nodes whose last uplink (lora_ts) is at most 6 hours old. */
export function onlineOf(column: TDeviceColumn, id: AnyPgColumn): SQL {
  return sql`(SELECT count(*) FROM devices d WHERE d.${sql.raw(column)} = ${id}
    AND d.lora_ts > now() - ${sql.raw(`interval '${OFFLINE_AFTER_MS / 1000} seconds'`)})::int`;
}

/** channels: temperature channels of the place's nodes. */
export function channelsOf(column: TDeviceColumn, id: AnyPgColumn): SQL {
  return sql`(SELECT count(*) FROM device_channels ch JOIN devices d ON d.eui = ch.device_eui
    WHERE d.${sql.raw(column)} = ${id} AND ch.type = 'Temperatuur')::int`;
}

/** nodes: devices assigned to the place. */
export function nodesOf(column: TDeviceColumn, id: AnyPgColumn): SQL {
  return sql`(SELECT count(*) FROM devices d WHERE d.${sql.raw(column)} = ${id})::int`;
}

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
          'endpoint.token': text(endpoint('token')),
          'endpoint.ldOptions.deviceType': text(ldOption('deviceType')),
          'endpoint.ldOptions.subType1': text(ldOption('subType1')),
          'endpoint.ldOptions.subType2': text(ldOption('subType2')),
          'endpoint.ldOptions.subType3': text(ldOption('subType3')),
        }
      : {}),
    notes: text(table.notes),
    sync: computed(syncOf(devicesBy, table.id)),
    online: computed(onlineOf(devicesBy, table.id)),
    channels: computed(channelsOf(devicesBy, table.id)),
    nodes: computed(nodesOf(devicesBy, table.id)),
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
  return row;
}
