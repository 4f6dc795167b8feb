import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from './database';
import { postgresDatabase } from './client';
import { useTestContext } from '../test/test-app';
import { startTcpProxy, throughProxy, type TTcpProxy } from '../test/tcp-proxy';

/**
 * PostgreSQL only. Drizzle's transaction sends BEGIN before its try/finally (drizzle-orm 0.45,
 * node-postgres session): when the connection is lost between the checkout and BEGIN, the client
 * was never given back, and the pool was one connection smaller for ever. Under ~40
 * pg_terminate_backend in 10 s the 6 system connections leaked one by one and `/readyz` and the
 * intake waited for a connection until the HTTP timeout closed their sockets (issue 35 item 3).
 */
describe('a pooled connection lost before BEGIN', () => {
  const ctx = useTestContext({ reset: 'never' });
  let proxy: TTcpProxy | undefined;
  afterAll(async () => proxy?.close());

  it('is given back to the pool, so the pool still answers afterwards', { timeout: 30_000 }, async () => {
    const url = new URL(ctx.database.url!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const database = postgresDatabase(throughProxy(ctx.database.url!, proxy), { apiPoolSize: 1, systemPoolSize: 1 });
    try {
      for (const db of [database.db, database.system]) {
        for (let round = 0; round < 3; round += 1) {
          await queryRows(db, sql`SELECT 1`); // one idle connection in the pool
          proxy.cut(); // its socket ends, which the client learns only after BEGIN is written
          await expect(db.transaction(async (tx) => tx.execute(sql`SELECT 1`))).rejects.toThrow();
          proxy.restore();
          const answer = await Promise.race([
            queryRows<{ one: number }>(db, sql`SELECT 1 AS one`),
            new Promise<string>((resolve) => setTimeout(() => resolve('no connection within 5 s'), 5_000)),
          ]);
          expect(answer).toEqual([{ one: 1 }]);
        }
      }
    } finally {
      // Bounded: a pool that lost a client waits for it for ever when ended.
      await Promise.race([database.close(), new Promise((resolve) => setTimeout(resolve, 3_000))]);
    }
  });
});
