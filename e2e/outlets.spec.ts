import path from 'node:path';
import { expect, test, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, CUSTOMER_USER, signIn } from './fixtures';

/**
 * The location's "Tappunten en controles" tab (docs/outlets.md, "Screens"; issue 41): an empty
 * register says so (never "all clear"), a CSV with a bad line names it and imports nothing, the good
 * file fills the register and the due list, a check plan gets its own period, an outlet is added and
 * edited; a check recorded long ago makes its outlet overdue (first in the list, an alarm), a reading
 * below the limit opens a deviation alarm whose page names the outlet; the dashboard's card counts
 * them and links to the outlet. `SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots` writes the pictures.
 */
const CUSTOMER = 'Gemeente Utrecht';
// Not Stadskantoor or Sporthal Zuid: the sampling specs give those sample points on the same portal.
const LOCATION = 'Zwembad De Kromme Rijn';
const enc = encodeURIComponent;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'outlets-screenshots');
const TAB = `/locations/${enc(CUSTOMER)}/${enc(LOCATION)}#outlets`;
const API = `/api/v1/customers/${enc(CUSTOMER)}/locations/${enc(LOCATION)}`;
const CSV = [
  'Naam;Ruimte;Verdieping;Soort;Water;Sentinelpunt;Weinig gebruikt',
  'Douche 1 kleedkamer dames;Kleedkamer dames;0;douche;gemengd;;nee',
  'Douche 2 kleedkamer heren;Kleedkamer heren;0;douche;warm;verst;nee',
  'Wastafel EHBO;EHBO-ruimte;1;wastafel;koud;dichtstbij;ja',
  'Mengkraan badmeester;Badmeestershok;0;TMV;gemengd;;nee',
  'Hoofdaansluiting;Technische ruimte;-1;hoofdkraan;koud;;nee',
].join('\n');
const register = (page: Page) => page.getByRole('table', { name: /^(Tappuntenregister|Outlet register)$/ });
const registerCards = (page: Page) => page.getByRole('list', { name: /^(Tappuntenregister|Outlet register)$/ });

async function openTab(page: Page): Promise<void> {
  await signIn(page, ADMIN, TAB);
  await expect(page.getByRole('heading', { name: /^(Tappuntenregister|Outlet register)$/ })).toBeVisible({ timeout: 60_000 });
}

