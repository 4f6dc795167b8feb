import pg from 'pg';

export interface THangWatchOptions {
  /** Pause between two probes. */
  everyMs: number;
  /** A probe (connecting if needed, then `SELECT 1`) must be answered within this. */
  deadlineMs: number;
}

export interface THangWatchEvents {
  /** PostgreSQL stopped answering (once per hang); `dropped` connections of the pools were ended. */
  onHung(dropped: number): void;
  /** Ended again on every probe that missed its deadline during the hang. */
  dropConnections(): number;
  /** PostgreSQL answers again after a hang. */
  onAnswering(hungMs: number): void;
}

export interface THangWatch {
  /** PostgreSQL does not answer: the last probe missed its deadline and none has been answered since. */
  stalled(): boolean;
  close(): Promise<void>;
}

type TOutcome = 'answered' | 'missed' | 'failed';

/**
 * Tells a hung PostgreSQL from a slow query (docs/operations-limits.md, "A hung database"). A
 * network partition or a stuck failover does not refuse or reset the connections: every query
 * simply never gets its answer, and a pool's query would wait for ever. A statement timeout
 * cannot help (the server never sees the statement) and a client-side query timeout would have
 * to be longer than the slowest legitimate statement. So a connection of its own asks
 * `SELECT 1` every `everyMs`; a probe not answered within `deadlineMs` means a hang: `stalled()`
 * turns true (the API answers 503 at once, the intake spools, `/readyz` says 503) and every
 * pooled connection is ended, so the queries waiting on them fail now as an outage. The first
 * probe answered again ends the hang. A probe that fails (refused, terminated) is no hang: the
 * pools see the same error themselves; the next probe connects again.
 */
export function watchForHang(config: pg.ClientConfig, options: THangWatchOptions, events: THangWatchEvents): THangWatch {
  let client: pg.Client | null = null;
  let closed = false;
  let hungSince: number | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const drop = () => {
    const lost = client;
    client = null;
    if (!lost) return;
    (lost as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    void lost.end().catch(() => undefined);
  };

  const probe = async (): Promise<TOutcome> => {
    const work = (async () => {
      if (!client) {
        // No connect timeout of its own: the deadline judges (a connect that times out would count
        // as failed, not missed), and a missed probe destroys the half-open connection.
        const fresh = new pg.Client(config);
        fresh.on('error', () => undefined);
        client = fresh;
        await fresh.connect();
      }
      await client.query('SELECT 1');
    })();
    return settleWithin(work, options.deadlineMs);
  };

  const round = async () => {
    const outcome = await probe();
    if (closed) return;
    if (outcome === 'answered') {
      if (hungSince !== null) {
        const hungMs = Date.now() - hungSince;
        hungSince = null;
        events.onAnswering(hungMs);
      }
      return;
    }
    drop();
    if (outcome === 'missed') {
      const dropped = events.dropConnections();
      if (hungSince === null) {
        hungSince = Date.now();
        events.onHung(dropped);
      }
    }
  };

  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => {
      timer = null;
      running = round().finally(() => {
        running = null;
        schedule();
      });
    }, options.everyMs);
    timer.unref();
  };
  schedule();

  return {
    stalled: () => hungSince !== null,
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
      drop();
    },
  };
}

/**
 * 'answered' or 'failed' when `work` settles within `ms`, 'missed' otherwise. The deadline is
 * judged after the event loop's next poll: when the loop itself was blocked (a long synchronous
 * task), the answer may sit in the socket unread while the timer fires first.
 */
function settleWithin(work: Promise<void>, ms: number): Promise<TOutcome> {
  return new Promise((resolve) => {
    let settled: TOutcome | null = null;
    const deadline = setTimeout(() => setImmediate(() => resolve(settled ?? 'missed')), ms);
    work.then(
      () => {
        settled = 'answered';
        clearTimeout(deadline);
        resolve('answered');
      },
      () => {
        settled = 'failed';
        clearTimeout(deadline);
        resolve('failed');
      },
    );
  });
}
