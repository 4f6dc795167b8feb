import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { TWebhookEventType } from '@aquasmart/domain';
import { created, tsz, updated } from './columns';
import { customers } from './places';

/** Webhooks (docs/webhooks.md; migration 0045): subscriptions and their outbox, written by triggers in the event's transaction. */

export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: serial('id').primaryKey(),
    /** null: every customer (administrators only). */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().$type<TWebhookEventType[]>().notNull(),
    /** `whsec_` + base64 of the key's bytes: the HMAC key must be kept to sign, as a platform's token is. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by'),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (table) => [index('webhook_subscriptions_customer_idx').on(table.customerId)],
);

/** The outbox: one row per event per subscription; its id is the webhook-id (`msg_<id>`), the same on every try. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tsz('next_attempt_at').notNull().defaultNow(),
    lastAttemptAt: tsz('last_attempt_at'),
    lastStatus: integer('last_status'),
    lastDurationMs: integer('last_duration_ms'),
    lastAnswer: text('last_answer'),
    lastError: text('last_error'),
    deliveredAt: tsz('delivered_at'),
    createdAt: created(),
  },
  (table) => [
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt).where(sql`${table.state} = 'pending'`),
    index('webhook_deliveries_subscription_idx').on(table.subscriptionId, table.id.desc()),
    index('webhook_deliveries_created_idx').on(table.createdAt).where(sql`${table.state} <> 'pending'`),
  ],
);
