import { bigint, bigserial, boolean, date, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TRulebookId } from '@aquasmart/domain';
import { bytea, tsz } from './columns';

/** Sampling (docs/sampling.md; migration 0033): sample points, a location's plan, laboratory results. */

export const samplePoints = pgTable(
  'sample_points',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    locationId: integer('location_id').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<'hot' | 'cold'>().notNull(),
    priority: boolean('priority').notNull().default(false),
    deviceEui: text('device_eui'),
    channelId: text('channel_id'),
    createdAt: tsz('created_at').notNull().defaultNow(),
    updatedAt: tsz('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sample_points_name_idx').on(table.locationId, table.name)],
);

export const samplingPlans = pgTable('sampling_plans', {
  locationId: integer('location_id').primaryKey(),
  intervalMonths: integer('interval_months'),
  deUse: text('de_use').$type<'public' | 'commercial'>(),
  resampleWithinDays: integer('resample_within_days'),
  taps: integer('taps'),
  updatedAt: tsz('updated_at').notNull().defaultNow(),
});

export const sampleResults = pgTable(
  'sample_results',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    samplePointId: bigint('sample_point_id', { mode: 'number' })
      .notNull()
      .references(() => samplePoints.id),
    locationId: integer('location_id').notNull(),
    sampleId: text('sample_id').notNull(),
    takenAt: tsz('taken_at').notNull(),
    lab: text('lab').notNull(),
    accreditation: text('accreditation'),
    method: text('method').notNull(),
    waterCelsius: doublePrecision('water_celsius'),
    counts: jsonb('counts').notNull(),
    rulebook: text('rulebook').$type<TRulebookId>().notNull(),
    highestPerLitre: doublePrecision('highest_per_litre'),
    verdict: text('verdict').notNull(),
    legalStep: text('legal_step').notNull(),
    severity: text('severity'),
    resample: boolean('resample').notNull().default(false),
    repeatedReport: boolean('repeated_report').notNull().default(false),
    resampleDue: date('resample_due'),
    alarmId: bigint('alarm_id', { mode: 'number' }),
    source: text('source').$type<'form' | 'csv'>().notNull(),
    userId: integer('user_id'),
    userEmail: text('user_email').notNull(),
    enteredAt: tsz('entered_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sample_results_sample_idx').on(table.locationId, table.sampleId),
    index('sample_results_point_idx').on(table.samplePointId, table.takenAt.desc(), table.id.desc()),
    index('sample_results_location_idx').on(table.locationId, table.takenAt.desc(), table.id.desc()),
  ],
);

/** The lab's PDF of a result (migration 0034): one per result, its bytes in the database. */
export const sampleResultReports = pgTable('sample_result_reports', {
  resultId: bigint('result_id', { mode: 'number' })
    .primaryKey()
    .references(() => sampleResults.id),
  name: text('name').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  userEmail: text('user_email').notNull(),
  uploadedAt: tsz('uploaded_at').notNull().defaultNow(),
});
