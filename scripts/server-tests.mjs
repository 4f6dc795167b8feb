// Which server test files run in which pass (docs/testing.md). Three kinds, found from the files
// themselves so that a new test file needs no entry anywhere:
// - database tests: the file reaches src/test/test-database.ts through its imports (createTestContext,
//   useTestContext, openTestDatabase) or reads TEST_DATABASE_URL. What they prove depends on the
//   database the run gives them, so CI runs them on PostgreSQL (the production database at scale) and
//   on PGlite only those in PGLITE_PROOFS; without PostgreSQL all of them run on PGlite.
// - `*.postgres.test.ts`: PostgreSQL only (a cut connection, LISTEN on a second pool, ...).
// - database-free tests: everything else, including the embedded database's own code (data folder,
//   cluster creation, `npm start` on a PGlite folder), which makes its own PGlite whatever the run
//   says. They prove the same in every pass, so they run once, in the pass without PostgreSQL.
// A file taken for database-free that opens the test database anyway fails at once with a message
// naming this file (src/test/test-database.ts), so a wrong guess costs a red run, never a test.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';
import { valueImports } from './imports.mjs';

export const SERVER_ROOT = path.join(ROOT, 'apps/server');
const SOURCES = path.join(SERVER_ROOT, 'src');
const TEST_DATABASE = path.join(SOURCES, 'test/test-database.ts');

/**
 * The database tests that CI also runs on PGlite (paths under apps/server/), because what they
 * prove can differ between the two databases: the embedded database's own behaviour (one
 * connection, no statement timeout, its data folder under a server process) and SQL that leans on
 * what PGlite implements separately (partitions, triggers and advisory locks, jsonb and full-text
 * functions, LISTEN/NOTIFY inside one process, the demo seed `npm start` runs on PGlite). Every
 * other database test runs on PGlite only where no PostgreSQL answers. Why each one: docs/testing.md.
 */
export const PGLITE_PROOFS = [
  'src/bootstrap/reset-password.test.ts',
  'src/db/change-feed-triggers.test.ts',
  'src/db/partitions.test.ts',
  'src/db/pools.test.ts',
  'src/db/rows.test.ts',
  'src/demo/seed-forms.test.ts',
  'src/demo/seed.test.ts',
  'src/lib/query/hostile-http.test.ts',
  'src/modules/alerts/alerts.test.ts',
  'src/modules/dashboard/dashboard-refresher.test.ts',
  'src/modules/dashboard/dashboard.test.ts',
  'src/modules/dashboard/node-function-sql.test.ts',
  'src/modules/events/events.test.ts',
  'src/modules/health/health.test.ts',
  'src/modules/intake/intake.process.test.ts',
  'src/modules/logbook/logbook-days.test.ts',
  'src/modules/telemetry/telemetry.test.ts',
  'src/start-script.process.test.ts',
  'src/test/test-database.test.ts',
];

/** Whether `file` reaches the test database (see the top of this file); `seen` caches across files. */
function usesTestDatabase(file, seen) {
  if (seen.has(file)) return seen.get(file);
  seen.set(file, false); // an import cycle adds nothing
  const result =
    file === TEST_DATABASE ||
    (file.endsWith('.test.ts') && fs.readFileSync(file, 'utf8').includes('TEST_DATABASE_URL')) ||
    valueImports(file).some((target) => usesTestDatabase(target, seen));
  seen.set(file, result);
  return result;
}

/** The server's test files by kind, as paths relative to apps/server (as vitest.config.ts includes them). */
export function serverTestFiles() {
  const files = fs
    .readdirSync(SOURCES, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts') && !name.split(path.sep).includes('node_modules'))
    .map((name) => path.join(SOURCES, name))
    .sort();
  const seen = new Map();
  const relative = (file) => path.relative(SERVER_ROOT, file).split(path.sep).join('/');
  const kinds = { free: [], database: [], postgresOnly: [] };
  for (const file of files) {
    if (file.endsWith('.postgres.test.ts')) kinds.postgresOnly.push(relative(file));
    else if (usesTestDatabase(file, seen)) kinds.database.push(relative(file));
    else kinds.free.push(relative(file));
  }
  const missing = PGLITE_PROOFS.filter((file) => !kinds.database.includes(file));
  if (missing.length) throw new Error(`scripts/server-tests.mjs: PGLITE_PROOFS names files that are not database tests: ${missing.join(', ')}`);
  return kinds;
}

/**
 * The server files of one run, from TEST_SERVER_PART (scripts/test.mjs sets it; unset: every file,
 * the `*.postgres.test.ts` ones only with TEST_DATABASE_URL). A comma list of `free`, `database`
 * (with `*.postgres.test.ts` when TEST_DATABASE_URL is set) and `pglite` (PGLITE_PROOFS).
 */
export function serverTestSelection(part = process.env.TEST_SERVER_PART, postgres = Boolean(process.env.TEST_DATABASE_URL)) {
  const kinds = serverTestFiles();
  const parts = part ? part.split(',').map((name) => name.trim()).filter(Boolean) : ['free', 'database'];
  const unknown = parts.filter((name) => !['free', 'database', 'pglite'].includes(name));
  if (unknown.length) throw new Error(`TEST_SERVER_PART: unknown part ${unknown.join(', ')} (free, database, pglite)`);
  const include = new Set();
  if (parts.includes('free')) kinds.free.forEach((file) => include.add(file));
  if (parts.includes('database')) [...kinds.database, ...(postgres ? kinds.postgresOnly : [])].forEach((file) => include.add(file));
  if (parts.includes('pglite')) PGLITE_PROOFS.forEach((file) => include.add(file));
  return { include: [...include].sort(), databaseFree: kinds.free, kinds };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const kinds = serverTestFiles();
  for (const [kind, files] of Object.entries(kinds)) console.log(`${kind} (${files.length}):\n  ${files.join('\n  ')}`);
  console.log(`pglite proofs (${PGLITE_PROOFS.length}):\n  ${PGLITE_PROOFS.join('\n  ')}`);
}
