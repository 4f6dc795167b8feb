// A clean production install, as the operator does it (docs/operations.md, "Production build"):
// the built portal (apps/web/dist as `npm run build` made it, apps/server/dist built here) and the
// package files copied to a folder of their own, `npm ci --omit=dev` there (no tsx, no
// devDependencies), then `npm start` with NODE_ENV=production on a fresh PostgreSQL database. The
// portal must serve its page, answer /readyz and sign the administrator in; then it is stopped with
// SIGTERM and must exit 0. Part of `npm test` (scripts/test.mjs, beside the test passes).
// Exit 0 when all of that held. `--keep` leaves the folder for a look.
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { ROOT, run } from './lib.mjs';

const DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { email: 'production-check@example.com', password: 'Production-check-2026' };
const COPIED = [
  'package.json',
  'package-lock.json',
  'apps/server/package.json',
  'apps/server/dist',
  'apps/web/package.json',
  'apps/web/dist',
  'packages/domain/package.json',
  'tools/simulator/package.json',
  'scripts/start.mjs',
  'scripts/lib.mjs',
  'scripts/exit-with-parent.mjs',
];

if (process.argv.includes('--help')) {
  console.log('Usage: node scripts/production-check.mjs [--keep]\n  Builds the server, installs the portal with npm ci --omit=dev in a temporary folder and starts it\n  with NODE_ENV=production on a fresh database of TEST_DATABASE_URL\'s server.');
  process.exit(0);
}

const timings = [];
const timed = async (what, work) => {
  const started = Date.now();
  try {
    return await work();
  } finally {
    timings.push(`${what} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
};

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function admin(statement) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function check(condition, message) {
  if (!condition) throw new Error(message);
}

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-production-'));
const dbName = `aq_production_${process.pid}`;
let server = null;
let failure = null;
try {
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) throw new Error('apps/web/dist is missing: run "npm run build" first');
  const built = await timed('server build', () => run('node', ['apps/server/scripts/build.mjs']));
  await check(built === 0, 'the server did not build');
  for (const item of COPIED) fs.cpSync(path.join(ROOT, item), path.join(folder, item), { recursive: true });
  const installed = await timed('npm ci --omit=dev', () => run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: folder }));
  await check(installed === 0, 'npm ci --omit=dev failed');
  await check(!fs.existsSync(path.join(folder, 'node_modules/tsx')), 'tsx was installed: it must be a devDependency only');
  await check(!fs.existsSync(path.join(folder, 'node_modules/vitest')), 'vitest was installed: --omit=dev did not hold');

  await admin(`CREATE DATABASE "${dbName}"`);
  const url = new URL(DATABASE_URL);
  url.pathname = `/${dbName}`;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const startedAt = Date.now();
  server = spawn('npm', ['start'], {
    cwd: folder,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', DATABASE_URL: url.toString(), PORT: String(port), HOST: '127.0.0.1', DEMO: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [server.stdout, server.stderr]) stream.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve(code ?? signal)));

  await timed('start until /readyz 200', async () => {
    while (Date.now() - startedAt < 120_000) {
      if (server.exitCode !== null) throw new Error(`npm start ended (${server.exitCode}):\n${output}`);
      const status = await fetch(`${base}/readyz`).then((response) => response.status, () => 0);
      if (status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`/readyz not 200 within 120 s:\n${output}`);
  });
  const page = await fetch(`${base}/`);
  const html = await page.text();
  await check(page.status === 200 && html.includes('<div id="root"'), `GET / answered ${page.status} without the web app's page`);
  const login = await fetch(`${base}/login`);
  await check(login.status === 200, `GET /login answered ${login.status}`);
  const signIn = await fetch(`${base}/api/v1/auth`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}` } });
  const answer = await signIn.text();
  await check(signIn.status === 200, `sign-in answered ${signIn.status}: ${answer}`);
  const { token } = JSON.parse(answer);
  const me = await fetch(`${base}/api/v1/users/current`, { headers: { 'x-access-token': token } });
  await check(me.status === 200 && (await me.json()).email === ADMIN.email, `GET /users/current answered ${me.status}`);
  const processes = await fetch(`${base}/healthz`);
  await check(processes.status === 200, `/healthz answered ${processes.status}`);

  server.kill('SIGTERM');
  const code = await timed('stop', () => exited);
  server = null;
  await check(code === 0, `npm start ended with ${code} after SIGTERM:\n${output}`);
  await check(!/\bnode_modules\/tsx\b|--import tsx/.test(output), 'the output names tsx');
} catch (error) {
  failure = error;
} finally {
  server?.kill('SIGKILL');
  await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
  // Removed in the background: deleting some 30,000 files took minutes on a busy disk, time the lane need not wait.
  if (!process.argv.includes('--keep')) spawn('rm', ['-rf', folder], { detached: true, stdio: 'ignore' }).unref();
}
console.log(`production check: ${timings.join(', ')}`);
if (failure) {
  console.error(`production check FAILED: ${failure instanceof Error ? failure.message : String(failure)}`);
  process.exit(1);
}
console.log('production check: npm ci --omit=dev && NODE_ENV=production npm start served the page, /readyz, /healthz and a sign-in, and stopped with exit 0');
