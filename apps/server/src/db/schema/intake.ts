import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, tsz, created, updated } from './columns';
import { devices, networkServers } from './devices';

/** The outboxes of telemetry: received network-server events and downlinks (docs/telemetry.md, "Intake"). */

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
