import { bigint, bigserial, boolean, doublePrecision, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TCheckKind, TCheckPeriodUnit, TOutletKind, TOutletWater, TSentinelKind } from '@aquasmart/domain';
import { bytea, tsz } from './columns';
import { samplePoints } from './sampling';

/** Outlets and a location's check plan overrides (docs/outlets.md; migration 0035). */

export const outlets = pgTable(
  'outlets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    locationId: integer('location_id').notNull(),
    name: text('name').notNull(),
    room: text('room'),
    floor: text('floor'),
    kind: text('kind').$type<TOutletKind>().notNull(),
    water: text('water').$type<TOutletWater>().notNull(),
    sentinel: text('sentinel').$type<TSentinelKind>().notNull().default('none'),
    littleUsed: boolean('little_used').notNull().default(false),
    deviceEui: text('device_eui'),
    channelId: text('channel_id'),
    samplePointId: bigint('sample_point_id', { mode: 'number' }).references(() => samplePoints.id, { onDelete: 'set null' }),
    createdAt: tsz('created_at').notNull().defaultNow(),
    updatedAt: tsz('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('outlets_name_idx').on(table.locationId, table.name)],
);

export const outletCheckOverrides = pgTable(
  'outlet_check_overrides',
  {
    locationId: integer('location_id').notNull(),
    checkKind: text('check_kind').$type<TCheckKind>().notNull(),
    off: boolean('off').notNull().default(false),
    periodUnit: text('period_unit').$type<TCheckPeriodUnit>(),
    periodCount: integer('period_count'),
    updatedAt: tsz('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.locationId, table.checkKind] })],
);

/** A check recorded at an outlet (docs/outlets.md, "Checks"): read and written through raw SQL in modules/outlets; here for counts. */
export const outletChecks = pgTable('outlet_checks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  locationId: integer('location_id').notNull(),
  outletId: bigint('outlet_id', { mode: 'number' })
    .notNull()
    .references(() => outlets.id),
  checkKind: text('check_kind').$type<TCheckKind>().notNull(),
  outcome: text('outcome').$type<'done' | 'notPossible'>().notNull(),
  reason: text('reason'),
  celsius: doublePrecision('celsius'),
  ranSeconds: integer('ran_seconds'),
  allowedSeconds: integer('allowed_seconds'),
  rulebook: text('rulebook').notNull(),
  limitKind: text('limit_kind'),
  limitCelsius: doublePrecision('limit_celsius'),
  verdict: text('verdict'),
  alarmId: bigint('alarm_id', { mode: 'number' }),
  nodeEui: text('node_eui'),
  nodeChannel: text('node_channel'),
  nodeCelsius: doublePrecision('node_celsius'),
  nodeAt: tsz('node_at'),
  drift: boolean('drift'),
  note: text('note'),
  doneAt: tsz('done_at').notNull(),
  entryId: text('entry_id'),
  userId: integer('user_id'),
  userEmail: text('user_email').notNull(),
  recordedAt: tsz('recorded_at').notNull().defaultNow(),
});

/** The photo taken with a check (migration 0036): one per check, its bytes in the database. */
export const outletCheckPhotos = pgTable('outlet_check_photos', {
  checkId: bigint('check_id', { mode: 'number' })
    .primaryKey()
    .references(() => outletChecks.id),
  type: text('type').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  userEmail: text('user_email').notNull(),
  uploadedAt: tsz('uploaded_at').notNull().defaultNow(),
});
