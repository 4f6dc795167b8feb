import { expect, test, type APIRequestContext, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, signIn } from './fixtures';

/**
 * WCAG 2.1 AA on every node tab and the node's dialogs, in the states that broke before (a register
 * pending: the orange chip; the hint under a disabled field; the network server's "Nieuw geheim"), at
 * the desktop and the phone width (docs/screens.md, "Colours and contrast"). axe runs on the screen's
 * content (main) or the open dialog.
 */
interface TDemoNode {
  eui: string;
  customer: string;
  location: string;
  sipp: { parameters: { register: number; value: Record<string, unknown> }[] };
}

async function adminHeaders(request: APIRequestContext) {
  return { 'x-access-token': await apiToken(request, ADMIN) };
}

/** A registered V2 demo node whose register 2 the test leaves pending (the node does not answer in e2e). */
async function nodeWithPendingRegister(request: APIRequestContext): Promise<TDemoNode> {
  const headers = await adminHeaders(request);
  const answer = await request.get('/api/v1/devices', {
    headers,
    params: { conditions: JSON.stringify({ type: 'V2', customer: { $ne: null }, location: { $ne: null }, sync: 1 }), projection: 'eui customer location sipp.parameters', limit: 1, skip: 1 },
  });
  expect(answer.status()).toBe(200);
  const [node] = (await answer.json()) as TDemoNode[];
  expect(node).toBeTruthy();
  const system = node.sipp.parameters.find((parameter) => parameter.register === 2);
  expect(system).toBeTruthy();
  const logInterval = Number(system?.value.logInterval ?? 15);
  const sent = await request.post(`/api/v1/devices/${node.eui}/parameters`, { headers, data: [{ register: 2, value: { ...system?.value, logInterval: logInterval === 15 ? 16 : 15 } }] });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  return node;
}

const screenOf = (node: TDemoNode) => `/nodes/${encodeURIComponent(node.customer)}/${encodeURIComponent(node.location)}/${node.eui}`;

async function expectDialogClean(page: Page, open: () => Promise<void>, what: string): Promise<void> {
  await open();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, what, { include: '[role="dialog"]' });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;

test.describe.serial('accessibility of the node screens and dialogs', () => {
  let node: TDemoNode;
  test.beforeAll(async ({ request }) => {
    node = await nodeWithPendingRegister(request);
  });

  for (const [device, viewport] of VIEWPORTS) {
    test(`every node tab is axe-clean, a pending register included (${device})`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await signIn(page, ADMIN);
      for (const [hash, name] of [
        ['chart', 'Grafiek'],
        ['details', 'Service'],
        ['settings', 'Instellingen'],
        ['lora', 'LoRa'],
        ['auditLog', 'Auditlog'],
      ] as const) {
        await page.goto(`${screenOf(node)}#${hash}`);
        await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByRole('progressbar')).toHaveCount(0);
        if (hash === 'settings') await expect(page.getByTestId('register-2-status')).toContainText('In afwachting sinds');
        await expectNoAxeViolations(page, `the ${hash} tab (${device})`, { include: 'main' });
      }
    });

    test(`the node's dialogs are axe-clean (${device})`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await signIn(page, ADMIN, `${screenOf(node)}#details`);
      await expectDialogClean(page, () => page.getByRole('button', { name: 'Kalibreren' }).first().click(), `the calibration dialog (${device})`);
      await expectDialogClean(page, () => page.getByRole('button', { name: 'Batterij verwisselen' }).click(), `the battery swap dialog (${device})`);
      await page.goto(`${screenOf(node)}#settings`);
      await expectDialogClean(page, () => page.getByRole('button', { name: 'Kopiëren naar andere nodes' }).click(), `the replication dialog (${device})`);
    });

    test(`the register screen and a network server are axe-clean (${device})`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await signIn(page, ADMIN, '/nodes/new');
      await expect(page.getByText('Kies eerst een klant').first()).toBeVisible();
      await expectNoAxeViolations(page, `/nodes/new before a customer is chosen (${device})`, { include: 'main' });
      await page.goto('/networkServers/ChirpStack%20demo/edit');
      await expect(page.getByRole('button', { name: 'Nieuw geheim' })).toBeVisible();
      await expectNoAxeViolations(page, `the network server with its secret (${device})`, { include: 'main' });
    });
  }
});
