import { defineConfig } from '@playwright/test';

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the real server,
 * started by scripts/e2e-server.mjs on a fresh embedded database with the demo data.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The mail server of the e2e portal (SMTP_URL): the alerts spec starts one there (smtp-server); elsewhere e-mails wait for it. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 2000);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Some user journeys take 15-30 s on the 2-core CI machine; a minute leaves room without hiding hangs.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    locale: 'nl-NL',
    // The portal's service worker (docs/field-work.md) would precache the whole app in every test's
    // fresh browser; e2e/pwa.spec.ts allows it where it is tested.
    serviceWorkers: 'block',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(E2E_PORT), E2E_SMTP_PORT: String(E2E_SMTP_PORT) },
    // A clean stop, so that the server removes its temporary data folder (scripts/e2e-server.mjs);
    // the default, SIGKILL, left about 100 MB in /tmp on every run.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
