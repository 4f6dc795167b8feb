import fs from 'node:fs';
import { expect, test, type Page } from './portal';
import { ADMIN, ENGINEER, signIn, TOKEN_KEY } from './fixtures';

/** A random EUI (16 upper-case hex characters) so reruns against one database never collide. */
function randomEui(): string {
  return Array.from({ length: 16 }, () => '0123456789ABCDEF'[Math.floor(Math.random() * 16)]).join('');
}

function snackbar(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text });
}

async function choose(page: Page, label: RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function apiToken(page: Page): Promise<string> {
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  expect(token).toBeTruthy();
  return token ?? '';
}

test.describe('administrator screens of the telemetry pipeline', () => {
  test('an administrator creates a ChirpStack network server, sees its secret, provisions a device and imports a CSV', async ({ page, baseURL }) => {
    const name = `ChirpStack e2e ${Date.now().toString(36)}`;
    const single = randomEui();
    const good = randomEui();
    await signIn(page, ADMIN);

    // Network server: from the menu, create with the REST API settings.
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Netwerkservers' }).click();
    await expect(page.getByRole('heading', { name: 'Netwerkservers', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: /Nieuw/ }).click();
    await expect(page).toHaveURL(/\/networkServers\/new$/);
    await page.getByRole('textbox', { name: 'Naam' }).fill(name);
    await page.getByRole('textbox', { name: 'REST API-URL' }).fill('https://chirpstack.example.com');
    await page.getByRole('button', { name: 'Aanmaken' }).click();
    // The rule of the kind: a REST URL needs its token.
    await expect(page.getByText('Veld is verplicht')).toBeVisible();
    await page.getByRole('textbox', { name: 'API-token' }).fill('e2e-api-token');
    await page.getByRole('button', { name: 'Aanmaken' }).click();

    await expect(snackbar(page, 'Netwerkserver aangemaakt')).toBeVisible();
    await expect(page).toHaveURL(`/networkServers/${encodeURIComponent(name)}/edit`);
    await expect(page.getByRole('textbox', { name: 'Integratie-URL' })).toHaveValue(`${baseURL}/api/v1/integrations/chirpstack`);
    const secretField = page.getByRole('textbox', { name: 'Integratiegeheim' });
    await expect(secretField).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
    const firstSecret = await secretField.inputValue();
    await expect(page.getByRole('textbox', { name: 'Authorization-header' })).toHaveValue(`Bearer ${firstSecret}`);

    // A new secret, after a confirmation that says the integration must be updated.
    await page.getByRole('button', { name: 'Nieuw geheim' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuw integratiegeheim maken?' });
    await expect(dialog).toContainText('integratie van de netwerkserver');
    await dialog.getByRole('button', { name: 'Nieuw geheim maken' }).click();
    await expect(snackbar(page, 'Nieuw integratiegeheim gemaakt')).toBeVisible();
    await expect(secretField).not.toHaveValue(firstSecret);
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The secret on screen is the one the intake accepts (it reloads its secrets within 2 s); the old one is refused.
    const uplink = { deviceInfo: { devEui: randomEui().toLowerCase() }, fCnt: 1, fPort: 2, data: '/w==' };
    await expect
      .poll(async () => (await page.request.post('/api/v1/integrations/chirpstack?event=up', { headers: { authorization: `Bearer ${secret}` }, data: uplink })).status(), {
        timeout: 10_000,
      })
      .toBe(200);
    expect((await page.request.post('/api/v1/integrations/chirpstack?event=up', { headers: { authorization: `Bearer ${firstSecret}` }, data: uplink })).status()).toBe(401);

    // Provisioning: one device.
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Nodes toevoegen' }).click();
    await expect(page.getByRole('heading', { name: 'Nodes toevoegen', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'EUI' }).fill(single.toLowerCase());
    await choose(page, /^Type/, 'V2');
    await page.getByRole('textbox', { name: 'Versie' }).fill('1.0');
    await choose(page, /^Netwerkserver/, name);
    await page.getByRole('button', { name: 'Toevoegen' }).click();
    await expect(snackbar(page, `Node ${single} toegevoegd`)).toBeVisible();
    // The form keeps the batch's values for the next node and empties the EUI.
    await expect(page.getByRole('textbox', { name: 'EUI' })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Versie' })).toHaveValue('1.0');
    const token = await apiToken(page);
    const device = await page.request.get(`/api/v1/devices/${single}`, { headers: { 'x-access-token': token } });
    expect(device.status()).toBe(200);
    const body = (await device.json()) as { type: string; lora: { networkServer: string; encryption: { mode: string } } };
    expect(body.type).toBe('V2');
    expect(body.lora.networkServer).toBe(name);
    expect(body.lora.encryption.mode).toBe('NS');

    // The same EUI again: refused on the field.
    await page.getByRole('textbox', { name: 'EUI' }).fill(single);
    await page.getByRole('button', { name: 'Toevoegen' }).click();
    await expect(snackbar(page, 'Node toevoegen is mislukt')).toBeVisible();
    await expect(page.getByText('Er bestaat al een node met deze EUI').first()).toBeVisible();

    // CSV import from a file: one good row, one bad row; the report names both.
    await page.getByRole('tab', { name: 'CSV-import' }).click();
    await expect(page.getByText('eui;type;version;networkServer;encryptionMode')).toBeVisible();
    const file = test.info().outputPath('nodes.csv');
    fs.writeFileSync(file, `eui;type;version;networkServer;encryptionMode\n${good};V3;2.1;${name};APP\n12345;V4;1.0;${name};NS\n`);
    await page.getByTestId('csv-file').setInputFiles(file);
    await expect(page.getByText('Bestand: nodes.csv')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'CSV-inhoud' })).toHaveValue(new RegExp(good));
    await page.getByRole('button', { name: 'Importeren' }).click();

    await expect(snackbar(page, 'Import klaar: 1 geïmporteerd, 1 geweigerd')).toBeVisible();
    const report = page.getByRole('table', { name: 'Resultaat van de import' });
    await expect(report.getByRole('row')).toHaveCount(3);
    const refusedRow = report.getByRole('row').filter({ hasText: '12345' });
    await expect(refusedRow.getByRole('cell').first()).toHaveText('3');
    await expect(refusedRow).toContainText('Geweigerd');
    await expect(refusedRow).toContainText('EUI: Ongeldige EUI (16 hexadecimale tekens)');
    await expect(refusedRow).toContainText('Type: Apparaattype wordt niet ondersteund');
    const importedRow = report.getByRole('row').filter({ hasText: good });
    await expect(importedRow.getByRole('cell').first()).toHaveText('2');
    await expect(importedRow).toContainText('Geïmporteerd');
    const imported = await page.request.get(`/api/v1/devices/${good}`, { headers: { 'x-access-token': token } });
    expect(imported.status()).toBe(200);
    expect(((await imported.json()) as { lora: { encryption: { mode: string } } }).lora.encryption.mode).toBe('APP');

    // The uplink of the unknown device above is listed among the intake errors.
    await page.getByRole('tab', { name: 'Onverwerkte berichten' }).click();
    await expect(page.getByRole('gridcell', { name: uplink.deviceInfo.devEui.toUpperCase() })).toBeVisible();

    // Deleting the network server while nodes use it: refused with the server's reason.
    await page.goto(`/networkServers/${encodeURIComponent(name)}/edit`);
    await page.getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByRole('dialog', { name: 'Netwerkserver verwijderen?' }).getByRole('button', { name: 'Verwijderen' }).click();
    await expect(snackbar(page, 'Netwerkserver verwijderen is mislukt: Netwerkserver wordt nog gebruikt door 2 node(s)')).toBeVisible();
    await expect(page).toHaveURL(`/networkServers/${encodeURIComponent(name)}/edit`);
  });

  test('a service engineer cannot reach the administrator screens', async ({ page }) => {
    await signIn(page, ENGINEER);
    const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
    await expect(menu.getByRole('link', { name: 'Nodes', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Netwerkservers' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Nodes toevoegen' })).toHaveCount(0);
    for (const path of ['/networkServers', '/networkServers/new', '/networkServers/ChirpStack%20demo/edit', '/provisioning']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/404$/);
    }
    // The server agrees: the secrets stay with administrators.
    const token = await apiToken(page);
    const servers = await page.request.get('/api/v1/networkServers', { headers: { 'x-access-token': token } });
    expect(servers.status()).toBe(200);
    expect(JSON.stringify(await servers.json())).not.toContain('secret');
    expect((await page.request.get('/api/v1/intakeEvents', { headers: { 'x-access-token': token } })).status()).toBe(403);
  });
});
