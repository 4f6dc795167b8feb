import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { nodeScreen, useDemoFleetSimulator, v2Nodes, type TDemoNode } from './demo-fleet';
import { ADMIN, apiToken, ENGINEER, signIn } from './fixtures';
import { uplink } from './uplinks';

/**
 * The live change stream in the browser (docs/events.md, "Web app"): settings sent in one tab turn
 * saved in another without a reload when the simulated node reports; a water detection that comes
 * in through the intake raises the Dashboard badge of an open page within a second; the top bar
 * says so when the stream cannot connect. `SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots` writes the
 * indicator's pictures (nl/en, 1280x800 and 390x844).
 */

/** The demo network server's integration secret (public, like the demo: apps/server/src/demo/network-server.ts). */
const CUSTOMER = 'Gemeente Utrecht';
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'live-updates-screenshots');
const STILL = '*, *::before, *::after { transition: none !important; animation: none !important; }';
const SENTENCE = { nl: 'Live-updates onderbroken; gegevens kunnen verouderd zijn', en: 'Live updates interrupted; data may be out of date' } as const;

type TNode = TDemoNode;
const screenOf = nodeScreen;
const indicator = (page: Page) => page.locator('[data-live-indicator]');
const overflowBadge = (page: Page) => page.getByRole('navigation', { name: /Hoofdmenu|Main menu/ }).getByRole('link', { name: /Dashboard/ }).locator('.MuiBadge-badge');

async function startedOverflowEuis(request: APIRequestContext, token: string): Promise<Set<string>> {
  const answer = await request.get('/api/v1/overflowLogs', {
    headers: { 'x-access-token': token },
    params: { conditions: JSON.stringify({ 'lora.state': 'Started' }), projection: 'eui' },
  });
  expect(answer.status()).toBe(200);
  return new Set(((await answer.json()) as { eui: string }[]).map((row) => row.eui));
}

/** V1/V2 overflow message (fPort 52, docs/payload-format.md): u32 seconds, u32 tenths of an ohm, u8 detected. */
async function overflowUplink(request: APIRequestContext, eui: string, detected: boolean): Promise<void> {
  const bytes = Buffer.alloc(9);
  bytes.writeUInt32BE(Math.floor(Date.now() / 1000), 0);
  bytes.writeUInt32BE(detected ? 2125 : 15_000_000, 4);
  bytes.writeUInt8(detected ? 1 : 0, 8);
  await uplink(request, eui, 52, bytes);
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
    await signIn(page, ADMIN, '/customers');
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
        await signIn(page, ADMIN, '/customers');
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
    await signIn(page, ADMIN, '/customers');
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
    // Not the node-settings spec's simulator port, should both ever run on one portal at once.
    useDemoFleetSimulator(1, () => adminToken);

    test('settings sent in one tab turn pending, then saved, in another tab without a reload when the node reports', async ({ context, request }) => {
      const differs = (node: TNode) => node.sipp.parameters.some((parameter) => JSON.stringify(parameter.reported) !== JSON.stringify(parameter.value));
      const node = (await v2Nodes(request, adminToken, { sync: 1 })).filter((candidate) => !differs(candidate)).at(-3)!;
      expect(node).toBeDefined();
      const before = node.sipp.parameters.find((parameter) => parameter.register === 2)!.value.logInterval as number;
      const next = before === 15 ? 20 : 15;

      const watching = await context.newPage();
      await signIn(watching, ENGINEER, `${screenOf(node)}#settings`);
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

      await expect(status).toHaveText(/^In afwachting sinds /);
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
