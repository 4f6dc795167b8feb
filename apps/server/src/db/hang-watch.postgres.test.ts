import { afterAll, describe, expect, it } from 'vitest';
import { watchForHang, type THangWatch } from './hang-watch';
import { useTestContext } from '../test/test-app';
import { startTcpProxy, throughProxy, type TTcpProxy } from '../test/tcp-proxy';

/** PostgreSQL only: the hang watch on its own, against the test's copy through a proxy. */
describe('the hang watch', () => {
  const ctx = useTestContext({ reset: 'never' });
  let proxy: TTcpProxy | undefined;
  const watches: THangWatch[] = [];
  afterAll(async () => {
    await Promise.all(watches.map((one) => one.close()));
    await proxy?.close();
  });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('takes a blocked event loop or ended connections for no hang, a silent server for one, and its answer for the end of it', { timeout: 30_000 }, async () => {
    const url = new URL(ctx.database.url!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const seen: string[] = [];
    let drops = 0;
    const watchOf = (connectionString: string, events: string[]) => {
      const one = watchForHang({ connectionString }, { everyMs: 50, deadlineMs: 300 }, {
        onHung: () => events.push('hung'),
        onAnswering: () => events.push('answering'),
        dropConnections: () => ++drops,
      });
      watches.push(one);
      return one;
    };
    // Straight to PostgreSQL: the proxy runs on this event loop and would be blocked too.
    const direct: string[] = [];
    watchOf(ctx.database.url!, direct);
    const watch = watchOf(throughProxy(ctx.database.url!, proxy), seen);
    await sleep(300);
    // The loop blocked three times for twice the deadline (a long synchronous task): no hang.
    for (let round = 0; round < 3; round += 1) {
      const until = Date.now() + 600;
      while (Date.now() < until);
      await sleep(100);
    }
    expect(direct).toEqual([]);
    seen.length = 0; // the proxied watch's answers waited for the blocked proxy
    // Connections ended (a restart, pg_terminate_backend): refused or reset, not silent.
    proxy.cut();
    await sleep(400);
    proxy.restore();
    await sleep(300);
    expect(seen).toEqual([]);
    expect(watch.stalled()).toBe(false);

    drops = 0;
    proxy.hang();
    await sleep(1_000);
    expect(watch.stalled()).toBe(true);
    expect(seen).toEqual(['hung']);
    expect(drops).toBeGreaterThanOrEqual(2); // again on every missed probe while it lasts
    proxy.restore();
    await sleep(500);
    expect(watch.stalled()).toBe(false);
    expect(seen).toEqual(['hung', 'answering']);
  });
});
