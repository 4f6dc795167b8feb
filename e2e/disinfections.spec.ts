import path from 'node:path';
import { expect, test, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, CUSTOMER_USER, signIn, type TAccount } from './fixtures';

/**
 * Recording a planned thermal disinfection (docs/logbook.md, "Thermal disinfection"; issue 39 item 3)
 * on the Logbook tab of the demo's Sporthal Zuid: the customer's own user (recordDeviationAction)
 * records one on a phone in last month, the default period; it is listed and the report's preview
 * checks it at every hot outlet. `SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots` writes the
 * screenshots the docs show.
 */
const CUSTOMER = 'Gemeente Utrecht';
const LOCATION = 'Sporthal Zuid';
const enc = encodeURIComponent;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'disinfections-screenshots');
const ADDRESS = `/locations/${enc(CUSTOMER)}/${enc(LOCATION)}#logbook`;
const NOTE = 'Boiler op 70 °C gezet, elk tappunt 5 minuten open';
/** The part of the Logbook tab (a region; its table's scroll box is another region of the same name). */
/** Element screenshots taller than a phone scroll under the fixed app bar: hide it for them. */
const NO_APP_BAR = '.MuiAppBar-root { visibility: hidden !important; }';
const panel = (page: Page) => page.locator('section[aria-labelledby="planned-disinfections-title"]');

/** The 10th of last month (the Logbook tab's default period), as a datetime-local value at `time`. */
function lastMonth(time: string): string {
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10));
  return `${month.toISOString().slice(0, 10)}T${time}`;
}

async function openLogbook(page: Page, account: TAccount): Promise<void> {
  await signIn(page, account, ADDRESS);
  await expect(page.getByRole('table', { name: 'Samenvatting' }).first().or(page.getByRole('list', { name: 'Samenvatting' }).first())).toBeVisible({ timeout: 60_000 });
  await expect(panel(page)).toBeVisible();
}

test.describe.serial('planned thermal disinfections', () => {
  test("on a phone, the customer's own user records one: full-screen dialog, listed, checked by the report", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openLogbook(page, CUSTOMER_USER);
    await expect(panel(page).getByText('Geen desinfectie vastgelegd in deze periode.')).toBeVisible();
    await panel(page).getByRole('button', { name: 'Desinfectie vastleggen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thermische desinfectie vastleggen' });
    await expect(dialog.getByText('Vastgelegd door: klant@example.com')).toBeVisible();
    // Full screen on a phone.
    const box = await page.locator('.MuiDialog-paper').boundingBox();
    expect(box?.width).toBe(PHONE.width);
    expect(box?.height).toBe(PHONE.height);
    // An end before the start is refused in the form.
    await dialog.getByLabel(/^Begin/).fill(lastMonth('08:00'));
    await dialog.getByLabel(/^Einde/).fill(lastMonth('07:30'));
    await dialog.getByRole('button', { name: 'Vastleggen' }).click();
    await expect(dialog.getByText('Het einde moet na het begin liggen')).toBeVisible();
    await dialog.getByLabel(/^Einde/).fill(lastMonth('08:30'));
    await dialog.getByRole('textbox', { name: 'Notitie' }).fill(NOTE);
    await expectNoAxeViolations(page, 'the disinfection dialog on a phone');
    await dialog.getByRole('button', { name: 'Vastleggen' }).click();
    await expect(dialog).toHaveCount(0);
    // Listed as a card, and the preview, made again, checks it at the hot outlets.
    const cards = panel(page).getByRole('list', { name: 'Thermische desinfectie' });
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    await expect(cards).toContainText(NOTE);
    await expect(cards).toContainText('klant@example.com');
    await page.getByRole('button', { name: /^Thermische desinfectie/ }).click();
    await expect(page.getByText('gepland', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page, 'the logbook tab with a planned disinfection on a phone');
  });

  test('a user without recordDeviationAction sees the list, not the button', async ({ page }) => {
    // The engineer of the demo may see the location but holds no recordDeviationAction.
    await signIn(page, { email: 'monteur@example.com', password: 'Welkom-demo-2026' }, ADDRESS);
    await expect(panel(page)).toBeVisible({ timeout: 60_000 });
    await expect(panel(page)).toContainText(NOTE);
    await expect(panel(page).getByRole('button', { name: 'Desinfectie vastleggen' })).toHaveCount(0);
  });

  // Writes docs/screenshots only when asked (SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots): without it, no test at all.
  if (process.env.SCREENSHOTS) test('screenshots: the list and the dialog, nl/en/de, desktop and phone', async ({ page }) => {
    // The administrator: the customer user's account language (nl) would win over the stored choice.
    await openLogbook(page, ADMIN);
    for (const language of ['nl', 'en', 'de'] as const) {
      await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
      for (const [device, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        await page.setViewportSize(viewport);
        await page.goto(ADDRESS);
        await page.reload();
        await expect(panel(page)).toContainText(NOTE, { timeout: 60_000 });
        await panel(page).scrollIntoViewIfNeeded();
        await panel(page).screenshot({ path: path.join(SHOTS, `logbook-disinfections-${language}-${device}.png`), style: NO_APP_BAR });
        // The preview's part, in the report's language: which outlets reached the planned one, for how long.
        const part = page.locator('.MuiAccordion-root').filter({ has: page.getByRole('button', { name: /^(Thermische desinfectie|Thermal disinfection|Thermische Desinfektion)/ }) });
        await part.getByRole('button').first().click();
        await expect(part.getByText(/^(gepland|planned|geplant)$/).first()).toBeVisible({ timeout: 60_000 });
        await part.screenshot({ path: path.join(SHOTS, `logbook-disinfections-preview-${language}-${device}.png`), style: NO_APP_BAR });
        await part.getByRole('button').first().click();
        await panel(page).getByRole('button', { name: /^(Desinfectie vastleggen|Record disinfection)$/ }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('textbox', { name: /^(Notitie|Note)/ }).fill(language === 'nl' ? 'Boiler op 65 °C, elk tappunt 10 minuten open' : 'Heater at 65 °C, every outlet open for 10 minutes');
        await page.screenshot({ path: path.join(SHOTS, `logbook-disinfection-dialog-${language}-${device}.png`) });
        await dialog.getByRole('button', { name: /^(Annuleren|Cancel)$/ }).click();
      }
    }
    await page.evaluate(() => localStorage.setItem('aquasmart.language', 'nl'));
  });
});
