import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TChannelDrift, TChannelRole, TDeviceType } from '@aquasmart/domain';
import { tsz, created, updated } from './columns';
import { customers, gateways, locations, products } from './places';

/** Nodes and what hangs off them: network servers, channels, settings registers, history, logs (docs/nodes.md, docs/telemetry.md). */

export interface TNetworkServerConfig {
  /** ChirpStack REST API */
  apiUrl?: string;
  apiToken?: string;
  /** ChirpStack MQTT */
  mqttUrl?: string;
  applicationId?: string;
  /** The Things Stack */
  baseUrl?: string;
  webhookId?: string;
  apiKey?: string;
}

export const networkServers = pgTable('network_servers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** 'chirpstack' or 'tts' */
  kind: text('kind').notNull(),
  /** The secret the integration presents as a bearer token; shown to administrators. */
  secret: text('secret').notNull(),
  config: jsonb('config').$type<TNetworkServerConfig>().notNull().default({}),
  createdAt: created(),
  updatedAt: updated(),
}, (table) => [uniqueIndex('network_servers_secret_key').on(table.secret)]);

export interface TDiagnostics {
  version?: { major: number; minor: number; patch: number };
}

export const devices = pgTable(
  'devices',
  {
    eui: text('eui').primaryKey(),
    name: text('name').notNull().default(''),
    /** One of DEVICE_TYPES: provisioning and the intake accept no other. */
    type: text('type').$type<TDeviceType>().notNull(),
    version: text('version').notNull().default(''),
    customerId: integer('customer_id').references(() => customers.id),
    locationId: integer('location_id').references(() => locations.id),
    gatewayId: integer('gateway_id').references(() => gateways.id),
    flushDeviceId: integer('flush_device_id').references(() => products.id),
    notes: text('notes'),
    locationNotes: text('location_notes'),
    calibrationInterval: smallint('calibration_interval').notNull().default(2),
    calibrationTs: tsz('calibration_ts'),
    batteryTs: tsz('battery_ts'),
    /** Seconds since the epoch; 0 means no alarm (docs/telemetry.md, "Read routes"). */
    batteryAlarmTs: bigint('battery_alarm_ts', { mode: 'number' }).notNull().default(0),
    batteryVoltage: doublePrecision('battery_voltage'),
    flushMinimumTemperatureDeviation: smallint('flush_minimum_temperature_deviation').notNull().default(2),
    /** Milliseconds since the epoch; 0 means no alarm. */
    flushAlarmTs: bigint('flush_alarm_ts', { mode: 'number' }).notNull().default(0),
    loraState: text('lora_state').notNull().default('Stopped'),
    networkServerId: integer('network_server_id').references(() => networkServers.id),
    encryptionMode: text('encryption_mode').notNull().default('NS'),
    loraTs: tsz('lora_ts'),
    counter: bigint('counter', { mode: 'number' }),
    rssi: doublePrecision('rssi'),
    snr: doublePrecision('snr'),
    /** 0-4, derived from RSSI and SNR of the last uplink. */
    signal: smallint('signal').notNull().default(0),
    presets: jsonb('presets').$type<{ register: number; value: unknown }[]>().notNull().default([]),
    /** The network server's device id (The Things Stack) and application id, learned from uplinks. */
    networkDeviceId: text('network_device_id'),
    networkApplicationId: text('network_application_id'),
    connectorId: text('connector_id'),
    connectorVersion: text('connector_version'),
    diagnostics: jsonb('diagnostics').$type<TDiagnostics>().notNull().default({}),
    /** -1 no parameters, 0 a parameter not saved, 1 all saved; kept in step with device_parameters. */
    sync: smallint('sync').notNull().default(-1),
    /** Temperature channels of the node, kept by triggers on device_channels (0009_place_counts.sql). */
    temperatureChannels: smallint('temperature_channels').notNull().default(0),
    /** Set when reported registers differ from presets or saved parameters. */
    incorrectSettings: boolean('incorrect_settings').notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (table) => [
    index('devices_customer_location_idx').on(table.customerId, table.locationId),
    index('devices_location_idx').on(table.locationId),
    index('devices_gateway_idx').on(table.gatewayId),
    index('devices_network_server_idx').on(table.networkServerId),
    index('devices_name_sort_idx').on(sql`lower(${table.name})`, table.name, table.eui),
    index('devices_calibration_ts_idx').on(table.calibrationTs),
    // Deep pages (0007_deep_pages.sql): the name order of the node list and of the unassigned list.
    index('devices_assigned_name_sort_idx')
      .on(sql`lower(${table.name})`, table.name, table.eui)
      .where(sql`${table.customerId} IS NOT NULL AND ${table.locationId} IS NOT NULL`),
    index('devices_unassigned_name_sort_idx')
      .on(sql`lower(${table.name})`, table.name, table.eui)
      .where(sql`${table.customerId} IS NULL OR ${table.locationId} IS NULL`),
    // Dashboard (0006_dashboard.sql): the small alarm sets.
    index('devices_battery_alarm_idx').on(table.batteryAlarmTs).where(sql`${table.batteryAlarmTs} > 0`),
    index('devices_flush_alarm_idx').on(table.flushAlarmTs).where(sql`${table.flushAlarmTs} > 0`),
    index('devices_sync_pending_idx').on(table.eui).where(sql`${table.sync} = 0`),
    index('devices_incorrect_settings_idx').on(table.eui).where(sql`${table.incorrectSettings}`),
    index('devices_calibration_due_idx').on(table.calibrationInterval, table.calibrationTs),
    // Alarms (0015_alarm_records.sql): the offline job.
    index('devices_lora_ts_idx').on(table.loraTs).where(sql`${table.customerId} IS NOT NULL`),
  ],
);

export const deviceChannels = pgTable(
  'device_channels',
  {
    deviceEui: text('device_eui').notNull().references(() => devices.eui, { onDelete: 'cascade' }),
    /** e.g. temperature1, battery1, calibration1 */
    channelId: text('channel_id').notNull(),
    name: text('name').notNull().default(''),
    /** Temperatuur, Batterij or Event */
    type: text('type').notNull(),
    /** The value with the calibration offset applied. */
    value: doublePrecision('value'),
    rawValue: doublePrecision('raw_value'),
    ts: tsz('ts'),
    offset: doublePrecision('offset').notNull().default(0),
    calibratedAt: tsz('calibrated_at'),
    custom: jsonb('custom').$type<{ mode?: string; attachments?: string[] }>().notNull().default({}),
    /** What the sensor sits on (docs/logbook.md, "Roles"; migration 0029); null: derived from the mode. */
    role: text('role').$type<TChannelRole>(),
    /** Since when a WW/KW channel's readings miss the rulebook's limit without a break (docs/alarms.md); null: they meet it. */
    outOfRangeSince: tsz('out_of_range_since'),
    /** Possible sensor drift (docs/calibration.md, "Drift"; migration 0037): the check that found it; null after a calibration. */
    drift: jsonb('drift').$type<TChannelDrift>(),
  },
  (table) => [
    primaryKey({ columns: [table.deviceEui, table.channelId] }),
    index('device_channels_drift_idx').on(table.deviceEui).where(sql`${table.drift} IS NOT NULL`),
    index('device_channels_faulty_idx').on(table.deviceEui, table.ts).where(sql`${table.type} = 'Temperatuur' AND ${table.value} <= -100`),
  ],
);

/** Settings registers of a device; status 'pending' until the device's report marks it 'saved'. */
export const deviceParameters = pgTable(
  'device_parameters',
  {
    deviceEui: text('device_eui').notNull().references(() => devices.eui, { onDelete: 'cascade' }),
    register: integer('register').notNull(),
    value: jsonb('value').notNull(),
    status: text('status').notNull().default('pending'),
    /** The value the device last reported for this register. */
    reported: jsonb('reported'),
    updatedAt: updated(),
  },
  (table) => [primaryKey({ columns: [table.deviceEui, table.register] })],
);

/**
 * Device history: one row per message. The migration creates it partitioned by month of `ts`
 * (with a default partition), so that old data can be dropped or archived per partition.
 */
export const deviceData = pgTable(
  'device_data',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    deviceEui: text('device_eui').notNull(),
    ts: tsz('ts').notNull(),
    msgId: integer('msg_id').notNull(),
    counter: bigint('counter', { mode: 'number' }),
    rssi: doublePrecision('rssi'),
    snr: doublePrecision('snr'),
    gateway: text('gateway'),
    value: jsonb('value').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.id, table.ts] }),
    index('device_data_device_ts_idx').on(table.deviceEui, table.ts),
    // Flushes (msg_id 50) by time: the dashboard's flushes per week (0006_dashboard.sql).
    index('device_data_flush_idx').on(table.ts, table.deviceEui).where(sql`${table.msgId} = 50`),
  ],
);

