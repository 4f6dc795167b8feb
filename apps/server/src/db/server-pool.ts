import pg from 'pg';

/**
 * `pg.Pool` with two additions the server needs from its PostgreSQL pools (docs/operations-limits.md):
 *
 * - **A lost connection gives its slot back by itself.** Drizzle's transaction (drizzle-orm 0.45,
 *   node-postgres session) sends BEGIN before its try/finally; when the connection died between
 *   the checkout and BEGIN (pg_terminate_backend, a restart, a cut) the client was never released
 *   and the pool was a connection smaller for ever. Under ~40 terminations in 10 s the system pool
 *   lost all its connections, and `/readyz` and the intake waited until the HTTP timeout closed
 *   their sockets (issue 35 item 3). A checked-out client whose connection ends is now released
 *   (with an error, so it is removed), and a second release, by its holder, does nothing.
 * - **Every client is known**, connecting or connected, so the hang watch (db/hang-watch.ts) can
 *   end all of them at once when PostgreSQL stops answering: their queries then fail at once as
 *   "Connection terminated unexpectedly" (an outage: 503, spooled, retried) instead of waiting.
 */
export class ServerPool extends pg.Pool {
  private readonly known: Set<pg.Client>;

  constructor(config: pg.PoolConfig) {
    const known = new Set<pg.Client>();
    class TrackedClient extends pg.Client {
      constructor(clientConfig?: pg.ClientConfig) {
        super(clientConfig);
        known.add(this);
        // A connection PostgreSQL ends while the client is checked out: the pool listens only
        // while it is idle, and an unhandled 'error' event would end the process. The query in
        // flight fails by itself (answered 503, spooled, or retried by its loop).
        this.on('error', () => undefined);
        this.once('end', () => known.delete(this));
      }
    }
    super({ ...config, Client: TrackedClient });
    this.known = known;
  }

  /** Ends every connection of the pool now, idle, checked out or still connecting. */
  dropConnections(): number {
    let dropped = 0;
    for (const client of this.known) {
      const stream = (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
      stream?.destroy();
      dropped += 1;
    }
    return dropped;
  }

  // pg-pool's own query() checks out through this method too (with a callback).
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    if (callback) {
      super.connect((err, client) => {
        if (err || !client) return callback(err, undefined, () => undefined);
        const guarded = releaseWhenLost(client);
        callback(undefined, guarded, (error) => guarded.release(error as Error | boolean | undefined));
      });
      return;
    }
    return super.connect().then(releaseWhenLost);
  }
}

function releaseWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const onEnd = () => done(new Error('connection lost while checked out'));
  const done = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('end', onEnd);
    release(error);
  };
  client.once('end', onEnd);
  client.release = done;
  return client;
}
