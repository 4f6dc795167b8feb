import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from './database';
import { ADVISORY_LOCKS } from './locks';


function monthStart(year: number, month: number): Date {
  return new Date(Date.UTC(year, month, 1));
}

export function partitionName(start: Date): string {
  return `device_data_${start.getUTCFullYear()}_${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * Makes sure device history has a partition per month, from `monthsBack` before `now` to
 * `monthsAhead` after it. Rows that already sit in the default partition for such a month are
 * moved into the new partition in the same transaction, so creating one never fails or loses
 * data. Old months can then be detached or dropped one partition at a time.
 */
export async function ensureHistoryPartitions(db: TDb, now = new Date(), monthsBack = 1, monthsAhead = 2): Promise<string[]> {
  const created: string[] = [];
  for (let offset = -monthsBack; offset <= monthsAhead; offset++) {
    const start = monthStart(now.getUTCFullYear(), now.getUTCMonth() + offset);
    const end = monthStart(start.getUTCFullYear(), start.getUTCMonth() + 1);
    const name = partitionName(start);
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.partitions})`);
      const [exists] = await queryRows<{ found: boolean }>(tx, sql`SELECT to_regclass(${name}) IS NOT NULL AS found`);
      if (exists.found) return;
      const table = sql.identifier(name);
      const from = start.toISOString();
      const to = end.toISOString();
      await tx.execute(sql`CREATE TABLE ${table} (LIKE device_data INCLUDING DEFAULTS)`);
      await tx.execute(
        sql`WITH moved AS (DELETE FROM device_data_default WHERE ts >= ${from}::timestamptz AND ts < ${to}::timestamptz RETURNING *)
            INSERT INTO ${table} SELECT * FROM moved`,
      );
      await tx.execute(sql.raw(`ALTER TABLE device_data ATTACH PARTITION "${name}" FOR VALUES FROM ('${from}') TO ('${to}')`));
      created.push(name);
    });
  }
  return created;
}
