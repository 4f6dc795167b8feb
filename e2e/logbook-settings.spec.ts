import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './portal';
import { ADMIN, apiToken, CUSTOMER_USER, signIn } from './fixtures';
import { expectNoAxeViolations } from './a11y';

/**
 * The logbook settings in the browser (docs/places.md, "Logbook settings"; docs/users.md): an
 * administrator gives a new location its own rulebook, healthcare premises and time zone, sees them
 * on its details tab, and a user switches the monthly logbook e-mail on on the own account page.
 */
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const CUSTOMER = `E2E Logboekklant ${suffix}`;
const LOCATION = `E2E Logboeklocatie ${suffix}`;
const enc = encodeURIComponent;

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe.serial('logbook settings', () => {
  test('a location gets its own rulebook, healthcare premises and time zone; the details tab shows them', async ({ page, request }) => {
    const token = await apiToken(request, ADMIN);
    const headers = { 'x-access-token': token };
    const address = { reference: 'LB-1', address: 'Wellington Street 1', postalCode: 'LS1 4DL', city: 'Leeds', country: 'United Kingdom' };
    expect((await request.post('/api/v1/customers', { headers, data: { name: CUSTOMER, ...address } })).status()).toBe(201);
    expect((await request.post('/api/v1/locations', { headers, data: { name: LOCATION, customer: CUSTOMER, ...address } })).status()).toBe(201);

    await signIn(page, ADMIN, `/locations/${enc(CUSTOMER)}/${enc(LOCATION)}/edit`);
    // The default says what it gives: the customer's country is the United Kingdom.
    await expect(page.getByRole('combobox', { name: /^Regelset/ })).toHaveText('Zoals klant (UK)');
    await expectNoAxeViolations(page, 'the location form with the logbook settings');
    await choose(page, 'Regelset', 'DE – TrinkwV / DVGW W 551');
    await choose(page, 'Tijdzone', 'Europe/London');
    await page.getByRole('checkbox', { name: 'Zorginstelling' }).check();
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(page).toHaveURL(/#details$/);
    const section = page.locator('section, div').filter({ has: page.getByRole('heading', { name: 'Legionellalogboek' }) }).last();
    await expect(section).toContainText('DE – TrinkwV / DVGW W 551');
    await expect(section).toContainText('Europe/London');
    await expect(section).toContainText('Ja');
    const saved = await (await request.get(`/api/v1/customers/${enc(CUSTOMER)}/locations/${enc(LOCATION)}`, { headers })).json();
    expect(saved).toMatchObject({ rulebook: 'DE', healthcare: true, timeZone: 'Europe/London' });
  });

  test('a customer gets the minutes before a temperature alarm; a value out of bounds names the field', async ({ page, request }) => {
    const token = await apiToken(request, ADMIN);
    const headers = { 'x-access-token': token };
    await signIn(page, ADMIN, `/customers/${enc(CUSTOMER)}/edit`);
    const minutes = page.getByRole('textbox', { name: /^Temperatuuralarm na/ });
    await expect(minutes).toHaveValue('60');
    await minutes.fill('10');
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(page.getByText(/Waarde moet tussen de 15 en 10\.?080 zijn/)).toBeVisible();
    await expectNoAxeViolations(page, 'the customer form with the temperature alarm minutes');
    await minutes.fill('90');
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(page).toHaveURL(/#details$/);
    const saved = await (await request.get(`/api/v1/customers/${enc(CUSTOMER)}`, { headers })).json();
    expect(saved).toMatchObject({ alarmTemperatureMinutes: 90 });
  });

  for (const { language, device } of process.env.SCREENSHOTS
    ? (['nl', 'en'] as const).flatMap((language) => (['desktop', 'phone'] as const).map((device) => ({ language, device })))
    : []) {
    test(`screenshot: the customer form's logbook and alarm settings ${language} ${device}`, async ({ page }) => {
      const shots = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'logbook-settings-screenshots');
      fs.mkdirSync(shots, { recursive: true });
      await page.setViewportSize(device === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 });
      await signIn(page, ADMIN);
      await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
      await page.goto(`/customers/${enc(CUSTOMER)}/edit`);
      const field = page.getByRole('textbox', { name: language === 'nl' ? /^Temperatuuralarm na/ : /^Temperature alarm after/ });
      await field.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `customer-alarm-minutes-${language}-${device}.png`) });
    });
  }

  // The location form's responsible person and deputy (docs/places.md, "Responsible person"): Sporthal Zuid names both in the demo.
  for (const { language, device } of process.env.SCREENSHOTS
    ? (['nl', 'en'] as const).flatMap((language) => (['desktop', 'phone'] as const).map((device) => ({ language, device })))
    : []) {
    test(`screenshot: the location form's responsible person and deputy ${language} ${device}`, async ({ page }) => {
      const shots = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'logbook-settings-screenshots');
      fs.mkdirSync(shots, { recursive: true });
      await page.setViewportSize(device === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 });
      await signIn(page, ADMIN);
      await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
      await page.goto(`/locations/${enc('Gemeente Utrecht')}/${enc('Sporthal Zuid')}/edit`);
      const name = page.getByRole('textbox', { name: language === 'nl' ? /^Verantwoordelijke – naam/ : /^Responsible person – name/ });
      await expect(name).toHaveValue('Karin Klant');
      await page.getByRole('heading', { name: language === 'nl' ? 'Verantwoordelijke voor het logboek' : 'Responsible for the logbook' }).scrollIntoViewIfNeeded();
      await page.getByRole('heading', { name: language === 'nl' ? 'Verantwoordelijke voor het logboek' : 'Responsible for the logbook' }).evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await page.evaluate(() => window.scrollBy(0, -72));
      await expectNoAxeViolations(page, 'the location form with the responsible person');
      await page.screenshot({ path: path.join(shots, `location-responsible-${language}-${device}.png`) });
    });
  }

  test('a customer user switches the monthly logbook e-mail on the own account page, and it is saved', async ({ page, request }) => {
    await signIn(page, CUSTOMER_USER, '/users/current');
    const toggle = page.getByRole('switch', { name: 'Maandelijks logboek per e-mail' });
    const before = await toggle.isChecked();
    await toggle.setChecked(!before);
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(page.getByText('Account gewijzigd')).toBeVisible();
    const me = await (await request.get('/api/v1/users/current', { headers: { 'x-access-token': await apiToken(request, CUSTOMER_USER) } })).json();
    expect(me.logbookEmails).toBe(!before);
    await page.goto('/users/current');
    await expect(page.getByRole('switch', { name: 'Maandelijks logboek per e-mail' })).toBeChecked({ checked: !before });
    await expectNoAxeViolations(page, 'the own account page with the monthly logbook toggle');
  });
});
