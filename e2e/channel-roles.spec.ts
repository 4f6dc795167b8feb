import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, signIn } from './fixtures';

/**
 * A channel's role (docs/logbook.md, "Roles"): chosen per temperature channel on the node's edit
 * form (no role of its own: named by the mode), shown on the node's details. `SCREENSHOTS=1
 * SCREENSHOT_DIR=docs/screenshots` writes the form's channels and the details in nl, en and de
 * (the screens' de is English, docs/screens.md) at 1280x800 and 390x844.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'channel-roles-screenshots');
const enc = encodeURIComponent;

interface TNode {
  eui: string;
  type: string;
  customer: string | null;
  location: string | null;
}
let node: TNode;

async function headers(request: APIRequestContext) {
  return { 'x-access-token': await apiToken(request, ADMIN) };
}

test.describe.serial('channel roles', () => {
  test.beforeAll(async ({ request }) => {
    const answer = await request.get('/api/v1/devices', { headers: await headers(request), params: { assigned: 'true', projection: 'eui type customer location' } });
    const all = (await answer.json()) as TNode[];
    // A V2 node (three channels) away from the logbook's demo location, so its reports stay as they are.
    node = all.find((candidate) => candidate.type === 'V2' && candidate.location !== 'Sporthal Zuid') ?? all[0];
  });

  test('a role chosen on the edit form is saved and shown on the node details', async ({ page, request }) => {
    await signIn(page, ADMIN, `/nodes/${enc(node.customer ?? '')}/${enc(node.location ?? '')}/${node.eui}/edit`);
    const role = page.getByRole('combobox', { name: /^Rol in het logboek/ }).first();
    await expect(role).toContainText('Volgens modus');
    await role.click();
    await page.getByRole('option', { name: 'Aanvoer verwarmer (boiler)' }).click();
    await expectNoAxeViolations(page, 'node edit with the channel role');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Node gewijzigd')).toBeVisible();
    await expect(page).toHaveURL(/#details$/);
    const first = page.getByRole('region', { name: /./ }).filter({ hasText: 'Rol in het logboek' }).first();
    await expect(first).toContainText('Aanvoer verwarmer (boiler)');
    await expectNoAxeViolations(page, 'node details with the channel role');
    // No role of its own again (the other tests' demo data).
    const reset = await request.patch(`/api/v1/devices/${node.eui}/channels/temperature1`, { headers: await headers(request), data: { role: null } });
    expect(reset.status()).toBe(200);
  });

  const shots = process.env.SCREENSHOTS ? (['nl', 'en', 'de'] as const).flatMap((language) => (['desktop', 'phone'] as const).map((device) => ({ language, device }))) : [];
  for (const { language, device } of shots) {
    test(`screenshot: the role on the edit form and the details ${language} ${device}`, async ({ page }) => {
      const width = device === 'phone' ? PHONE.width : DESKTOP.width;
      await page.setViewportSize(device === 'phone' ? PHONE : DESKTOP);
      await signIn(page, ADMIN);
      await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
      const base = `/nodes/${enc(node.customer ?? '')}/${enc(node.location ?? '')}/${node.eui}`;
      await page.goto(`${base}/edit`);
      const label = language === 'nl' ? 'Rol in het logboek' : 'Role in the logbook';
      const select = page.getByRole('combobox', { name: new RegExp(`^${label}`) }).first();
      await expect(select).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      fs.mkdirSync(SHOTS, { recursive: true });
      await select.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `node-edit-roles-${language}-${device}.png`) });
      await select.click();
      await expect(page.getByRole('listbox')).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `node-edit-roles-open-${language}-${device}.png`) });
      await page.keyboard.press('Escape');

      await page.goto(`${base}#details`);
      const channels = page.getByRole('heading', { name: language === 'nl' ? 'Kanalen' : 'Channels' });
      await expect(channels).toBeVisible();
      await expect(page.getByText(label).first()).toBeVisible();
      await channels.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: path.join(SHOTS, `node-details-roles-${language}-${device}.png`) });
    });
  }
});
