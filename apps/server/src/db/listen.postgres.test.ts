import { afterEach, describe, expect, it } from 'vitest';
import { postgresDatabase } from './client';
import type { TListening } from './database';
import { startTcpProxy, throughProxy, type TTcpProxy } from '../test/tcp-proxy';
import { useTestContext } from '../test/test-app';

/**
 * PostgreSQL only: the LISTEN connection only receives, so a connection cut without a reset (a
 * NAT's idle timeout, a failover) must be noticed by asking it something (db/client.ts).
 */
const ctx = useTestContext({ reset: 'never' });
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const until = async (condition: () => boolean, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe('the LISTEN connection', () => {
  it('that goes silent without a reset is dropped after its check and opened again; notifications flow again', async () => {
    const target = new URL(ctx.database.url!);
    const proxy: TTcpProxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(() => proxy.close());
    const database = postgresDatabase(throughProxy(ctx.database.url!, proxy), { apiPoolSize: 1, systemPoolSize: 1, listenCheckMs: 300 });
    cleanups.push(() => database.close());
    const heard: string[] = [];
    let lost = 0;
    let reconnected = 0;
    const listening: TListening = await database.listen('listen_check_test', {
      onNotification: (payload) => heard.push(payload),
      onLost: () => lost++,
      onReconnected: () => reconnected++,
    });
    cleanups.push(() => listening.close());
    const notify = (payload: string) => ctx.database.exec(`NOTIFY listen_check_test, '${payload}'`);

    await notify('before');
    await until(() => heard.includes('before'), 5000, 'the first notification');
    proxy.freeze();
    await notify('while silent');
    await until(() => reconnected === 1, 10_000, 'the reconnect after the failed check');
    expect(lost).toBeGreaterThanOrEqual(1);
    expect(heard).not.toContain('while silent');
    await notify('after');
    await until(() => heard.includes('after'), 5000, 'a notification after the reconnect');
  });
});
