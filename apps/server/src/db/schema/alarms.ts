import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TAlarmEventAction, TAlarmKind, TAlarmState } from '@aquasmart/domain';
import { tsz, updated } from './columns';
import { mailMessages } from './mail';
import { users } from './users';

/** The alarm tables: records, their timeline, the notification and escalation items (docs/alarm-notifications.md). */

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
    /** A sample point's alarm (a laboratory result, docs/sampling.md; migration 0033). */
    samplePointId: bigint('sample_point_id', { mode: 'number' }),
    /** An outlet's alarm (a check's reading outside the limit, docs/outlets.md; migration 0035). */
    outletId: bigint('outlet_id', { mode: 'number' }),
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
    /** How many stages of the escalation chain went out (docs/escalation.md; migration 0046). */
    escalationStage: integer('escalation_stage').notNull().default(0),
  },
  (table) => [
    uniqueIndex('alarms_one_active_key')
      .on(table.kind, sql`coalesce(${table.deviceEui}, '')`, sql`coalesce(${table.gatewayId}, 0)`, table.channelId, sql`coalesce(${table.samplePointId}, 0)`, sql`coalesce(${table.outletId}, 0)`)
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
    index('alarms_outlet_idx').on(table.outletId, table.openedAt.desc()).where(sql`${table.outletId} IS NOT NULL`),
    index('alarms_sample_point_idx').on(table.samplePointId, table.openedAt.desc()).where(sql`${table.samplePointId} IS NOT NULL`),
    index('alarms_chain_idx').on(table.openedAt).where(sql`${table.state} = 'new'`),
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
    /** Set when the item went out (by e-mail, Teams, Slack or SMS; migration 0046). */
    doneAt: tsz('done_at'),
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
 * The channel outbox (docs/alarm-notifications.md, "Channels"; migration 0046): one Teams, Slack or
 * SMS message, its request body as sent, delivered once by the channel sender with retries.
 */
export const alarmMessages = pgTable(
  'alarm_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** teams, slack, sms */
    channel: text('channel').notNull(),
    /** alarms, alarmDigest, stage, phoneCode */
    purpose: text('purpose').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The webhook URL or the phone number. */
    recipient: text('recipient').notNull(),
    body: text('body').notNull(),
    alarmIds: jsonb('alarm_ids').$type<number[]>().notNull().default([]),
    stage: integer('stage'),
    /** pending, retrying, sent, failed */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tsz('next_attempt_at').notNull().defaultNow(),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    lastAnswer: text('last_answer'),
    createdAt: tsz('created_at').notNull().defaultNow(),
    sentAt: tsz('sent_at'),
  },
  (table) => [
    index('alarm_messages_due_idx').on(table.nextAttemptAt).where(sql`state IN ('pending', 'retrying')`),
    index('alarm_messages_created_idx').on(table.createdAt),
    index('alarm_messages_alarms_idx').using('gin', table.alarmIds),
  ],
);
