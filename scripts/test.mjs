// `npm test`: lint, lock file and type check, unit and server tests, web build and browser tests in
// Chromium; what runs where, how long it takes and why: docs/testing.md. In short: the web build,
// then lint and the first half of the browser tests, run beside the server tests on PostgreSQL (the
// database tests); then one Vitest run on PGlite (domain, simulator, web, the database-free server
// tests and the few database tests that prove what differs on PGlite; every database test when no
// PostgreSQL answers) side by side with the other half of the browser tests. With CI=true (or `npm test -- node24`) the PostgreSQL and browser passes run on
// Node 24 LTS (scripts/node24.mjs), also when named alone (`CI=true npm test -- e2e`); lint and the
// PGlite run stay on the machine's Node (TEST_BOTH_NODES=1: the two passes on both Nodes). A suite
// that cannot run (no PostgreSQL, no Chromium) is reported loudly as skipped; with CI=true a skipped
// suite fails the run. Prints a TIME line per part and ends with "N passed, N failed".
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { ROOT, run, runTasks, webBuildIsStale } from './lib.mjs';
import { lintTasks } from './lint.mjs';
import { shardFiles } from './e2e-shards.mjs';

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
const startedAt = Date.now();
/** Each part's heading, start and end, for the times printed at the end (where CI's minutes go). */
const parts = [];
/** Starts a part; call the answer when it ends. `beside`: the parts it runs side by side with. */
function part(heading, beside = '') {
  const entry = { heading, beside, startedAt: Date.now(), endedAt: null };
  parts.push(entry);
  console.log(`\n== ${heading}${beside ? ` (beside ${beside})` : ''} ==`);
  return () => (entry.endedAt = Date.now());
}
const skipped = [];
const failedSteps = [];
/** Each failed test's name and the first lines of its error, repeated at the end (CI keeps the tail). */
const failedTests = [];
const firstLines = (message) => String(message ?? '').split('\n').slice(0, 6).join('\n      ');

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
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) failedTests.push(`${name}: ${path.relative(ROOT, file.name)} > ${test.fullName}\n      ${firstLines(test.failureMessages?.[0])}`);
    // A file that failed outside its tests (an import, a hook) has no failed test to name.
    if (!failed.length && file.status === 'failed') failedTests.push(`${name}: ${path.relative(ROOT, file.name)}\n      ${firstLines(file.message)}`);
  }
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

const postgresUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const bothNodes = ['1', 'true'].includes(String(process.env.TEST_BOTH_NODES).toLowerCase());
// The browser playwright.config.ts chooses: Debian's headless shell when installed, else its full Chromium.
const chromium = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) ?? '/usr/bin/chromium';

