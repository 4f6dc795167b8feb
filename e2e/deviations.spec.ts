import path from 'node:path';
import { expect, test, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, CUSTOMER_USER, signIn, type TAccount } from './fixtures';

/**
 * The Deviations tab (docs/logbook.md, "Deviations"; issue 39 item 1) on the demo data: the
 * logbook of last month at Sporthal Zuid finds its deviations; the customer's own user records
 * cause and corrective action of an open one, which then shows as handled. `SCREENSHOTS=1
 * SCREENSHOT_DIR=docs/screenshots` writes the screenshots the docs show.
 */
const CUSTOMER = 'Gemeente Utrecht';
const LOCATION = 'Sporthal Zuid';
const enc = encodeURIComponent;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'deviations-screenshots');
const table = (page: Page) => page.getByRole('table', { name: /^(Afwijkingen|Deviations)$/ });
const cards = (page: Page) => page.getByRole('list', { name: /^(Afwijkingen|Deviations)$/ });

/** Opens the location's logbook on last month (which materialises its deviations), then its Deviations tab. */
async function openDeviations(page: Page, account: TAccount = CUSTOMER_USER): Promise<void> {
  await signIn(page, account, `/locations/${enc(CUSTOMER)}/${enc(LOCATION)}#logbook`);
  await expect(page.getByRole('table', { name: 'Samenvatting' }).first()).toBeVisible({ timeout: 60_000 });
  await page.getByRole('tab', { name: 'Afwijkingen' }).click();
  await expect(table(page)).toBeVisible();
}

test.describe.serial('the deviations tab', () => {
  test("the customer's own user records an action: the deviation moves from open to handled", async ({ page }) => {
    await openDeviations(page);
    const firstRow = table(page).getByRole('row').nth(1);
    await expect(firstRow).toContainText('Open');
    await expectNoAxeViolations(page, 'the deviations tab');
    await page.getByRole('combobox', { name: 'Toon' }).click();
    await page.getByRole('option', { name: 'Open' }).click();
    const openRows = table(page).getByRole('row');
    await expect(openRows.nth(1)).toBeVisible();
    const openBefore = (await openRows.count()) - 1;
    const button = openRows.nth(1).getByRole('button', { name: /^Maatregel vastleggen: / });
    const label = (await button.getAttribute('aria-label')) ?? '';
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Maatregel vastleggen' });
    await expect(dialog.getByText('Vastgelegd door: klant@example.com')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Oorzaak' }).fill('Thermostaat van de boiler stond te laag na onderhoud');
    await dialog.getByRole('textbox', { name: 'Genomen maatregel' }).fill('Thermostaat op 65 °C gezet en het tappunt 5 minuten doorgespoeld');
    await expectNoAxeViolations(page, 'the action dialog');
    await dialog.getByRole('button', { name: 'Vastleggen' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: label })).toHaveCount(0);
    await expect(table(page).getByRole('row')).toHaveCount(openBefore);
    await page.getByRole('combobox', { name: 'Toon' }).click();
    await page.getByRole('option', { name: 'Afgehandeld' }).click();
    const handled = table(page).getByRole('row').filter({ hasText: 'Thermostaat op 65 °C gezet' });
    await expect(handled).toHaveCount(1);
    await expect(handled).toContainText('klant@example.com');
    await expect(handled.getByRole('button', { name: /^Corrigeren: / })).toBeVisible();
  });

  test('on a phone: cards, no sideways page scroll, the dialog full screen', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, CUSTOMER_USER, `/locations/${enc(CUSTOMER)}/${enc(LOCATION)}#deviations`);
    await expect(cards(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page, 'the deviations tab on a phone');
  });

  // Writes docs/screenshots only when asked (SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots): without it, no test at all.
  if (process.env.SCREENSHOTS) test('screenshots: the tab and the dialog, nl/en/de, desktop and phone', async ({ page }) => {
    // The administrator: the customer user's account language (nl) would win over the stored choice.
    await openDeviations(page, ADMIN);
    for (const language of ['nl', 'en', 'de'] as const) {
      await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
      for (const [device, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        await page.setViewportSize(viewport);
        // Loaded afresh (the same address again would only move to its hash), in the language just stored.
        await page.goto(`/locations/${enc(CUSTOMER)}/${enc(LOCATION)}#deviations`);
        await page.reload();
        await expect(device === 'phone' ? cards(page) : table(page)).toBeVisible();
        await page.screenshot({ path: path.join(SHOTS, `deviations-tab-${language}-${device}.png`), fullPage: device === 'desktop' });
        await page.getByRole('button', { name: /^(Maatregel vastleggen|Record action): / }).first().click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('textbox', { name: /^(Oorzaak|Cause)/ }).fill(language === 'nl' ? 'Sensor lag los na schoonmaak' : 'Sensor came loose after cleaning');
        await page.screenshot({ path: path.join(SHOTS, `deviations-dialog-${language}-${device}.png`) });
        await dialog.getByRole('button', { name: /^(Annuleren|Cancel)$/ }).click();
      }
    }
    await page.evaluate(() => localStorage.setItem('aquasmart.language', 'nl'));
  });
});
