import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import type * as schema from './schema';

/**
 * What the rest of the server knows of the database: its handle types and two small query
 * helpers. How a database is opened (PGlite or PostgreSQL, pools, migrations) is client.ts.
 */
export type TSchema = typeof schema;
/** Both drivers share this type, so services never know which database they talk to. */
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;

export interface TDatabase {
  kind: 'pglite' | 'postgres';
  /**
   * The API's connections. On PostgreSQL a pool of its own whose statements are cut after the
   * API statement timeout (57014, answered 503 `errors.queryTimeout`), so that one user's
   * expensive reads cannot hold the database (docs/operations-limits.md).
   */
  db: TDb;
  /**
   * The server's own work: the intake writer and worker, the downlink sender, MQTT, health,
   * migrations and start-up. On PostgreSQL a small pool of its own without a statement timeout,
   * which API requests never use, so uplinks are stored while the API pool is saturated. On PGlite
   * the same single connection as `db`.
   */
  system: TDb;
  /**
   * PostgreSQL does not answer (a hang, found by the hang watch, db/hang-watch.ts): the API answers
   * 503 at once, the intake spools and `/readyz` says 503, without waiting for a connection.
   * Always false on PGlite and where the watch is off.
   */
  stalled(): boolean;
  /**
   * The PostgreSQL pools' use, read when `/metrics` is scraped. Absent on PGlite: one connection in
   * this process, no pool to run out of.
   */
  pools?(): TPoolUse[];
  /** Runs SQL text that may hold several statements (migrations, test resets), on the system side. */
  exec(sqlText: string): Promise<void>;
  /**
   * LISTENs on a notification channel (lib/change-feed.ts). On PostgreSQL a connection of its own,
   * outside both pools, opened again with back-off when it is lost (`onReconnected` then: what was
   * announced meanwhile is lost); on PGlite its own listen on the one connection.
   */
  listen(channel: string, handlers: TListenHandlers): Promise<TListening>;
  close(): Promise<void>;
}

export interface TPoolUse {
  pool: 'api' | 'system';
  max: number;
  /** Connections open (idle and in use). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface TListenHandlers {
  onNotification(payload: string): void;
  /** The connection was lost and is back: notifications in between were missed. */
  onReconnected?(): void;
  /** The connection was lost (or could not be opened); it is tried again with back-off. */
  onLost?(error: unknown): void;
}

export interface TListening {
  close(): Promise<void>;
}

/** Runs a raw SQL query and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Pick<TDb, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

/** A database handle or an open transaction. */
export type TDbOrTx = Pick<TDb, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Rows of a table matching a condition. */
export async function countRows(tx: TDbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await tx.select({ total: sql<number>`count(*)::int` }).from(table).where(where);
  return row.total;
}

