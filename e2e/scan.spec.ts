import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { browserWithCamera } from './camera';
import { ADMIN, apiToken, CUSTOMER_USER, ENGINEER, signIn } from './fixtures';

/**
 * Scanning a node's label (docs/field-work.md, "Scan"). Each test starts a Chromium whose fake
 * camera plays a QR code made in the test; headless Chromium on Linux has no BarcodeDetector, so
 * this also proves the lazily loaded ZXing reader and its .wasm served by the portal.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'scan-screenshots');
const PHONE = { width: 390, height: 844 };
const STILL = '*, *::before, *::after { transition: none !important; animation: none !important; }';

interface TNode {
  eui: string;
  name: string;
  customer: string | null;
  location: string | null;
}

async function nodes(request: Parameters<typeof apiToken>[0], conditions: object): Promise<TNode[]> {
  const answer = await request.get('/api/v1/devices', {
    headers: { 'x-access-token': await apiToken(request, ADMIN) },
    params: { conditions: JSON.stringify(conditions), projection: 'eui name customer location' },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as TNode[];
}

let camera: Browser | null = null;
test.afterEach(async () => {
  await camera?.close();
  camera = null;
});

async function pageWithCamera(text: string, baseURL: string | undefined, viewport = { width: 1280, height: 800 }): Promise<Page> {
  camera = await browserWithCamera(text);
  const context = await camera.newContext({ baseURL, locale: 'nl-NL', viewport });
  return context.newPage();
}

test('the scan button on the node list opens the scanned node; the decoder loads only with the camera', async ({ request, baseURL }) => {
  const [node] = await nodes(request, { customer: 'Gemeente Utrecht' });
  const page = await pageWithCamera(node.eui.toLowerCase().replace(/(.{4})(?=.)/g, '$1 '), baseURL);
  const wasm: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.wasm')) wasm.push(request.url());
  });
  await signIn(page, ENGINEER, '/nodes');
  await expect(page.getByRole('heading', { name: 'Nodes' })).toBeVisible();
  expect(wasm).toEqual([]);
  await page.addStyleTag({ content: STILL });
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, 'scan-nodes-nl-desktop.png') });
  await page.getByRole('button', { name: 'Label scannen' }).click();
  await expect(page).toHaveURL(new RegExp(`/nodes/[^/]+/[^/]+/${node.eui}$`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: node.name })).toBeVisible();
  // Served by the portal itself, from its own origin (no CDN).
  expect(wasm.length).toBe(1);
  expect(new URL(wasm[0]).origin).toBe(new URL(baseURL ?? '').origin);
});

test('on the register screen the scan of a TR005 QR code fills the EUI (phone)', async ({ request, baseURL }) => {
  const [unassigned] = await nodes(request, { customer: null, location: null });
  const page = await pageWithCamera(`LW:D0:70B3D57ED0000000:${unassigned.eui}:00000001:SYYWWNNNNNN`, baseURL, PHONE);
  await signIn(page, ADMIN, '/nodes/new');
  const eui = page.getByRole('combobox', { name: /Node/ });
  await expect(eui).toHaveValue('');
  await page.getByRole('main').getByRole('button', { name: 'Label scannen' }).click();
  await expect(page.getByRole('dialog', { name: 'Label scannen' })).toBeHidden({ timeout: 20_000 });
  await expect(eui).toHaveValue(unassigned.eui);
  await expectNoAxeViolations(page, 'the register screen with the scan button');
  await page.addStyleTag({ content: STILL });
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, 'scan-register-nl-phone.png') });
});

test('an engineer who may add nodes scans a free node: "not found" offers Registreren, which opens the register screen with its EUI; the node list shows Nieuw on a phone', async ({ request, baseURL }) => {
  // A provisioned node nobody registered: the server shows it to administrators only, so to the engineer it is a 404.
  const eui = `E2E5C${Date.now().toString(16).slice(-10).toUpperCase()}0`;
  const created = await request.post('/api/v1/devices', {
    headers: { 'x-access-token': await apiToken(request, ADMIN) },
    data: { eui, type: 'V2', version: '1.0', networkServer: 'ChirpStack demo' },
  });
  expect([201, 409], await created.text()).toContain(created.status());
  const page = await pageWithCamera(eui, baseURL, PHONE);
  fs.mkdirSync(SHOTS, { recursive: true });
  const texts = {
    nl: { scan: 'Label scannen', offer: `Node ${eui} niet gevonden. Is het een nieuwe node, dan kunt u hem registreren.`, register: 'Registreren', cancel: 'Annuleren', actions: 'Acties', add: 'Nieuw' },
    en: { scan: 'Scan label', offer: `Node ${eui} not found. If it is a new node, you can register it.`, register: 'Register', cancel: 'Cancel', actions: 'Actions', add: 'New' },
  };
  /** The node list with its rows and New. */
  async function list(language: 'nl' | 'en', device: 'phone' | 'desktop') {
    // On a phone too, New is a button of its own beside "⋮ Acties", not an item of that menu.
    await expect(page.getByRole('toolbar', { name: texts[language].actions }).getByRole('link', { name: texts[language].add })).toBeVisible();
    await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
    await page.addStyleTag({ content: STILL });
    await page.screenshot({ path: path.join(SHOTS, `nodes-list-${language}-${device}.png`) });
  }
  /** The scanner (the app bar's on a phone, the list's on a desktop) at the offer. */
  async function offer(language: 'nl' | 'en', device: 'phone' | 'desktop') {
    await page.getByRole(device === 'phone' ? 'banner' : 'main').getByRole('button', { name: texts[language].scan }).click();
    const dialog = page.getByRole('dialog', { name: texts[language].scan });
    await expect(dialog.getByTestId('scan-message')).toHaveText(texts[language].offer, { timeout: 20_000 });
    await expect(dialog.getByRole('link', { name: texts[language].register })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `scan-register-offer-${language}-${device}.png`) });
    return dialog;
  }

  await signIn(page, ENGINEER, '/nodes');
  await list('nl', 'phone');
  let dialog = await offer('nl', 'phone');
  await expectNoAxeViolations(page, 'the scanner offering to register', { include: '[role="dialog"]' });
  let shown: 'nl' | 'en' = 'nl';
  if (process.env.SCREENSHOTS) {
    // The same states on a desktop and in English, for docs/screenshots only (each scan costs seconds in CI).
    await dialog.getByRole('button', { name: texts.nl.cancel }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await list('nl', 'desktop');
    dialog = await offer('nl', 'desktop');
    await dialog.getByRole('button', { name: texts.nl.cancel }).click();
    await page.evaluate(() => localStorage.setItem('aquasmart.language', 'en'));
    await page.reload();
    shown = 'en';
    await list('en', 'desktop');
    dialog = await offer('en', 'desktop');
    await dialog.getByRole('button', { name: texts.en.cancel }).click();
    await page.setViewportSize(PHONE);
    await list('en', 'phone');
    dialog = await offer('en', 'phone');
  }
  await dialog.getByRole('link', { name: texts[shown].register }).click();
  await expect(page).toHaveURL(`/nodes/new?eui=${eui}`);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: shown === 'nl' ? 'Node registreren' : 'Register node' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Node \(EUI\)/ })).toHaveValue(eui);
});

