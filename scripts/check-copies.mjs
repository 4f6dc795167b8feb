// `npm run check:copies -- [--copies N] [--uplinks N]`: starts N server copies (default 2) on one
// PostgreSQL and one MQTT broker and checks that they serve one fleet together: every uplink stored
// and processed once, every e-mail and downlink sent once, one dashboard summary (docs/operations.md,
// "Running several copies"). It is the test apps/server/src/several-copies.postgres.test.ts, run
// against TEST_DATABASE_URL and MQTT_URL (HELP below).
import path from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { run, ROOT } from './lib.mjs';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

const HELP = `npm run check:copies -- [--copies N] [--uplinks N]

Starts N copies of the server (real processes, as npm start runs them) on one PostgreSQL and one
MQTT broker, sends a burst of uplinks over HTTP and MQTT, and checks that every uplink is stored and
processed once, every e-mail and downlink sent once, the dashboard summary made once, and that a
change reaches every copy's live stream within a second (docs/operations.md, "Running several copies").

Options:
  --copies N    server copies (at least 2; default 2)
  --uplinks N   uplinks sent (at least 20; default 1000)
  --help        this text

Environment:
  TEST_DATABASE_URL  a PostgreSQL role allowed to create and drop databases
                     (default ${DEFAULT_DATABASE_URL}).
                     The database named there is only where the check connects: it creates its own
                     databases aq_test_<pid>_<random>_tpl and aq_test_<pid>_<random>_<random> on
                     that server and drops them at the end. When the named database does not exist,
                     it is created for the run and dropped afterwards.
  MQTT_URL           the broker (default mqtt://127.0.0.1:1883).
`;

function usageError(message) {
  console.error(`check:copies: ${message}\n\nRun with --help for the options.`);
  process.exit(2);
}

/** A whole number of at least `least`, or the usage error. */
function wholeNumber(name, value, least) {
  const number = Number(value);
  if (!Number.isInteger(number) || number < least) usageError(`--${name} must be a whole number of at least ${least} (got "${value}")`);
  return String(number);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      copies: { type: 'string', default: '2' },
      uplinks: { type: 'string', default: '1000' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }));
} catch (error) {
  usageError(error instanceof Error ? error.message : String(error));
}
if (values.help) {
  process.stdout.write(HELP);
  process.exit(0);
}
const copies = wholeNumber('copies', values.copies, 2);
const uplinks = wholeNumber('uplinks', values.uplinks, 20);
const databaseUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_DATABASE_URL;

// pg is the server's dependency; this script borrows it rather than declaring it a second time.
const pg = createRequire(path.join(ROOT, 'apps/server/package.json'))('pg');

/** The URL without its password, for messages. */
function shown(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

function quoted(identifier) {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/**
 * The test connects to the database TEST_DATABASE_URL names to create its own ones: create that
 * one when it is missing (before, vitest stopped with a stack trace and "No test files found").
 * Resolves with the name of the database it created, or null.
 */
async function ensureNamedDatabase(url) {
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    return null;
  } catch (error) {
    if (error?.code !== '3D000') {
      console.error(`check:copies: cannot connect to TEST_DATABASE_URL (${shown(url)}): ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
  } finally {
    await probe.end().catch(() => undefined);
  }
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${quoted(name)}`);
  } catch (error) {
    console.error(`check:copies: the database "${name}" of TEST_DATABASE_URL does not exist and could not be created: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  } finally {
    await admin.end().catch(() => undefined);
  }
  console.log(`check:copies: created the database "${name}" named in TEST_DATABASE_URL; it is dropped at the end`);
  return name;
}

async function dropDatabase(url, name) {
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  try {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

const created = await ensureNamedDatabase(databaseUrl);
const code = await run('npx', ['vitest', 'run', '--project', 'server', 'src/several-copies.postgres.test.ts'], {
  cwd: ROOT,
  env: { ...process.env, TEST_DATABASE_URL: databaseUrl, COPIES: copies, COPIES_UPLINKS: uplinks },
});
if (created) await dropDatabase(databaseUrl, created);
process.exit(code);
