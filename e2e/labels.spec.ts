import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { expect, test, type Download } from './portal';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, ENGINEER, signIn } from './fixtures';

/**
 * The label sheets from a location's node list (docs/field-work.md, "Print labels", "Outlet labels"):
 * the downloaded PDF turned into images (pdftoppm) and its QR codes decoded (ZXing): one per node,
 * or one per outlet, of the location.
 */
const CUSTOMER = 'Gemeente Utrecht';
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'labels-screenshots');

test("a location's nodes tab prints a label sheet whose QR codes are the nodes' EUIs, and one of the location's outlets whose QR codes open each outlet's page", async ({ page, request, baseURL }) => {
  const token = await apiToken(request, ADMIN);
  const answer = await request.get('/api/v1/devices', { headers: { 'x-access-token': token }, params: { conditions: JSON.stringify({ customer: CUSTOMER }), projection: 'eui location' } });
  const nodes = (await answer.json()) as { eui: string; location: string }[];
  // Not the location whose empty outlet register e2e/outlets.spec.ts starts from (the spec files share a portal).
  const location = nodes.find((node) => node.location !== 'Zwembad De Kromme Rijn')!.location;
  const expected = nodes.filter((node) => node.location === location).map((node) => node.eui).sort();
  const place = `/api/v1/customers/${encodeURIComponent(CUSTOMER)}/locations/${encodeURIComponent(location)}`;
  for (const [name, kind] of [['Douche kleedruimte', 'shower'], ['Hoofdkraan meterkast', 'coldInlet']] as const) {
    const made = await request.post(`${place}/outlets`, { headers: { 'x-access-token': token }, data: { name: `${name} ${Date.now()}`, room: '0.12', floor: '0', kind, water: kind === 'shower' ? 'mixed' : 'cold' } });
    expect(made.status(), await made.text()).toBe(201);
  }
  const outlets = (await (await request.get(`${place}/outlets`, { headers: { 'x-access-token': token } })).json()) as { id: number }[];

  await signIn(page, ENGINEER, `/locations/${encodeURIComponent(CUSTOMER)}/${encodeURIComponent(location)}#nodes`);
  const button = page.getByRole('button', { name: 'Labels afdrukken', exact: true });
  await expect(button).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tappuntlabels afdrukken' })).toBeVisible();
  await expectNoAxeViolations(page, "the location's nodes tab with the label buttons");
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, 'labels-location-nl-desktop.png') });
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^labels-.+\.pdf$/);

  expect(await qrCodesOf(download)).toEqual(expected);

  // Beside it, the location's outlets (docs/field-work.md, "Outlet labels").
  const names = { nl: 'Tappuntlabels afdrukken', en: 'Print outlet labels', de: 'Print outlet labels' };
  const outletsDownloading = page.waitForEvent('download');
  await page.getByRole('button', { name: names.nl }).click();
  const outletSheet = await outletsDownloading;
  expect(outletSheet.suggestedFilename()).toBe(`outlet-labels-${`${CUSTOMER} - ${location}`.replace(/[^\w.]+/g, '-')}.pdf`);
  // The portal's own address (PUBLIC_URL of the test portal), so that a phone's camera app opens the page too.
  expect(await qrCodesOf(outletSheet)).toEqual(outlets.map((outlet) => `${baseURL}/outlets/${outlet.id}`).sort());

  if (process.env.SCREENSHOTS) {
    for (const language of ['nl', 'en', 'de'] as const) {
      await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
      for (const [device, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
        await page.setViewportSize(viewport);
        await page.reload();
        await expect(page.getByRole('button', { name: names[language] })).toBeVisible();
        await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
        await page.screenshot({ path: path.join(SHOTS, `labels-location-${language}-${device}.png`) });
      }
    }
  }
});

test('selected nodes of the node list print a sheet of just those', async ({ page }) => {
  await signIn(page, ENGINEER, '/nodes');
  const rows = page.getByRole('grid').locator('.MuiDataGrid-row');
  await expect(rows.first()).toBeVisible();
  const picked: string[] = [];
  for (const index of [0, 2]) {
    const row = rows.nth(index);
    picked.push((await row.getAttribute('data-id')) ?? '');
    await row.getByRole('checkbox').check();
  }
  const button = page.getByRole('button', { name: 'Labels van de selectie afdrukken' });
  // The selection's action; the selected rows themselves are the list's (their tinted background
  // lowers the contrast of a red "due" date: a known finding of the list, not of this button).
  await expectNoAxeViolations(page, 'the label button of a selection', { include: '[data-testid="list-selection-action"]' });
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, 'labels-selection-nl-desktop.png') });
  const downloading = page.waitForEvent('download');
  await button.click();
  expect(await qrCodesOf(await downloading)).toEqual(picked.sort());
});

/** The QR codes of a downloaded label sheet, read from 150 dpi images of its pages. */
async function qrCodesOf(download: Download): Promise<string[]> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'labels-e2e-'));
  try {
    const pdf = path.join(folder, 'sheet.pdf');
    await download.saveAs(pdf);
    execFileSync('pdftoppm', ['-r', '150', '-png', pdf, path.join(folder, 'page')]);
    const wasm = fs.readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    await prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) }, fireImmediately: true });
    const read: string[] = [];
    for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.png'))) {
      const codes = await readBarcodes(new Uint8Array(fs.readFileSync(path.join(folder, file))), { formats: ['QRCode'], maxNumberOfSymbols: 30, tryHarder: true });
      read.push(...codes.filter((code) => code.isValid).map((code) => code.text));
    }
    return read.sort();
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
