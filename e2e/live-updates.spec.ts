import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, ENGINEER, signIn } from './fixtures';

/**
 * The live change stream in the browser (docs/events.md, "Web app"): settings sent in one tab turn
 * saved in another without a reload when the simulated node reports; a water detection that comes
 * in through the intake raises the Dashboard badge of an open page within a second; the top bar
 * says so when the stream cannot connect. `SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots` writes the
 * indicator's pictures (nl/en, 1280x800 and 390x844).
 */

/** The demo network server's integration secret (public, like the demo: apps/server/src/demo/network-server.ts). */
const DEMO_SECRET = 'demo-simulator-chirpstack-integration-secret';
const DEMO_NETWORK_SERVER = 'ChirpStack demo';
const CUSTOMER = 'Gemeente Utrecht';
/** Not the node-settings spec's simulator port (E2E_PORT + 1000), should both ever run at once. */
const SIMULATOR_PORT = E2E_PORT + 1001;
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'live-updates-screenshots');
const STILL = '*, *::before, *::after { transition: none !important; animation: none !important; }';
const SENTENCE = { nl: 'Live-updates onderbroken; gegevens kunnen verouderd zijn', en: 'Live updates interrupted; data may be out of date' } as const;

interface TNode {
  eui: string;
  name: string;
  customer: string;
  location: string;
  sync: number;
  sipp: { parameters: { register: number; value: Record<string, unknown>; status: string; reported?: unknown }[] };
}

const screenOf = (node: TNode) => `/nodes/${encodeURIComponent(node.customer)}/${encodeURIComponent(node.location)}/${node.eui}`;
const indicator = (page: Page) => page.locator('[data-live-indicator]');
const overflowBadge = (page: Page) => page.getByRole('navigation', { name: /Hoofdmenu|Main menu/ }).getByRole('link', { name: /Dashboard/ }).locator('.MuiBadge-badge');

