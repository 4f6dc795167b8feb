import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { tsz } from './columns';
import { customers } from './places';

/** The dashboard's summary, made by dashboard-snapshot.ts (docs/dashboard.md). */

/** The dashboard's per-customer summary of the fleet-wide counts (modules/dashboard/dashboard-snapshot.ts). */
export const dashboardCounts = pgTable('dashboard_counts', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  computedAt: tsz('computed_at').notNull(),
  counts: jsonb('counts').notNull(),
});

/** When the dashboard summary was last made (one row, id 1). */
export const dashboardCountsState = pgTable('dashboard_counts_state', {
  id: smallint('id').primaryKey(),
  computedAt: tsz('computed_at').notNull(),
});

/** Made with the dashboard summary: flushes of the last 7 days and faulty sensors per node (dashboard-snapshot.ts). */
export const dashboardNodes = pgTable(
  'dashboard_nodes',
  {
    deviceEui: text('device_eui').primaryKey(),
    weeklyFlushes: integer('weekly_flushes').notNull(),
    faulty: boolean('faulty').notNull(),
    faultyAt: tsz('faulty_at'),
  },
  (table) => [
    index('dashboard_nodes_weekly_idx').on(table.weeklyFlushes).where(sql`${table.weeklyFlushes} > 0`),
    index('dashboard_nodes_faulty_idx').on(table.faultyAt).where(sql`${table.faulty}`),
  ],
);
