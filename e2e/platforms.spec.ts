import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, signIn } from './fixtures';
import { uplink } from './uplinks';

/**
 * Delivery to an external platform (docs/platforms.md): a receiver started here on 127.0.0.1
 * (allowed by PLATFORM_ALLOWED_ADDRESSES in scripts/e2e-server.mjs, whose batch interval is 2 s)
 * refuses the wrong URL with 404. The administrator sees the location's endpoint stopped with that
 * error on its #platform tab, fixes the URL in the edit form (the masked token sent back keeps the
 * token), and sees the backlog delivered. `SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots` writes
 * the state panel in Dutch and English at 1280x800 and 390x844.
 */

const CUSTOMER = 'Zorggroep Rijnmond';
const TOKEN = 'e2e-platform-token-0123456789';
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'platforms-screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

interface TReceived {
  path: string;
  authorization: string | undefined;
  body: { items: { type: string; node: { eui: string } }[] };
}

function startReceiver(): Promise<{ base: string; received: TReceived[]; close: () => Promise<void> }> {
  const received: TReceived[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/wrong') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('unknown hook /wrong: check the URL in the portal');
        return;
      }
      received.push({ path: request.url ?? '', authorization: request.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as TReceived['body'] });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"stored":true}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        received,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

async function firstNode(request: APIRequestContext, token: string): Promise<{ eui: string; location: string }> {
  const answer = await request.get('/api/v1/devices', {
    headers: { 'x-access-token': token },
    params: { conditions: JSON.stringify({ type: 'V2', customer: CUSTOMER }), projection: 'eui location' },
  });
  expect(answer.status()).toBe(200);
  const nodes = (await answer.json()) as { eui: string; location: string }[];
  expect(nodes.length).toBeGreaterThan(0);
  return nodes[0];
}

/** A V2 temperature reading (fPort 42) through the demo network server's integration. */
async function temperature(request: APIRequestContext, eui: string): Promise<void> {
  const bytes = Buffer.alloc(10);
  bytes.writeUInt32BE(Math.floor(Date.now() / 1000), 0);
  [55.5, 14.5, 20.1].forEach((value, index) => bytes.writeInt16BE(Math.round(value * 10), 4 + index * 2));
  await uplink(request, eui, 42, bytes);
}

const STILL = '*, *::before, *::after { transition: none !important; animation: none !important; }';

