import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { TFieldMap } from './conditions';

/** A small table with a column of every kind, all nullable, for the query kit's tests. */
export const items = pgTable('query_kit_items', {
  id: integer('id').primaryKey(),
  name: text('name'),
  qty: integer('qty'),
  price: doublePrecision('price'),
  active: boolean('active'),
  seen: timestamp('seen', { withTimezone: true, mode: 'date' }),
  lora: jsonb('lora').$type<{ state?: string }>(),
  calibration: jsonb('calibration').$type<{ interval?: number }>(),
  sipp: jsonb('sipp').$type<{ parameters?: { status?: string } }>(),
});

export const CREATE_ITEMS = `create table query_kit_items (
  id integer primary key, name text, qty integer, price double precision, active boolean,
  seen timestamptz, lora jsonb, calibration jsonb, sipp jsonb)`;

export const itemFields: TFieldMap = {
  id: { sql: items.id, kind: 'integer' },
  name: { sql: items.name, kind: 'text' },
  qty: { sql: items.qty, kind: 'integer' },
  price: { sql: items.price, kind: 'number' },
  active: { sql: items.active, kind: 'boolean' },
  seen: { sql: items.seen, kind: 'timestamp' },
  'lora.state': { sql: sql`${items.lora}->>'state'`, kind: 'text' },
  'calibration.interval': {
    sql: sql`(${items.calibration}->>'interval')::double precision`,
    kind: 'number',
    select: sql<number | null>`(${items.calibration}->>'interval')::double precision`.mapWith(Number),
  },
  'sipp.parameters.status': { sql: sql`${items.sipp} #>> '{parameters,status}'`, kind: 'text' },
  secret: { sql: items.name, kind: 'text', select: false },
  // Scalar subqueries, as the derived list columns of places and devices are.
  doubled: { sql: sql`(SELECT ${items.qty} * 2)`, kind: 'integer', select: false, subquery: true },
  negated: { sql: sql`(SELECT -${items.qty})`, kind: 'integer', select: false, subquery: true },
};
