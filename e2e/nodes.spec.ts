import { expect, test, type APIRequestContext, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, CUSTOMER_USER, ENGINEER, signIn, type TAccount } from './fixtures';

/**
 * The node list, register and edit pages (docs/nodes-screens.md) on the demo data: the
 * temperature cells (WW/KW colouring, a red cross for a broken sensor, a dash for an inactive
 * channel), paging the server-mode list past row 25, registering a provisioned node, editing a
 * name and a channel mode, no pencil without editNode, and removal.
 */
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const NEW_EUI = `E2E0${Date.now().toString(16).slice(-12).padStart(12, '0')}`.toUpperCase();
const NEW_NAME = `E2E node ${suffix}`;
const RENAMED = `E2E hernoemd ${suffix}`;
const CUSTOMER = 'Gemeente Utrecht';
const enc = encodeURIComponent;

interface TNode {
  eui: string;
  name: string;
  type: string;
  customer: string;
  location: string;
  channels: { id: string; value: number | null; custom: { mode?: string } }[];
}

async function apiToken(request: APIRequestContext, account: TAccount): Promise<string> {
  const answer = await request.post('/api/v1/auth', {
    headers: { authorization: `Basic ${Buffer.from(`${account.email}:${account.password}`).toString('base64')}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

async function nodes(request: APIRequestContext, token: string): Promise<TNode[]> {
  const answer = await request.get('/api/v1/devices', { headers: { 'x-access-token': token }, params: { assigned: 'true', projection: 'eui name type customer location channels' } });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as TNode[];
}

const row = (page: Page, text: string) => page.locator('.MuiDataGrid-row', { hasText: text });

let location = '';
let inactive: TNode;
let warmWw: TNode;

test.describe.serial('nodes', () => {
  test.beforeAll(async ({ request }) => {
    const token = await apiToken(request, ADMIN);
    const headers = { 'x-access-token': token };
    // A provisioned node without customer and location, to register.
    const created = await request.post('/api/v1/devices', { headers, data: { eui: NEW_EUI, type: 'V2', version: '1.0', networkServer: 'ChirpStack demo' } });
    expect(created.status()).toBe(201);
    const locations = (await (await request.get(`/api/v1/customers/${enc(CUSTOMER)}/locations`, { headers, params: { projection: 'name' } })).json()) as { name: string }[];
    location = locations[0].name;
    const all = await nodes(request, token);
    const v2 = all.filter((node) => node.type === 'V2');
    // Input 2 of one V2 node switched off: its channel 2 is inactive (a dash).
    inactive = v2[0];
    const parameters = await request.post(`/api/v1/devices/${inactive.eui}/parameters`, {
      headers,
      data: [{ register: 2, value: { inputs: [{ mode: 'actual' }, { mode: 'disabled' }, { mode: 'actual' }] } }],
    });
    expect(parameters.ok(), await parameters.text()).toBe(true);
    // A hot-water channel at about 60 °C: set to KW in the edit test, it shows red with an up arrow.
    warmWw = v2.find((node) => node !== inactive && node.customer === CUSTOMER && (node.channels.find((c) => c.id === 'temperature1')?.value ?? 0) > 30) ?? v2[1];
  });

  test('the list shows the temperature cells and pages on the server', async ({ page }) => {
    await signIn(page, ADMIN, '/nodes');
    await expect(page.getByRole('heading', { name: 'Nodes' })).toBeVisible();
    await expect(page.getByText(/^1 - 25 van \d+$/)).toBeVisible();
    await expect(page.locator('[data-tone="tooCold"]').first()).toBeVisible();
    await expect(page.locator('[data-tone="tooCold"] svg').first()).toBeVisible();
    await expect(page.locator('[data-kind="fault"] svg').first()).toBeVisible();
    await expectNoAxeViolations(page, '/nodes');

    // Server mode: the button and the address reach rows 26 and on.
    await page.getByRole('button', { name: /volgende pagina/i }).click();
    await expect(page).toHaveURL(/\/nodes\?page=2$/);
    await expect(page.getByText(/^26 - 50 van \d+$/)).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/nodes\?page=2$/);
    await page.goto('/nodes?page=3');
    await expect(page.getByText(/^51 - \d+ van \d+$/)).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/nodes\?page=3$/);

    // An inactive channel is a dash.
    await page.goto(`/nodes?search=${inactive.eui}`);
    await expect(row(page, inactive.name).locator('[data-field="temperature2"] [data-kind="inactive"]')).toHaveText('–');
  });

  test('register the unassigned node and find it in its location\'s #nodes tab', async ({ page }) => {
    await signIn(page, ADMIN, `/nodes/new?customer=${enc(CUSTOMER)}&location=${enc(location)}`);
    await expect(page.getByRole('heading', { name: 'Node registreren' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: /^Klant/ })).toHaveText(CUSTOMER);
    await page.getByRole('button', { name: 'Registreren' }).click();
    await expect(page.getByText('Veld is verplicht')).toHaveCount(2);
    await page.getByRole('combobox', { name: /^Node \(EUI\)/ }).fill(NEW_EUI.slice(0, 8));
    await page.getByRole('option', { name: new RegExp(NEW_EUI) }).click();
    await expect(page.getByText('Type V2, versie 1.0')).toBeVisible();
    await page.getByLabel(/^Naam/).fill(NEW_NAME);
    await expectNoAxeViolations(page, '/nodes/new');
    await page.getByRole('button', { name: 'Registreren' }).click();
    await expect(page.getByText('Node geregistreerd')).toBeVisible();
    await expect(page).toHaveURL(`/nodes/${enc(CUSTOMER)}/${enc(location)}/${NEW_EUI}`);

    await page.goto(`/locations/${enc(CUSTOMER)}/${enc(location)}#nodes`);
    await expect(row(page, NEW_NAME)).toBeVisible();
  });

  test('edit a node\'s name and a channel mode', async ({ page }) => {
    await signIn(page, ADMIN, `/nodes?search=${warmWw.eui}`);
    // The search leaves this node alone; at 1280 px its EUI column moves into the expanded row, so find the row by name.
    await row(page, warmWw.name).getByRole('link', { name: /bewerken$/ }).click();
    await expect(page).toHaveURL(`/nodes/${enc(warmWw.customer)}/${enc(warmWw.location)}/${warmWw.eui}/edit`);
    const name = page.getByRole('textbox', { name: /^Naam/ }).first();
    await expect(name).toHaveValue(warmWw.name);
    await name.fill('');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Veld is verplicht')).toHaveCount(1);
    await name.fill(RENAMED);
    await page.getByRole('combobox', { name: /^Modus/ }).first().click();
    await page.getByRole('option', { name: /^KW/ }).click();
    await expectNoAxeViolations(page, 'node edit');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Node gewijzigd')).toBeVisible();
    await expect(page).toHaveURL(/#details$/);

    await page.goto(`/nodes?search=${enc(RENAMED)}`);
    const renamed = row(page, RENAMED);
    await expect(renamed).toBeVisible();
    await expect(renamed.locator('[data-field="temperature1"] [data-tone="tooWarm"] svg')).toBeVisible();
  });

  test('without editNode there is no pencil and no edit page; with it there is', async ({ page, browser, request }) => {
    // The server refuses the change itself, whatever the screens offer.
    const customerToken = await apiToken(request, CUSTOMER_USER);
    const own = (await nodes(request, customerToken))[0];
    const direct = await request.patch(`/api/v1/devices/${own.eui}/lora/NS`, { headers: { 'x-access-token': customerToken }, data: { name: 'Niet toegestaan' } });
    expect(direct.status()).toBe(403);

    await signIn(page, CUSTOMER_USER, '/nodes');
    await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /bewerken$/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Nieuw' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Verwijderen' })).toHaveCount(0);
    await page.goto(`/nodes/${enc(warmWw.customer)}/${enc(warmWw.location)}/${warmWw.eui}/edit`);
    await expect(page).toHaveURL(/\/404$/);

    const engineer = await browser.newPage({ locale: 'nl-NL' });
    await signIn(engineer, ENGINEER, '/nodes');
    await expect(engineer.getByRole('link', { name: /bewerken$/ }).first()).toBeVisible();
    await engineer.close();
  });

  test('delete removes the node from the list; it is unassigned again', async ({ page, request }) => {
    await signIn(page, ADMIN, `/nodes?search=${NEW_EUI}`);
    const target = row(page, NEW_NAME);
    await expect(target).toBeVisible();
    await target.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Verwijderen' }).click();
    await expect(page.getByText('1 node verwijderd')).toBeVisible();
    await expect(page).toHaveURL(/\/nodes\?search=/);
    await expect(target).toHaveCount(0);

    const token = await apiToken(request, ADMIN);
    const node = (await (await request.get(`/api/v1/devices/${NEW_EUI}`, { headers: { 'x-access-token': token } })).json()) as { customer: string | null; location: string | null; lora: { state: string } };
    expect(node).toMatchObject({ customer: null, location: null, lora: { state: 'Stopped' } });
  });

  test('deleting from the node page returns to /nodes; the node is unassigned and keeps its history', async ({ page, request }) => {
    const token = await apiToken(request, ADMIN);
    const headers = { 'x-access-token': token };
    const victim = (await nodes(request, token)).find((candidate) => candidate.type === 'V1' && candidate.customer !== CUSTOMER)!;
    const history = async () => ((await (await request.get(`/api/v1/devices/${victim.eui}/data`, { headers, params: { projection: 'ts' } })).json()) as unknown[]).length;
    const before = await history();
    expect(before).toBeGreaterThan(100);

    await signIn(page, ADMIN, `/nodes/${enc(victim.customer)}/${enc(victim.location)}/${victim.eui}`);
    await page.getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Verwijderen' }).click();
    await expect(page).toHaveURL(/\/nodes$/);

    const node = (await (await request.get(`/api/v1/devices/${victim.eui}`, { headers })).json()) as { customer: string | null; location: string | null; lora: { state: string } };
    expect(node).toMatchObject({ customer: null, location: null, lora: { state: 'Stopped' } });
    expect(await history()).toBe(before);
  });
});
