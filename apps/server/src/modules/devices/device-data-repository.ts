import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { TDeviceDataItem } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { auditLogs, deviceData } from '../../db/schema';
import { column } from '../../db/rows';
import { parseConditions, parseProjection, projectableFields, selectionFor, type TFieldMap } from '../../lib/query';
import { isoText } from './device-fields';

/** Rows answered when the request gives no limit, and the most it may ask for. */
export const DEVICE_DATA_DEFAULT_LIMIT = 10_000;
export const DEVICE_DATA_MAX_LIMIT = 100_000;

/**
 * History fields (docs/telemetry.md, "Read routes": items hold value and ts, msgId, rssi, counter).
 * `value.timestamp` (seconds, as the node measured it) is for conditions only: projection
 * names `value` whole.
 */
const DATA_FIELDS: TFieldMap = {
  ts: { sql: deviceData.ts, kind: 'timestamp', select: isoText(deviceData.ts) },
  msgId: { sql: deviceData.msgId, kind: 'integer' },
  counter: { sql: deviceData.counter, kind: 'integer' },
  rssi: { sql: deviceData.rssi, kind: 'number' },
  snr: { sql: deviceData.snr, kind: 'number' },
  gateway: { sql: deviceData.gateway, kind: 'text' },
  value: { sql: sql`${deviceData.value}::text`, kind: 'text', select: deviceData.value },
};
export const DATA_CONDITION_FIELDS: TFieldMap = {
  ts: DATA_FIELDS.ts,
  msgId: DATA_FIELDS.msgId,
  counter: DATA_FIELDS.counter,
  rssi: DATA_FIELDS.rssi,
  snr: DATA_FIELDS.snr,
  gateway: DATA_FIELDS.gateway,
  'value.timestamp': { sql: sql`(${deviceData.value}->>'timestamp')::double precision`, kind: 'number', select: false },
};

export interface TDeviceDataQuery {
  conditions?: string;
  projection?: string;
  page?: number;
  limit?: number;
}

/**
 * When the node's current ownership began: its newest registration, or move to another customer,
 * in the audit log; null when it has none (a node provisioned straight into its customer).
 * A node's earlier life stays with its earlier owner (docs/nodes.md, "History").
 */
export async function ownedSince(db: TDb, eui: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<unknown>`max(${auditLogs.ts})` })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.deviceEui, eui),
        sql`(${auditLogs.value}->>'action' = 'register' OR (${auditLogs.value}->>'action' = 'move' AND (${auditLogs.value}->'changes'->'customer') IS NOT NULL))`,
      ),
    );
  return column.nullable(column.date)(row?.at);
}

/**
 * One device's history, oldest first (then in arrival order), one page of `limit` rows. `since`:
 * only rows from then on (a non-administrator sees the history of the current ownership only).
 */
export async function listDeviceData(db: TDb, eui: string, query: TDeviceDataQuery, since: Date | null = null): Promise<TDeviceDataItem[]> {
  const projection = parseProjection(query.projection, projectableFields(DATA_FIELDS));
  const conditions = parseConditions(query.conditions, DATA_CONDITION_FIELDS);
  const limit = query.limit ?? DEVICE_DATA_DEFAULT_LIMIT;
  const rows = await db
    .select(selectionFor(projection, DATA_FIELDS))
    .from(deviceData)
    .where(and(eq(deviceData.deviceEui, eui), since ? gte(deviceData.ts, since) : undefined, conditions))
    .orderBy(asc(deviceData.ts), asc(deviceData.id))
    .limit(limit)
    .offset(((query.page ?? 1) - 1) * limit);
  return rows;
}
