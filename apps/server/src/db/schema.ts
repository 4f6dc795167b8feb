import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TAlarmEventAction, TAlarmKind, TAlarmState, TDeviceType, TPortalRights, TRightEntry, TRulebookId } from '@aquasmart/domain';

/**
 * The core model of both specification documents. Names users can rename (customer,
 * location, gateway) are unique keys over surrogate ids, so a rename never breaks a reference.
 * Keep this file and the SQL migrations in ./migrations in step (a test compares them).
 */

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const created = () => tsz('created_at').notNull().defaultNow();
const updated = () => tsz('updated_at').notNull().defaultNow();

export interface TEndpoint {
  platform?: string | null;
  url?: string | null;
  token?: string | null;
  ldOptions?: { deviceType?: string; subType1?: string; subType2?: string; subType3?: string } | null;
}

export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  reference: text('reference').notNull().default(''),
  address: text('address').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  city: text('city').notNull().default(''),
  country: text('country').notNull().default(''),
  calibrationInterval: smallint('calibration_interval').notNull().default(2),
  endpoint: jsonb('endpoint').$type<TEndpoint>().notNull().default({}),
  notes: text('notes'),
  /** The logbook's rulebook; null: by the country (docs/logbook.md). */
  rulebook: text('rulebook').$type<TRulebookId>(),
  /** Escalation of unacknowledged alarms, users by id (docs/alarm-notifications.md); read with readStoredEscalation. */
  alarmEscalation: jsonb('alarm_escalation').$type<Record<string, unknown>>().notNull().default({}),
  /** The sustained-temperature alarm opens after this many minutes out of range (docs/alarms.md). */
  alarmTemperatureMinutes: integer('alarm_temperature_minutes').notNull().default(60),
  createdAt: created(),
  updatedAt: updated(),
});

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').notNull().references(() => customers.id),
    name: text('name').notNull(),
    reference: text('reference').notNull().default(''),
    address: text('address').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    calibrationInterval: smallint('calibration_interval').notNull().default(1),
    endpoint: jsonb('endpoint').$type<TEndpoint>().notNull().default({}),
    notes: text('notes'),
    /** The logbook's rulebook; null: the customer's (docs/logbook.md). */
    rulebook: text('rulebook').$type<TRulebookId>(),
    healthcare: boolean('healthcare').notNull().default(false),
    timeZone: text('time_zone').notNull().default('Europe/Amsterdam'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (table) => [uniqueIndex('locations_customer_name_key').on(table.customerId, table.name)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    /** 'Administrator' or null; never writable through the API. */
    type: text('type'),
    language: text('language').notNull().default('nl'),
    portalRights: jsonb('portal_rights').$type<Partial<TPortalRights>>().notNull().default({}),
    rights: jsonb('rights').$type<TRightEntry[]>().notNull().default([]),
    flushEmailAlerts: boolean('flush_email_alerts').notNull().default(false),
    overflowEmailAlerts: boolean('overflow_email_alerts').notNull().default(false),
    logbookEmails: boolean('logbook_emails').notNull().default(false),
    /**
     * Alarm notification preferences, customers by id (docs/alarm-notifications.md); read with
     * readStoredAlarmNotifications. flush/overflow_email_alerts mirror two of its kinds.
     */
    alarmNotifications: jsonb('alarm_notifications').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: created(),
    updatedAt: updated(),
  },
  (table) => [uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`)],
);

/** A user's customer scope: empty means all customers. */
export const userCustomers = pgTable(
  'user_customers',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').notNull().references(() => customers.id),
  },
  (table) => [primaryKey({ columns: [table.userId, table.customerId] }), index('user_customers_customer_idx').on(table.customerId)],
);

/** Opaque access tokens: only their SHA-256 hash is kept. */
export const tokens = pgTable(
  'tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: tsz('expires_at').notNull(),
    /** Start of the session a renewed token continues: bounds its lifetime (MAX_SESSION_SECONDS). */
    sessionStartedAt: tsz('session_started_at').notNull().defaultNow(),
    /** The sign-in a token continues: a renewal keeps it, signing out ends every token of it (migration 0022). */
    sessionId: text('session_id').notNull().default(sql`gen_random_uuid()::text`),
    /** Set when the token was renewed: it then works for the grace period only and is not renewed again. */
    renewedAt: tsz('renewed_at'),
    createdAt: created(),
  },
  (table) => [index('tokens_user_idx').on(table.userId), index('tokens_expires_idx').on(table.expiresAt), index('tokens_session_idx').on(table.sessionId)],
);

/** Sign-in attempts per subject in a fixed window, counted before the password check (auth/login-limiter.ts). */
export const loginAttempts = pgTable('login_attempts', {
  subject: text('subject').primaryKey(),
  windowStart: tsz('window_start').notNull().defaultNow(),
  windowSeconds: integer('window_seconds').notNull(),
  attempts: integer('attempts').notNull(),
});

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  type: text('type').notNull(),
  description: text('description').notNull().default(''),
  imageName: text('image_name'),
  imageType: text('image_type'),
  imageData: bytea('image_data'),
  createdAt: created(),
  updatedAt: updated(),
});

export const gateways = pgTable(
  'gateways',
  {
    id: serial('id').primaryKey(),
    mac: text('mac').notNull().unique(),
    name: text('name').notNull(),
    customerId: integer('customer_id').notNull().references(() => customers.id),
    locationId: integer('location_id').notNull().references(() => locations.id),
    productId: integer('product_id').references(() => products.id),
    type: text('type').notNull().default(''),
    notes: text('notes'),
    /** The last uplink it heard (docs/gateways.md); moved on at most once a minute. null: never heard. */
    lastSeenAt: tsz('last_seen_at'),
    /** From when it is expected to be heard: registration, a new MAC, or migration 0016. */
    watchedSince: tsz('watched_since').notNull().defaultNow(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (table) => [uniqueIndex('gateways_location_name_key').on(table.locationId, table.name), index('gateways_customer_idx').on(table.customerId)],
);

/** The nodes each registered gateway heard, the last time (docs/gateways.md); upserted per intake batch. */
export const gatewayNodes = pgTable(
  'gateway_nodes',
  {
    gatewayId: integer('gateway_id')
      .notNull()
      .references(() => gateways.id, { onDelete: 'cascade' }),
    deviceEui: text('device_eui').notNull(),
    lastHeardAt: tsz('last_heard_at').notNull(),
    rssi: doublePrecision('rssi'),
    snr: doublePrecision('snr'),
  },
  (table) => [primaryKey({ columns: [table.gatewayId, table.deviceEui] }), index('gateway_nodes_device_idx').on(table.deviceEui)],
);

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
    /** Since when a WW/KW channel's readings miss the rulebook's limit without a break (docs/alarms.md); null: they meet it. */
    outOfRangeSince: tsz('out_of_range_since'),
  },
  (table) => [
    primaryKey({ columns: [table.deviceEui, table.channelId] }),
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

/** Received network-server events, stored before the 2xx answer and processed from here. */
export const intakeEvents = pgTable(
  'intake_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    networkServerId: integer('network_server_id').references(() => networkServers.id),
    event: text('event').notNull(),
    /** Device, frame counter and event: a second copy of the same event is ignored. */
    dedupeKey: text('dedupe_key').notNull(),
    body: jsonb('body').notNull(),
    receivedAt: tsz('received_at').notNull().defaultNow(),
    processedAt: tsz('processed_at'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tsz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (table) => [
    uniqueIndex('intake_events_dedupe_key').on(table.dedupeKey),
    index('intake_events_pending_idx').on(table.nextAttemptAt).where(sql`processed_at IS NULL`),
    index('intake_events_failed_idx').on(table.receivedAt).where(sql`last_error IS NOT NULL`),
  ],
);

/** Downlinks waiting for, or handed to, a network server; retried with back-off. */
export const downlinks = pgTable(
  'downlinks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceEui: text('device_eui').notNull().references(() => devices.eui),
    networkServerId: integer('network_server_id').references(() => networkServers.id),
    fPort: integer('f_port').notNull(),
    payload: bytea('payload').notNull(),
    registers: jsonb('registers').$type<number[]>().notNull().default([]),
    /** queued, sent, acknowledged, failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tsz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (table) => [index('downlinks_due_idx').on(table.status, table.nextAttemptAt), index('downlinks_device_idx').on(table.deviceEui)],
);

/** The e-mail outbox (docs/alerts.md): composed e-mails, delivered by the mail sender with retry and back-off. */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** alerts, test */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** The Message-ID header, the same on every attempt (receivers can drop a second copy). */
    messageId: text('message_id').notNull(),
    /** pending, sent, failed, unsent */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tsz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: created(),
    sentAt: tsz('sent_at'),
  },
  (table) => [
    index('mail_messages_due_idx').on(table.nextAttemptAt).where(sql`state = 'pending'`),
    index('mail_messages_user_created_idx').on(table.userId, table.createdAt),
    index('mail_messages_created_idx').on(table.createdAt),
  ],
);

/** One raised alarm for one recipient, written with the alarm; gathered into an e-mail (mail_id). */
export const alertItems = pgTable(
  'alert_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** flush, overflowStarted, overflowResolved */
    kind: text('kind').notNull(),
    deviceEui: text('device_eui').notNull(),
    /** Names and readings at the time of the alarm (TAlertDetails). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    raisedAt: tsz('raised_at').notNull(),
    createdAt: created(),
    mailId: bigint('mail_id', { mode: 'number' }).references(() => mailMessages.id, { onDelete: 'cascade' }),
  },
  (table) => [index('alert_items_waiting_idx').on(table.userId).where(sql`mail_id IS NULL`), index('alert_items_mail_idx').on(table.mailId)],
);
/** The dashboard's per-customer summary of the fleet-wide counts (modules/dashboard/dashboard-snapshot.ts). */
export const dashboardCounts = pgTable('dashboard_counts', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  computedAt: tsz('computed_at').notNull(),
  counts: jsonb('counts').notNull(),
});

/** When the dashboard summary was last made (one row, id 1). */
export const dashboardCountsState = pgTable('dashboard_counts_state', {
  id: smallint('id').primaryKey(),
  computedAt: tsz('computed_at').notNull(),
});

/** Made with the dashboard summary: flushes of the last 7 days and faulty sensors per node (dashboard-snapshot.ts). */
export const dashboardNodes = pgTable(
  'dashboard_nodes',
  {
    deviceEui: text('device_eui').primaryKey(),
    weeklyFlushes: integer('weekly_flushes').notNull(),
    faulty: boolean('faulty').notNull(),
    faultyAt: tsz('faulty_at'),
  },
  (table) => [
    index('dashboard_nodes_weekly_idx').on(table.weeklyFlushes).where(sql`${table.weeklyFlushes} > 0`),
    index('dashboard_nodes_faulty_idx').on(table.faultyAt).where(sql`${table.faulty}`),
  ],
);

/** Issued logbook reports (docs/logbook.md): no foreign keys, so they outlive a deleted location for their rulebook's years. */
export const logbookReports = pgTable(
  'logbook_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    number: text('number').notNull().unique(),
    scope: text('scope').$type<'location' | 'customer'>().notNull(),
    customerId: integer('customer_id').notNull(),
    locationId: integer('location_id'),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    rulebook: text('rulebook').notNull(),
    verdict: text('verdict').notNull(),
    language: text('language').notNull(),
    issuedAt: tsz('issued_at').notNull().defaultNow(),
    issuedBy: text('issued_by').notNull(),
    sha256: text('sha256').notNull(),
    pdfSha256: text('pdf_sha256').notNull(),
    content: jsonb('content').notNull(),
    pdf: bytea('pdf').notNull(),
    csv: text('csv').notNull(),
    keepUntil: tsz('keep_until').notNull(),
  },
  (table) => [
    index('logbook_reports_customer_idx').on(table.customerId, table.issuedAt.desc()),
    index('logbook_reports_location_idx').on(table.locationId, table.issuedAt.desc()).where(sql`${table.locationId} IS NOT NULL`),
    uniqueIndex('logbook_reports_monthly_idx')
      .on(table.locationId, table.periodFrom, table.periodTo, table.language)
      .where(sql`${table.issuedBy} = 'monthly'`),
  ],
);

/**
 * Logbook issues per user and subject (`l:<location id>` or `c:<customer id>`): the count in a fixed
 * window and the lease of the issue in flight (logbook/issue-limit.ts).
 */
export const logbookIssueLimits = pgTable(
  'logbook_issue_limits',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    windowStart: tsz('window_start').notNull().defaultNow(),
    issued: integer('issued').notNull(),
    busyUntil: tsz('busy_until'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.subject] })],
);

/** The logbook's day summaries (docs/logbook.md, "Speed"); forgotten by a trigger when a late reading arrives. */
export const logbookDays = pgTable(
  'logbook_days',
  {
    deviceEui: text('device_eui').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** '' : the node's message times. */
    channelId: text('channel_id').notNull(),
    /** 'atLeast:60'; '' : not judged. */
    limitKey: text('limit_key').notNull(),
    summary: jsonb('summary').notNull(),
    computedAt: tsz('computed_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'logbook_days_pk', columns: [table.deviceEui, table.day, table.channelId, table.limitKey] })],
);

/** Alarms as records (docs/alarms.md): no foreign keys, so an alarm outlives its node, place and users. */
export const alarms = pgTable(
  'alarms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<TAlarmKind>().notNull(),
    deviceEui: text('device_eui'),
    gatewayId: integer('gateway_id'),
    /** '' for kinds without a channel, so the one-active-alarm key holds. */
    channelId: text('channel_id').notNull().default(''),
    customerId: integer('customer_id'),
    locationId: integer('location_id'),
    openedAt: tsz('opened_at').notNull(),
    /** null: the condition is still present. */
    closedAt: tsz('closed_at'),
    state: text('state').$type<TAlarmState>().notNull().default('new'),
    assigneeId: integer('assignee_id'),
    acknowledgedAt: tsz('acknowledged_at'),
    acknowledgedBy: integer('acknowledged_by'),
    resolvedAt: tsz('resolved_at'),
    resolvedBy: integer('resolved_by'),
    resolution: text('resolution'),
    escalatedAt: tsz('escalated_at'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: updated(),
    /** Set when the notifier wrote the alarm's notification items (migration 0017, docs/alarm-notifications.md). */
    notificationsAt: tsz('notifications_at'),
  },
  (table) => [
    uniqueIndex('alarms_one_active_key')
      .on(table.kind, sql`coalesce(${table.deviceEui}, '')`, sql`coalesce(${table.gatewayId}, 0)`, table.channelId)
      .where(sql`${table.closedAt} IS NULL`),
    index('alarms_to_handle_idx').on(table.openedAt.desc(), table.id.desc()).where(sql`${table.state} <> 'resolved' OR ${table.closedAt} IS NULL`),
    index('alarms_customer_idx').on(table.customerId, table.openedAt.desc(), table.id.desc()),
    index('alarms_device_idx').on(table.deviceEui, table.openedAt.desc()).where(sql`${table.deviceEui} IS NOT NULL`),
    index('alarms_assignee_idx').on(table.assigneeId).where(sql`${table.assigneeId} IS NOT NULL`),
    index('alarms_unacknowledged_idx').on(table.customerId).where(sql`${table.state} = 'new'`),
    // The list's order, active first (0015_alarm_records.sql).
    index('alarms_to_handle_order_idx')
      .on(sql`(${table.closedAt} IS NOT NULL)`, table.openedAt.desc(), table.id.desc())
      .where(sql`${table.state} <> 'resolved' OR ${table.closedAt} IS NULL`),
    index('alarms_active_device_idx').on(table.deviceEui).where(sql`${table.closedAt} IS NULL AND ${table.deviceEui} IS NOT NULL`),
    index('alarms_order_idx').on(sql`(${table.closedAt} IS NOT NULL)`, table.openedAt.desc(), table.id.desc()),
  ],
);

/** An alarm's timeline: every step with who and when. */
export const alarmEvents = pgTable(
  'alarm_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alarmId: bigint('alarm_id', { mode: 'number' })
      .notNull()
      .references(() => alarms.id),
    at: tsz('at').notNull().defaultNow(),
    action: text('action').$type<TAlarmEventAction>().notNull(),
    userId: integer('user_id'),
    userEmail: text('user_email'),
    assigneeId: integer('assignee_id'),
    note: text('note'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index('alarm_events_alarm_idx').on(table.alarmId, table.at, table.id)],
);

/** One alarm for one user, immediately or in the daily digest (docs/alarm-notifications.md). */
export const alarmNotificationItems = pgTable(
  'alarm_notification_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alarmId: bigint('alarm_id', { mode: 'number' })
      .notNull()
      .references(() => alarms.id),
    mode: text('mode').$type<'immediately' | 'digest'>().notNull(),
    dueAt: tsz('due_at').notNull(),
    createdAt: tsz('created_at').notNull().defaultNow(),
    mailId: bigint('mail_id', { mode: 'number' }).references(() => mailMessages.id, { onDelete: 'cascade' }),
  },
  (table) => [
    uniqueIndex('alarm_notification_items_once').on(table.alarmId, table.userId),
    index('alarm_notification_items_waiting_idx').on(table.dueAt).where(sql`${table.mailId} IS NULL`),
    index('alarm_notification_items_mail_idx').on(table.mailId),
  ],
);

/** Which alarms an escalation e-mail carried. */
export const alarmEscalationItems = pgTable(
  'alarm_escalation_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alarmId: bigint('alarm_id', { mode: 'number' })
      .notNull()
      .references(() => alarms.id),
    mailId: bigint('mail_id', { mode: 'number' })
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
  },
  (table) => [index('alarm_escalation_items_mail_idx').on(table.mailId)],
);

/**
 * A configured external platform endpoint and its delivery state (docs/platforms.md); kept by
 * triggers on customers and locations (0018_platform_deliveries.sql).
 */
export const platformEndpoints = pgTable(
  'platform_endpoints',
  {
    id: serial('id').primaryKey(),
    /** 'customer' or 'location'. */
    place: text('place').$type<'customer' | 'location'>().notNull(),
    placeId: integer('place_id').notNull(),
    /** md5 of the endpoint jsonb: a change resets the state. */
    fingerprint: text('fingerprint').notNull(),
    state: text('state').$type<'delivering' | 'retrying' | 'parked'>().notNull().default('delivering'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tsz('next_attempt_at').notNull().defaultNow(),
    lastAttemptAt: tsz('last_attempt_at'),
    lastDeliveredAt: tsz('last_delivered_at'),
    delivered: bigint('delivered', { mode: 'number' }).notNull().default(0),
    /** Items dropped undelivered after PLATFORM_BACKLOG_DAYS. */
    dropped: bigint('dropped', { mode: 'number' }).notNull().default(0),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    lastAnswer: text('last_answer'),
    updatedAt: updated(),
  },
  (table) => [uniqueIndex('platform_endpoints_place_key').on(table.place, table.placeId)],
);

/** The platforms' outbox: one reading or alarm step per row, its id the item's stable id; deleted once delivered. */
export const platformItems = pgTable(
  'platform_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => platformEndpoints.id, { onDelete: 'cascade' }),
    deviceEui: text('device_eui').notNull(),
    /** 'temperature', 'flush' or 'alarm'. */
    kind: text('kind').notNull(),
    at: tsz('at').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    /** The node's, channels' and place's names when the item was written: what it goes out with (platform-items.ts). */
    names: jsonb('names').$type<Record<string, unknown>>().notNull(),
    createdAt: created(),
  },
  (table) => [index('platform_items_endpoint_idx').on(table.endpointId, table.id), index('platform_items_created_idx').on(table.createdAt)],
);