async function shoot(page: Page, name: string, platform = 'XIC'): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.addStyleTag({ content: STILL });
  for (const [language, title] of [
    ['nl', `Levering aan ${platform}`],
    ['en', `Delivery to ${platform}`],
  ] as const) {
    await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
    for (const [device, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.reload();
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(SHOTS, `platforms-${name}-${language}-${device}.png`), fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.setItem('aquasmart.language', 'nl'));
  await page.setViewportSize(DESKTOP);
  await page.reload();
}

// Issue 37, item 5: the demo's LegionellaDossier customer (the e2e server sets no LEGIONELLADOSSIER_URL) showed
// "Levert" in green with no address, 0 delivered and a next attempt in the past.
test('a platform that cannot deliver as set up says "Niet ingesteld" and why, in Dutch and English', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, ADMIN, `/customers/${encodeURIComponent('Gemeente Utrecht')}#platform`);
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'Levering aan LegionellaDossier' })).toBeVisible();
  await expect(panel.getByText('Niet ingesteld', { exact: true }).first()).toBeVisible();
  await expect(panel.getByText('Levert', { exact: true })).toHaveCount(0);
  await expect(panel.getByText(/^Het adres van LegionellaDossier is niet ingesteld op de server/)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Opnieuw proberen' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'a platform that is not configured');
  await panel.getByRole('button', { name: 'Testlevering' }).click();
  const answer = panel.getByRole('status').filter({ hasText: 'Niet aangekomen' });
  await expect(answer).toContainText('Het adres van LegionellaDossier is niet ingesteld op de server');
  await expect(answer).not.toContainText('is not configured');
  await expectNoAxeViolations(page, 'the test delivery of a platform that is not configured');

  await page.evaluate(() => localStorage.setItem('aquasmart.language', 'en'));
  await page.reload();
  await expect(panel.getByText('Not configured', { exact: true })).toBeVisible();
  await expect(panel.getByText(/^The LegionellaDossier address is not set on the server/)).toBeVisible();
  await panel.getByRole('button', { name: 'Test delivery' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Did not arrive' })).toContainText('The LegionellaDossier address is not set on the server');
  await expectNoAxeViolations(page, 'a platform that is not configured, in English');
  await page.evaluate(() => localStorage.setItem('aquasmart.language', 'nl'));
  await shoot(page, 'not-configured', 'LegionellaDossier');
});

test('an administrator sees a stopped platform endpoint with its error, fixes the URL and sees it deliver', async ({ page, request }) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    const token = await apiToken(request, ADMIN);
    const node = await firstNode(request, token);
    const locationApi = `/api/v1/customers/${encodeURIComponent(CUSTOMER)}/locations/${encodeURIComponent(node.location)}`;
    const set = await request.patch(locationApi, {
      headers: { 'x-access-token': token },
      data: { endpoint: { platform: 'XIC', url: `${receiver.base}/wrong`, token: TOKEN } },
    });
    expect(set.status(), await set.text()).toBe(200);
    await temperature(request, node.eui);
    // The sender tries within a few seconds and the 404 stops the endpoint.
    await expect
      .poll(async () => ((await (await request.get(`${locationApi}/platform`, { headers: { 'x-access-token': token } })).json()) as { state: string }).state, { timeout: 30_000 })
      .toBe('parked');

    await page.setViewportSize(DESKTOP);
    await signIn(page, ADMIN, `/locations/${encodeURIComponent(CUSTOMER)}/${encodeURIComponent(node.location)}#platform`);
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { name: 'Levering aan XIC' })).toBeVisible();
    await expect(panel.getByText('Stilgezet', { exact: true })).toBeVisible();
    await expect(panel.getByText('Laatste fout: HTTP-status 404')).toBeVisible();
    await expect(panel.getByText('unknown hook /wrong: check the URL in the portal')).toBeVisible();
    await expectNoAxeViolations(page, 'the stopped platform endpoint');
    // The test delivery shows the receiver's answer.
    await panel.getByRole('button', { name: 'Testlevering' }).click();
    await expect(panel.getByRole('status').filter({ hasText: 'Niet aangekomen (HTTP-status 404)' })).toBeVisible();
    await expectNoAxeViolations(page, 'the answer to the test delivery');
    await shoot(page, 'parked');

    // Fix the URL in the edit form; the token field holds the mask and is sent back as it is.
    await page.goto(`/locations/${encodeURIComponent(CUSTOMER)}/${encodeURIComponent(node.location)}/edit`);
    const url = page.getByRole('textbox', { name: 'URL' });
    await expect(url).toHaveValue(`${receiver.base}/wrong`);
    await url.fill(`${receiver.base}/hook`);
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(page).not.toHaveURL(/\/edit$/);

    await page.goto(`/locations/${encodeURIComponent(CUSTOMER)}/${encodeURIComponent(node.location)}#platform`);
    await expect(panel.getByText('Levert', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByText('Nog niet')).toHaveCount(0, { timeout: 30_000 });
    await expect(panel.getByText('Laatste fout')).toHaveCount(0);
    expect(receiver.received.length).toBeGreaterThan(0);
    expect(receiver.received[0].authorization).toBe(`Bearer ${TOKEN}`);
    expect(receiver.received.flatMap((request) => request.body.items).some((item) => item.type === 'temperature' && item.node.eui === node.eui)).toBe(true);
    await expectNoAxeViolations(page, 'the delivering platform endpoint');
    await shoot(page, 'delivering');
  } finally {
    // Leave the demo as it was for the other browser tests.
    const token = await apiToken(request, ADMIN);
    const node = await firstNode(request, token);
    await request.patch(`/api/v1/customers/${encodeURIComponent(CUSTOMER)}/locations/${encodeURIComponent(node.location)}`, {
      headers: { 'x-access-token': token },
      data: { endpoint: { platform: null } },
    });
    await receiver.close();
  }
});