/** Vitest with a JSON report added to the totals; `env` may put another Node first on PATH. */
async function vitest(name, reportName, args, env) {
  const file = path.join(reports, reportName);
  fs.rmSync(file, { force: true });
  const code = await npx(['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], env);
  countVitest(name, file, code);
}

/** The database tests on PostgreSQL (TEST_SERVER_PART=database: scripts/server-tests.mjs); `env` may put another Node first on PATH. */
async function postgresTests(label, reportName, beside, env = {}) {
  const done = part(`Server database tests on PostgreSQL (${new URL(postgresUrl).host})${label}`, beside);
  await vitest(`vitest (postgres${label})`, reportName, ['--project', 'server'], { TEST_DATABASE_URL: postgresUrl, TEST_SERVER_PART: 'database', ...env });
  done();
}

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

/** The failed (or flaky) tests of a Playwright JSON report, each with the first lines of its error. */
function failedPlaywrightTests(report) {
  const found = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((result) => result.error)?.error?.message;
        found.push(`${spec.file}:${spec.line} > ${[...titles, spec.title].join(' > ')} (${test.projectName}, ${test.status})\n      ${firstLines(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return found;
}

/**
 * The browser tests, in E2E_SHARDS Playwright runs (each spec file whole in one of them, split by
 * measured duration: scripts/e2e-shards.mjs) on portals of their own: shard i answers on E2E_PORT + 10·(i-1), with its mail server and
 * simulators beside it (playwright.config.ts). One run of them is one chain (Chromium, the e2e
 * server and its embedded database waiting on each other: about one core), so the first starts
 * with the PostgreSQL pass and the second when that pass is done (docs/testing.md, "Fifth step").
 */
const E2E_SHARDS = Math.max(1, Math.floor(Number(process.env.E2E_SHARDS ?? 2)));
const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
function shardEnv(shard) {
  if (E2E_SHARDS === 1) return {};
  const port = E2E_BASE_PORT + 10 * (shard - 1);
  return { E2E_PORT: String(port), E2E_SMTP_PORT: String(Number(process.env.E2E_SMTP_PORT ?? E2E_BASE_PORT + 2000) + 10 * (shard - 1)) };
}
/** Data folders left by the browser runs (checked when the last one ends: a running one's are in use). */
const e2eFoldersBefore = new Set(deadE2eFolders());
let browserRunsLeft = 0;

/** One shard of the browser tests; `env` may put another Node first on PATH (the e2e server then runs on it). */
async function browserTests(label, reportName, env = {}, beside = '', shard = 1) {
  const shardLabel = E2E_SHARDS > 1 ? `, part ${shard} of ${E2E_SHARDS}` : '';
  const done = part(`Browser tests (Chromium)${label}${shardLabel}`, beside);
  const file = path.join(reports, E2E_SHARDS > 1 ? reportName.replace(/\.json$/, `-${shard}.json`) : reportName);
  fs.rmSync(file, { force: true });
  const files = E2E_SHARDS > 1 ? shardFiles(shard, E2E_SHARDS) : [];
  // Playwright takes file arguments as patterns; an empty list would run every file.
  if (E2E_SHARDS > 1 && !files.length) {
    console.log(`No spec file for part ${shard} of ${E2E_SHARDS}.`);
    done();
    return;
  }
  browserRunsLeft += 1;
  const args = ['playwright', 'test', '--reporter=list,json', ...files.map((file) => `${file.replace(/[.]/g, '\\.')}$`)];
  const code = await npx(args, { PLAYWRIGHT_JSON_OUTPUT_NAME: file, ...shardEnv(shard), ...env });
  browserRunsLeft -= 1;
  label = `${label}${shardLabel}`;
  const report = readJson(file);
  if (!report) step(`playwright${label}`, false);
  else {
    totals.passed += report.stats.expected;
    totals.failed += report.stats.unexpected + report.stats.flaky;
    for (const test of failedPlaywrightTests(report)) failedTests.push(`playwright${label}: ${test}`);
    if (report.stats.skipped > 0) skipped.push(`browser tests${label}: ${report.stats.skipped} skipped`);
    if (code !== 0 && report.stats.unexpected === 0) step(`playwright${label} (exit ${code})`, false);
  }
  // Each run's e2e server removes its data folder when it stops; one left behind is a failure.
  if (browserRunsLeft === 0) {
    const left = deadE2eFolders().filter((name) => !e2eFoldersBefore.has(name));
    if (left.length) console.log(`The browser tests left ${left.map((name) => path.join(os.tmpdir(), name)).join(', ')} behind.`);
    step(`browser tests${label} leave no data folder behind`, left.length === 0);
  }
  done();
}

/**
 * Node 24 for the passes that run on it: `node scripts/node24.mjs` prints its bin folder (installing
 * it the first time on a machine, about 40 s: beside lint, not before it). Null when it failed.
 */
async function installNode24() {
  const done = part('Node 24', wanted('lint') ? 'lint' : '');
  const output = [];
  const code = await new Promise((resolve) => {
    const child = spawn('node', ['scripts/node24.mjs'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.on('close', (exitCode) => resolve(exitCode ?? 1));
    child.on('error', () => resolve(127));
  });
  done();
  const lines = Buffer.concat(output).toString().trim().split('\n');
  if (code !== 0) {
    console.log(`Node 24: ${lines.join('\n')}`);
    step('install Node 24', false);
    return null;
  }
  const bin = lines.at(-1);
  const version = spawnSync(path.join(bin, 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim();
  // Every `node` these tests start (npx, vitest's workers, the e2e server, `npm start`) is Node 24.
  return { label: `, Node ${version}`, env: { PATH: `${bin}${path.delimiter}${process.env.PATH}` } };
}
const node24Ready = onNode24('postgres') || onNode24('e2e') ? installNode24() : Promise.resolve(null);

// The PostgreSQL passes: on the machine's Node and/or Node 24 (see the top).
const postgresPasses = [];
if (wanted('postgres') && (!wantsNode24 || bothNodes)) postgresPasses.push({ node24: false, reportName: 'vitest-postgres.json' });
if (onNode24('postgres')) postgresPasses.push({ node24: true, reportName: 'vitest-postgres-node24.json' });
const postgresAnswers = postgresPasses.length > 0 && (await canConnect(postgresUrl));
if (postgresPasses.length && !postgresAnswers) {
  for (const pass of postgresPasses) skipped.push(`server tests on PostgreSQL${pass.node24 ? ' on Node 24' : ''}: nothing answers at ${new URL(postgresUrl).host} (set TEST_DATABASE_URL)`);
}

const needsBuild = wanted('e2e') || onNode24('e2e');
let built = !needsBuild || !webBuildIsStale();

// Three lanes. One: the web build, then lint, one task at a time while tests run (all cores without
// them). Two: the first shard of the browser tests once the web build is done. Three: the PostgreSQL
// pass, then at once the PGlite run (two Vitest workers) and the other browser shards. A browser run
// is one chain that keeps about one core busy, so it starts early and in parts (docs/testing.md,
// "Fifth step"). ESLint without its cache: see scripts/lint.mjs.
const tasks = wanted('lint') ? lintTasks({ cache: false }) : [];
const testsBeside = tasks.length > 0 && (postgresAnswers || wanted('unit') || needsBuild);
let linting = false;
/** Settles when the web build is done or was not needed: the browser tests wait for it. */
let buildReady = Promise.resolve();
if (!built) {
  buildReady = (async () => {
    const done = part('Web build', '');
    // The web app only: the production start (below) builds the server itself.
    const [result] = await runTasks([{ name: 'web build', command: 'npm', args: ['run', 'build', '-w', 'apps/web', '--silent'] }], 1);
    built = result.code === 0;
    step('web build', built);
    done();
  })();
}
async function lintLane() {
  await buildReady;
  if (tasks.length) {
    linting = true;
    const done = part('Lint, lock file in step with every package.json, type check', testsBeside ? 'the test passes' : '');
    for (const result of await runTasks(tasks, testsBeside ? 1 : os.availableParallelism())) {
      step(result.name === 'eslint' ? 'lint' : result.name, result.code === 0);
    }
    linting = false;
    done();
  }
  await productionCheck();
}

/**
 * A clean production install (scripts/production-check.mjs): the built portal, `npm ci --omit=dev`
 * in a folder of its own, `npm start` with NODE_ENV=production on a fresh PostgreSQL database. In
 * the lint lane after lint, beside the test passes: mostly npm's I/O and one server start.
 */
async function productionCheck() {
  if (!wanted('production')) return;
  if (!(postgresAnswers || (await canConnect(postgresUrl)))) {
    skipped.push(`production start: nothing answers at ${new URL(postgresUrl).host} (set TEST_DATABASE_URL)`);
    return;
  }
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    const done = part('Web build (for the production start)', '');
    const [result] = await runTasks([{ name: 'web build', command: 'npm', args: ['run', 'build', '-w', 'apps/web', '--silent'] }], 1);
    step('web build', result.code === 0);
    done();
    if (result.code !== 0) return;
  }
  const done = part('Production start: npm ci --omit=dev, NODE_ENV=production npm start (PostgreSQL)', 'the test passes');
  step('production start', (await run('node', ['scripts/production-check.mjs'], { env: { ...process.env, TEST_DATABASE_URL: postgresUrl } })) === 0);
  done();
}

async function pgliteRun() {
  // The database tests ran on PostgreSQL: here only those that prove what differs on PGlite;
  // without a PostgreSQL pass, all of them (scripts/server-tests.mjs).
  const serverPart = postgresAnswers ? 'free,pglite' : 'free,database';
  const what = postgresAnswers ? 'the PGlite proofs' : 'every server database test';
  const beside = [linting && 'lint', needsBuild && 'the browser tests'].filter(Boolean).join(', ');
  const done = part(`Unit tests, database-free server tests, ${what} (embedded PGlite)`, beside);
  await vitest('vitest (pglite)', 'vitest-pglite.json', [], { TEST_DATABASE_URL: '', TEST_SERVER_PART: serverPart });
  done();
}

const browserPasses = [];
if (wanted('e2e') && (!wantsNode24 || bothNodes)) browserPasses.push({ node24: false, reportName: 'playwright.json' });
if (onNode24('e2e')) browserPasses.push({ node24: true, reportName: 'playwright-node24.json' });
if (browserPasses.length && !fs.existsSync(chromium)) {
  for (const pass of browserPasses) skipped.push(`browser tests${pass.node24 ? ' on Node 24' : ''}: no Chromium at ${chromium} (apt-get install chromium chromium-headless-shell)`);
  browserPasses.length = 0;
}

/** The shards `shards` (1-based) of each browser pass, side by side. */
async function browserRuns(shards, beside) {
  await buildReady;
  if (!built) return;
  for (const pass of browserPasses) {
    const node24 = pass.node24 ? await node24Ready : null;
    if (pass.node24 && !node24) continue;
    await Promise.all(shards.map((shard) => browserTests(node24?.label ?? '', pass.reportName, node24?.env, beside, shard)));
  }
}
const laterShards = Array.from({ length: E2E_SHARDS - 1 }, (_, index) => index + 2);

async function testLane() {
  if (postgresAnswers) {
    for (const pass of postgresPasses) {
      const node24 = pass.node24 ? await node24Ready : null;
      if (pass.node24 && !node24) continue;
      await postgresTests(node24?.label ?? '', pass.reportName, [linting && 'lint', browserPasses.length && 'the first browser tests'].filter(Boolean).join(', '), node24?.env);
    }
  }
  await Promise.all([wanted('unit') ? pgliteRun() : null, browserRuns(E2E_SHARDS > 1 ? laterShards : [1], wanted('unit') ? 'the PGlite run' : '')]);
}

/** The first shard of the browser tests from the start (after the web build), beside the PostgreSQL pass and lint. */
async function firstBrowserLane() {
  if (E2E_SHARDS > 1) await browserRuns([1], [postgresAnswers && 'the PostgreSQL pass', tasks.length && 'lint'].filter(Boolean).join(', '));
}

await Promise.all([lintLane(), testLane(), firstBrowserLane()]);

await node24Ready;

console.log('');
const endedAt = Date.now();
const seconds = (from, to) => String(Math.round((to - from) / 1000)).padStart(5);
for (const entry of parts) console.log(`TIME ${seconds(entry.startedAt, entry.endedAt ?? endedAt)} s  ${entry.heading}${entry.beside ? ` (beside ${entry.beside})` : ''}`);
console.log(`TIME ${seconds(startedAt, endedAt)} s  npm test in all`);
for (const line of skipped) console.log(`SKIPPED: ${line}`);
if (skipped.length && isCI) {
  console.log('CI=true: a skipped suite is a failure.');
  totals.failed += skipped.length;
}
for (const test of failedTests) console.log(`FAILED TEST ${test}`);
if (failedSteps.length) console.log(`Failed: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
