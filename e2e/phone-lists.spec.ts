import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn } from './fixtures';

/**
 * The back-office lists on a 390 px phone (docs/screens.md, "Lists"): the name and the columns that
 * matter most are visible without scrolling sideways, the rest is in the row's expanded part; the
 * rows-per-page choice is there; and at 1280 px no list is wider than its box.
 */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.locator('.MuiDataGrid-virtualScroller').evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

const headers = (page: Page) => page.getByRole('columnheader').allTextContents();

test.describe('lists on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('customers and locations show name, sync and online; a row expands to the rest', async ({ page }) => {
    await signIn(page, ADMIN);
    for (const path of ['/customers', '/locations']) {
      await page.goto(path);
      const grid = page.getByRole('grid');
      await expect(grid.getByText('Gemeente Utrecht').or(grid.getByText('Sporthal Zuid')).first()).toBeVisible();
      const shown = (await headers(page)).map((text) => text.trim()).filter(Boolean);
      expect(shown, path).toEqual(expect.arrayContaining(['Naam', 'Sync', 'Online']));
      expect(shown, path).not.toContain('Adres');
      await expectNoSidewaysScroll(page);
      await expect(page.getByText('Rijen per pagina')).toBeVisible();

      await grid.getByRole('button', { name: 'Uitklappen' }).first().click();
      const detail = grid.locator('.list-detail-cell').first();
      await expect(detail.getByText('Adres', { exact: true })).toBeVisible();
      await expect(detail.getByText('Plaats', { exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
  });

  test('users show the name; e-mail and customers are in the expanded row', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/users');
    const grid = page.getByRole('grid');
    await expect(grid.getByText('Mark de Monteur')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await grid.getByRole('row', { name: /Mark de Monteur/ }).getByRole('button', { name: 'Uitklappen' }).click();
    await expect(grid.locator('.list-detail-cell').getByText('monteur@example.com')).toBeVisible();
  });

  test('the detail tabs scroll with arrows instead of being cut off', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/customers/Gemeente%20Utrecht#locations');
    const tabs = page.getByRole('tablist');
    await expect(tabs.getByRole('tab', { name: 'Locaties' })).toBeVisible();
    const forward = page.locator('.MuiTabs-scrollButtons').last();
    await expect(forward).toBeVisible();
    await forward.click();
    await expect(tabs.getByRole('tab').last()).toBeInViewport();
  });
});

test.describe('lists on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the locations list fits its box at 1280 px', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/locations');
    await expect(page.getByRole('grid').getByText('Sporthal Zuid')).toBeVisible();
    const shown = (await headers(page)).map((text) => text.trim()).filter(Boolean);
    expect(shown).toEqual(expect.arrayContaining(['Naam', 'Klant', 'Plaats', 'Sync', 'Online', 'Kanalen']));
    await expectNoSidewaysScroll(page);
  });
});
