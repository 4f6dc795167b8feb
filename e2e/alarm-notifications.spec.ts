import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, ENGINEER, signIn } from './fixtures';

/**
 * Alarm notifications in the browser (docs/alarm-notifications.md): a user sets a daily digest and
 * quiet hours on the own account page and finds them kept. `SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots`
 * writes the account page's preferences in Dutch and English at 1280x800 and 390x844.
 */

const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'alarm-notifications-screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function choose(page: Page, field: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('alarm notifications', () => {
  test('a user sets a daily digest and quiet hours on the own account, and they are kept', async ({ page }) => {
    await signIn(page, ENGINEER, '/users/current');
    await expect(page.getByRole('heading', { name: 'Alarmmeldingen' })).toBeVisible();
    await choose(page, 'Node offline', 'Dagelijks overzicht');
    await choose(page, 'Lage batterij', 'Dagelijks overzicht');
    await page.getByRole('switch', { name: 'Rusttijd gebruiken' }).check();
    await page.getByLabel(/^Van/).fill('22:30');
    await page.getByLabel(/^Tot/).fill('06:30');
    await expectNoAxeViolations(page, 'the own account page with the alarm notifications filled in');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Account gewijzigd')).toBeVisible();

    await page.goto('/users/current');
    await expect(page.getByRole('combobox', { name: 'Node offline', exact: true })).toHaveText('Dagelijks overzicht');
    await expect(page.getByRole('combobox', { name: 'Lage batterij', exact: true })).toHaveText('Dagelijks overzicht');
    await expect(page.getByRole('switch', { name: 'Rusttijd gebruiken' })).toBeChecked();
    await expect(page.getByLabel(/^Van/)).toHaveValue('22:30');
    await expect(page.getByLabel(/^Tot/)).toHaveValue('06:30');
    // The demo engineer's flush e-mails (the former switch) are still "immediately".
    await expect(page.getByRole('combobox', { name: 'Spoelalarm', exact: true })).toHaveText('Direct');
  });

  test('quiet hours are time inputs; one left empty is refused beside the field', async ({ page }) => {
    await signIn(page, ENGINEER, '/users/current');
    await page.getByRole('switch', { name: 'Rusttijd gebruiken' }).check();
    await expect(page.getByLabel(/^Van/)).toHaveAttribute('type', 'time');
    await page.getByLabel(/^Van/).fill('');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Veld is verplicht')).toBeVisible();
    await expect(page).toHaveURL(/\/users\/current$/);
  });

  test('an administrator sets a customer’s escalation on the customer form', async ({ page }) => {
    await signIn(page, ADMIN, `/customers/${encodeURIComponent('Gemeente Utrecht')}/edit`);
    const form = page.getByRole('form', { name: 'Escalatie van alarmen' });
    await expect(form.getByRole('textbox', { name: 'Minuten tot escalatie' })).toHaveValue('240');
    await form.getByRole('textbox', { name: 'Minuten tot escalatie' }).fill('120');
    await form.getByRole('textbox', { name: 'E-mailadressen' }).fill('storingsdienst@example.nl');
    await expectNoAxeViolations(page, 'the customer form with the escalation');
    await form.getByRole('button', { name: 'Escalatie opslaan' }).click();
    await expect(page.getByText('Escalatie opgeslagen')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('form', { name: 'Escalatie van alarmen' }).getByRole('textbox', { name: 'E-mailadressen' })).toHaveValue('storingsdienst@example.nl');
    if (process.env.SCREENSHOTS) {
      await page.setViewportSize(PHONE);
      await page.getByRole('form', { name: 'Escalatie van alarmen' }).scrollIntoViewIfNeeded();
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.getByRole('form', { name: 'Escalatie van alarmen' }).screenshot({ path: path.join(SHOTS, 'alarm-notifications-escalation-nl-phone.png') });
    }
  });

  const shots = process.env.SCREENSHOTS
    ? (['nl', 'en'] as const).flatMap((language) => (['desktop', 'phone'] as const).map((device) => ({ language, device })))
    : [{ language: 'en', device: 'phone' } as const];
  for (const { language, device } of shots) {
    test(`screenshot: account preferences ${language} ${device}`, async ({ page }) => {
      const viewport = device === 'phone' ? PHONE : DESKTOP;
      await page.setViewportSize(viewport);
      await signIn(page, ENGINEER);
      await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
      await page.goto('/users/current');
      const title = language === 'nl' ? 'Alarmmeldingen' : 'Alarm notifications';
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await page.getByRole('switch', { name: language === 'nl' ? 'Rusttijd gebruiken' : 'Use quiet hours' }).check();
      await page.getByRole('radio', { name: language === 'nl' ? 'Alleen deze klanten' : 'Only these customers' }).check();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      if (!process.env.SCREENSHOTS) return;
      // The whole page (the preferences run below the fold); a full-page shot draws the fixed app bar at the top.
      await page.evaluate(() => window.scrollTo(0, 0));
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `alarm-notifications-${language}-${device}.png`), fullPage: true });
    });
  }
});
