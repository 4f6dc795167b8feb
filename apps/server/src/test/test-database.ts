import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import * as schema from '../db/schema';
import type { TDatabase, TDb } from '../db/client';

/** Tables emptied between tests, children first. */
const TABLES = [
  'intake_events',
  'downlinks',
  'overflow_logs',
  'audit_logs',
  'calibration_logs',
  'device_data',
  'device_parameters',
  'device_channels',
  'devices',
  'network_servers',
  'gateways',
  'products',
  'tokens',
  'login_failures',
  'user_customers',
  'users',
  'locations',
  'customers',
];

export interface TTestDatabase extends TDatabase {
  /** Empties every table and restarts ids. */
  reset(): Promise<void>;
  /** Connection string of the PostgreSQL copy (for a server process under test); null on PGlite. */
  url: string | null;
}

/**
 * A fresh, migrated database for one test file: a copy of the run's PostgreSQL template when
 * TEST_DATABASE_URL is set, otherwise PGlite loaded from the run's snapshot.
 */
export async function openTestDatabase(): Promise<TTestDatabase> {
  const templateUrl = inject('postgresTemplateUrl');
  const { database, url } = templateUrl
    ? await copyPostgresTemplate(templateUrl)
    : { database: await loadPgliteSnapshot(inject('pgliteSnapshot')), url: null };
  return {
    ...database,
    url,
    reset: () => database.exec(`TRUNCATE ${TABLES.join(', ')} RESTART IDENTITY CASCADE`),
  };
}

async function loadPgliteSnapshot(snapshotPath: string): Promise<TDatabase> {
  const blob = new Blob([fs.readFileSync(snapshotPath)]);
  const client = new PGlite({ loadDataDir: blob });
  await client.waitReady;
  return {
    kind: 'pglite',
    db: drizzlePglite(client, { schema }) as unknown as TDb,
    exec: async (text) => void (await client.exec(text)),
    close: () => client.close(),
  };
}

async function copyPostgresTemplate(templateUrl: string): Promise<{ database: TDatabase; url: string }> {
  const template = new URL(templateUrl);
  const templateName = template.pathname.slice(1);
  const name = templateName.replace(/_tpl$/, `_${randomBytes(4).toString('hex')}`);
  const adminUrl = new URL(templateUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 5 });
  pool.on('error', () => undefined);
  const database: TDatabase = {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }),
    exec: async (text) => void (await pool.query(text)),
    close: async () => {
      await pool.end();
      const dropper = new pg.Client({ connectionString: adminUrl.toString() });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
  return { database, url: url.toString() };
}
