// `npm test`: lint, lock file and type check, unit and server tests (PGlite, then PostgreSQL), web
// build and browser tests in Chromium, on the machine's Node; with CI=true (or `npm test -- node24`)
// the server tests on PostgreSQL and the browser tests run on Node 24 LTS instead (scripts/node24.mjs),
// also when named alone (`CI=true npm test -- e2e`),
// while lint and the PGlite suite stay on the machine's Node (TEST_BOTH_NODES=1: both passes on both
// Nodes; about 13 more minutes on the 2-core CI machine). A suite that cannot run (no PostgreSQL, no Chromium) is reported loudly as
// skipped; with CI=true a skipped suite fails the run. Ends with "N passed, N failed".
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildWebIfStale, ROOT, run, runTasks } from './lib.mjs';
import { lintTasks } from './lint.mjs';
import { ensureNode24 } from './node24.mjs';

const isCI = ['1', 'true'].includes(String(process.env.CI).toLowerCase());
const reports = path.join(ROOT, '.tmp');
fs.mkdirSync(reports, { recursive: true });
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`
const wanted = (step) => only.length === 0 || only.includes(step);
// With CI=true a named part (`CI=true npm test -- e2e`) runs on the same Node as in the full run.
const wantsNode24 = only.includes('node24') || isCI;
/** The PostgreSQL and browser passes on Node 24: in the full run, with `node24`, or when named. */
const onNode24 = (part) => wantsNode24 && (only.length === 0 || only.includes('node24') || only.includes(part));

const totals = { passed: 0, failed: 0 };
/** Each part's heading and start, for the times printed at the end (where CI's minutes go). */
const parts = [];
function part(heading) {
  parts.push({ heading, startedAt: Date.now() });
  console.log(`\n== ${heading} ==`);
}
const skipped = [];
const failedSteps = [];

function step(name, ok) {
  if (ok) totals.passed += 1;
  else {
    totals.failed += 1;
    failedSteps.push(name);
  }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Adds a Vitest JSON report to the totals; a run that wrote no report counts as one failure. */
function countVitest(name, file, code) {
  const report = readJson(file);
  if (!report) return step(name, false);
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  if (report.numPendingTests + report.numTodoTests > 0) skipped.push(`${name}: ${report.numPendingTests + report.numTodoTests} skipped tests`);
  if (code !== 0 && report.numFailedTests === 0) step(`${name} (exit ${code})`, false);
  else if (code !== 0) failedSteps.push(name);
}

function canConnect(url) {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(2000);
    socket.on('connect', () => (socket.destroy(), resolve(true)));
    socket.on('timeout', () => (socket.destroy(), resolve(false)));
    socket.on('error', () => resolve(false));
  });
}

const npx = (args, env = {}) => run('npx', args, { env: { ...process.env, ...env } });

if (wanted('lint')) {
  // ESLint (without its cache: see scripts/lint.mjs), the lock file and the type checks, side by side.
  part('Lint, lock file in step with every package.json, type check');
  for (const result of await runTasks(lintTasks({ cache: false }))) step(result.name === 'eslint' ? 'lint' : result.name, result.code === 0);
}

if (wanted('unit')) {
  part('Unit and server tests (embedded PGlite)');
  const file = path.join(reports, 'vitest-pglite.json');
  fs.rmSync(file, { force: true });
  const code = await npx(['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], { TEST_DATABASE_URL: '' });
  countVitest('vitest (pglite)', file, code);
}

const postgresUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** The server tests on PostgreSQL; `env` may put another Node first on PATH. */
async function postgresTests(label, reportName, env = {}) {
  if (!(await canConnect(postgresUrl))) {
    skipped.push(`server tests on PostgreSQL${label}: nothing answers at ${new URL(postgresUrl).host} (set TEST_DATABASE_URL)`);
    return;
  }
  part(`Server tests on PostgreSQL (${new URL(postgresUrl).host})${label}`);
  const file = path.join(reports, reportName);
  fs.rmSync(file, { force: true });
  const code = await npx(['vitest', 'run', '--project', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], {
    TEST_DATABASE_URL: postgresUrl,
    ...env,
  });
  countVitest(`vitest (postgres${label})`, file, code);
}

const bothNodes = ['1', 'true'].includes(String(process.env.TEST_BOTH_NODES).toLowerCase());
if (wanted('postgres') && (!wantsNode24 || bothNodes)) await postgresTests('', 'vitest-postgres.json');

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Data folders of e2e servers (scripts/e2e-server.mjs names them by pid) that no longer run. */
function deadE2eFolders() {
  return fs.readdirSync(os.tmpdir()).filter((name) => {
    const pid = /^aquasmart-e2e-(\d+)-/.exec(name)?.[1];
    if (!pid) return false;
    try {
      process.kill(Number(pid), 0);
      return false;
    } catch (error) {
      return error.code !== 'EPERM';
    }
  });
}

/** The browser tests; `env` may put another Node first on PATH (the e2e server then runs on it). */
async function browserTests(label, reportName, env = {}) {
  if (!fs.existsSync(chromium)) {
    skipped.push(`browser tests${label}: no Chromium at ${chromium} (apt-get install chromium)`);
    return;
  }
  part(`Browser tests (Chromium)${label}`);
  const file = path.join(reports, reportName);
  fs.rmSync(file, { force: true });
  const leftBefore = new Set(deadE2eFolders());
  const code = await npx(['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file, ...env });
  const report = readJson(file);
  if (!report) step(`playwright${label}`, false);
  else {
    totals.passed += report.stats.expected;
    totals.failed += report.stats.unexpected + report.stats.flaky;
    if (report.stats.skipped > 0) skipped.push(`browser tests${label}: ${report.stats.skipped} skipped`);
    if (code !== 0 && report.stats.unexpected === 0) step(`playwright${label} (exit ${code})`, false);
  }
  // The run's e2e server removes its data folder when it stops; one left behind is a failure.
  const left = deadE2eFolders().filter((name) => !leftBefore.has(name));
  if (left.length) console.log(`The browser tests left ${left.map((name) => path.join(os.tmpdir(), name)).join(', ')} behind.`);
  step(`browser tests${label} leave no data folder behind`, left.length === 0);
}

let built = false;
if (wanted('e2e') || onNode24('e2e')) {
  part('Web build');
  built = (await buildWebIfStale()) === 0;
  step('web build', built);
}
if (wanted('e2e') && built && (!wantsNode24 || bothNodes)) await browserTests('', 'playwright.json');

if (onNode24('postgres') || onNode24('e2e')) {
  let bin = null;
  try {
    bin = ensureNode24();
  } catch (error) {
    console.log(`Node 24: ${error.message}`);
    step('install Node 24', false);
  }
  if (bin) {
    const version = spawnSync(path.join(bin, 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim();
    // Every `node` these tests start (npx, vitest's workers, the e2e server, `npm start`) is Node 24.
    const env = { PATH: `${bin}${path.delimiter}${process.env.PATH}` };
    const label = `, Node ${version}`;
    if (onNode24('postgres')) await postgresTests(label, 'vitest-postgres-node24.json', env);
    if (built && onNode24('e2e')) await browserTests(label, 'playwright-node24.json', env);
  }
}

console.log('');
const endedAt = Date.now();
parts.forEach((entry, index) => {
  const seconds = Math.round(((parts[index + 1]?.startedAt ?? endedAt) - entry.startedAt) / 1000);
  console.log(`TIME ${String(seconds).padStart(5)} s  ${entry.heading}`);
});
for (const line of skipped) console.log(`SKIPPED: ${line}`);
if (skipped.length && isCI) {
  console.log('CI=true: a skipped suite is a failure.');
  totals.failed += skipped.length;
}
if (failedSteps.length) console.log(`Failed: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
