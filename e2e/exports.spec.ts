import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { expect, test } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ENGINEER, apiToken, signIn } from './fixtures';

/**
 * The list exports (docs/exports.md): the node list, filtered by a search and sorted by a column,
 * downloads every matching node (all pages, not the page shown) as the portal's CSV. Screenshots of
 * the list with the button (SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots): nl and en, desktop and
 * phone (on a phone the export sits in the toolbar's menu, shown open).
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'exports-screenshots');
const SEARCH = 'a';

test('the node list exports every node its search matches, in its order, as CSV', async ({ page, request }) => {
  const token = await apiToken(request, ENGINEER);
  const answer = await request.get('/api/v1/devices', { headers: { 'x-access-token': token }, params: { assigned: 'true', search: SEARCH, sort: '-name', projection: 'eui name' } });
  const expected = ((await answer.json()) as { eui: string }[]).map((node) => node.eui);
  // More rows than one page: the export is not the page on the screen.
  expect(expected.length).toBeGreaterThan(25);

  await signIn(page, ENGINEER, `/nodes?search=${SEARCH}`);
  const grid = page.getByRole('grid');
  await expect(grid.locator('.MuiDataGrid-row').first()).toBeVisible();
  // Sort by name, descending: the list is sorted by name going up, one click on the title turns it.
  const nameHeader = grid.getByRole('columnheader', { name: 'Naam' });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await nameHeader.click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  const button = page.getByRole('button', { name: 'Exporteren (CSV)' });
  await expect(button).toBeVisible();
  await expectNoAxeViolations(page, 'the node list with the export button');

  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^nodes-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFFNaam;EUI;Klant;Locatie;')).toBe(true);
  const records: string[][] = parse(text, { delimiter: ';', bom: true });
  expect(records[0][1]).toBe('EUI');
  expect(records.slice(1).map((row) => row[1])).toEqual(expected);

  if (!process.env.SCREENSHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const language of ['nl', 'en'] as const) {
    await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
    for (const [device, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
      await page.setViewportSize(viewport);
      await page.reload();
      await expect(grid.locator('.MuiDataGrid-row').first()).toBeVisible();
      const label = language === 'nl' ? 'Exporteren (CSV)' : 'Export (CSV)';
      if (device === 'phone') {
        await page.getByRole('toolbar').getByRole('button', { name: language === 'nl' ? 'Acties' : 'Actions' }).click();
        await expect(page.getByRole('menuitem', { name: label })).toBeVisible();
      } else {
        await expect(page.getByRole('button', { name: label })).toBeVisible();
      }
      await page.screenshot({ path: path.join(SHOTS, `exports-nodes-${language}-${device}.png`) });
      if (device === 'phone') await page.keyboard.press('Escape');
    }
  }
});
