import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { expect, inject } from 'vitest';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase, postgresDatabase, type TPostgresOptions } from '../db/client';
import { type TDatabase } from '../db/database';

/** Tables emptied between tests, children first (with the tables whose foreign keys reach them). */
export const TABLES = [
  'platform_items',
  'platform_endpoints',
  'alarm_escalation_items',
  'alarm_notification_items',
  'alarm_events',
  'alarms',
  'logbook_reports',
  'logbook_report_supersessions',
  'logbook_days',
  'deviation_actions',
  'outlet_check_last',
  'outlet_checks',
  'outlet_check_overrides',
  'outlets',
  'sample_results',
  'sample_points',
  'sampling_plans',
  'planned_disinfections',
  'deviations',
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
  'device_versions',
  'place_versions',
  'network_servers',
  'gateway_nodes',
  'gateways',
  'products',
  'sso_handoffs',
  'sso_states',
  'sso_provider_customers',
  'sso_providers',
  'tokens',
  'login_attempts',
  'user_customers',
  'users',
  'locations',
  'customers',
];

/**
 * Empties TABLES and the tables whose foreign keys reach them, and restarts their sequences: what
 * `TRUNCATE … RESTART IDENTITY CASCADE` did, at about 9 ms instead of 300 ms on PostgreSQL (TRUNCATE
 * gives each of some 190 tables, indexes and sequences a new file; it ran before each of about 1,400
 * tests, a third of the PostgreSQL pass: docs/testing.md). The tables hold a test's few rows, so
 * DELETE is cheap; `session_replication_role = replica` (for this transaction only) keeps the
 * deletes from firing the change feed's and the counters' triggers and foreign-key checks, as
 * TRUNCATE did; setval restarts each sequence where RESTART IDENTITY would.
 */
const RESET_SQL = `DO $$
DECLARE
  tables regclass[];
  target regclass;
  owned record;
BEGIN
  SET LOCAL session_replication_role = replica;
  WITH RECURSIVE reached(rel) AS (
    SELECT to_regclass(name) FROM unnest(ARRAY['${TABLES.join("','")}']) AS name
    UNION
    SELECT c.conrelid::regclass FROM pg_constraint c JOIN reached r ON c.confrelid = r.rel WHERE c.contype = 'f'
  )
  SELECT array_agg(rel) INTO tables FROM reached;
  FOREACH target IN ARRAY tables LOOP
    EXECUTE format('DELETE FROM %s', target);
  END LOOP;
  FOR owned IN
    SELECT d.objid::regclass AS sequence, s.seqstart FROM pg_depend d JOIN pg_sequence s ON s.seqrelid = d.objid
    WHERE d.classid = 'pg_class'::regclass AND d.refobjid = ANY (tables) AND d.deptype IN ('a', 'i')
  LOOP
    PERFORM setval(owned.sequence, owned.seqstart, false);
  END LOOP;
END $$`;

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
    reset: () => database.exec(RESET_SQL),
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
