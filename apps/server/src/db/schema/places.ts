import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TResponsiblePerson, TRulebookId } from '@aquasmart/domain';
import { bytea, tsz, created, updated } from './columns';

/** Customers, locations, gateways and products: the places nodes are placed under (docs/places.md). */

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
  /** Who is accountable for the logbook, and the deputy (docs/places.md, "Responsible person"); null: nobody named. */
  responsible: jsonb('responsible').$type<TResponsiblePerson>(),
  deputy: jsonb('deputy').$type<TResponsiblePerson>(),
  /** The customer's users must use two-factor sign-in (docs/users.md, "Two-factor sign-in"; migration 0040). */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
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
    /** The location's own escalation chain ({ stages }); null: the customer's (docs/escalation.md; migration 0046). */
    alarmEscalation: jsonb('alarm_escalation').$type<Record<string, unknown>>(),
    notes: text('notes'),
    /** The logbook's rulebook; null: the customer's (docs/logbook.md). */
    rulebook: text('rulebook').$type<TRulebookId>(),
    healthcare: boolean('healthcare').notNull().default(false),
    timeZone: text('time_zone').notNull().default('Europe/Amsterdam'),
    /** The logbook's responsible person and deputy; null: the customer's (docs/places.md, "Responsible person"). */
    responsible: jsonb('responsible').$type<TResponsiblePerson>(),
    deputy: jsonb('deputy').$type<TResponsiblePerson>(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (table) => [uniqueIndex('locations_customer_name_key').on(table.customerId, table.name)],
);

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
