import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from './portal';
import { ADMIN, CUSTOMER_USER, signIn, type TAccount } from './fixtures';

/**
 * Customers, locations and gateways through the screens (docs/places-screens.md): create, Dutch validation
 * messages, edit, a refused delete, the calibration CSV and what a customer-restricted user sees.
 */
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const CUSTOMER = `E2E Klant ${suffix}`;
const LOCATION = `E2E Locatie ${suffix}`;
const GATEWAY = `E2E Gateway ${suffix}`;
const MAC = `00aa${Date.now().toString(16).slice(-12).padStart(12, '0')}`;
const enc = encodeURIComponent;

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`));
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function apiToken(request: APIRequestContext, account: TAccount): Promise<string> {
  const answer = await request.post('/api/v1/auth', {
    headers: { authorization: `Basic ${Buffer.from(`${account.email}:${account.password}`).toString('base64')}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

/** The values of one column of the visible list, read from its cells. */
async function columnTexts(page: Page, field: string): Promise<string[]> {
  const cells = page.locator(`.MuiDataGrid-row [data-field="${field}"]`);
  await expect(cells.first()).toBeVisible();
  return cells.allInnerTexts();
}

test.describe.serial('customers, locations and gateways', () => {
  test('an administrator creates a customer, a location and a gateway, with Dutch validation messages', async ({ page }) => {
    await signIn(page, ADMIN, '/customers');
    await page.getByRole('link', { name: 'Nieuw' }).click();
    await expect(page).toHaveURL(/\/customers\/new$/);

    // Empty required fields.
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    await expect(page.getByText('Veld is verplicht')).toHaveCount(5);
    await field(page, 'Naam').fill(CUSTOMER);
    await field(page, 'Referentie').fill('E2E-001');
    await field(page, 'Adres').fill('Oudegracht 1');
    await field(page, 'Postcode').fill('3511 AA');
    await field(page, 'Plaats').fill('Utrecht');
    // Platform XIC needs url and token.
    await choose(page, 'Extern platform', 'XIC');
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    await expect(page.getByText('Veld is verplicht')).toHaveCount(2);
    await field(page, 'URL').fill('geen-url');
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    await expect(page.getByText(/^Ongeldige URL/)).toBeVisible();
    await choose(page, 'Extern platform', 'Geen');
    await expect(field(page, 'URL')).toHaveCount(0);
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    await expect(page).toHaveURL(`/customers/${enc(CUSTOMER)}`);
    await expect(page.getByText('Klant aangemaakt')).toBeVisible();
    await expect(page.getByRole('heading', { name: CUSTOMER })).toBeVisible();

    // A location from the customer's #locations tab: the customer is filled in.
    await page.getByRole('tabpanel').getByRole('toolbar', { name: 'Acties' }).getByRole('link', { name: 'Nieuw' }).click();
    await expect(page).toHaveURL(`/locations/new?customer=${enc(CUSTOMER).replace(/%20/g, '+')}`);
    await expect(page.getByRole('combobox', { name: /^Klant/ })).toHaveText(CUSTOMER);
    await field(page, 'Naam').fill(LOCATION);
    await field(page, 'Referentie').fill('E2E-L1');
    await field(page, 'Adres').fill('Neude 11');
    await field(page, 'Postcode').fill('3512 AE');
    await field(page, 'Plaats').fill('Utrecht');
    // A new location takes the customer's interval (2 for a new customer).
    await expect(page.getByRole('combobox', { name: /^Kalibratie-interval/ })).toHaveText('2 jaar');
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    await expect(page).toHaveURL(`/locations/${enc(CUSTOMER)}/${enc(LOCATION)}`);
    await expect(page.getByText('Locatie aangemaakt')).toBeVisible();

    // A gateway from the location's #gateways tab.
    await page.getByRole('tab', { name: 'Gateways' }).click();
    await expect(page).toHaveURL(/#gateways$/);
    await page.getByRole('tabpanel').getByRole('toolbar', { name: 'Acties' }).getByRole('link', { name: 'Nieuw' }).click();
    await expect(page).toHaveURL(/\/gateways\/new\?customer=.+&location=.+/);
    await expect(page.getByRole('combobox', { name: /^Locatie/ })).toHaveText(LOCATION);
    await field(page, 'Naam').fill(GATEWAY);
    await field(page, 'MAC-adres').fill('12:34:56');
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    await expect(page.getByText('Ongeldig MAC-adres')).toBeVisible();
    await expect(page.getByText('Veld is verplicht')).toHaveCount(1); // the product
    await field(page, 'MAC-adres').fill(MAC.toUpperCase());
    await choose(page, 'Product', 'Kerlink iStation');
    await field(page, 'Type').fill('Outdoor');
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    await expect(page).toHaveURL(`/gateways/${enc(CUSTOMER)}/${enc(LOCATION)}/${enc(GATEWAY)}`);
    await expect(page.getByText('Gateway aangemaakt')).toBeVisible();
    await expect(page.getByText(MAC, { exact: true })).toBeVisible();
  });

  test('choosing another customer clears a location that customer does not have', async ({ page }) => {
    await signIn(page, ADMIN, `/gateways/new?customer=${enc(CUSTOMER)}&location=${enc(LOCATION)}`);
    await expect(page.getByRole('combobox', { name: /^Locatie/ })).toHaveText(LOCATION);
    await choose(page, 'Klant', 'Gemeente Utrecht');
    await expect(page.getByRole('combobox', { name: /^Locatie/ })).not.toHaveText(LOCATION);
    await page.getByRole('combobox', { name: /^Locatie/ }).click();
    await expect(page.getByRole('option', { name: 'Stadskantoor' })).toBeVisible();
    await expect(page.getByRole('option', { name: LOCATION })).toHaveCount(0);
  });

  test('renaming a gateway keeps it at its location and opens its details', async ({ page }) => {
    await signIn(page, ADMIN, `/gateways/${enc(CUSTOMER)}/${enc(LOCATION)}/${enc(GATEWAY)}`);
    await page.getByRole('link', { name: 'Bewerken' }).click();
    await expect(field(page, 'MAC-adres')).toHaveValue(MAC);
    await field(page, 'Naam').fill(`${GATEWAY} B`);
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(page).toHaveURL(`/gateways/${enc(CUSTOMER)}/${enc(LOCATION)}/${enc(`${GATEWAY} B`)}#details`);
    await expect(page.getByText('Gateway gewijzigd')).toBeVisible();
    await expect(page.getByRole('heading', { name: `${GATEWAY} B` })).toBeVisible();
    await page.goto(`/locations/${enc(CUSTOMER)}/${enc(LOCATION)}#gateways`);
    await expect(page.getByRole('gridcell', { name: `${GATEWAY} B` })).toBeVisible();
  });

  test('an administrator edits the customer and cannot delete it while it has a location', async ({ page }) => {
    await signIn(page, ADMIN, `/customers/${enc(CUSTOMER)}#details`);
    await page.getByRole('link', { name: 'Bewerken' }).click();
    await expect(page).toHaveURL(`/customers/${enc(CUSTOMER)}/edit`);
    await field(page, 'Referentie').fill('');
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(page.getByText('Veld is verplicht')).toBeVisible();
    await field(page, 'Referentie').fill('E2E-002');
    await choose(page, 'Kalibratie-interval', '3 jaar');
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(page).toHaveURL(`/customers/${enc(CUSTOMER)}#details`);
    await expect(page.getByText('Klant gewijzigd')).toBeVisible();
    await expect(page.getByRole('tabpanel').getByText('E2E-002')).toBeVisible();
    await expect(page.getByRole('tabpanel').getByText('3 jaar')).toBeVisible();

    // Delete is refused (409) while the location exists; nothing is lost.
    await page.getByRole('button', { name: 'Verwijderen' }).click();
    const refused = page.waitForResponse((response) => response.request().method() === 'DELETE' && response.url().includes(enc(CUSTOMER)));
    await page.getByRole('dialog').getByRole('button', { name: 'Verwijderen' }).click();
    expect((await refused).status()).toBe(409);
    await expect(page.getByText(/^Fout bij verwijderen klant: .*(locatie|locaties)/)).toBeVisible();
    await expect(page).toHaveURL(`/customers/${enc(CUSTOMER)}#details`);
    await page.goto(`/customers?search=${enc(suffix)}`);
    await expect(page.getByRole('gridcell', { name: CUSTOMER })).toBeVisible();
    // The location's interval followed the customer's (propagation on the server).
    await page.goto(`/locations/${enc(CUSTOMER)}/${enc(LOCATION)}#details`);
    await expect(page.getByRole('tabpanel').getByText('3 jaar')).toBeVisible();
  });

  test('the calibration log downloads as a Dutch CSV', async ({ page }) => {
    await signIn(page, ADMIN, `/customers/${enc('Gemeente Utrecht')}#details`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Kalibratielog downloaden (CSV)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^kalibratie-Gemeente_Utrecht-\d{8}\.csv$/);
    const text = fs.readFileSync(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFFDatum;Naam;EUI;Klant;Locatie;Kanaal;Meetwaarde;Ijkwaarde;Afwijking\r\n')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines[1]).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2};[^;]+;[0-9A-Fa-f]{16};Gemeente Utrecht;[^;]+;Temperatuur 1;-?\d+(,\d+)?;-?\d+(,\d+)?;-?\d+(,\d+)?$/);
  });

  test('a user restricted to one customer sees only that customer in the lists', async ({ page, request }) => {
    await signIn(page, CUSTOMER_USER, '/customers');
    expect(await columnTexts(page, 'name')).toEqual(['Gemeente Utrecht']);
    // As many rows as the customer has locations (other specs may have added some), all of it.
    const adminToken = await apiToken(request, ADMIN);
    const ownLocations = await request.get(`/api/v1/customers/${encodeURIComponent('Gemeente Utrecht')}/locations`, { headers: { 'x-access-token': adminToken } });
    expect(ownLocations.status()).toBe(200);
    const locationCount = ((await ownLocations.json()) as unknown[]).length;
    await page.goto('/locations');
    const customers = await columnTexts(page, 'customer');
    expect(customers).toHaveLength(locationCount);
    expect(new Set(customers)).toEqual(new Set(['Gemeente Utrecht']));
    // klant@ has no gateway right: the list is not offered.
    await page.goto('/gateways');
    await expect(page).toHaveURL(/\/404$/);

    // A user of the same customer with gatewayView sees that customer's gateways only.
    const token = adminToken;
    const viewer = { email: `gw-${suffix}@example.com`, password: 'Gateway-kijker-1' };
    const created = await request.post('/api/v1/users', {
      headers: { 'x-access-token': token },
      data: { firstName: 'Gert', lastName: 'Kijker', email: viewer.email, password: viewer.password, customers: ['Gemeente Utrecht'], portal: { rights: { gatewayView: true } } },
    });
    expect(created.status()).toBe(201);
    await page.evaluate(() => localStorage.clear());
    await signIn(page, viewer, '/gateways');
    const gatewayCustomers = await columnTexts(page, 'customer');
    expect(gatewayCustomers).toHaveLength(4);
    expect(new Set(gatewayCustomers)).toEqual(new Set(['Gemeente Utrecht']));
    await expect(page.getByRole('link', { name: 'Nieuw' })).toHaveCount(0);
  });
});
