import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/database';
import { useTestContext } from '../../test/test-app';
import { BUSY_TABLES, ownVacuumNeeded, vacuumRound } from './vacuum-job';

describe('ownVacuumNeeded', () => {
  it.each([
    ['pglite', 'on', true],
    ['pglite', 'off', true],
    ['postgres', 'on', false],
    ['postgres', 'off', true],
    ['postgres', undefined, true],
  ] as const)('%s with autovacuum %s: %s', (kind, setting, expected) => {
    expect(ownVacuumNeeded(kind, setting)).toBe(expected);
  });
});

describe('vacuumRound', () => {
  const ctx = useTestContext({ reset: 'never' });

  it('vacuums every busy table (they all exist) and analyzes them', async () => {
    const db = ctx.database.system;
    const counts = async () =>
      new Map(
        (
          await queryRows<{ relname: string; vacuums: number; analyzes: number }>(
            db,
            sql`SELECT relname, (vacuum_count + autovacuum_count)::int AS vacuums, (analyze_count + autoanalyze_count)::int AS analyzes
              FROM pg_stat_user_tables WHERE relname IN (${sql.join(BUSY_TABLES.map((table) => sql`${table}`), sql`, `)})`,
          )
        ).map((row) => [row.relname, row]),
      );
    const before = await counts();
    await vacuumRound(ctx.database, 1);
    // The statistics are reported by the vacuuming connection, on PostgreSQL up to a second later.
    let after = await counts();
    for (let attempt = 0; attempt < 50 && BUSY_TABLES.some((table) => (after.get(table)?.vacuums ?? 0) <= (before.get(table)?.vacuums ?? 0)); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      after = await counts();
    }
    for (const table of BUSY_TABLES) {
      expect(after.get(table)?.vacuums, table).toBeGreaterThan(before.get(table)?.vacuums ?? 0);
      expect(after.get(table)?.analyzes, table).toBeGreaterThan(before.get(table)?.analyzes ?? 0);
    }
  });
});
