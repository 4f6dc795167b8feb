import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from './database';
import { postgresDatabase } from './client';
import { useTestContext } from '../test/test-app';

/** PostgreSQL only (vitest.config.ts): settings each connection of both pools starts with. */
describe('the PostgreSQL connections', () => {
  const ctx = useTestContext({ reset: 'never' });

  it('compile no query just in time, on the API pool and on the system pool', async () => {
    for (const db of [ctx.database.db, ctx.database.system]) {
      const [row] = await queryRows<{ jit: string }>(db, sql`SHOW jit`);
      expect(row.jit).toBe('off');
    }
  });
});

describe('an options parameter in the database URL', () => {
  const ctx = useTestContext({ reset: 'never' });

  it('is kept beside jit=off', async () => {
    const url = new URL(ctx.database.url!);
    url.searchParams.set('options', '-c work_mem=8MB');
    const database = postgresDatabase(url.toString(), { apiPoolSize: 1, systemPoolSize: 1 });
    try {
      for (const db of [database.db, database.system]) {
        const [row] = await queryRows<{ jit: string; work_mem: string }>(db, sql`SELECT current_setting('jit') AS jit, current_setting('work_mem') AS work_mem`);
        expect(row).toEqual({ jit: 'off', work_mem: '8MB' });
      }
    } finally {
      await database.close();
    }
  });
});
