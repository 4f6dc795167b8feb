import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from './database';
import { ensureHistoryPartitions, partitionName } from './partitions';
import { openTestDatabase, type TTestDatabase } from '../test/test-database';

let database: TTestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

async function countIn(table: string): Promise<number> {
  const [row] = await queryRows<{ total: number }>(database.db, sql`SELECT count(*)::int AS total FROM ${sql.identifier(table)}`);
  return row.total;
}

describe('history partitions', () => {
  it('creates monthly partitions and moves rows out of the default partition', async () => {
    const now = new Date('2026-11-22T10:00:00Z');
    await database.exec(`INSERT INTO device_data (device_eui, ts, msg_id, value) VALUES
      ('A', '2026-11-01T00:00:00Z', 42, '{}'), ('A', '2026-11-30T23:59:59Z', 42, '{}'),
      ('A', '2026-10-15T00:00:00Z', 42, '{}'), ('A', '2025-01-01T00:00:00Z', 42, '{}')`);
    const created = await ensureHistoryPartitions(database.db, now);
    expect(created).toEqual(['device_data_2026_10', 'device_data_2026_11', 'device_data_2026_12', 'device_data_2027_01']);
    expect(await countIn('device_data_2026_11')).toBe(2);
    expect(await countIn('device_data_2026_10')).toBe(1);
    expect(await countIn('device_data_default')).toBe(1);
    expect(await countIn('device_data')).toBe(4);
    expect(await ensureHistoryPartitions(database.db, now)).toEqual([]);
    await database.exec(`INSERT INTO device_data (device_eui, ts, msg_id, value) VALUES ('B', '2026-12-24T12:00:00Z', 32, '{}')`);
    expect(await countIn('device_data_2026_12')).toBe(1);
  });

  it('names partitions by year and month', () => {
    expect(partitionName(new Date(Date.UTC(2027, 0, 1)))).toBe('device_data_2027_01');
  });
});
