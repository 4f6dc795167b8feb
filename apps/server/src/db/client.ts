import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import type { TDatabase, TDb, TListenHandlers, TListening } from './database';
import { runMigrations } from './migrate';
import { prepareDataDir } from './data-dir';
import { lockDataDir } from './data-dir-lock';
import { ensurePgliteCluster } from './pglite-cluster';
import {
  API_POOL_SIZE,
  API_STATEMENT_TIMEOUT_MS,
  CONNECT_TIMEOUT_MS,
  HANG_WATCH,
  IDLE_IN_TRANSACTION_TIMEOUT_MS,
  KEEPALIVE_INITIAL_DELAY_MS,
  SYSTEM_POOL_SIZE,
} from './pool-limits';
import { ServerPool } from './server-pool';
import { watchForHang, type THangWatch, type THangWatchOptions } from './hang-watch';

export interface TPostgresOptions {
  /** Statement timeout of the API's connections; 0 turns it off. */
  apiStatementTimeoutMs?: number;
  /** Connections of the API pool. */
  apiPoolSize?: number;
  /** Connections of the system pool. */
  systemPoolSize?: number;
  /** How often the LISTEN connection is asked `SELECT 1` (and how long it may take to answer). */
  listenCheckMs?: number;
  /**
   * Watch for a hung PostgreSQL (db/hang-watch.ts): on in the server (`true`: HANG_WATCH), off by
   * default (tools, tests that do not look at it).
   */
  hangWatch?: boolean | THangWatchOptions;
  /** Logs the hang watch's findings. */
  log?: { error(object: object, message: string): void; warn(object: object, message: string): void };
}

export interface TOpenOptions extends TPostgresOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  migrate?: boolean;
}

