import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/database';
import { containsText } from '../../lib/query';
import { useTestContext } from '../../test/test-app';

/**
 * PostgreSQL only (vitest.config.ts; PGlite has no trigram indexes, 0010_node_search.sql): the
 * search's indexes serve the search and nothing else. With a trigram index on the bare eui, the
 * planner chose it for the intake's lookups by EUI, and processing fell to a third.
 */
describe('the node search indexes', () => {
  const ctx = useTestContext({ reset: 'never' });

  /**
   * The plan of `query`, index scans preferred, on the table as a test starts it (no statistics,
   * as after a portal's start) or over 5,000 nodes with fresh statistics; nothing is kept.
   */
  const planOf = async (query: SQL, nodes: 0 | 5000 = 5000) => {
    let plan = '';
    await ctx.database.system
      .transaction(async (tx) => {
        if (nodes) {
          await tx.execute(sql`INSERT INTO devices (eui, name, type) SELECT lpad(to_hex(g), 16, '0'), 'Kelder ' || g, 'V2' FROM generate_series(1, ${nodes}) g`);
          // What vacuum does in a running portal: the GIN indexes' pending entries into the index proper.
          await tx.execute(sql`SELECT gin_clean_pending_list('devices_name_trgm_idx'), gin_clean_pending_list('devices_eui_trgm_idx')`);
          await tx.execute(sql`ANALYZE devices`);
        }
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN ${query}`);
        plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        throw new Error('roll back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'roll back')) throw error;
      });
    return plan;
  };

  it.each<[string, SQL]>([
    ['one EUI', sql`SELECT * FROM devices WHERE eui = '00000000000000aa'`],
    ['EUIs of a batch, joined', sql`SELECT d.* FROM devices d JOIN unnest(ARRAY['00000000000000aa', '00000000000000ab']) AS x(eui) ON d.eui = x.eui`],
    ['EUIs of a batch, IN', sql`SELECT * FROM devices WHERE eui IN (SELECT unnest(ARRAY['00000000000000aa', '00000000000000ab']))`],
    ['one name', sql`SELECT * FROM devices WHERE name = 'Kelder 1'`],
  ])('a lookup by %s does not go through a trigram index', async (_name, query) => {
    expect(await planOf(query, 0)).not.toMatch(/trgm/);
    expect(await planOf(query, 5000)).not.toMatch(/trgm/);
  });

  it('the search by name or EUI goes through both', async () => {
    const plan = await planOf(sql`SELECT eui FROM devices WHERE ${containsText(sql`name`, 'kelder 42')} OR ${containsText(sql`eui`, 'kelder 42')}`);
    expect(plan).toMatch(/devices_name_trgm_idx/);
    expect(plan).toMatch(/devices_eui_trgm_idx/);
  });
});
