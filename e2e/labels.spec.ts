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
 * The label sheet from a location's node list (docs/field-work.md, "Print labels"): the downloaded
 * PDF turned into images (pdftoppm) and its QR codes decoded (ZXing): one per node of the location.
 */
const CUSTOMER = 'Gemeente Utrecht';
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'labels-screenshots');

test('a location\'s nodes tab prints a label sheet whose QR codes are the nodes\' EUIs', async ({ page, request }) => {
  const token = await apiToken(request, ADMIN);
  const answer = await request.get('/api/v1/devices', { headers: { 'x-access-token': token }, params: { conditions: JSON.stringify({ customer: CUSTOMER }), projection: 'eui location' } });
  const nodes = (await answer.json()) as { eui: string; location: string }[];
  const location = nodes[0].location;
  const expected = nodes.filter((node) => node.location === location).map((node) => node.eui).sort();

  await signIn(page, ENGINEER, `/locations/${encodeURIComponent(CUSTOMER)}/${encodeURIComponent(location)}#nodes`);
  const button = page.getByRole('button', { name: 'Labels afdrukken' });
  await expect(button).toBeVisible();
  await expectNoAxeViolations(page, "the location's nodes tab with the label button");
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, 'labels-location-nl-desktop.png') });
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^labels-.+\.pdf$/);

  expect(await qrCodesOf(download)).toEqual(expected);
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