export async function openDatabase(options: TOpenOptions): Promise<TDatabase> {
  const database = options.databaseUrl ? postgresDatabase(options.databaseUrl, options) : await openPglite(options);
  if (options.migrate !== false) {
    try {
      await runMigrations(database);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

/**
 * PostgreSQL compiles a query whose estimated cost passes 100,000 with LLVM (JIT) before running it:
 * the customer list at 30,000 nodes spent 350 of its 380 ms compiling (the soak test found it).
 * Our queries are short reads and writes, for which compiling never pays (docs/operations-limits.md).
 * A start-up option of each connection; an `options` parameter in DATABASE_URL (which node-postgres
 * would let replace ours) is kept and ours added to it.
 */
function withoutJit(url: string): { connectionString: string; options: string } {
  const parsed = new URL(url);
  const given = parsed.searchParams.get('options');
  parsed.searchParams.delete('options');
  return { connectionString: parsed.toString(), options: [given, '-c jit=off'].filter(Boolean).join(' ') };
}

/**
 * Two pools on one PostgreSQL database: the API's, with a statement timeout set at connection
 * start-up (so it holds for every statement, also inside transactions), and the system's without
 * one (migrations, vacuum and the logbook's jobs run long by nature). Both connect within
 * CONNECT_TIMEOUT_MS, end a transaction left idle after IDLE_IN_TRANSACTION_TIMEOUT_MS, and use
 * TCP keepalive; a hung server is found by the hang watch (docs/operations-limits.md).
 * `application_name` tells them apart in pg_stat_activity.
 */
export function postgresDatabase(url: string, options: TPostgresOptions = {}): TDatabase {
  const shared = {
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_INITIAL_DELAY_MS,
  };
  const apiPool = new ServerPool({
    ...withoutJit(url),
    ...shared,
    max: options.apiPoolSize ?? API_POOL_SIZE,
    statement_timeout: options.apiStatementTimeoutMs ?? API_STATEMENT_TIMEOUT_MS,
    application_name: 'aquasmart-api',
  });
  const systemPool = new ServerPool({ ...withoutJit(url), ...shared, max: options.systemPoolSize ?? SYSTEM_POOL_SIZE, application_name: 'aquasmart-system' });
  // An idle client that loses its connection: the pool has dropped it already. (A checked-out
  // one has a listener of its own, server-pool.ts.)
  for (const pool of [apiPool, systemPool]) pool.on('error', () => undefined);
  const watch = options.hangWatch ? hangWatchOf(url, options, [apiPool, systemPool]) : null;
  return {
    kind: 'postgres',
    db: drizzlePg(apiPool, { schema }),
    system: drizzlePg(systemPool, { schema }),
    stalled: () => watch?.stalled() ?? false,
    pools: () => [
      { pool: 'api', max: options.apiPoolSize ?? API_POOL_SIZE, total: apiPool.totalCount, idle: apiPool.idleCount, waiting: apiPool.waitingCount },
      { pool: 'system', max: options.systemPoolSize ?? SYSTEM_POOL_SIZE, total: systemPool.totalCount, idle: systemPool.idleCount, waiting: systemPool.waitingCount },
    ],
    exec: async (sqlText) => {
      await systemPool.query(sqlText);
    },
    listen: (channel, handlers) => listenPostgres(url, channel, handlers, options.listenCheckMs ?? LISTEN_CHECK_MS),
    close: async () => {
      await watch?.close();
      await Promise.all([apiPool.end(), systemPool.end()]);
    },
  };
}

function hangWatchOf(url: string, options: TPostgresOptions, pools: ServerPool[]): THangWatch {
  const timing = typeof options.hangWatch === 'object' ? options.hangWatch : HANG_WATCH;
  return watchForHang({ ...withoutJit(url), application_name: 'aquasmart-watch' }, timing, {
    dropConnections: () => pools.reduce((sum, pool) => sum + pool.dropConnections(), 0),
    onHung: (dropped) =>
      options.log?.error({ deadlineMs: timing.deadlineMs, dropped }, 'database hung: SELECT 1 not answered in time; API answers 503, uplinks are spooled, connections ended'),
    onAnswering: (hungMs) => options.log?.warn({ hungMs }, 'database answers again after a hang'),
  });
}

/** Back-off of the LISTEN connection: 0.5 s, doubled after each failure, at most 10 s. */
const LISTEN_RETRY_MS = { first: 500, max: 10_000 };
/**
 * The LISTEN connection only receives, so a connection cut without a reset (a NAT's or load
 * balancer's idle timeout, a failover) would look alive for ever and the copy would announce
 * nothing. Every 30 s it must answer `SELECT 1` within 30 s, or it is dropped and opened again.
 */
const LISTEN_CHECK_MS = 30_000;

/**
 * A LISTEN on a `pg` client of its own (a pooled connection cannot hold a LISTEN: it is handed to
 * others). When the connection ends (a restart, a failover, pg_terminate_backend) it is opened
 * again with back-off; `onReconnected` says notifications may have been missed. The first
 * connection is awaited; should it fail, it is retried in the background like a lost one.
 */
async function listenPostgres(url: string, channel: string, handlers: TListenHandlers, checkMs: number): Promise<TListening> {
  let client: pg.Client | null = null;
  let closed = false;
  let firstAttempt = true;
  let delay = LISTEN_RETRY_MS.first;
  let timer: NodeJS.Timeout | null = null;
  let checkTimer: NodeJS.Timeout | null = null;
  const lose = (candidate: pg.Client, error: unknown) => {
    if (client !== candidate) return;
    client = null;
    if (checkTimer) clearInterval(checkTimer);
    checkTimer = null;
    // A half-open socket may never finish a polite end: destroy it.
    void candidate.end().catch(() => undefined);
    (candidate as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    retry(error);
  };
  const retry = (error: unknown) => {
    handlers.onLost?.(error);
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, LISTEN_RETRY_MS.max);
  };
  const connect = async () => {
    if (closed) return;
    const first = firstAttempt;
    firstAttempt = false;
    const candidate = new pg.Client({
      ...withoutJit(url),
      application_name: 'aquasmart-listen',
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      query_timeout: checkMs,
      connectionTimeoutMillis: checkMs,
    });
    candidate.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    candidate.on('error', () => undefined);
    candidate.on('end', () => lose(candidate, new Error('the LISTEN connection ended')));
    try {
      await candidate.connect();
      await candidate.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (error) {
      await candidate.end().catch(() => undefined);
      retry(error);
      return;
    }
    if (closed) {
      await candidate.end().catch(() => undefined);
      return;
    }
    client = candidate;
    delay = LISTEN_RETRY_MS.first;
    checkTimer = setInterval(() => {
      candidate.query('SELECT 1').catch((error: unknown) => lose(candidate, error));
    }, checkMs);
    checkTimer.unref();
    if (!first) handlers.onReconnected?.();
  };
  await connect();
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      if (checkTimer) clearInterval(checkTimer);
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}

async function openPglite(options: TOpenOptions): Promise<TDatabase> {
  if (options.memory) {
    const client = new PGlite();
    await client.waitReady;
    return pgliteDatabase(client);
  }
  const dataDir = prepareDataDir(options.dataDir ?? './data');
  const release = lockDataDir(dataDir);
  try {
    const dir = prepareDataDir(path.join(dataDir, 'pglite'));
    await ensurePgliteCluster(dir);
    const client = new PGlite(dir);
    await client.waitReady;
    const database = pgliteDatabase(client);
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * PGlite is one connection in this process: API and system share it, and no statement timeout
 * is set (PGlite accepts the setting but does not enforce it, and migrations run on the same
 * connection). A running query blocks the event loop, so on PGlite the limits of the query
 * compiler are the only bound on a read (docs/operations-limits.md).
 */
export function pgliteDatabase(client: PGlite): TDatabase {
  const db = drizzlePglite(client, { schema }) as unknown as TDb;
  return {
    kind: 'pglite',
    db,
    system: db,
    // In this process: it cannot hang without the process hanging too.
    stalled: () => false,
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    // One connection in this process: it is never lost while the process runs.
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, (payload) => handlers.onNotification(payload));
      return {
        close: async () => {
          if (!client.closed) await unlisten();
        },
      };
    },
    close: () => client.close(),
  };
}
