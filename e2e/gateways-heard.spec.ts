import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, signIn } from './fixtures';

/**
 * Gateways heard (docs/gateways.md) on the demo data: the gateway list says when each gateway was
 * last heard, a gateway's #heard tab lists the nodes it heard with RSSI and SNR, and a node's LoRa
 * tab the gateways that heard it. `SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots` writes the
 * screenshots the docs show (nl and en, 1280x800 and 390x844).
 */
const CUSTOMER = 'Gemeente Utrecht';
const LOCATION = 'Sporthal Zuid';
const GATEWAY = 'GW Sporthal Zuid';
const enc = encodeURIComponent;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'gateways-heard-screenshots');
const GATEWAY_SCREEN = `/gateways/${enc(CUSTOMER)}/${enc(LOCATION)}/${enc(GATEWAY)}`;

/** The node the gateway heard last (through the API, as the screen shows it first). */
async function lastHeardNode(request: APIRequestContext): Promise<{ eui: string; name: string }> {
  const answer = await request.get(`/api/v1/customers/${enc(CUSTOMER)}/locations/${enc(LOCATION)}/gateways/${enc(GATEWAY)}/heard`, {
    headers: { 'x-access-token': await apiToken(request, ADMIN) },
  });
  expect(answer.status()).toBe(200);
  const nodes = (await answer.json()) as { eui: string; name: string }[];
  expect(nodes.length).toBeGreaterThan(0);
  return nodes[0];
}

async function noSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.describe.serial('gateways heard', () => {
  test('the gateway list says when each was last heard; the #heard tab lists the nodes with RSSI and SNR', async ({ page, request }) => {
    const node = await lastHeardNode(request);
    await signIn(page, ADMIN, '/gateways');
    await expect(page.getByRole('columnheader', { name: 'Laatst gehoord' })).toBeVisible();
    await page.goto(GATEWAY_SCREEN);
    await expect(page.getByText('Laatst gehoord')).toBeVisible();
    await page.getByRole('tab', { name: 'Gehoorde nodes' }).click();
    const table = page.getByRole('table', { name: 'Nodes die deze gateway hoorde' });
    await expect(table.getByRole('row').nth(1)).toContainText(node.eui);
    await expect(table.getByRole('columnheader', { name: 'RSSI (dBm)' })).toBeVisible();
    await expectNoAxeViolations(page, 'the nodes a gateway heard');

    // The node's LoRa tab: the gateway that heard it, linked back.
    await table.getByRole('link', { name: node.name }).click();
    await expect(page).toHaveURL(new RegExp(`/nodes/.+/${node.eui}`));
    await page.getByRole('tab', { name: 'LoRa' }).click();
    const gateways = page.getByRole('table', { name: 'Gateways die deze node horen' });
    await expect(gateways.getByRole('link', { name: GATEWAY })).toBeVisible();
    await expectNoAxeViolations(page, 'the gateways that heard a node');
  });

  // Eight screenshots with SCREENSHOTS=1; otherwise the English phone ones only (the longest texts on the narrowest screen).
  const shots = process.env.SCREENSHOTS
    ? (['nl', 'en'] as const).flatMap((language) => (['desktop', 'phone'] as const).flatMap((device) => (['gateway', 'node'] as const).map((screen) => ({ language, device, screen }))))
    : (['gateway', 'node'] as const).map((screen) => ({ language: 'en' as const, device: 'phone' as const, screen }));
  for (const { language, device, screen } of shots) {
    test(`screenshot: ${screen} ${language} ${device}`, async ({ page, request }) => {
      const node = await lastHeardNode(request);
      const viewport = device === 'phone' ? PHONE : DESKTOP;
      await page.setViewportSize(viewport);
      await signIn(page, ADMIN);
      await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
      // A table from 1280 px, one card per row on a phone.
      const role = device === 'phone' ? 'list' : 'table';
      if (screen === 'gateway') {
        await page.goto(`${GATEWAY_SCREEN}#heard`);
        await expect(page.getByRole(role, { name: /^(Nodes die deze gateway hoorde|Nodes this gateway heard)$/ }).getByRole('link', { name: node.name })).toBeVisible();
      } else {
        await page.goto(`/nodes/${enc(CUSTOMER)}/${enc(LOCATION)}/${node.eui}#lora`);
        await expect(page.getByRole(role, { name: /^(Gateways die deze node horen|Gateways that hear this node)$/ }).getByRole('link', { name: GATEWAY })).toBeVisible();
      }
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await noSidewaysScroll(page, viewport.width);
      await page.evaluate(() => window.scrollTo(0, 0));
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `gateways-heard-${screen}-${language}-${device}.png`), fullPage: screen === 'gateway' });
    });
  }
});
