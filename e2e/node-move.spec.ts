import { expect, test, type APIRequestContext } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, createUserWithRights, signIn } from './fixtures';

/**
 * Moving a node (docs/nodes-screens.md, "Move"): a planner with
 * moveNode but not editNode moves a node from its page (customer, location, gateway); whoever moves,
 * the node takes the new location's calibration interval, shown greyed before saving.
 */
const CUSTOMER = 'Gemeente Utrecht';
const FROM = 'Sporthal Zuid';

interface TNode {
  eui: string;
  customer: string | null;
  location: string | null;
  calibration: { interval: number };
}

async function admin(request: APIRequestContext) {
  return { 'x-access-token': await apiToken(request, ADMIN) };
}

/** A new node registered at CUSTOMER / FROM (interval 2, as every registration), and a new location of CUSTOMER with interval 1. */
async function nodeAndTarget(request: APIRequestContext, tag: string): Promise<{ eui: string; name: string; target: string }> {
  const headers = await admin(request);
  const eui = `70B3D5E75E${Date.now().toString(16).slice(-6).toUpperCase()}`;
  const name = `Verhuis ${tag}`;
  const target = `Nieuwbouw ${tag}`;
  const created = await request.post('/api/v1/devices', { headers, data: { eui, type: 'V2', version: '1.0', networkServer: 'ChirpStack demo' } });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const registered = await request.patch(`/api/v1/devices/${eui}/lora/NS`, { headers, data: { name, customer: CUSTOMER, location: FROM, lora: { state: 'Started' } } });
  expect(registered.status(), await registered.text()).toBe(200);
  const location = await request.post(`/api/v1/locations`, {
    headers,
    data: { name: target, customer: CUSTOMER, reference: `E2E-${tag}`, address: 'Bouwweg 1', postalCode: '3511 AA', city: 'Utrecht', country: 'Nederland', calibration: { interval: 1 } },
  });
  expect(location.status(), await location.text()).toBeLessThan(300);
  return { eui, name, target };
}

async function node(request: APIRequestContext, eui: string): Promise<TNode> {
  const answer = await request.get(`/api/v1/devices/${eui}`, { headers: await admin(request) });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as TNode;
}

const screen = (location: string, eui: string) => `/nodes/${encodeURIComponent(CUSTOMER)}/${encodeURIComponent(location)}/${eui}`;

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;

for (const [device, viewport] of VIEWPORTS) {
  test.describe(`moving a node (${device})`, () => {
    test.use({ viewport });

    test(`moveNode without editNode: no edit button, a move action that moves the node and copies the location's interval (${device})`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const { eui, name, target } = await nodeAndTarget(request, `p${device}`);
      expect((await node(request, eui)).calibration.interval).toBe(2);
      const planner = await createUserWithRights(request, { moveNode: true });
      await signIn(page, planner, screen(FROM, eui));
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Bewerken' })).toHaveCount(0);

      await page.getByRole('button', { name: 'Verplaatsen' }).click();
      const dialog = page.getByRole('dialog', { name: `${name} verplaatsen` });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Verplaatsen' })).toBeDisabled();
      await expectNoAxeViolations(page, `the move dialog (${device})`, { include: '[role="dialog"]' });
      await dialog.getByRole('combobox', { name: /^Locatie/ }).click();
      await page.getByRole('option', { name: target, exact: true }).click();
      // The interval the new location gives the node, greyed: the server copies it.
      const interval = dialog.getByRole('combobox', { name: /^Kalibratie-interval/ });
      await expect(interval).toHaveText('1 jaar');
      await expect(interval).toHaveAttribute('aria-disabled', 'true');
      await expectNoAxeViolations(page, `the move dialog with a location chosen (${device})`, { include: '[role="dialog"]' });
      await dialog.getByRole('button', { name: 'Verplaatsen' }).click();

      await expect(page.getByText('Node verplaatst')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/nodes/${encodeURIComponent(CUSTOMER)}/${encodeURIComponent(target)}/${eui}`));
      const moved = await node(request, eui);
      expect(moved.location).toBe(target);
      expect(moved.calibration.interval).toBe(1);
    });
  });
}

test.describe('moving on the edit screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('editNode + moveNode (not an administrator): the greyed interval shows the new location\'s 1, and the saved node has 1', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { eui, target } = await nodeAndTarget(request, 'edit');
    // A new node's channels have no mode yet, which the edit form requires.
    const headers = await admin(request);
    for (const number of [1, 2, 3]) {
      const channel = await request.patch(`/api/v1/devices/${eui}/channels/temperature${number}`, { headers, data: { name: `Temperatuur ${number}`, custom: { mode: 'WW', attachments: [] } } });
      expect(channel.status(), await channel.text()).toBe(200);
    }
    const mover = await createUserWithRights(request, { editNode: true, moveNode: true, calibration: true });
    await signIn(page, mover, `${screen(FROM, eui)}/edit`);
    const interval = page.getByRole('combobox', { name: /^Kalibratie-interval/ });
    await expect(interval).toHaveText('2 jaar');
    await page.getByRole('combobox', { name: /^Locatie/ }).click();
    await page.getByRole('option', { name: target, exact: true }).click();
    await expect(interval).toHaveText('1 jaar');
    await expect(interval).toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page).toHaveURL(new RegExp(`/${encodeURIComponent(target)}/${eui}#details$`));
    // Without the server's rule the form (no administrator) sends no interval and the node kept 2.
    expect((await node(request, eui)).calibration.interval).toBe(1);
  });
});
