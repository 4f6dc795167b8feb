import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tsz, created } from './columns';
import { users } from './users';

/** The e-mail outbox and the alert items gathered into it (docs/alerts.md). */

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
