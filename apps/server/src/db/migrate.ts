import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows, type TDatabase } from './database';
import { ADVISORY_LOCKS } from './locks';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any number, the same in every copy of the server: only one copy migrates at a time. */

/** Statements are separated by drizzle-kit's breakpoint marker (prepared statements take one each). */
export function splitStatements(text: string): string[] {
  return text
    .split(/-->\s*statement-breakpoint/)
    .map((part) => part.trim())
    .filter((part) => part.replace(/--[^\n]*\n?/g, '').trim().length > 0);
}

export function migrationFiles(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(name))
    .sort();
}

/**
 * Forward-only, versioned SQL files, applied in name order, all pending files in ONE transaction:
 * a file that fails leaves none of them applied (the start stops with the database as it was), and
 * the advisory lock that makes copies starting together wait is held to its end, so each file runs
 * once. The same files serve PGlite and PostgreSQL. They run on the system connections, which carry no
 * statement timeout: a migration may take as long as it needs.
 */
export async function runMigrations(database: TDatabase): Promise<string[]> {
  const db = database.system;
  await database.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.migrations})`);
    const done = await queryRows<{ version: string }>(tx, sql`SELECT version FROM schema_migrations`);
    const doneVersions = new Set(done.map((row) => row.version));
    for (const file of migrationFiles()) {
      const version = file.replace(/\.sql$/, '');
      if (doneVersions.has(version)) continue;
      const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      for (const statement of splitStatements(text)) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO schema_migrations (version) VALUES (${version})`);
      applied.push(version);
    }
  });
  return applied;
}