for (const language of ['nl', 'en'] as const) {
  test(`a node of another customer answers "not found", nothing more; the phone's app bar scans (${language})`, async ({ request, baseURL }) => {
    const [foreign] = await nodes(request, { customer: 'Zorggroep Rijnmond' });
    expect(foreign.customer).toBe('Zorggroep Rijnmond');
    const page = await pageWithCamera(foreign.eui, baseURL, PHONE);
    await signIn(page, CUSTOMER_USER);
    await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
    await page.goto('/customers');
    await expect(page.getByRole('heading', { name: language === 'nl' ? 'Klanten' : 'Customers' })).toBeVisible();
    const scanName = language === 'nl' ? 'Label scannen' : 'Scan label';
    const before = page.url();
    await page.getByRole('banner').getByRole('button', { name: scanName }).click();
    const dialog = page.getByRole('dialog', { name: scanName });
    await expect(dialog.getByTestId('scan-message')).toHaveText(language === 'nl' ? `Node ${foreign.eui} niet gevonden.` : `Node ${foreign.eui} not found.`, { timeout: 20_000 });
    expect(page.url()).toBe(before);
    // Without addNode nothing is offered: the node is not theirs to register.
    await expect(dialog.getByRole('link', { name: language === 'nl' ? 'Registreren' : 'Register' })).toHaveCount(0);
    // Typing stays possible, checked as typed.
    const typed = dialog.getByRole('textbox', { name: language === 'nl' ? 'Of typ de EUI' : 'Or type the EUI' });
    await typed.fill('70B3 D5E7 5E00 00G1');
    await expect(dialog.getByText(language === 'nl' ? 'Een EUI bestaat uit de cijfers 0-9 en de letters A-F' : 'An EUI consists of the digits 0-9 and the letters A-F')).toBeVisible();
    await typed.fill('70B3 D5E7 5E00 001');
    await expectNoAxeViolations(page, 'the scanner', { include: '[role="dialog"]' });
    await page.addStyleTag({ content: STILL });
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `scan-not-found-${language}-phone.png`) });
    await dialog.getByRole('button', { name: language === 'nl' ? 'Openen' : 'Open' }).click();
    await expect(dialog.getByText(language === 'nl' ? 'Een EUI heeft 16 tekens' : 'An EUI has 16 characters')).toBeVisible();
  });
}

