import { sql, type SQL } from 'drizzle-orm';
import { FLUSH_MESSAGE_ID, WEEKLY_FLUSH_WINDOW_MS } from '@aquasmart/domain';

/** SQL pieces the dashboard's summary, counts and lists share. */

/** A point in time as a query parameter. */
export const at = (ms: number): SQL => sql`${new Date(ms).toISOString()}::timestamptz`;

/** Flushes per node in the last 7 days (`eui`, `n`): the history's flush messages through device_data_flush_idx. */
export function weeklyFlushCountsSql(now: number): SQL {
  return sql`SELECT x.device_eui AS eui, count(*)::int AS n FROM device_data x
    WHERE x.msg_id = ${FLUSH_MESSAGE_ID} AND x.ts >= ${at(now - WEEKLY_FLUSH_WINDOW_MS)} GROUP BY x.device_eui`;
}
