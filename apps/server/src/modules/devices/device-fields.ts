import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { customers, devices, gateways, locations, networkServers, products } from '../../db/schema';
import type { TFieldMap } from '../../lib/query';

/**
 * The node shape of `GET /devices/{eui}` (docs/telemetry.md, "Read routes") as a field map: projection and conditions use these
 * dotted paths (docs/telemetry.md lists them). Customer, location, gateway, flush device and
 * network server are names, never ids. Timestamps are ISO 8601 texts, except channel ts
 * (seconds), battery.alarm.ts (seconds) and flush.alarm.ts (milliseconds), as the specification has them.
 */

/** An ISO 8601 text in UTC with milliseconds, made in SQL so that nested selections need no post-processing. */
export function isoText(column: SQL | AnyPgColumn): SQL<string | null> {
  return sql<string | null>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

const CHANNEL_ORDER = sql.raw(`CASE c.type WHEN 'Temperatuur' THEN 0 WHEN 'Batterij' THEN 1 ELSE 2 END, c.channel_id`);

/** The device's channels, temperatures first; ts in seconds since the epoch. */
const CHANNELS = sql`(SELECT coalesce(jsonb_agg(jsonb_build_object(
    'id', c.channel_id, 'name', c.name, 'type', c.type, 'value', c.value, 'rawValue', c.raw_value,
    'ts', floor(extract(epoch FROM c.ts))::bigint, 'offset', c."offset",
    'calibratedAt', ${isoText(sql`c.calibrated_at`)}, 'custom', c.custom, 'role', c.role, 'drift', c.drift) ORDER BY ${CHANNEL_ORDER}), '[]'::jsonb)
  FROM device_channels c WHERE c.device_eui = ${devices.eui})`;

/** The settings registers with their status (pending until the device's report marks them saved). */
const PARAMETERS = sql`(SELECT coalesce(jsonb_agg(jsonb_build_object(
    'register', p.register, 'value', p.value, 'status', p.status, 'reported', p.reported,
    'updatedAt', ${isoText(sql`p.updated_at`)}) ORDER BY p.register), '[]'::jsonb)
  FROM device_parameters p WHERE p.device_eui = ${devices.eui})`;

/** For conditions: the lowest temperature reading, so {"channels.value": {"$lte": -100}} finds faulty sensors. */
const LOWEST_TEMPERATURE = sql`(SELECT min(c.value) FROM device_channels c WHERE c.device_eui = ${devices.eui} AND c.type = 'Temperatuur')`;

/** For conditions: 'pending' while any register is not saved, 'saved' when all are, null without registers. */
const PARAMETER_STATUS = sql`(SELECT CASE WHEN count(*) = 0 THEN NULL WHEN bool_and(p.status = 'saved') THEN 'saved' ELSE 'pending' END
  FROM device_parameters p WHERE p.device_eui = ${devices.eui})`;

const CONNECTOR = sql`CASE WHEN ${devices.connectorId} IS NULL THEN NULL
  ELSE jsonb_build_object('id', ${devices.connectorId}, 'version', ${devices.connectorVersion}) END`;

const text = (column: SQL | AnyPgColumn) => ({ sql: column, kind: 'text' as const });
const timestamp = (column: AnyPgColumn) => ({ sql: column, kind: 'timestamp' as const, select: isoText(column) });

/** Fields both projection and conditions use. */
const SCALAR_FIELDS: TFieldMap = {
  eui: text(devices.eui),
  name: text(devices.name),
  type: text(devices.type),
  version: text(devices.version),
  customer: text(customers.name),
  location: text(locations.name),
  gateway: text(gateways.name),
  flushDevice: text(products.name),
  notes: text(devices.notes),
  locationNotes: text(devices.locationNotes),
  'calibration.interval': { sql: devices.calibrationInterval, kind: 'integer' },
  'calibration.ts': timestamp(devices.calibrationTs),
  'battery.ts': timestamp(devices.batteryTs),
  'battery.voltage': { sql: devices.batteryVoltage, kind: 'number' },
  'battery.alarm.ts': { sql: devices.batteryAlarmTs, kind: 'integer' },
  'flush.minimumTemperatureDeviation': { sql: devices.flushMinimumTemperatureDeviation, kind: 'integer' },
  'flush.alarm.ts': { sql: devices.flushAlarmTs, kind: 'integer' },
  'lora.state': text(devices.loraState),
  'lora.networkServer': text(networkServers.name),
  'lora.encryption.mode': text(devices.encryptionMode),
  'lora.ts': timestamp(devices.loraTs),
  'lora.counter': { sql: devices.counter, kind: 'integer' },
  'lora.rssi': { sql: devices.rssi, kind: 'number' },
  'lora.snr': { sql: devices.snr, kind: 'number' },
  signal: { sql: devices.signal, kind: 'integer' },
  sync: { sql: devices.sync, kind: 'integer' },
  incorrectSettings: { sql: devices.incorrectSettings, kind: 'boolean' },
};

/**
 * Lists and objects: projection only (a condition on a whole list means nothing here).
 * `sql` is never compiled for these: they are not in the condition map.
 */
const jsonField = (expression: SQL | AnyPgColumn) => ({ sql: expression, kind: 'text' as const, select: expression });

/** The projection map: the node shape of GET /devices/{eui}. */
export const DEVICE_FIELDS: TFieldMap = {
  ...SCALAR_FIELDS,
  presets: jsonField(devices.presets),
  channels: jsonField(CHANNELS),
  'sipp.parameters': jsonField(PARAMETERS),
  'sipp.connector': jsonField(CONNECTOR),
  'sipp.diagnostics': jsonField(devices.diagnostics),
};

/** The condition map: the scalar fields and a few derived ones for the dashboard lists. */
export const DEVICE_CONDITION_FIELDS: TFieldMap = {
  ...SCALAR_FIELDS,
  'channels.value': { sql: LOWEST_TEMPERATURE, kind: 'number', select: false, subquery: true },
  'sipp.parameters.status': { sql: PARAMETER_STATUS, kind: 'text', select: false, subquery: true },
  'sipp.connector.id': { sql: devices.connectorId, kind: 'text', select: false },
};
