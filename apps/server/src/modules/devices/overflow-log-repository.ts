import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { TOverflowLog } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { customers, devices, locations, overflowLogs } from '../../db/schema';
import { customerScopeCondition } from '../../identity/customer-scope';
import { parseConditions, parseProjection, projectableFields, selectionFor, type TFieldMap } from '../../lib/query';
import { isAdministrator } from '../../identity/rights';
import type { TAuthUser } from '../../identity/auth-user';
import { isoText } from './device-fields';

/**
 * Where a log belongs (docs/telemetry.md, "Water detections"): an active detection (Started) is
 * the node's, wherever the node is now; an ended one stays where it was written.
 */
const LOG_CUSTOMER = sql`CASE WHEN ${overflowLogs.state} = 'Started' THEN ${devices.customerId} ELSE ${overflowLogs.customerId} END`;
const LOG_LOCATION = sql`CASE WHEN ${overflowLogs.state} = 'Started' THEN ${devices.locationId} ELSE ${overflowLogs.locationId} END`;

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
 * GET /overflowLogs, newest first. Administrators see every log. Others see the logs of nodes
 * that belong to their customers now: the active detection of such a node (wherever it was
 * written), and ended ones written while the node was with its current customer, so an earlier
 * owner's history stays with the earlier owner and a moved node's detection with the node.
 */
export async function listOverflowLogs(db: TDb, user: TAuthUser, query: { conditions?: string; projection?: string }): Promise<TOverflowLog[]> {
  const projection = parseProjection(query.projection, projectableFields(OVERFLOW_FIELDS));
  const conditions = parseConditions(query.conditions, OVERFLOW_FIELDS);
  const scope = isAdministrator(user)
    ? undefined
    : and(
        isNotNull(devices.customerId),
        customerScopeCondition(user, devices.customerId),
        or(eq(overflowLogs.state, 'Started'), eq(overflowLogs.customerId, devices.customerId)),
      );
  const rows = await db
    .select(selectionFor(projection, OVERFLOW_FIELDS))
    .from(overflowLogs)
    .innerJoin(devices, eq(devices.eui, overflowLogs.deviceEui))
    .leftJoin(customers, eq(customers.id, LOG_CUSTOMER))
    .leftJoin(locations, eq(locations.id, LOG_LOCATION))
    .where(and(scope, conditions))
    .orderBy(desc(overflowLogs.ts), desc(overflowLogs.id));
  return rows;
}
