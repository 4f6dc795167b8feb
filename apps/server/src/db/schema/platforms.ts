import { bigint, bigserial, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tsz, created, updated } from './columns';

/** External platforms: endpoints and their outbox (docs/platforms.md). */

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
    /** The node; null for a lab result at a sample point without one. */
    deviceEui: text('device_eui'),
    /** 'temperature', 'flush', 'alarm' or 'labResult'. */
    kind: text('kind').notNull(),
    at: tsz('at').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    /** The node's, channels' and place's names when the item was written: what it goes out with (platform-items.ts). */
    names: jsonb('names').$type<Record<string, unknown>>().notNull(),
    createdAt: created(),
  },
  (table) => [index('platform_items_endpoint_idx').on(table.endpointId, table.id), index('platform_items_created_idx').on(table.createdAt)],
);
