import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** Debian's full Chromium: what a person runs. */
export const FULL_CHROMIUM = '/usr/bin/chromium';

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the real server,
 * started by scripts/e2e-server.mjs on a fresh embedded database with the demo data.
 *
 * They can run on E2E_PORTALS such portals side by side (default 1), one worker each: a spec file
 * runs whole on the portal of its worker (e2e/portal.ts), so the tests of one file still share one
 * database, and files spread over the portals as they finish. On the 2-core CI machine two were
 * slower than one (Chromium's rendering keeps the cores busy: docs/operations.md, "A faster check").
 * Portal i answers on E2E_PORT + 10·i; its mail server (SMTP_URL) is on E2E_SMTP_PORT + 10·i and
 * the specs' simulators on its port + 1000 and + 1001.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The mail server of the first portal (SMTP_URL): the alerts spec starts one there (smtp-server); elsewhere e-mails wait for it. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 2000);
export const E2E_PORTALS = Math.max(1, Math.floor(Number(process.env.E2E_PORTALS ?? 1)));

/**
 * Debian's Chromium in its old headless mode (package chromium-headless-shell: the same Chromium
 * build, Blink and V8, without the browser's window layer) when installed, else Debian's full
 * Chromium. The headless shell needs about a third less CPU per page load (docs/testing.md), what
 * the browser tests on two cores are bound by. `CHROMIUM_PATH` chooses another.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
/** Headless, and nothing that reaches for Google's hosts (the CI machine has no such network). */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The ports of portal `index` (0-based): the web server, its mail server, two simulators' network-server endpoints. */
export function portalPorts(index: number) {
  const port = E2E_PORT + 10 * index;
  return { url: `http://127.0.0.1:${port}`, port, smtpPort: E2E_SMTP_PORT + 10 * index, simulatorPorts: [port + 1000, port + 1001] as const };
}

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: E2E_PORTALS,
  retries: 0,
  // The longest test takes 30 s on a quiet 2-core machine beside the rest of the suite; the CI machine
  // of stop 50 ran the same suite three times slower, and there a page load once took over 10 s
  // (docs/testing.md, "A run on a slower machine"). Limits at about four times the quiet figures: they
  // cost nothing while tests pass and still end a hang.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // Each worker's own portal: e2e/portal.ts.
    baseURL: portalPorts(0).url,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    locale: 'nl-NL',
    // The portal's service worker (docs/field-work.md) would precache the whole app in every test's
    // fresh browser; e2e/pwa.spec.ts allows it where it is tested.
    serviceWorkers: 'block',
    // The portal then draws no transitions, ripples or chart animations (lib/motion.ts): fewer frames for Chromium to render.
    reducedMotion: 'reduce',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: Array.from({ length: E2E_PORTALS }, (_, index) => {
    const { url, port, smtpPort } = portalPorts(index);
    return {
      command: `node scripts/e2e-server.mjs`,
      // Started one after the other: the first builds the web app when it is stale.
      url: `${url}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
      env: { E2E_PORT: String(port), E2E_SMTP_PORT: String(smtpPort) },
      // A clean stop, so that the server removes its temporary data folder (scripts/e2e-server.mjs);
      // the default, SIGKILL, left about 100 MB in /tmp on every run.
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
    };
  }),
});
