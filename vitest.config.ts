import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { SERVER_ROOT, serverTestSelection } from './scripts/server-tests.mjs';

/**
 * The server's files of this run. `npm test` names a part of them in TEST_SERVER_PART (the
 * database-free files once, the database tests on PostgreSQL, a few of those on PGlite too:
 * scripts/server-tests.mjs, docs/testing.md); unset, every file runs, the `*.postgres.test.ts`
 * ones only where TEST_DATABASE_URL names a PostgreSQL.
 */
const serverPart = process.env.TEST_SERVER_PART;
const serverSelection = serverPart ? serverTestSelection(serverPart) : null;

/**
 * One Vitest run for the whole workspace: the domain and server run in Node, the web app in
 * happy-dom. Each server test file gets its own copy of one migrated database (see apps/server/src/test).
 */
/**
 * A worker keeps the modules it loaded from one Node test file to the next (docs/testing.md,
 * "Isolation"): importing the server's libraries again for every file was a third of the CPU of a
 * server file. Each file still gets its own database and app. A file that mocks a module the others
 * load resets the module registry first (plugins/security-headers.test.ts). The web files too: a
 * worker keeps React, MUI and its happy-dom window; apps/web/src/test/setup.ts puts back after each
 * file what a file may leave behind (mocks, fetch, timers, address, document, MUI's styles, the app's
 * query cache), so every file starts as in a fresh window.
 */
const isolate = false;

export default defineConfig({
  test: {
    // Vitest's default, one worker fewer than the cores, is ONE worker on the 2-core CI machine: a
    // core sits idle while a test file waits on a server process, a socket or a timer. Two there
    // (docs/operations.md, "A faster check"); unchanged on larger machines.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { test: { name: 'domain', isolate, root: 'packages/domain', environment: 'node', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          isolate,
          root: 'apps/server',
          environment: 'node',
          include: serverSelection ? serverSelection.include : ['src/**/*.test.ts'],
          // Tests of PostgreSQL itself (a cut connection) run only where TEST_DATABASE_URL names one.
          exclude: process.env.TEST_DATABASE_URL ? ['**/node_modules/**'] : ['**/node_modules/**', 'src/**/*.postgres.test.ts'],
          // src/test/test-database.ts refuses these files a database: a file taken for database-free that opens one fails loudly.
          provide: { databaseFreeFiles: (serverSelection?.databaseFree ?? []).map((file) => path.join(SERVER_ROOT, file)) },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Cheap password hashes (identity/passwords.ts): sign-ins were a seventh of these files' CPU.
          env: { AQUASMART_TEST_PASSWORD_HASHING: 'cheap' },
          globalSetup: ['src/test/global-setup.ts'],
        },
      },
      // The repository's own checks (scripts/*.mjs) where they hold rules of their own: the import-cycle check.
      { test: { name: 'scripts', isolate, root: 'scripts', environment: 'node', include: ['*.test.mjs'] } },
      { test: { name: 'simulator', isolate, root: 'tools/simulator', environment: 'node', include: ['src/**/*.test.ts'], testTimeout: 30_000 } },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          isolate,
          root: 'apps/web',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          // Screens wait for their data and transitions (src/test/setup.ts): slow under load, not wrong
          // (the list table's delete confirmation, eleven clicks, took over 30 s at load 12).
          testTimeout: 60_000,
        },
      },
    ],
  },
});
