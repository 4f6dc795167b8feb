import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Column kinds the tables share. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
export const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const created = () => tsz('created_at').notNull().defaultNow();
export const updated = () => tsz('updated_at').notNull().defaultNow();
