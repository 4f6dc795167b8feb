import path from 'node:path';
import { expect, test, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, CUSTOMER_USER, signIn, type TAccount } from './fixtures';

/**
 * The Sampling tab of a location (docs/sampling.md, "Screens"; issue 40): on a phone an engineer
 * adds a sample point and enters a lab result above 1,000 kve/l (NL); the portal shows the verdict,
 * the legal step (report to the ILT), the prepared notification and the alarm it opened, whose page
 * asks when the ILT was told before it is resolved. A refused lab CSV names its line. `SCREENSHOTS=1
 * SCREENSHOT_DIR=docs/screenshots` writes the screenshots the docs show.
 */
const CUSTOMER = 'Gemeente Utrecht';
// Not Sporthal Zuid: e2e/logbook-sampling.spec.ts gives that one sample points on the same portal before this file runs.
const LOCATION = 'Stadskantoor';
const enc = encodeURIComponent;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'sampling-screenshots');
const POINT = 'Douche 1 kleedkamer heren';
/** The screenshots' own point: its alarm stays open (the first one is resolved in the first test). */
const SHOT_POINT = 'Douche 2 kleedkamer dames';
const pointsTable = (page: Page) => page.getByRole('table', { name: /^(Monsterpunten|Sample points)$/ });
const pointsCards = (page: Page) => page.getByRole('list', { name: /^(Monsterpunten|Sample points)$/ });

async function openSampling(page: Page, account: TAccount = ADMIN): Promise<void> {
  await signIn(page, account, `/locations/${enc(CUSTOMER)}/${enc(LOCATION)}#sampling`);
  await expect(page.getByRole('heading', { name: /^(Monsterpunten|Sample points)$/ })).toBeVisible({ timeout: 60_000 });
}

