import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { TOverflowLog } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { customers, devices, locations, overflowLogs } from '../../db/schema';
import { customerScopeCondition } from '../../identity/customer-scope';
import { parseConditions, parseProjection, projectableFields, selectionFor, type TFieldMap } from '../../lib/query';
import { isAdministrator } from '../../identity/rights';
import type { TAuthUser } from '../../identity/auth-user';
import { isoText } from './device-fields';

/** Overflow log fields (docs/telemetry.md, "Read routes": `GET /overflowLogs`); `lora.state` is the detection's state: Started while active. */
export const OVERFLOW_FIELDS: TFieldMap = {
  _id: { sql: overflowLogs.id, kind: 'integer', select: sql<string>`${overflowLogs.id}::text` },
  customer: { sql: customers.name, kind: 'text' },
  eui: { sql: overflowLogs.deviceEui, kind: 'text' },
  location: { sql: locations.name, kind: 'text' },
  name: { sql: devices.name, kind: 'text' },
  resistance: { sql: overflowLogs.resistance, kind: 'number' },
  ts: { sql: overflowLogs.ts, kind: 'timestamp', select: isoText(overflowLogs.ts) },
  'lora.state': { sql: overflowLogs.state, kind: 'text' },
};

/**
 * GET /overflowLogs, newest first, scoped like devices: a user with customers sees those
 * customers' logs; logs without a customer only administrators.
 */
export async function listOverflowLogs(db: TDb, user: TAuthUser, query: { conditions?: string; projection?: string }): Promise<TOverflowLog[]> {
  const projection = parseProjection(query.projection, projectableFields(OVERFLOW_FIELDS));
  const conditions = parseConditions(query.conditions, OVERFLOW_FIELDS);
  const scope = isAdministrator(user) ? undefined : and(isNotNull(overflowLogs.customerId), customerScopeCondition(user, overflowLogs.customerId));
  const rows = await db
    .select(selectionFor(projection, OVERFLOW_FIELDS))
    .from(overflowLogs)
    .innerJoin(devices, eq(devices.eui, overflowLogs.deviceEui))
    .leftJoin(customers, eq(customers.id, overflowLogs.customerId))
    .leftJoin(locations, eq(locations.id, overflowLogs.locationId))
    .where(and(scope, conditions))
    .orderBy(desc(overflowLogs.ts), desc(overflowLogs.id));
  return rows;
}
