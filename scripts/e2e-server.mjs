// The server for the browser tests: a fresh embedded database in a temporary folder, the demo
// data with known passwords (see e2e/fixtures.ts), on E2E_PORT. The folder is removed on exit
// (Playwright stops this server with SIGTERM: playwright.config.ts), and folders that a killed
// run left behind are removed at the next start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { buildWebIfStale, ROOT } from './lib.mjs';

const PREFIX = 'aquasmart-e2e-';
/** Folders named older style (no pid) are removed when this old; a browser-test run takes minutes. */
const OLD_STYLE_MAX_AGE_MS = 2 * 3600_000;

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Removes the data folders of e2e servers that no longer run (`aquasmart-e2e-<pid>-*`). */
function removeStaleDataDirs() {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const folder = path.join(os.tmpdir(), name);
    const pid = /^aquasmart-e2e-(\d+)-/.exec(name)?.[1];
    try {
      const stale = pid ? !isAlive(Number(pid)) : Date.now() - fs.statSync(folder).mtimeMs > OLD_STYLE_MAX_AGE_MS;
      if (stale) fs.rmSync(folder, { recursive: true, force: true });
    } catch {
      // Removed meanwhile by its own server, or not ours to remove.
    }
  }
}

removeStaleDataDirs();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${PREFIX}${process.pid}-`));
Object.assign(process.env, {
  PORT: process.env.E2E_PORT ?? '3100',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'Welkom-admin-2026',
  DEMO: 'true',
  DEMO_PASSWORD: 'Welkom-demo-2026',
  // The specs play the demo network server themselves (e2e/demo-fleet.ts moves its URL to their
  // simulator): it keeps its URL and token whatever SIMULATOR the shell has (demo/demo-downlinks.ts).
  SIMULATOR: 'on',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // e2e/alerts.spec.ts starts a mail server on this port; without it e-mails wait in the outbox, retried.
  SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 2000}`,
  MAIL_FROM: 'Aquasmart Portal <portal@example.nl>',
  PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`,
  // e2e/platforms.spec.ts starts a platform receiver on 127.0.0.1; deliveries every 2 s instead of 60.
  PLATFORM_ALLOWED_ADDRESSES: '127.0.0.1',
  PLATFORM_BATCH_INTERVAL: '2',
  // e2e/alarm-channels.spec.ts stands in for Twilio on the portal's port + 1002 (SMS of the phone codes).
  SMS_API_URL: `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1002}`,
  SMS_ACCOUNT_SID: 'ACe2e',
  SMS_AUTH_TOKEN: 'e2e-token',
  SMS_FROM: '+3197010203040',
  CHANNEL_ANY_WEBHOOK_HOST: 'on',
  // Cheap password hashes for the demo users and every sign-in (apps/server/src/identity/passwords.ts).
  AQUASMART_TEST_PASSWORD_HASHING: 'cheap',
});
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
process.chdir(ROOT);
if ((await buildWebIfStale()) !== 0) process.exit(1);
register();
await import('../apps/server/src/server.ts');
