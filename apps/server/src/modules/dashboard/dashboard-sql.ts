import { sql, type SQL } from 'drizzle-orm';
import { DASHBOARD_BUCKETS, FLUSH_MESSAGE_ID, WEEKLY_FLUSH_WINDOW_MS, type TBucketName } from '@aquasmart/domain';
import { column, type TColumn } from '../../db/rows';

/** SQL pieces the dashboard's summary, counts and lists share. */

/** A point in time as a query parameter. */
export const at = (ms: number): SQL => sql`${new Date(ms).toISOString()}::timestamptz`;

/** Flushes per node in the last 7 days (`eui`, `n`): the history's flush messages through device_data_flush_idx. */
export function weeklyFlushCountsSql(now: number, andWhere: SQL = sql``): SQL {
  return sql`SELECT x.device_eui AS eui, count(*)::int AS n FROM device_data x
    WHERE x.msg_id = ${FLUSH_MESSAGE_ID} AND x.ts >= ${at(now - WEEKLY_FLUSH_WINDOW_MS)} ${andWhere} GROUP BY x.device_eui`;
}

/** The columns timeBuckets and epochBuckets name: `<prefix>0`, `<prefix>1`, `<prefix>2`. */
export const bucketNames = (prefix: string): string[] => [0, 1, 2].map((index) => `${prefix}${index}`);

/** Count columns of a row shape (db/rows.ts): count(*) is bigint, text on PostgreSQL and a number on PGlite. */
export const countColumns = (names: readonly string[]): Record<string, TColumn<number>> => Object.fromEntries(names.map((name) => [name, column.number]));

/** count(*) FILTER per age bucket of a time (null counts as the oldest), as columns <prefix>0..2. */
export function timeBuckets(time: SQL, bucket: TBucketName, now: number, where: SQL, prefix: string): SQL {
  const [first, second] = DASHBOARD_BUCKETS[bucket].bounds;
  const p = (index: number) => sql.raw(`${prefix}${index}`);
  return sql`count(*) FILTER (WHERE ${where} AND ${time} >= ${at(now - first)}) AS ${p(0)},
    count(*) FILTER (WHERE ${where} AND ${time} < ${at(now - first)} AND ${time} >= ${at(now - second)}) AS ${p(1)},
    count(*) FILTER (WHERE ${where} AND (${time} IS NULL OR ${time} < ${at(now - second)})) AS ${p(2)}`;
}

/** Battery alarm ts is seconds, flush alarm ts milliseconds; 0 is no alarm. */
export function epochBuckets(column: SQL, unitMs: number, bucket: TBucketName, now: number, prefix: string): SQL {
  const [first, second] = DASHBOARD_BUCKETS[bucket].bounds;
  const since = (ms: number) => sql`${(now - ms) / unitMs}::float8`;
  const p = (index: number) => sql.raw(`${prefix}${index}`);
  return sql`count(*) FILTER (WHERE ${column} > 0 AND ${column} >= ${since(first)}) AS ${p(0)},
    count(*) FILTER (WHERE ${column} > 0 AND ${column} < ${since(first)} AND ${column} >= ${since(second)}) AS ${p(1)},
    count(*) FILTER (WHERE ${column} > 0 AND ${column} < ${since(second)}) AS ${p(2)}`;
}
