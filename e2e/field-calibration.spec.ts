import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, ENGINEER, signIn } from './fixtures';
import { v2Temperatures } from './uplinks';

/**
 * Calibrating standing in front of the node, on a phone of 390x844 (docs/field-work.md,
 * "Calibrate"): one screen with the live reading and its age, the freshness window running down,
 * a large decimal field, the resulting offset and the button within a thumb's reach; a reading
 * that goes stale while the reference is typed says so before the save.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'field-calibration-screenshots');
const PHONE = { width: 390, height: 844 };
const CUSTOMER = 'Zorggroep Rijnmond';
const STILL = '*, *::before, *::after { transition: none !important; animation: none !important; }';
const nowS = () => Math.floor(Date.now() / 1000);

interface TNode {
  eui: string;
  name: string;
  customer: string;
  location: string;
  channels: { id: string; name: string }[];
}

async function pickNode(request: APIRequestContext, token: string): Promise<TNode> {
  const answer = await request.get('/api/v1/devices', {
    headers: { 'x-access-token': token },
    params: { conditions: JSON.stringify({ type: 'V2', customer: CUSTOMER }), projection: 'eui name customer location channels' },
  });
  expect(answer.status()).toBe(200);
  const nodes = (await answer.json()) as TNode[];
  expect(nodes.length).toBeGreaterThan(0);
  return nodes[0];
}

async function openCalibration(page: Page, node: TNode, title: string, button: string) {
  await page.goto(`/nodes/${encodeURIComponent(node.customer)}/${encodeURIComponent(node.location)}/${node.eui}#details`);
  const card = page.getByRole('tabpanel').getByRole('region', { name: node.channels[0].name, exact: true });
  await card.getByRole('button', { name: button }).click();
  return page.getByRole('dialog', { name: title });
}

function countCalibrationPosts(page: Page): () => number {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/calibration')) posts += 1;
  });
  return () => posts;
}

test.describe.serial('calibrating on a phone', () => {
  let node: TNode;
  let token: string;
  test.beforeAll(async ({ request }) => {
    token = await apiToken(request, ADMIN);
    node = await pickNode(request, token);
  });

  test('one screen, one thumb: reading, window, reference, offset, button; the calibration is saved', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    await v2Temperatures(request, token, node.eui, nowS() - 5, [47.3, 20, 21]);
    await signIn(page, ENGINEER);
    const name = node.channels[0].name;
    const dialog = await openCalibration(page, node, `${name} kalibreren`, 'Kalibreren');
    // Full screen.
    const box = await dialog.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    await expect(dialog.getByTestId('calibration-reading')).toHaveText('47,3 °C');
    await expect(dialog.getByTestId('calibration-age')).toContainText(/Gemeten \d+ seconden geleden/);
    await expect(dialog.getByRole('progressbar', { name: 'Tijd om te kalibreren met deze meting' })).toBeVisible();
    await expect(dialog.getByTestId('calibration-window-text')).toHaveText(/^Nog 1:[45]\d om te kalibreren met deze meting$/);
    const reference = dialog.getByRole('textbox', { name: /IJkwaarde/ });
    await expect(reference).toHaveAttribute('inputmode', 'decimal');
    await expect(reference).toBeFocused();
    expect(Number.parseFloat(await reference.evaluate((input) => getComputedStyle(input).fontSize))).toBeGreaterThanOrEqual(24);
    await reference.fill('47,0');
    await expect(dialog.getByTestId('calibration-offset')).toHaveText('-0,3 °C');
    // The button where a thumb reaches: in the lowest fifth of the screen, 48 px high at least.
    const submit = dialog.getByRole('button', { name: 'Kalibreren' });
    const button = await submit.boundingBox();
    expect(button && button.y + button.height).toBeGreaterThan(PHONE.height * 0.8);
    expect(button?.height).toBeGreaterThanOrEqual(48);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page, 'the phone calibration screen', { include: '[role="dialog"]' });
    await page.addStyleTag({ content: STILL });
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'field-calibration-nl-phone.png') });
    await submit.click();
    await expect(page.getByRole('alert').filter({ hasText: `${name} gekalibreerd, afwijking -0,3 °C` })).toBeVisible();
    await expect(dialog).toBeHidden();
    const saved = (await (await request.get(`/api/v1/devices/${node.eui}`, { headers: { 'x-access-token': token } })).json()) as { channels: { offset: number; rawValue: number }[] };
    expect(saved.channels[0]).toMatchObject({ offset: -0.3, rawValue: 47.3 });
  });

  test('the reading goes stale while the reference is typed: the screen says so before the save, nothing is sent', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    await page.clock.install();
    await v2Temperatures(request, token, node.eui, nowS() - 2, [52.4, 20, 21]);
    const posts = countCalibrationPosts(page);
    await signIn(page, ENGINEER);
    const dialog = await openCalibration(page, node, `${node.channels[0].name} kalibreren`, 'Kalibreren');
    await page.addStyleTag({ content: STILL });
    await expect(dialog.getByTestId('calibration-reading')).toHaveText('52,4 °C');
    const reference = dialog.getByRole('textbox', { name: /IJkwaarde/ });
    await reference.pressSequentially('52');
    // Half a minute before the end the screen warns.
    await page.clock.fastForward('01:35');
    await expect(dialog.getByTestId('calibration-window-text')).toHaveText(/^Nog 0:[12]\d: sla op of vernieuw de meting$/);
    await expect(dialog.getByRole('button', { name: 'Kalibreren' })).toBeEnabled();
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'field-calibration-ending-nl-phone.png') });
    await reference.pressSequentially(',8');
    await page.clock.fastForward('00:30');
    // Past the window: said before the save, the button off, no offset from the old reading.
    await expect(dialog.getByRole('alert')).toContainText(/kalibreren kan alleen met een meting van de laatste 2 minuten/);
    await expect(dialog.getByTestId('calibration-window')).toHaveCount(0);
    await expect(dialog.getByTestId('calibration-offset')).toHaveText('Niet te berekenen met deze meting');
    await expect(dialog.getByRole('button', { name: 'Kalibreren' })).toBeDisabled();
    await expect(dialog.getByTestId('dialog-blocked-reason')).toHaveText('Kalibreren kan niet: de meting is ouder dan 2 minuten');
    await expect(reference).toHaveValue('52,8');
    await expectNoAxeViolations(page, 'the phone calibration screen, stale', { include: '[role="dialog"]' });
    expect(posts()).toBe(0);
  });

  test('in English, the same screen', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    await v2Temperatures(request, token, node.eui, nowS() - 3, [55.1, 20, 21]);
    await signIn(page, ENGINEER);
    await page.evaluate(() => localStorage.setItem('aquasmart.language', 'en'));
    const dialog = await openCalibration(page, node, `Calibrate ${node.channels[0].name}`, 'Calibrate');
    await expect(dialog.getByTestId('calibration-window-text')).toHaveText(/^1:[45]\d left to calibrate with this reading$/);
    await dialog.getByRole('textbox', { name: /Reference/ }).fill('55.4');
    await expect(dialog.getByTestId('calibration-offset')).toHaveText('+0.3 °C');
    await expectNoAxeViolations(page, 'the phone calibration screen (en)', { include: '[role="dialog"]' });
    await page.addStyleTag({ content: STILL });
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'field-calibration-en-phone.png') });
  });
});