/** An outlet made through the API at a location of `customer`; its id. */
async function outletAt(request: Parameters<typeof apiToken>[0], customer: string, location: string): Promise<number> {
  const answer = await request.post(`/api/v1/customers/${encodeURIComponent(customer)}/locations/${encodeURIComponent(location)}/outlets`, {
    headers: { 'x-access-token': await apiToken(request, ADMIN) },
    data: { name: `Douche scan ${Date.now()}`, room: '1.04', floor: '1', kind: 'shower', water: 'mixed' },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

test("an outlet's label (its page's address) opens /outlets/<id> from the phone's app bar; another customer's user reads \"Tappunt niet gevonden\"", async ({ request, baseURL }) => {
  const id = await outletAt(request, 'Zorggroep Rijnmond', 'Zorgcentrum De Hoven');
  camera = await browserWithCamera(`${baseURL}/outlets/${id}`);
  fs.mkdirSync(SHOTS, { recursive: true });
  const texts = {
    nl: { scan: 'Label scannen', notFound: `Tappunt ${id} niet gevonden.`, customers: 'Klanten', cancel: 'Annuleren' },
    en: { scan: 'Scan label', notFound: `Outlet ${id} not found.`, customers: 'Customers', cancel: 'Cancel' },
    // German screens show the English (docs/screens.md).
    de: { scan: 'Scan label', notFound: `Outlet ${id} not found.`, customers: 'Customers', cancel: 'Cancel' },
  };

  // The customer's own user may not see Zorggroep Rijnmond: the server's 404, said as for a node; the page stays.
  const stranger = await (await camera.newContext({ baseURL, locale: 'nl-NL', viewport: PHONE })).newPage();
  const outletLookups: number[] = [];
  stranger.on('response', (response) => {
    if (new URL(response.url()).pathname === `/api/v1/outlets/${id}`) outletLookups.push(response.status());
  });
  await signIn(stranger, CUSTOMER_USER);
  const languages = process.env.SCREENSHOTS ? (['nl', 'en', 'de'] as const) : (['nl'] as const);
  for (const language of languages) {
    for (const device of process.env.SCREENSHOTS ? (['phone', 'desktop'] as const) : (['phone'] as const)) {
      await stranger.setViewportSize(device === 'phone' ? PHONE : { width: 1280, height: 800 });
      await stranger.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
      await stranger.goto(device === 'phone' ? '/customers' : '/nodes');
      await expect(stranger.getByRole('heading', { name: device === 'phone' ? texts[language].customers : 'Nodes' })).toBeVisible();
      const before = stranger.url();
      await stranger.getByRole(device === 'phone' ? 'banner' : 'main').getByRole('button', { name: texts[language].scan }).click();
      const dialog = stranger.getByRole('dialog', { name: texts[language].scan });
      await expect(dialog.getByTestId('scan-message')).toHaveText(texts[language].notFound, { timeout: 20_000 });
      expect(stranger.url()).toBe(before);
      if (language === 'nl' && device === 'phone') await expectNoAxeViolations(stranger, 'the scanner, outlet not found', { include: '[role="dialog"]' });
      await stranger.addStyleTag({ content: STILL });
      await stranger.screenshot({ path: path.join(SHOTS, `scan-outlet-not-found-${language}-${device}.png`) });
      await dialog.getByRole('button', { name: texts[language].cancel }).click();
    }
  }
  // Looked up once per scan, never again while the camera kept showing the label.
  expect(outletLookups).toEqual(languages.flatMap(() => (process.env.SCREENSHOTS ? [404, 404] : [404])));

  // The engineer sees the outlet: the scan opens its page.
  const engineer = await (await camera.newContext({ baseURL, locale: 'nl-NL', viewport: PHONE })).newPage();
  await signIn(engineer, ENGINEER, '/customers');
  await expect(engineer.getByRole('heading', { name: 'Klanten' })).toBeVisible();
  const lookup = engineer.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1/outlets/${id}`, { timeout: 20_000 });
  await engineer.getByRole('banner').getByRole('button', { name: 'Label scannen' }).click();
  expect((await lookup).status()).toBe(200);
  await expect(engineer.getByRole('dialog', { name: 'Label scannen' })).toBeHidden();
  await expect(engineer).not.toHaveURL(/\/customers$/);
  // The scan opens the outlet's page (features/outlet-check), the same page its address opens.
  await expect(engineer).toHaveURL(new RegExp(`/outlets/${id}$`));
  await expect(engineer.getByRole('heading', { level: 1 })).toHaveText(/^Douche scan /);
});
