// The server for the browser tests: a fresh embedded database in a temporary folder, the demo
// data with known passwords (see e2e/fixtures.ts), on E2E_PORT. Removed again on exit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { buildWebIfStale, ROOT } from './lib.mjs';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-e2e-'));
Object.assign(process.env, {
  PORT: process.env.E2E_PORT ?? '3100',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'Welkom-admin-2026',
  DEMO: 'true',
  DEMO_PASSWORD: 'Welkom-demo-2026',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // e2e/alerts.spec.ts starts a mail server on this port; without it e-mails wait in the outbox, retried.
  SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 2000}`,
  MAIL_FROM: 'Aquasmart Portal <portal@example.nl>',
  PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`,
});
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
process.chdir(ROOT);
if ((await buildWebIfStale()) !== 0) process.exit(1);
register();
await import('../apps/server/src/server.ts');
