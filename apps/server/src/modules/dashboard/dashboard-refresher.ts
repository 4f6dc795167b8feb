import type { TDb } from '../../db/database';
import { observeJobStep } from '../../lib/metrics';
import type { ChangeFeed, TChangeMessage, TChangeSubscriber } from '../../lib/change-feed';
import { refreshCustomerCounts, refreshSnapshot } from './dashboard-snapshot';

/** Changed customers' dashboard counts are made anew at most this often (docs/events.md, "Dashboard"). */
export const DASHBOARD_REFRESH_MS = 2_000;

export interface TRefresherLog {
  warn(object: object, message: string): void;
}

/**
 * Keeps the dashboard counts current within a few seconds of a change: hears the change feed,
 * gathers the customers whose counts may have changed (node changes marked `k`, water detections),
 * and every `intervalMs` makes their summary anew and announces `dashboard` (refreshCustomerCounts).
 * Every copy hears every change; the copy that gets the lock does the work, the others forget what
 * they gathered (the lock holder heard it too, and takes it in its next run). A lost LISTEN
 * connection or a bulk change makes the whole summary anew.
 */
export function createDashboardRefresher({ db, feed, log, intervalMs = DASHBOARD_REFRESH_MS }: { db: TDb; feed: ChangeFeed; log: TRefresherLog; intervalMs?: number }) {
  const dirty = new Set<number>();
  let everything = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let unsubscribe: (() => void) | null = null;

  const subscriber: TChangeSubscriber = {
    onChange(message: TChangeMessage) {
      if (message.t === 'n') {
        for (const node of message.x) {
          if (!node.k && !node.w) continue;
          if (node.c !== undefined) dirty.add(node.c);
          if (node.o !== undefined) dirty.add(node.o);
        }
      } else if (message.t === 'r' && message.k !== 'u') everything = true;
    },
    onGap() {
      everything = true;
    },
  };

  /** One run: the gathered customers (or everything), under the summary's lock. */
  async function run(): Promise<void> {
    if (everything) {
      everything = false;
      dirty.clear();
      await refreshSnapshot(db);
      return;
    }
    if (dirty.size === 0) return;
    const customers = [...dirty];
    dirty.clear();
    try {
      await refreshCustomerCounts(db, customers);
    } catch (error) {
      for (const customer of customers) dirty.add(customer);
      throw error;
    }
  }

  function tick(): void {
    if (running) return;
    running = observeJobStep('dashboard refresher', run)
      .catch((error: unknown) => log.warn({ err: error }, 'dashboard refresher: the counts were not made anew; tried again in the next run'))
      .finally(() => {
        running = null;
      });
  }

  return {
    subscriber,
    /** One run now (tests). */
    runOnce: run,
    async start(): Promise<void> {
      unsubscribe = feed.subscribe(subscriber);
      await feed.start();
      timer = setInterval(tick, intervalMs);
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      unsubscribe?.();
      await running;
    },
  };
}