export const calibrationLogs = pgTable(
  'calibration_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceEui: text('device_eui').notNull().references(() => devices.eui),
    customerId: integer('customer_id').references(() => customers.id),
    locationId: integer('location_id').references(() => locations.id),
    ts: tsz('ts').notNull().defaultNow(),
    channel: text('channel').notNull(),
    measured: doublePrecision('measured').notNull(),
    calibrated: doublePrecision('calibrated').notNull(),
    offset: doublePrecision('offset').notNull(),
    userEmail: text('user_email'),
  },
  (table) => [index('calibration_logs_customer_ts_idx').on(table.customerId, table.ts), index('calibration_logs_device_idx').on(table.deviceEui)],
);

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceEui: text('device_eui').notNull().references(() => devices.eui),
    ts: tsz('ts').notNull().defaultNow(),
    userEmail: text('user_email'),
    value: jsonb('value').notNull(),
  },
  (table) => [index('audit_logs_device_ts_idx').on(table.deviceEui, table.ts)],
);

export const overflowLogs = pgTable(
  'overflow_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceEui: text('device_eui').notNull().references(() => devices.eui),
    customerId: integer('customer_id').references(() => customers.id),
    locationId: integer('location_id').references(() => locations.id),
    resistance: doublePrecision('resistance'),
    ts: tsz('ts').notNull().defaultNow(),
    /** Started while the detection is active. */
    state: text('state').notNull().default('Started'),
  },
  (table) => [
    index('overflow_logs_state_idx').on(table.state, table.customerId),
    index('overflow_logs_device_idx').on(table.deviceEui),
    index('overflow_logs_started_idx').on(table.deviceEui, table.ts).where(sql`${table.state} = 'Started'`),
  ],
);
