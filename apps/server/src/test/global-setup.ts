import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { runMigrations } from '../db/migrate';
import { pgliteDatabase, postgresDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory, dumped once per run and loaded by each test file. */
    pgliteSnapshot: string;
    /** Set when TEST_DATABASE_URL is: a migrated template database each test file copies. */
    postgresTemplateUrl: string;
    /** Files this run takes for database-free (scripts/server-tests.mjs): they get no test database. */
    databaseFreeFiles: string[];
  }
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A test's fixtures load history with their nodes where they stand: the nodes' state holds from
 * always (modules/devices/device-versions.ts). Tests of what changes when turn the import off.
 */
const HISTORY_IMPORT = 'UPDATE device_history_import SET importing = true';

/**
 * Creating and migrating a database is slow (PGlite about 7 s), so it is done once per run:
 * PGlite as a dumped data directory, PostgreSQL as a template database. Each test file then
 * gets its own copy, and the run cleans up after itself. Only the one the run's files use: the
 * template with TEST_DATABASE_URL, else the snapshot; neither for `npm test`'s database-free part
 * (TEST_SERVER_PART=free, scripts/server-tests.mjs).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const databaseFree = process.env.TEST_SERVER_PART?.trim() === 'free';
  let snapshotPath = '';
  if (!adminUrl && !databaseFree) {
    snapshotPath = path.join(os.tmpdir(), `aquasmart-pglite-${process.pid}-${randomBytes(4).toString('hex')}.tar.gz`);
    const client = new PGlite();
    await runMigrations(pgliteDatabase(client));
    await client.exec(HISTORY_IMPORT);
    const dump = await client.dumpDataDir('gzip');
    fs.writeFileSync(snapshotPath, Buffer.from(await dump.arrayBuffer()));
    await client.close();
  }
  project.provide('pgliteSnapshot', snapshotPath);

  let templateName = '';
  if (adminUrl && !databaseFree) {
    templateName = `aq_test_${process.pid}_${randomBytes(3).toString('hex')}_tpl`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${templateName}"`);
    await admin.end();
    const templateUrl = withDatabase(adminUrl, templateName);
    const template = postgresDatabase(templateUrl, { apiPoolSize: 1, systemPoolSize: 1 });
    await runMigrations(template);
    await template.exec(HISTORY_IMPORT);
    await template.close();
    project.provide('postgresTemplateUrl', templateUrl);
  } else {
    project.provide('postgresTemplateUrl', '');
  }

  return async () => {
    if (snapshotPath) fs.rmSync(snapshotPath, { force: true });
    if (adminUrl && templateName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      // Test files drop their own copies; sweep any left by a crashed worker of this run.
      const left = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
        templateName.replace(/_tpl$/, '_%'),
      ]);
      for (const row of left.rows) await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
      await admin.end();
    }
  };
}
