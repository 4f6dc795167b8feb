import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { expect, inject } from 'vitest';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase, postgresDatabase, type TPostgresOptions } from '../db/client';
import { type TDatabase } from '../db/database';

/** Tables emptied between tests, children first. */
const TABLES = [
  'platform_items',
  'platform_endpoints',
  'alarm_escalation_items',
  'alarm_notification_items',
  'alarm_events',
  'alarms',
  'logbook_reports',
  'logbook_days',
  'alert_items',
  'mail_messages',
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
  'gateway_nodes',
  'gateways',
  'products',
  'tokens',
  'login_attempts',
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
 * The pools of a test file's copy: smaller than the server's, since test files run side by side
 * on one PostgreSQL. `apiStatementTimeoutMs` as the server's unless a test chooses one.
 */
export const TEST_POOLS: TPostgresOptions = { apiPoolSize: 5, systemPoolSize: 2 };

/**
 * A fresh, migrated database for one test file: a copy of the run's PostgreSQL template when
 * TEST_DATABASE_URL is set, otherwise PGlite loaded from the run's snapshot. The PostgreSQL copy
 * has the server's two pools (`db` for the API, `system`), sized by `options`.
 */
export async function openTestDatabase(options: TPostgresOptions = {}): Promise<TTestDatabase> {
  const file = expect.getState().testPath;
  if (file && inject('databaseFreeFiles').includes(file)) {
    throw new Error(
      `${file} opens the test database but scripts/server-tests.mjs took it for database-free (it found no import ` +
        'reaching src/test/test-database.ts): import the test context plainly, or see docs/testing.md',
    );
  }
  const templateUrl = inject('postgresTemplateUrl');
  const snapshot = inject('pgliteSnapshot');
  if (!templateUrl && !snapshot) throw new Error('this run made no test database (TEST_SERVER_PART=free): see docs/testing.md');
  const { database, url } = templateUrl
    ? await copyPostgresTemplate(templateUrl, { ...TEST_POOLS, ...options })
    : { database: await loadPgliteSnapshot(snapshot), url: null };
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
  return pgliteDatabase(client);
}

async function copyPostgresTemplate(templateUrl: string, options: TPostgresOptions): Promise<{ database: TDatabase; url: string }> {
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
  const pools = postgresDatabase(url.toString(), options);
  const database: TDatabase = {
    ...pools,
    close: async () => {
      await pools.close();
      const dropper = new pg.Client({ connectionString: adminUrl.toString() });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
  return { database, url: url.toString() };
}
