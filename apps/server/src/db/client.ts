import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import * as schema from './schema';
import { runMigrations } from './migrate';

export type TSchema = typeof schema;
/** Both drivers share this type, so services never know which database they talk to. */
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;

export interface TDatabase {
  kind: 'pglite' | 'postgres';
  db: TDb;
  /** Runs SQL text that may hold several statements (migrations, test resets). */
  exec(sqlText: string): Promise<void>;
  close(): Promise<void>;
}

export interface TOpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  migrate?: boolean;
}

export async function openDatabase(options: TOpenOptions): Promise<TDatabase> {
  const database = options.databaseUrl ? openPostgres(options.databaseUrl) : await openPglite(options);
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

function openPostgres(url: string): TDatabase {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }),
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    close: () => pool.end(),
  };
}

async function openPglite(options: TOpenOptions): Promise<TDatabase> {
  let client: PGlite;
  if (options.memory) {
    client = new PGlite();
  } else {
    const dir = path.resolve(options.dataDir ?? './data', 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  return {
    kind: 'pglite',
    db: drizzlePglite(client, { schema }) as unknown as TDb,
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    close: () => client.close(),
  };
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
  return Number(row.total);
}
