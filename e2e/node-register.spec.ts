import path from 'node:path';
import { expect, test, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, ENGINEER, signIn } from './fixtures';

/**
 * /nodes/new for an engineer who is no administrator (addNode, all customers): the server shows
 * unassigned nodes to administrators only, so the engineer types the EUI printed on the node
 *. The field checks as typed, tolerates spaces and dashes, refuses a node that is
 * already placed, and the registration succeeds, on a desktop and on a phone.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'register-screenshots');
const CUSTOMER = 'Gemeente Utrecht';
const enc = encodeURIComponent;
const stamp = Date.now().toString(16).slice(-10).toUpperCase();
const EUIS = { desktop: `E2E1A${stamp}0`, phone: `E2E1B${stamp}0`, admin: `E2E1C${stamp}0` };
/** How the EUI is printed on a node's label: groups of four, lower case here. */
const printed = (eui: string) => eui.toLowerCase().match(/.{4}/g)!.join(' ');

let location = '';
let placed = { eui: '', customer: '', location: '' };

test.beforeAll(async ({ request }) => {
  const headers = { 'x-access-token': await apiToken(request, ADMIN) };
  for (const eui of Object.values(EUIS)) {
    const created = await request.post('/api/v1/devices', { headers, data: { eui, type: 'V2', version: '1.0', networkServer: 'ChirpStack demo' } });
    // 409: made by this run already (the worker starts again after a failed test).
    expect([201, 409], await created.text()).toContain(created.status());
  }
  const locations = (await (await request.get(`/api/v1/customers/${enc(CUSTOMER)}/locations`, { headers, params: { projection: 'name' } })).json()) as { name: string }[];
  location = locations[0].name;
  const assigned = (await (await request.get('/api/v1/devices', { headers, params: { assigned: 'true', projection: 'eui customer location', limit: 1 } })).json()) as typeof placed[];
  placed = assigned[0];
});

const euiBox = (page: Page) => page.getByRole('combobox', { name: /^Node \(EUI\)/ });

for (const device of ['desktop', 'phone'] as const) {
  test.describe(`an engineer registers a node by its EUI (${device})`, () => {
    test.use({ viewport: device === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 } });

    test('types the EUI as printed, sees it checked as typed, and the node is registered', async ({ page }) => {
      const eui = EUIS[device];
      const name = `Geregistreerd ${device} ${stamp}`;
      await signIn(page, ENGINEER, `/nodes/new?customer=${enc(CUSTOMER)}&location=${enc(location)}`);
      await expect(page.getByRole('heading', { name: 'Node registreren' })).toBeVisible();
      // The old screen told engineers there was nothing to register and had no field to type in.
      await expect(page.getByText('Er zijn geen vrije nodes om te registreren.')).toHaveCount(0);

      const box = euiBox(page);
      await box.fill('70b3 d5x');
      await expect(page.getByText('"x" hoort niet in een EUI: alleen 0-9 en A-F')).toBeVisible();
      await box.fill(printed(eui).slice(0, 9));
      await expect(page.getByText('8 van de 16 tekens')).toBeVisible();

      // A node that already has a place is refused before anything is sent (it would be a move).
      await box.fill(placed.eui);
      await page.getByLabel(/^Naam/).fill(name);
      await page.getByRole('button', { name: 'Registreren' }).click();
      await expect(page.getByText(`Deze node is al geregistreerd bij ${placed.customer} / ${placed.location}`)).toBeVisible();

      await box.fill(printed(eui).replace(' ', '-'));
      await expect(page.getByText('De 16 tekens (0-9, A-F) op de node; spaties en streepjes mogen')).toBeVisible();
      await expectNoAxeViolations(page, `/nodes/new as an engineer (${device})`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SHOTS, `node-register-nl-${device}.png`) });
      await page.getByRole('button', { name: 'Registreren' }).click();
      await expect(page.getByText('Node geregistreerd')).toBeVisible();
      await expect(page).toHaveURL(`/nodes/${enc(CUSTOMER)}/${enc(location)}/${eui}`);
      await expect(page.getByRole('heading', { name })).toBeVisible();
    });
  });
}

test('an administrator gets the unassigned nodes as suggestions; English texts', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('aquasmart.language', 'en'));
  await signIn(page, ADMIN, `/nodes/new?customer=${enc(CUSTOMER)}&location=${enc(location)}`);
  await expect(page.getByRole('heading', { name: 'Register node' })).toBeVisible();
  const box = euiBox(page);
  await box.click();
  await box.fill(printed(EUIS.admin).slice(0, 14));
  await expect(page.getByRole('option')).toHaveText([`${EUIS.admin} · V2`]);
  await page.getByRole('option').click();
  await expect(box).toHaveValue(EUIS.admin);
  await expect(page.getByText('Type V2, version 1.0')).toBeVisible();
  await box.fill('70b3 d5x');
  await expect(page.getByText('"x" is not part of an EUI: only 0-9 and A-F')).toBeVisible();
  await box.fill('70b3');
  await page.screenshot({ path: path.join(SHOTS, 'node-register-en-desktop.png') });
});