test.describe.serial('the outlets tab', () => {
  test('import, register, due list, plan, add and edit; a check long ago and a low reading open alarms that name the outlet; the dashboard card', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await openTab(page);
    const due = page.getByTestId('outlets-due');
    await expect(due.locator('[data-state="noRegister"]')).toHaveText('Geen tappuntenregister: er zijn geen controles gepland. Dat is iets anders dan "alles in orde".');
    await expect(page.getByText(/^Nog geen tappuntenregister/)).toBeVisible();
    await expectNoAxeViolations(page, 'the empty outlets tab');

    // A bad line refuses the whole file, named by its line.
    await page.getByRole('button', { name: 'Tappunten importeren (CSV)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tappunten importeren' });
    await dialog.getByLabel('CSV-bestand').setInputFiles({ name: 'tappunten.csv', mimeType: 'text/csv', buffer: Buffer.from(`${CSV}\nBidet;;;bidet;warm;;nee\n`) });
    await dialog.getByRole('button', { name: 'Importeren' }).click();
    await expect(dialog.locator('[data-csv-error]')).toContainText('Regel 7 van het bestand is ongeldig (kind)');
    await expectNoAxeViolations(page, 'the refused CSV');
    await dialog.getByLabel('CSV-bestand').setInputFiles({ name: 'tappunten.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await dialog.getByRole('button', { name: 'Importeren' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('5 tappunten geïmporteerd')).toBeVisible();
    const shower = register(page).getByRole('row').filter({ hasText: 'Douche 2 kleedkamer heren' });
    await expect(shower).toContainText('Kleedkamer heren, verdieping 0');
    await expect(shower).toContainText('Sentinel, verst weg');
    await expect(shower).toContainText('Douchekop ontkalken:');
    await expect(shower.getByRole('link', { name: 'Douche 2 kleedkamer heren' })).toHaveAttribute('href', /\/outlets\/\d+$/);
    // Every check of a new outlet is due from the day it joined the register.
    await expect(due.locator('[data-counts]')).toContainText('Te laat: 0 · binnenkort: 7');

    // The plan: borrowed figures said so; the showerheads get two months of their own.
    const plans = page.getByRole('table', { name: 'Controleplan' });
    await expect(plans.getByRole('row').filter({ hasText: 'Douchekop ontkalken' })).toContainText('Ontleend aan HSG274');
    await page.getByRole('button', { name: 'Controleplan wijzigen' }).click();
    const plan = page.getByRole('dialog', { name: 'Controleplan wijzigen' });
    await plan.getByRole('group', { name: 'Douchekop ontkalken' }).getByRole('textbox', { name: 'Eigen termijn' }).fill('2');
    await expectNoAxeViolations(page, 'the check plan dialog');
    await plan.getByRole('button', { name: 'Opslaan' }).click();
    await expect(plan).toHaveCount(0);
    await expect(plans.getByRole('row').filter({ hasText: 'Douchekop ontkalken' })).toContainText('2 maanden (eigen termijn)');

    // Add an outlet; a second one of the same name is refused at its field; edit its room.
    await page.getByRole('button', { name: 'Tappunt toevoegen' }).click();
    const add = page.getByRole('dialog', { name: 'Tappunt toevoegen' });
    await add.getByRole('textbox', { name: 'Naam' }).fill('Douche 3 kleedkamer heren');
    await add.getByRole('combobox', { name: 'Soort' }).click();
    await page.getByRole('option', { name: 'Douche', exact: true }).click();
    await add.getByRole('checkbox', { name: /Weinig gebruikt/ }).check();
    await expectNoAxeViolations(page, 'the outlet dialog');
    await add.getByRole('button', { name: 'Opslaan' }).click();
    await expect(add).toHaveCount(0);
    await page.getByRole('button', { name: 'Tappunt toevoegen' }).click();
    await add.getByRole('textbox', { name: 'Naam' }).fill('Douche 3 kleedkamer heren');
    await add.getByRole('button', { name: 'Opslaan' }).click();
    await expect(add.getByText('Er is al een tappunt met deze naam op deze locatie')).toBeVisible();
    await add.getByRole('button', { name: 'Annuleren' }).click();
    await page.getByRole('button', { name: 'Tappunt Douche 3 kleedkamer heren wijzigen' }).click();
    const edit = page.getByRole('dialog', { name: 'Tappunt wijzigen' });
    await edit.getByRole('textbox', { name: 'Ruimte' }).fill('Kleedkamer heren');
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    await expect(edit).toHaveCount(0);
    await expect(register(page).getByRole('row').filter({ hasText: 'Douche 3 kleedkamer heren' })).toContainText('Kleedkamer heren');
    await expect(register(page).getByRole('row').filter({ hasText: 'Douche 3 kleedkamer heren' })).toContainText('Spoelen weinig gebruikt tappunt:');

    // A descaling done in March (two months: due in May) makes its outlet overdue; a sentinel reading of 45 °C opens a deviation.
    const headers = { 'x-access-token': await apiToken(page.request, ADMIN) };
    const outlets = (await (await page.request.get(`${API}/outlets`, { headers })).json()) as { id: number; name: string }[];
    const showerId = outlets.find((outlet) => outlet.name === 'Douche 2 kleedkamer heren')!.id;
    const descaled = await page.request.post(`${API}/checks`, { headers, data: { outletId: showerId, check: 'showerheadDescaling', outcome: 'done', doneAt: '2026-03-02T09:00:00.000Z' } });
    expect(descaled.status(), await descaled.text()).toBe(201);
    const reading = await page.request.post(`${API}/checks`, { headers, data: { outletId: showerId, check: 'sentinelTemperature', outcome: 'done', celsius: 45, ranSeconds: 60 } });
    expect(reading.status(), await reading.text()).toBe(201);
    const { alarmId } = (await reading.json()) as { alarmId: number };
    await page.reload();
    await expect(due.locator('[data-counts]')).toContainText('Te laat: 1');
    const first = due.getByRole('row').nth(1);
    await expect(first).toContainText('Douche 2 kleedkamer heren');
    await expect(first).toContainText('Te laat');
    await expect(first).toContainText('02-05-2026');
    await expectNoAxeViolations(page, 'the outlets tab with its register');

    await page.goto(`/alarms/${alarmId}`);
    await expect(page.getByRole('heading', { name: 'Controle buiten de norm' })).toBeVisible();
    await expect(page.getByText(`Tappunt Douche 2 kleedkamer heren · ${CUSTOMER} / ${LOCATION}`)).toBeVisible();
    await expect(page.locator('[data-measurement]')).toContainText('Maandelijkse temperatuurmeting (sentinel-tappunt): 45,0 °C na 60 s');
    await expect(page.locator('[data-measurement]')).toContainText('norm ten minste 60,0 °C: buiten de norm');
    await expect(page.getByRole('link', { name: 'Tappunt openen' })).toHaveAttribute('href', `/outlets/${showerId}`);

    await page.goto('/dashboard');
    const card = page.getByTestId('dashboard-checks');
    await expect(card.locator('[data-count="overdue"]')).not.toHaveText('Te laat: 0');
    await expect(card.getByRole('link').first()).toHaveAttribute('href', /\/outlets\/\d+$/);
    await expectNoAxeViolations(page, 'the dashboard with the checks card', { include: '[data-testid="dashboard-checks"]' });
  });

  test("on a phone: the register as cards, the due list first; the customer's own user reads without the buttons", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openTab(page);
    await expect(registerCards(page)).toContainText('Douche 2 kleedkamer heren');
    await expect(page.getByRole('list', { name: 'Te doen' }).getByRole('listitem').first()).toContainText('Te laat');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page, 'the outlets tab on a phone');
    await page.getByRole('button', { name: 'Tappunt toevoegen' }).click();
    const box = await page.getByRole('dialog', { name: 'Tappunt toevoegen' }).boundingBox();
    expect(box?.width).toBe(PHONE.width);
    await page.getByRole('button', { name: 'Annuleren' }).click();

    // A full load as the customer's own user (the same address would only change the hash).
    await page.goto('about:blank');
    await signIn(page, CUSTOMER_USER, TAB);
    await expect(registerCards(page)).toContainText('Douche 2 kleedkamer heren');
    await expect(page.getByRole('button', { name: 'Tappunt toevoegen' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Tappunt .* wijzigen$/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Controleplan' })).toHaveCount(0);
  });

  // Writes docs/screenshots only when asked (SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots): without it, no test at all.
  if (process.env.SCREENSHOTS) test('screenshots: the tab, the CSV dialog, the plan dialog, the outlet dialog, the alarm and the dashboard card, nl/en/de, desktop and phone', async ({ page }) => {
    await openTab(page);
    const headers = { 'x-access-token': await apiToken(page.request, ADMIN) };
    const alarms = (await (await page.request.get('/api/v1/alarms?kind=checkDeviation&status=all', { headers })).json()) as { id: number }[];
    for (const language of ['nl', 'en', 'de'] as const) {
      await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
      for (const [device, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        await page.setViewportSize(viewport);
        await page.goto(TAB);
        await page.reload();
        await expect(device === 'phone' ? registerCards(page) : register(page)).toBeVisible();
        await page.screenshot({ path: path.join(SHOTS, `outlets-tab-${language}-${device}.png`), fullPage: true });
        await page.getByRole('button', { name: /^(Tappunten importeren|Import outlets) \(CSV\)$/ }).click();
        await page.getByRole('dialog').locator('input[type=file]').setInputFiles({ name: 'fout.csv', mimeType: 'text/csv', buffer: Buffer.from(`${CSV}\nBidet;;;bidet;warm;;nee\n`) });
        await page.getByRole('dialog').getByRole('button', { name: /^(Importeren|Import)$/ }).click();
        await expect(page.getByRole('dialog').locator('[data-csv-error]')).toBeVisible();
        await page.screenshot({ path: path.join(SHOTS, `outlets-csv-${language}-${device}.png`) });
        await page.getByRole('dialog').getByRole('button', { name: /^(Annuleren|Cancel)$/ }).click();
        await page.getByRole('button', { name: /^(Controleplan wijzigen|Change check plan)$/ }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.screenshot({ path: path.join(SHOTS, `outlets-plan-dialog-${language}-${device}.png`) });
        await page.getByRole('dialog').getByRole('button', { name: /^(Annuleren|Cancel)$/ }).click();
        await page.getByRole('button', { name: /^(Tappunt|Edit outlet) Douche 2 kleedkamer heren( wijzigen)?$/ }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.screenshot({ path: path.join(SHOTS, `outlets-outlet-dialog-${language}-${device}.png`) });
        await page.getByRole('dialog').getByRole('button', { name: /^(Annuleren|Cancel)$/ }).click();
        if (alarms[0]) {
          await page.goto(`/alarms/${alarms[0].id}`);
          await expect(page.locator('[data-measurement]')).toBeVisible();
          await page.screenshot({ path: path.join(SHOTS, `outlets-alarm-${language}-${device}.png`), fullPage: device === 'desktop' });
        }
        await page.goto('/dashboard');
        const card = page.getByTestId('dashboard-checks');
        await expect(card.locator('[data-count="overdue"]')).toBeVisible();
        await card.scrollIntoViewIfNeeded();
        await card.screenshot({ path: path.join(SHOTS, `outlets-dashboard-card-${language}-${device}.png`) });
      }
    }
    await page.evaluate(() => localStorage.setItem('aquasmart.language', 'nl'));
  });
});