async function v2Nodes(request: APIRequestContext, token: string, conditions: Record<string, unknown> = {}): Promise<TNode[]> {
  const answer = await request.get('/api/v1/devices', {
    headers: { 'x-access-token': token },
    params: {
      conditions: JSON.stringify({ type: 'V2', customer: { $ne: null }, location: { $ne: null }, ...conditions }),
      projection: 'eui name customer location sync sipp.parameters',
      limit: 100,
    },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as TNode[];
}

async function startedOverflowEuis(request: APIRequestContext, token: string): Promise<Set<string>> {
  const answer = await request.get('/api/v1/overflowLogs', {
    headers: { 'x-access-token': token },
    params: { conditions: JSON.stringify({ 'lora.state': 'Started' }), projection: 'eui' },
  });
  expect(answer.status()).toBe(200);
  return new Set(((await answer.json()) as { eui: string }[]).map((row) => row.eui));
}

let frameCounter = 700_000 + Math.floor(Math.random() * 10_000);

/** V1/V2 overflow message (fPort 52, docs/payload-format.md): u32 seconds, u32 tenths of an ohm, u8 detected. */
async function overflowUplink(request: APIRequestContext, eui: string, detected: boolean): Promise<void> {
  const bytes = Buffer.alloc(9);
  bytes.writeUInt32BE(Math.floor(Date.now() / 1000), 0);
  bytes.writeUInt32BE(detected ? 2125 : 15_000_000, 4);
  bytes.writeUInt8(detected ? 1 : 0, 8);
  frameCounter += 1;
  const answer = await request.post('/api/v1/integrations/chirpstack?event=up', {
    headers: { authorization: `Bearer ${DEMO_SECRET}` },
    data: {
      deduplicationId: randomUUID(),
      time: new Date().toISOString(),
      deviceInfo: { devEui: eui.toLowerCase(), deviceName: eui.toLowerCase(), tags: {} },
      fCnt: frameCounter,
      fPort: 52,
      data: bytes.toString('base64'),
      rxInfo: [{ gatewayId: '0016c001f153a14c', rssi: -90, snr: 7 }],
    },
  });
  expect(answer.status()).toBe(200);
}

function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listens on ${port}`));
        else setTimeout(attempt, 250);
      });
    };
    attempt();
  });
}

/** Marks the document, so that a test can tell the page was not loaded again. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { liveMark: string }).liveMark = 'same document'));
}
async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe('same document');
}

test.describe.serial('live updates', () => {
  let adminToken: string;

  test.beforeAll(async ({ request }) => {
    adminToken = await apiToken(request, ADMIN);
  });

  test('the top bar says so when the stream cannot connect, and clears when it can again', async ({ page }) => {
    await page.route('**/api/v1/events', (route) => route.abort('connectionrefused'));
    await signIn(page, ADMIN);
    await page.goto('/customers');
    const status = page.getByRole('banner').getByRole('status');
    await expect(status).toContainText(SENTENCE.nl);
    await expect(indicator(page)).toBeVisible();
    await expectNoAxeViolations(page, 'the top bar with the stream down');
    await page.unroute('**/api/v1/events');
    // The next attempt gets through (the back-off doubles from 3 s: at most 12 s after a few failures).
    await expect(indicator(page)).toHaveCount(0, { timeout: 25_000 });
    await expect(status).toHaveText('');
  });

  for (const language of ['nl', 'en'] as const) {
    for (const [device, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      test(`the indicator, ${language} ${device}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.addInitScript((lang) => localStorage.setItem('aquasmart.language', lang), language);
        await page.route('**/api/v1/events', (route) => route.abort('connectionrefused'));
        await signIn(page, ADMIN);
        await page.goto('/customers');
        await expect(page.getByRole('banner').getByRole('status')).toContainText(SENTENCE[language]);
        await expect(indicator(page)).toBeVisible();
        // The top bar keeps every control on a phone: nothing pushed out of the window.
        const box = await indicator(page).boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
        await expect(page.getByRole('button', { name: /Gebruikersmenu|User menu/ })).toBeInViewport();
        await expectNoAxeViolations(page, `the indicator (${language} ${device})`);
        if (!process.env.SCREENSHOTS) return;
        await page.addStyleTag({ content: STILL });
        await page.screenshot({ path: path.join(SHOTS, `live-indicator-${language}-${device}.png`) });
      });
    }
  }

  test('a water detection through the intake raises the Dashboard badge of an open page within a second', async ({ page, request }) => {
    const started = await startedOverflowEuis(request, adminToken);
    const node = (await v2Nodes(request, adminToken, { customer: CUSTOMER })).find((candidate) => !started.has(candidate.eui))!;
    expect(node).toBeDefined();
    await signIn(page, ADMIN);
    await page.goto('/customers');
    await expect(overflowBadge(page)).toHaveText(String(started.size));
    await expect(indicator(page)).toHaveCount(0);
    await markDocument(page);
    try {
      await overflowUplink(request, node.eui, true);
      const accepted = Date.now();
      await expect(overflowBadge(page)).toHaveText(String(started.size + 1), { timeout: 1_000 });
      console.log(`water detection: badge raised ${Date.now() - accepted} ms after the intake accepted the uplink`);
      await expectSameDocument(page);
      await expectNoAxeViolations(page, 'the page with the raised badge');
    } finally {
      // The detection ends (detected: false), so the other specs find the demo's detections.
      await overflowUplink(request, node.eui, false);
    }
    await expect(overflowBadge(page)).toHaveText(String(started.size), { timeout: 5_000 });
  });

  test.describe('with the demo fleet simulator as the network server', () => {
    let simulator: ChildProcess | undefined;
    let originalApiUrl = '';

    test.beforeAll(async ({ request }) => {
      const servers = (await (await request.get('/api/v1/networkServers', { headers: { 'x-access-token': adminToken } })).json()) as { name: string; config: { apiUrl?: string } }[];
      originalApiUrl = servers.find((server) => server.name === DEMO_NETWORK_SERVER)?.config.apiUrl ?? '';
      const patched = await request.patch(`/api/v1/networkServers/${encodeURIComponent(DEMO_NETWORK_SERVER)}`, {
        headers: { 'x-access-token': adminToken },
        data: { config: { apiUrl: `http://127.0.0.1:${SIMULATOR_PORT}` } },
      });
      expect(patched.status()).toBe(200);
      simulator = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'tools/simulator/src/cli.ts',
          ...['--fleet', 'demo', '--target', `http://127.0.0.1:${E2E_PORT}`, '--listen', String(SIMULATOR_PORT)],
          ...['--downlink-delay', '1s', '--fault-rate', '0', '--overflow-rate', '0', '--flush-failure-rate', '0', '--status-every', '0'],
        ],
        { stdio: 'ignore' },
      );
      await waitForPort(SIMULATOR_PORT, 60_000);
    });

    test.afterAll(async ({ request }) => {
      simulator?.kill('SIGTERM');
      if (originalApiUrl) {
        await request.patch(`/api/v1/networkServers/${encodeURIComponent(DEMO_NETWORK_SERVER)}`, {
          headers: { 'x-access-token': adminToken },
          data: { config: { apiUrl: originalApiUrl } },
        });
      }
    });

    test('settings sent in one tab turn pending, then saved, in another tab without a reload when the node reports', async ({ context, request }) => {
      const differs = (node: TNode) => node.sipp.parameters.some((parameter) => JSON.stringify(parameter.reported) !== JSON.stringify(parameter.value));
      const node = (await v2Nodes(request, adminToken, { sync: 1 })).filter((candidate) => !differs(candidate)).at(-3)!;
      expect(node).toBeDefined();
      const before = node.sipp.parameters.find((parameter) => parameter.register === 2)!.value.logInterval as number;
      const next = before === 15 ? 20 : 15;

      const watching = await context.newPage();
      await signIn(watching, ENGINEER);
      await watching.goto(`${screenOf(node)}#settings`);
      const status = watching.getByTestId('register-2-status');
      await expect(status).toHaveText('Opgeslagen');
      await expect(indicator(watching)).toHaveCount(0);
      await markDocument(watching);
      // The node is saved, so the page itself asks nothing again: what changes now comes from the stream.
      let nodeFetches = 0;
      watching.on('request', (sent) => {
        if (sent.method() === 'GET' && new URL(sent.url()).pathname === `/api/v1/devices/${node.eui}`) nodeFetches += 1;
      });

      const sending = await context.newPage();
      await sending.goto(`${screenOf(node)}/settings`);
      const form = sending.getByRole('form');
      await form.getByRole('textbox', { name: 'Loginterval (min)' }).fill(String(next));
      await form.getByRole('button', { name: 'Opslaan' }).click();
      await expect(sending.getByText('Instellingen verzonden naar de node')).toBeVisible();

      await expect(status).toHaveText(/^In afwachting sinds /, { timeout: 5_000 });
      await expect(watching.getByTestId('node-sync')).toContainText('In afwachting');
      // The simulator's node gets the downlink (after a second) and reports its registers.
      await expect(status).toHaveText('Opgeslagen', { timeout: 45_000 });
      await expect(watching.getByTestId('node-sync')).toContainText('Gesynchroniseerd');
      await expect(watching.getByRole('region', { name: 'Register 2: meten en ingangen' }).getByText(`${next} min`, { exact: true })).toBeVisible();
      await expectSameDocument(watching);
      // Refetched on the stream's events only (a few), not every 5 s while pending.
      expect(nodeFetches).toBeGreaterThanOrEqual(2);
      expect(nodeFetches).toBeLessThanOrEqual(8);
      await expectNoAxeViolations(watching, 'the settings tab after the live update', { include: 'main' });
    });
  });
});
