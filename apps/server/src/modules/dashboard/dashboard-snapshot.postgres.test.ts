import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDatabase } from '../../db/client';
import { queryRows, type TDatabase } from '../../db/database';
import { sql } from 'drizzle-orm';
import { openTestDatabase, TEST_POOLS, type TTestDatabase } from '../../test/test-database';
import { buildFleet, insertFleet } from './dashboard-fleet.fixture';
import { refreshSnapshot } from './dashboard-snapshot';

/**
 * PostgreSQL only (vitest.config.ts): two server copies, each with its own pools, making the
 * dashboard summary at the same moment (both saw it stale). Without a lock across copies the second
 * one's insert met the first one's rows (duplicate customer_id) and the request failed.
 */
let first: TTestDatabase;
let second: TDatabase;

beforeAll(async () => {
  first = await openTestDatabase();
  second = postgresDatabase(first.url!, TEST_POOLS);
  await insertFleet(first.system, buildFleet(), Date.now());
});
afterAll(async () => {
  await second.close();
  await first.close();
});

describe('the dashboard summary with two copies', () => {
  it('copies making it together take turns: every refresh succeeds and one summary remains', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 5; round += 1) {
      const now = Date.now();
      const results = await Promise.allSettled([refreshSnapshot(first.system, now), refreshSnapshot(second.system, now + 1), refreshSnapshot(first.system, now + 2), refreshSnapshot(second.system, now + 3)]);
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    }
    const [counts] = await queryRows<{ rows: number; customers: number }>(
      first.system,
      sql`SELECT count(*)::int AS rows, count(DISTINCT customer_id)::int AS customers FROM dashboard_counts`,
    );
    expect(counts.rows).toBe(counts.customers);
    expect(counts.rows).toBeGreaterThan(0);
  });
});
