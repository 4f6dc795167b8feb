import { sql } from 'drizzle-orm';
import { bigint, bigserial, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, tsz } from './columns';
import { users } from './users';

/** Issued logbook reports, their issue limits and the day summaries (docs/logbook.md). */

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
    /** SHA-256 (hex) of the issued CSV's UTF-8 bytes (migration 0026; filled for the older ones there). */
    csvSha256: text('csv_sha256'),
    /** Who signed the issued PDF (logbook/report-signature.ts); null: issued before reports were signed. */
    signature: jsonb('signature').$type<{ subject: string; selfSigned: boolean }>(),
  },
  (table) => [
    index('logbook_reports_customer_idx').on(table.customerId, table.issuedAt.desc()),
    index('logbook_reports_location_idx').on(table.locationId, table.issuedAt.desc()).where(sql`${table.locationId} IS NOT NULL`),
    uniqueIndex('logbook_reports_monthly_idx')
      .on(table.locationId, table.periodFrom, table.periodTo, table.language)
      .where(sql`${table.issuedBy} = 'monthly'`),
    index('logbook_reports_sha256_idx').on(table.sha256),
    index('logbook_reports_pdf_sha256_idx').on(table.pdfSha256),
    index('logbook_reports_csv_sha256_idx').on(table.csvSha256),
  ],
);

/**
 * The portal's own key for signing issued PDFs when the operator configures none (one row, id 1;
 * logbook/report-signature.ts): a self-signed certificate and its key as PKCS#12, with the passphrase.
 */
export const logbookSigningKeys = pgTable('logbook_signing_keys', {
  id: integer('id').primaryKey(),
  p12: bytea('p12').notNull(),
  passphrase: text('passphrase').notNull(),
  subject: text('subject').notNull(),
  createdAt: tsz('created_at').notNull().defaultNow(),
});

/**
 * Which issued report was superseded by which, why, when and by whom (docs/logbook.md, "Issued
 * reports"): insert-only, as logbook_reports is never updated. A report without a row counts.
 */
export const logbookReportSupersessions = pgTable(
  'logbook_report_supersessions',
  {
    reportNumber: text('report_number').primaryKey(),
    supersededBy: text('superseded_by').notNull(),
    reason: text('reason').notNull(),
    supersededAt: tsz('superseded_at').notNull().defaultNow(),
    supersededByUser: text('superseded_by_user').notNull(),
  },
  (table) => [index('logbook_report_supersessions_by_idx').on(table.supersededBy)],
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

/**
 * Deviations of the logbook as records (docs/logbook.md, "Deviations"; migration 0030): the report's
 * findings under a deterministic key, upserted whenever a report finds them.
 */
export const deviations = pgTable(
  'deviations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    locationId: integer('location_id').notNull(),
    kind: text('kind').notNull(),
    alarmKind: text('alarm_kind'),
    deviceEui: text('device_eui').notNull(),
    nodeName: text('node_name').notNull(),
    channelId: text('channel_id'),
    startedAt: tsz('started_at').notNull(),
    endedAt: tsz('ended_at'),
    alarmId: bigint('alarm_id', { mode: 'number' }),
    foundAt: tsz('found_at').notNull().defaultNow(),
    updatedAt: tsz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('deviations_key_idx').on(table.key),
    index('deviations_location_idx').on(table.locationId, table.startedAt.desc(), table.id.desc()),
    index('deviations_subject_idx').on(table.locationId, table.deviceEui, table.kind, table.startedAt),
  ],
);

/** What was done about a deviation (insert-only: a trigger refuses UPDATE, DELETE and TRUNCATE; the latest counts). */
export const deviationActions = pgTable(
  'deviation_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviationId: bigint('deviation_id', { mode: 'number' })
      .notNull()
      .references(() => deviations.id),
    cause: text('cause').notNull(),
    action: text('action').notNull(),
    actedAt: tsz('acted_at').notNull(),
    alarmId: bigint('alarm_id', { mode: 'number' }),
    userId: integer('user_id'),
    userEmail: text('user_email').notNull(),
    createdAt: tsz('created_at').notNull().defaultNow(),
  },
  (table) => [index('deviation_actions_deviation_idx').on(table.deviationId, table.createdAt.desc(), table.id.desc())],
);

/**
 * Planned thermal disinfections (docs/logbook.md, "Thermal disinfection"; migration 0032): done at a
 * location from .. to .., with a note and who recorded it. Insert-only (a trigger refuses UPDATE,
 * DELETE and TRUNCATE; a CHECK keeps the window after its start and at most 24 hours long).
 */
export const plannedDisinfections = pgTable(
  'planned_disinfections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    locationId: integer('location_id').notNull(),
    fromAt: tsz('from_at').notNull(),
    toAt: tsz('to_at').notNull(),
    note: text('note').notNull().default(''),
    userId: integer('user_id'),
    userEmail: text('user_email').notNull(),
    recordedAt: tsz('recorded_at').notNull().defaultNow(),
  },
  (table) => [index('planned_disinfections_location_idx').on(table.locationId, table.fromAt.desc(), table.id.desc())],
);