test.describe.serial('the sampling tab', () => {
  test('on a phone: add a point, enter a result above 1,000 kve/l, see the alarm and the prepared notification', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openSampling(page);
    await expect(page.getByText('Nog geen monsterpunten. Voeg er een toe of importeer een CSV-bestand.')).toBeVisible();
    await expectNoAxeViolations(page, 'the empty sampling tab on a phone');

    await page.getByRole('button', { name: 'Monsterpunt toevoegen' }).click();
    const pointDialog = page.getByRole('dialog', { name: 'Monsterpunt toevoegen' });
    await pointDialog.getByRole('textbox', { name: 'Naam' }).fill(POINT);
    await pointDialog.getByRole('checkbox', { name: /Voorrangspunt/ }).check();
    await pointDialog.getByRole('button', { name: 'Opslaan' }).click();
    await expect(pointDialog).toHaveCount(0);
    await expect(pointsCards(page)).toContainText(POINT);
    // Never sampled: due six months (NL) after the day it was added.
    await expect(pointsCards(page)).toContainText('Voorrangspunt');

    await page.getByRole('button', { name: `Resultaat invoeren voor ${POINT}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Resultaat invoeren' });
    // Full screen on a phone, as the deviations dialog.
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(PHONE.width);
    await dialog.getByRole('textbox', { name: 'Monsternummer van het lab' }).fill('LAB-2026-0412');
    await dialog.getByRole('textbox', { name: 'Aantal' }).fill('1.500');
    await dialog.getByRole('textbox', { name: 'Laboratorium' }).fill('Aqualab Zuid');
    await dialog.getByRole('textbox', { name: 'Accreditatie' }).fill('RvA L 123');
    await dialog.getByRole('textbox', { name: /^Watertemperatuur/ }).fill('41,5');
    await expectNoAxeViolations(page, 'the result dialog on a phone');
    await dialog.getByRole('button', { name: 'Invoeren' }).click();

    const outcome = page.getByRole('dialog', { name: 'Uitslag LAB-2026-0412' });
    await expect(outcome).toBeVisible();
    await expect(outcome).toContainText('Melden');
    await expect(outcome.locator('dl')).toContainText('1.500 kve/l');
    await expect(outcome).toContainText('Direct melden aan de ILT');
    await expect(outcome).toContainText('Er is een alarm geopend voor dit monsterpunt.');
    const notification = outcome.locator('[data-notification]');
    await expect(notification).toContainText(`Legionella boven de norm: ${LOCATION}, ${POINT}`);
    await expect(notification).toContainText('Aqualab Zuid');
    await expect(notification).toContainText('1.500 kve/l');
    await expect(notification).toContainText(`op monsterpunt ${POINT} (`);
    await expect(outcome.getByRole('button', { name: 'Melding kopiëren' })).toBeVisible();
    await expectNoAxeViolations(page, 'the outcome on a phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await outcome.getByRole('link', { name: /^Alarm \d+ openen$/ }).click();
    await expect(page).toHaveURL(/\/alarms\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Legionella boven de norm' })).toBeVisible();
    await expect(page.getByText(`Monsterpunt ${POINT}`).first()).toBeVisible();
    await expect(page.locator('[data-measurement]')).toContainText('1.500 kve/l in monster LAB-2026-0412');
    await page.getByRole('button', { name: 'Oplossen' }).click();
    const resolve = page.getByRole('dialog', { name: 'Alarm oplossen' });
    await expect(resolve.getByLabel(/^Instantie ingelicht op/)).toBeVisible();
    await resolve.getByRole('textbox', { name: 'Genomen maatregel' }).fill('Boiler thermisch gedesinfecteerd, tappunt doorgespoeld; ILT gebeld');
    await resolve.getByRole('button', { name: 'Oplossen' }).click();
    await expect(resolve).toHaveCount(0);
    await expect(page.getByText('Boiler thermisch gedesinfecteerd').first()).toBeVisible();
  });

  test('the result is listed with its verdict; a lab CSV with a bad line names the line and imports nothing', async ({ page }) => {
    await openSampling(page);
    const results = page.getByRole('table', { name: 'Uitslagen' });
    await expect(results.getByRole('row').filter({ hasText: 'LAB-2026-0412' })).toContainText('Melden');
    await expect(pointsTable(page).getByRole('row').filter({ hasText: POINT })).toContainText('Melden');
    await expectNoAxeViolations(page, 'the sampling tab');
    await page.getByRole('button', { name: 'Labuitslagen importeren (CSV)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Labuitslagen importeren' });
    // The portal's word for the point's column (issue 41, "Words"); the next test's file has the old one, "Tappunt".
    const csv = `Monsternummer;Monsterpunt;Datum;Laboratorium;Aantal;Eenheid\nLAB-2026-0500;${POINT};01-03-2026 09:15;Aqualab Zuid;<100;kve/l\nLAB-2026-0501;Bestaat niet;01-03-2026 09:20;Aqualab Zuid;200;kve/l\n`;
    await dialog.getByLabel('CSV-bestand').setInputFiles({ name: 'lab.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Importeren' }).click();
    await expect(dialog.locator('[data-csv-error]')).toContainText('Regel 3 van het bestand is ongeldig');
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect(results.getByRole('row').filter({ hasText: 'LAB-2026-0500' })).toHaveCount(0);
  });

  test("the lab's PDF: a file that is no PDF is refused, a PDF is attached to the result and downloads", async ({ page }) => {
    await openSampling(page);
    const row = page.getByRole('table', { name: 'Uitslagen' }).getByRole('row').filter({ hasText: 'LAB-2026-0412' });
    await expect(row.getByRole('button', { name: 'Rapport van het laboratorium toevoegen aan LAB-2026-0412' })).toBeVisible();
    await row.locator('input[type=file]').setInputFiles({ name: 'rapport.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>geen pdf</html>') });
    await expect(page.getByText('Alleen een PDF-bestand')).toBeVisible();
    await row.locator('input[type=file]').setInputFiles({ name: 'Rapport LAB-2026-0412.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF\n') });
    const download = row.getByRole('button', { name: 'Rapport Rapport LAB-2026-0412.pdf downloaden' });
    await expect(download).toBeVisible();
    await expectNoAxeViolations(page, 'the sampling tab with a PDF');
    const downloading = page.waitForEvent('download');
    await download.click();
    expect((await downloading).suggestedFilename()).toBe('Rapport LAB-2026-0412.pdf');
  });

  test('a lab CSV in another layout: the dialog links its headers to the fields and imports it', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openSampling(page);
    await page.getByRole('button', { name: 'Labuitslagen importeren (CSV)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Labuitslagen importeren' });
    const csv = `Analysenr;Tappunt;Datum;Uitvoerend lab;Legionella pneumophila;Maat\nLAB-2026-0700;${POINT};02-03-2026 10:00;Aqualab Oost;<100;kve/l\n`;
    await dialog.getByLabel('CSV-bestand').setInputFiles({ name: 'oost.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(dialog.getByText('Kolommen van het bestand')).toBeVisible();
    // The file's "Tappunt" (the sample point's Dutch word before issue 41) is still known: chosen for the field "Monsterpunt".
    await expect(dialog.getByRole('combobox', { name: /^Monsterpunt/ })).toHaveText('Tappunt');
    await expect(dialog.getByText('Kies de kolom')).toHaveCount(4);
    await expectNoAxeViolations(page, 'the lab CSV dialog with its columns on a phone');
    for (const [field, header] of [['Monsternummer', 'Analysenr'], ['Laboratorium', 'Uitvoerend lab'], ['Aantal', 'Legionella pneumophila'], ['Eenheid', 'Maat']] as const) {
      await dialog.getByRole('combobox', { name: new RegExp(`^${field}`) }).click();
      await page.getByRole('option', { name: header }).click();
    }
    await expect(dialog.getByText('Kies de kolom')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Importeren' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Uitslagen' })).toContainText('LAB-2026-0700');
  });

  test("the customer's own user without enterSampleResults reads the points and results, without the buttons", async ({ page }) => {
    await openSampling(page, CUSTOMER_USER);
    await expect(pointsTable(page)).toContainText(POINT);
    await expect(page.getByRole('table', { name: 'Uitslagen' })).toContainText('LAB-2026-0412');
    await expect(page.getByRole('button', { name: /^Resultaat invoeren/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Monsterpunt toevoegen' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Plan wijzigen' })).toHaveCount(0);
    // The lab's PDF downloads for every reader; attaching one needs the right.
    await expect(page.getByRole('button', { name: 'Rapport Rapport LAB-2026-0412.pdf downloaden' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Rapport van het laboratorium toevoegen/ })).toHaveCount(0);
  });

  // Writes docs/screenshots only when asked (SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots): without it, no test at all.
  if (process.env.SCREENSHOTS) test('screenshots: the tab, the result dialog, the outcome and the alarm, nl/en/de, desktop and phone', async ({ page }) => {
    const headers = { 'x-access-token': await apiToken(page.request, ADMIN) };
    const added = await page.request.post(`/api/v1/customers/${enc(CUSTOMER)}/locations/${enc(LOCATION)}/sample-points`, { headers, data: { name: SHOT_POINT, role: 'hot', priority: false } });
    expect(added.status()).toBe(201);
    await openSampling(page);
    let n = 0;
    for (const language of ['nl', 'en', 'de'] as const) {
      await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
      for (const [device, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        await page.setViewportSize(viewport);
        await page.goto(`/locations/${enc(CUSTOMER)}/${enc(LOCATION)}#sampling`);
        await page.reload();
        await expect(device === 'phone' ? pointsCards(page) : pointsTable(page)).toBeVisible();
        await page.screenshot({ path: path.join(SHOTS, `sampling-tab-${language}-${device}.png`), fullPage: device === 'desktop' });
        // The lab CSV dialog with the columns of another lab's file.
        await page.getByRole('button', { name: /^(Labuitslagen importeren|Import lab results) \(CSV\)$/ }).click();
        const csvDialog = page.getByRole('dialog');
        await csvDialog.locator('input[type=file]').setInputFiles({ name: 'oost.csv', mimeType: 'text/csv', buffer: Buffer.from('Analysenr;Monsterpunt;Datum;Uitvoerend lab;Legionella pneumophila;Maat\n') });
        await expect(csvDialog.getByRole('combobox')).toHaveCount(6);
        await page.screenshot({ path: path.join(SHOTS, `sampling-csv-mapping-${language}-${device}.png`) });
        await csvDialog.getByRole('button', { name: /^(Annuleren|Cancel)$/ }).click();
        await page.getByRole('button', { name: new RegExp(`^(Resultaat invoeren voor|Enter result for) ${SHOT_POINT}$`) }).click();
        const dialog = page.getByRole('dialog');
        n += 1;
        await dialog.getByRole('textbox', { name: /^(Monsternummer van het lab|Lab's sample id)/ }).fill(`LAB-2026-06${String(n).padStart(2, '0')}`);
        await dialog.getByRole('textbox', { name: /^(Aantal|Count)/ }).fill('2.400');
        await dialog.getByRole('textbox', { name: /^(Laboratorium|Laboratory)/ }).fill('Aqualab Zuid');
        await page.screenshot({ path: path.join(SHOTS, `sampling-result-dialog-${language}-${device}.png`) });
        await dialog.getByRole('button', { name: /^(Invoeren|Enter)$/ }).click();
        const outcome = page.getByRole('dialog', { name: /^(Uitslag|Result) LAB-/ });
        await expect(outcome.locator('[data-notification]')).toBeVisible();
        await page.screenshot({ path: path.join(SHOTS, `sampling-outcome-${language}-${device}.png`) });
        // The alarm it opened, and its resolve dialog asking when the ILT was told.
        await outcome.getByRole('link', { name: /^(Alarm \d+ openen|Open alarm \d+)$/ }).click();
        await expect(page.locator('[data-measurement]')).toBeVisible();
        await page.screenshot({ path: path.join(SHOTS, `sampling-alarm-${language}-${device}.png`), fullPage: device === 'desktop' });
        await page.getByRole('button', { name: /^(Oplossen|Resolve)$/ }).click();
        await expect(page.getByRole('dialog').getByLabel(/^(Instantie ingelicht op|Authority told at)/)).toBeVisible();
        await page.screenshot({ path: path.join(SHOTS, `sampling-alarm-resolve-${language}-${device}.png`) });
        await page.getByRole('dialog').getByRole('button', { name: /^(Annuleren|Cancel)$/ }).click();
      }
    }
    await page.evaluate(() => localStorage.setItem('aquasmart.language', 'nl'));
  });
});
