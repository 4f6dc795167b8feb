// `npm test`: lint, type check, unit and server tests (PGlite, then PostgreSQL), web build and
// browser tests in Chromium. A suite that cannot run (no PostgreSQL, no Chromium) is reported
// loudly as skipped; with CI=true a skipped suite fails the run. Ends with "N passed, N failed".
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildWebIfStale, ROOT, run, TS_PROJECTS } from './lib.mjs';

const isCI = ['1', 'true'].includes(String(process.env.CI).toLowerCase());
const reports = path.join(ROOT, '.tmp');
fs.mkdirSync(reports, { recursive: true });
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`
const wanted = (step) => only.length === 0 || only.includes(step);

const totals = { passed: 0, failed: 0 };
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
  console.log('\n== Lint ==');
  step('lint', (await npx(['eslint', '.', '--max-warnings=0'])) === 0);
  console.log('\n== Lock file in step with every package.json ==');
  step('lock file', (await run('node', ['scripts/check-lock.mjs'])) === 0);
  console.log('\n== Type check ==');
  for (const project of TS_PROJECTS) {
    step(`tsc ${project}`, (await npx(['tsc', '-p', project, '--noEmit'])) === 0);
  }
}

if (wanted('unit')) {
  console.log('\n== Unit and server tests (embedded PGlite) ==');
  const file = path.join(reports, 'vitest-pglite.json');
  fs.rmSync(file, { force: true });
  const code = await npx(['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], { TEST_DATABASE_URL: '' });
  countVitest('vitest (pglite)', file, code);
}

if (wanted('postgres')) {
  const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  if (await canConnect(url)) {
    console.log(`\n== Server tests on PostgreSQL (${new URL(url).host}) ==`);
    const file = path.join(reports, 'vitest-postgres.json');
    fs.rmSync(file, { force: true });
    const code = await npx(['vitest', 'run', '--project', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], {
      TEST_DATABASE_URL: url,
    });
    countVitest('vitest (postgres)', file, code);
  } else {
    skipped.push(`server tests on PostgreSQL: nothing answers at ${new URL(url).host} (set TEST_DATABASE_URL)`);
  }
}

if (wanted('e2e')) {
  console.log('\n== Web build ==');
  const built = (await buildWebIfStale()) === 0;
  step('web build', built);
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    skipped.push(`browser tests: no Chromium at ${chromium} (apt-get install chromium)`);
  } else if (built) {
    console.log('\n== Browser tests (Chromium) ==');
    const file = path.join(reports, 'playwright.json');
    fs.rmSync(file, { force: true });
    const code = await npx(['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
    const report = readJson(file);
    if (!report) step('playwright', false);
    else {
      totals.passed += report.stats.expected;
      totals.failed += report.stats.unexpected + report.stats.flaky;
      if (report.stats.skipped > 0) skipped.push(`browser tests: ${report.stats.skipped} skipped`);
      if (code !== 0 && report.stats.unexpected === 0) step(`playwright (exit ${code})`, false);
    }
  }
}

console.log('');
for (const line of skipped) console.log(`SKIPPED: ${line}`);
if (skipped.length && isCI) {
  console.log('CI=true: a skipped suite is a failure.');
  totals.failed += skipped.length;
}
if (failedSteps.length) console.log(`Failed: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
