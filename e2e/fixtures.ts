import { expect, type APIRequestContext, type Page } from './portal';

/** Accounts of the demo data that the browser tests sign in with (see scripts/e2e-server.mjs). */
export const ADMIN = { email: 'admin@example.com', password: 'Welkom-admin-2026' };
/** Service engineer: dashboard, calibration, settings, editNode, addNode, gatewayView, products; all customers. */
export const ENGINEER = { email: 'monteur@example.com', password: 'Welkom-demo-2026' };
/** Customer user restricted to "Gemeente Utrecht" with the dashboard and calibrationData rights only. */
export const CUSTOMER_USER = { email: 'klant@example.com', password: 'Welkom-demo-2026' };

export interface TAccount {
  email: string;
  password: string;
}

/** Where the web app keeps the access token (apps/web/src/lib/session/token-storage.ts). */
export const TOKEN_KEY = 'aquasmart.token';

/** Fills the login form (Dutch or English labels) and submits it. */
export async function submitLogin(page: Page, account: TAccount): Promise<void> {
  await page.getByRole('textbox', { name: /E-mailadres|E-mail address/ }).fill(account.email);
  await page.getByLabel(/Wachtwoord|Password/).fill(account.password);
  await page.getByRole('button', { name: /^(Inloggen|Log in)$/ }).click();
}

/**
 * Signs in with a stored login: a fresh token from POST /api/v1/auth (what the form sends), put
 * where the web app keeps it (local storage, TOKEN_KEY) before the page's first script runs, then
 * opens `path` and waits for the shell. This spares each test the login screen, the form and the
 * dashboard the form lands on (docs/testing.md); auth.spec.ts and users.spec.ts sign in through the
 * form itself (`submitLogin`). A token per call rather than one stored state per
 * account for the whole run: a test that signs out revokes its token on the server, which would
 * sign every later test out. A later `signIn` on the same page (after a sign-out) wins.
 */
export async function signIn(page: Page, account: TAccount, path = '/'): Promise<void> {
  const token = await apiToken(page.request, account);
  // Once per tab: after a sign-out in the test, reloads must not bring the token back.
  const once = `e2e.signIn.${Math.random().toString(36).slice(2)}`;
  await page.addInitScript(
    ({ key, token, once }) => {
      try {
        if (sessionStorage.getItem(once)) return;
        sessionStorage.setItem(once, '1');
        localStorage.setItem(key, token);
      } catch {
        // about:blank and other opaque origins have no storage.
      }
    },
    { key: TOKEN_KEY, token, once },
  );
  await page.goto(path);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: /Gebruikersmenu|User menu/ })).toBeVisible();
}

/** An API token for an account (Basic credentials to POST /api/v1/auth), for set-up and checks through the API. */
export async function apiToken(request: APIRequestContext, account: TAccount): Promise<string> {
  const answer = await request.post('/api/v1/auth', {
    headers: { authorization: `Basic ${Buffer.from(`${account.email}:${account.password}`).toString('base64')}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

/** Creates a user through the API (as the administrator) with exactly these rights, for every customer unless named. */
export async function createUserWithRights(request: APIRequestContext, rights: Record<string, boolean>, customers: string[] = []): Promise<TAccount> {
  const account = { email: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`, password: 'E2e-wachtwoord-2026' };
  const created = await request.post('/api/v1/users', {
    headers: { 'x-access-token': await apiToken(request, ADMIN) },
    data: { firstName: 'E2e', lastName: 'Gebruiker', email: account.email, password: account.password, language: 'nl', customers, portal: { rights } },
  });
  expect(created.status(), await created.text()).toBe(201);
  return account;
}

/**
 * Picks a language in the user menu (its name as the menu shows it) and waits until the account has
 * saved it: the menu saves the language in the account too (docs/users.md, "Languages"), and a save
 * still under way when the test ends or the page moves on could leave the demo account in another
 * language for the tests after it.
 */
export async function pickMenuLanguage(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /Gebruikersmenu|User menu/ }).click();
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/v1/users/current') && response.request().method() === 'PATCH');
  await page.getByRole('menuitemradio', { name, exact: true }).click();
  expect((await saved).status()).toBe(200);
}
