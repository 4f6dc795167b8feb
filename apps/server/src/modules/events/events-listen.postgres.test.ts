import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestContext } from '../../test/test-app';
import { announceChange } from '../../lib/change-feed';
import { listenLocally, openStream, type SseClient } from '../../test/sse-client';

/**
 * PostgreSQL only: the LISTEN connection is a connection of its own, which an operator, a restart
 * or a failover can end. It is opened again with back-off, and the open streams are told to reload
 * (what was announced meanwhile is lost); events flow again after.
 */
const ctx = useTestContext({ events: { nodeWindowMs: 20 } });
let base: string;
const open: SseClient[] = [];

beforeAll(async () => {
  base = await listenLocally(ctx.app);
});

afterEach(() => {
  for (const client of open.splice(0)) client.close();
});

describe('the change feed when PostgreSQL ends its LISTEN connection', () => {
  it('reconnects; open streams get reload {dropped}, ids before it are not resumable, later changes arrive', async () => {
    const { admin } = await ctx.signedInUsers({ admin: { administrator: true } });
    const client = openStream(base, admin);
    open.push(client);
    await client.until(() => client.lastId !== null);
    const before = client.lastId!;
    const ended = await ctx.database.system.execute(
      sql`SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = 'aquasmart-listen' AND datname = current_database()`,
    );
    expect((ended as { rows: unknown[] }).rows).toHaveLength(1);
    await client.until(() => client.named('reload').length === 1, 10_000, 'reload after the reconnect');
    expect(client.named('reload')[0].data).toEqual({ reason: 'dropped' });
    await ctx.database.db.transaction((tx) => announceChange(tx, { t: 'm', x: [{ i: 7, s: 'sent' }] }));
    await client.until(() => client.named('mail').length === 1, 5000, 'a change after the reconnect');
    const resumed = openStream(base, admin, { lastEventId: before });
    open.push(resumed);
    await resumed.until(() => resumed.named('reload').length === 1);
    expect(resumed.named('reload')[0].data).toEqual({ reason: 'unknownLastEventId' });
  });
});
