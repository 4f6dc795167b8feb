import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, pickMenuLanguage, signIn, TOKEN_KEY } from './fixtures';
import { startTestProvider, type TTestProvider } from '../apps/server/src/modules/sso/oidc-provider.fixture';

/**
 * Single sign-on in the browser (docs/sso.md): an administrator adds an OpenID provider on the
 * providers screen; a signed-out person clicks "Inloggen met …" on /login, goes through the real
 * provider (oidc-provider, started here, with its own development login and consent pages) and comes
 * back signed in; an address outside the provider's domains is refused on /login in Dutch.
 * `SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots` writes /login with the button and the providers
 * screen in Dutch and English, desktop and phone.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'sso-screenshots');
const PROVIDER_NAME = 'Gemeente Test';
let idp: TTestProvider;
let adminToken: string;

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

test.beforeAll(async ({ request, baseURL }) => {
  idp = await startTestProvider({
    clients: [{ clientId: 'portal-e2e', clientSecret: 'e2e-client-secret', redirectUri: `${baseURL}/api/v1/auth/sso/callback` }],
    accounts: {
      ann: { email: 'sso-ann@gemeente.test', email_verified: true, given_name: 'Ann', family_name: 'Jansen' },
      eve: { email: 'eve@elders.test', email_verified: true },
    },
    interactive: true,
  });
  adminToken = await apiToken(request, ADMIN);
  const created = await request.post('/api/v1/users', {
    headers: { 'x-access-token': adminToken },
    data: { firstName: 'Ann', lastName: 'Jansen', email: 'sso-ann@gemeente.test', password: 'Sso-e2e-wachtwoord-2026', language: 'nl', portal: { rights: { dashboard: true } } },
  });
  expect([201, 409]).toContain(created.status());
});

// The providers go again, so that the other specs' /login has no button.
test.afterAll(async ({ request }) => {
  const list = await request.get('/api/v1/sso/providers', { headers: { 'x-access-token': adminToken } });
  for (const provider of ((await list.json()) as { providers: { id: number }[] }).providers) {
    await request.delete(`/api/v1/sso/providers/${provider.id}`, { headers: { 'x-access-token': adminToken } });
  }
  await idp.close();
});

async function throughProvider(page: Page, account: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: `Inloggen met ${PROVIDER_NAME}` }).click();
  // The provider's own development pages: any login (the account's id), then consent.
  await page.locator('input[name="login"]').fill(account);
  await page.locator('input[name="password"]').fill('any');
  await page.locator('button[type="submit"]').click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('an administrator adds a provider; a person signs in with it through the real redirect; another domain is refused', async ({ page, browser }) => {
  test.slow();
  await signIn(page, ADMIN, '/users');
  await page.getByRole('link', { name: 'Single sign-on' }).click();
  await expect(page).toHaveURL(/\/sso-providers$/);
  await expect(page.getByTestId('sso-redirect-uri')).toHaveText(/\/api\/v1\/auth\/sso\/callback$/);
  await page.getByRole('button', { name: 'Nieuwe provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe identiteitsprovider' });
  await dialog.getByRole('textbox', { name: 'Naam op de knop' }).fill(PROVIDER_NAME);
  await dialog.getByRole('textbox', { name: 'Issuer-URL' }).fill('http://idp.example.nl');
  await dialog.getByRole('textbox', { name: 'Client-ID' }).fill('portal-e2e');
  await dialog.getByLabel('Clientgeheim').fill('e2e-client-secret');
  await dialog.getByRole('textbox', { name: 'E-maildomeinen' }).fill('gemeente.test');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  // http is for a provider on this machine only: the field says what it needs.
  await expect(dialog.getByText('Geef een https-adres')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Issuer-URL' }).fill(idp.issuer);
  await expectNoAxeViolations(page, 'the provider dialog');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog).toHaveCount(0);
  const card = page.getByRole('listitem').filter({ hasText: PROVIDER_NAME });
  await expect(card).toContainText('ingesteld');
  await expect(card).not.toContainText('e2e-client-secret');
  await expectNoAxeViolations(page, 'the providers screen');

  // A signed-out person in another browser.
  const context = await browser.newContext();
  const person = await context.newPage();
  await person.goto('/login');
  await expect(person.getByRole('link', { name: `Inloggen met ${PROVIDER_NAME}` })).toBeVisible();
  await expectNoAxeViolations(person, 'the login page with a provider');
  await throughProvider(person, 'ann');
  await expect(person).not.toHaveURL(/\/login/, { timeout: 30_000 });
  expect(await person.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBeTruthy();
  const me = await person.evaluate(async (key) => {
    const answer = await fetch('/api/v1/users/current', { headers: { 'x-access-token': window.localStorage.getItem(key) ?? '' } });
    return ((await answer.json()) as { email: string }).email;
  }, TOKEN_KEY);
  expect(me).toBe('sso-ann@gemeente.test');
  await context.close();

  const outsider = await (await browser.newContext()).newPage();
  await throughProvider(outsider, 'eve');
  await expect(outsider).toHaveURL(/\/login$/);
  await expect(outsider.getByRole('alert')).toHaveText('Uw e-mailadres hoort niet bij een domein van deze identiteitsprovider.');
  await expectNoAxeViolations(outsider, 'the login page with a refusal');

  // Only through the provider: with password sign-in off, a password of the domain is refused with the way in.
  await page.getByRole('button', { name: `Bewerken: ${PROVIDER_NAME}` }).click();
  const editing = page.getByRole('dialog', { name: 'Identiteitsprovider bewerken' });
  await editing.getByRole('switch', { name: 'Ook inloggen met wachtwoord' }).uncheck();
  await editing.getByRole('button', { name: 'Opslaan' }).click();
  await expect(editing).toHaveCount(0);
  await expect(card).toContainText('Nee, alleen via deze provider');
  await outsider.goto('/login');
  await outsider.getByRole('textbox', { name: /E-mailadres/ }).fill('sso-ann@gemeente.test');
  await outsider.getByLabel(/Wachtwoord/).fill('een-geraden-wachtwoord');
  await outsider.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(outsider.getByRole('alert')).toHaveText('Uw organisatie laat u alleen inloggen via single sign-on. Gebruik de knop van uw organisatie hieronder.');
  await expect(outsider.getByRole('link', { name: `Inloggen met ${PROVIDER_NAME}` })).toBeVisible();
  await expectNoAxeViolations(outsider, 'the login page saying to use single sign-on');
  await outsider.context().close();
});

// The screenshots for docs/screenshots; without SCREENSHOTS no test (docs/testing.md).
for (const title of process.env.SCREENSHOTS ? ['screenshots of /login with the button and of the providers screen, Dutch and English, desktop and phone'] : []) test(title, async ({ page, browser }) => {
  test.slow();
  fs.mkdirSync(SHOTS, { recursive: true });
  const list = await page.request.get('/api/v1/sso/providers', { headers: { 'x-access-token': adminToken } });
  if (((await list.json()) as { providers: unknown[] }).providers.length === 0) {
    const created = await page.request.post('/api/v1/sso/providers', {
      headers: { 'x-access-token': adminToken },
      data: { name: PROVIDER_NAME, issuer: idp.issuer, clientId: 'portal-e2e', clientSecret: 'e2e-client-secret', domains: ['gemeente.test'], createUsers: true, passwordSignIn: false, portal: { rights: { dashboard: true } } },
    });
    expect(created.status()).toBe(201);
  }
  const sizes = [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const;
  for (const language of ['nl', 'en'] as const) {
    for (const [device, viewport] of sizes) {
      const visitor = await (await browser.newContext({ viewport })).newPage();
      await visitor.goto('/login');
      if (language === 'en') await visitor.getByRole('button', { name: 'English' }).click();
      await expect(visitor.getByRole('link', { name: language === 'nl' ? `Inloggen met ${PROVIDER_NAME}` : `Sign in with ${PROVIDER_NAME}` })).toBeVisible();
      await shoot(visitor, `sso-login-${language}-${device}`);
      // A password of the domain: the way in instead (password sign-in off, set by the test above or here).
      await visitor.getByRole('textbox', { name: language === 'nl' ? /E-mailadres/ : /E-mail address/ }).fill('sso-ann@gemeente.test');
      await visitor.getByLabel(language === 'nl' ? /Wachtwoord/ : /Password/).fill('een-geraden-wachtwoord');
      await visitor.getByRole('button', { name: language === 'nl' ? 'Inloggen' : 'Log in', exact: true }).click();
      await expect(visitor.getByRole('alert')).toContainText(language === 'nl' ? 'alleen inloggen via single sign-on' : 'through single sign-on only');
      await shoot(visitor, `sso-login-required-${language}-${device}`);
      await visitor.context().close();
    }
  }
  await signIn(page, ADMIN, '/sso-providers');
  for (const language of ['nl', 'en'] as const) {
    if (language === 'en') await pickMenuLanguage(page, 'English');
    for (const [device, viewport] of sizes) {
      await page.setViewportSize(viewport);
      await page.goto('/sso-providers');
      await expect(page.getByText(PROVIDER_NAME).first()).toBeVisible();
      await shoot(page, `sso-providers-${language}-${device}`);
      await page.getByRole('button', { name: `${language === 'nl' ? 'Bewerken' : 'Edit'}: ${PROVIDER_NAME}` }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shoot(page, `sso-provider-edit-${language}-${device}`, false);
      await page.getByRole('button', { name: language === 'nl' ? 'Annuleren' : 'Cancel' }).click();
    }
  }
  await pickMenuLanguage(page, 'Nederlands');
});
