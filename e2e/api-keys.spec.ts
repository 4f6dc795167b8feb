import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, pickMenuLanguage, signIn } from './fixtures';

/**
 * API keys in the browser (docs/api-keys.md): an administrator opens the keys from the users
 * screen, makes one, sees it once, the test calls the API with it, revokes it, and the call is then
 * refused. `SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots` writes the screen and its dialogs in
 * Dutch and English, desktop and phone.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'api-keys-screenshots');

/** The list as a whole page; a dialog as the screen shows it (a whole-page shot of a scrolled page repeats the fixed app bar). */
async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

test('an administrator makes a key, sees it once, the API answers it, and after revoking it refuses it', async ({ page, request }) => {
  const name = `Koppeling ${Date.now().toString(36)}`;
  await signIn(page, ADMIN, '/users');
  await page.getByRole('link', { name: 'API-sleutels' }).click();
  await expect(page).toHaveURL(/\/api-keys$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API-sleutels' })).toBeVisible();

  await page.getByRole('button', { name: 'Nieuwe sleutel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe API-sleutel' });
  await dialog.getByRole('textbox', { name: 'Naam' }).fill(name);
  await dialog.getByRole('checkbox', { name: 'Dashboard', exact: true }).check();
  // No key manages users or signs a logbook: shown, not tickable.
  await expect(dialog.getByRole('checkbox', { name: 'Gebruikersbeheer', exact: true })).toBeDisabled();
  await expect(dialog.getByRole('checkbox', { name: 'Logboek ondertekenen', exact: true })).toBeDisabled();
  await expectNoAxeViolations(page, 'the new key dialog');
  await dialog.getByRole('button', { name: 'Aanmaken' }).click();

  const shown = page.getByRole('dialog', { name: 'Sleutel aangemaakt' });
  await expect(shown.getByText('Hij wordt maar één keer getoond')).toBeVisible();
  const key = await shown.getByTestId('api-key-value').inputValue();
  expect(key).toMatch(/^aqk_[A-Za-z0-9_-]{43}$/);
  await expectNoAxeViolations(page, 'the key shown once');
  await shown.getByRole('button', { name: 'Sluiten' }).click();
  await expect(shown).toHaveCount(0);

  // The list never shows the key again.
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Dashboard');
  await expect(row).toContainText('Alle klanten');
  await expect(row).toContainText('Actief');
  await expect(row).toContainText('Nooit');
  await expect(page.getByText(key)).toHaveCount(0);
  await expectNoAxeViolations(page, 'the keys list');

  const call = () => request.get('/api/v1/dashboard', { headers: { authorization: `Bearer ${key}` } });
  expect((await call()).status()).toBe(200);
  // A key does not reach the users.
  const users = await request.get('/api/v1/users', { headers: { authorization: `Bearer ${key}` } });
  expect(users.status()).toBe(403);
  expect(((await users.json()) as { key: string }).key).toBe('errors.notForApiKeys');

  await page.reload();
  await expect(row).toContainText('vanaf');

  await row.getByRole('button', { name: `Intrekken: ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Sleutel intrekken?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Intrekken' }).click();
  await expect(row).toContainText('Ingetrokken');
  await expect(row.getByRole('button', { name: /Intrekken/ })).toHaveCount(0);

  const refused = await call();
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { key: string }).key).toBe('errors.apiKeyInvalid');
});

// The screenshots for docs/screenshots; without SCREENSHOTS no test (docs/testing.md).
for (const title of process.env.SCREENSHOTS ? ['screenshots of the API keys screen, Dutch and English, desktop and phone'] : []) test(title, async ({ page, request }) => {
  test.slow();
  fs.mkdirSync(SHOTS, { recursive: true });
  // A used key and a revoked one, so the list shows the states.
  const token = await apiToken(request, ADMIN);
  const make = async (name: string, rights: Record<string, boolean>, customers: string[] = []) => {
    const answer = await request.post('/api/v1/api-keys', {
      headers: { 'x-access-token': token },
      data: { name, expiresAt: new Date(Date.now() + 180 * 24 * 3600 * 1000).toISOString(), customers, portal: { rights } },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as { id: number; key: string };
  };
  const cafm = await make('CAFM-koppeling', { dashboard: true, editNode: true });
  expect((await request.get('/api/v1/customers', { headers: { authorization: `Bearer ${cafm.key}` } })).status()).toBe(200);
  const old = await make('Oude datawarehouse-export', { calibrationData: true });
  expect((await request.delete(`/api/v1/api-keys/${old.id}`, { headers: { 'x-access-token': token } })).status()).toBe(200);

  await signIn(page, ADMIN, '/api-keys');
  for (const language of ['nl', 'en'] as const) {
    if (language === 'en') await pickMenuLanguage(page, 'English');
    for (const [device, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/api-keys');
      await expect(page.getByText('CAFM-koppeling').first()).toBeVisible();
      await shoot(page, `api-keys-${language}-${device}`);
      await page.getByRole('button', { name: language === 'nl' ? 'Nieuwe sleutel' : 'New key' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: language === 'nl' ? 'Naam' : 'Name' }).fill('GBS Gebouw A');
      await dialog.getByRole('checkbox', { name: 'Dashboard', exact: true }).check();
      // The top of the dialog: name, last day and customers.
      await dialog.getByRole('textbox', { name: language === 'nl' ? 'Naam' : 'Name' }).scrollIntoViewIfNeeded();
      await shoot(page, `api-key-new-${language}-${device}`, false);
      await dialog.getByRole('button', { name: language === 'nl' ? 'Aanmaken' : 'Create' }).click();
      await expect(page.getByTestId('api-key-value')).toBeVisible();
      await shoot(page, `api-key-created-${language}-${device}`, false);
      await page.getByRole('button', { name: language === 'nl' ? 'Sluiten' : 'Close' }).click();
      await page.getByRole('button', { name: `${language === 'nl' ? 'Intrekken' : 'Revoke'}: CAFM-koppeling` }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shoot(page, `api-key-revoke-${language}-${device}`, false);
      await page.getByRole('button', { name: language === 'nl' ? 'Annuleren' : 'Cancel' }).click();
    }
  }
  await pickMenuLanguage(page, 'Nederlands');
});
