import path from 'node:path';
import { expect, test, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, createUserWithRights, CUSTOMER_USER, ENGINEER, TOKEN_KEY, submitLogin, signIn } from './fixtures';

/** The login page with its language choice, on a desktop and a phone (SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots). */
async function shootLogin(page: Page, language: 'nl' | 'en'): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  for (const [device, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR ?? 'test-results', `login-${language}-${device}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}





async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
}

test.describe('login', () => {
  test('a wrong password shows the alert and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Inloggen - Aquasmart Portal');
    await submitLogin(page, { email: ADMIN.email, password: 'niet-het-wachtwoord' });
    await expect(page.getByRole('alert')).toHaveText('Ongeldig e-mailadres of wachtwoord.');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
  });

  test('the right password opens the portal: an administrator starts on the dashboard', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, { email: `  ${ADMIN.email}  `, password: ADMIN.password });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle('Dashboard - Aquasmart Portal');
    await expect(page.getByRole('contentinfo')).toHaveText('develop-1.0.6');
    expect(await storedToken(page)).toBeTruthy();
  });

  test('the form requires e-mail and password', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await expect(page.getByText('Veld is verplicht')).toHaveCount(2);
    await page.getByRole('textbox', { name: /E-mailadres/ }).fill('admin@');
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await expect(page.getByText('Ongeldig e-mailadres', { exact: true })).toBeVisible();
  });

  test('a visitor with a stored token goes straight to the portal', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/customers$/);
  });
});

test.describe('where each user starts (docs/users.md)', () => {
  test("the dashboard for whoever may see it, else the alarms; never a customer's list of one row", async ({ page }) => {
    const alarmsOnly = await createUserWithRights(page.request, { editNode: true });
    for (const [account, address, title] of [
      [ENGINEER, /\/dashboard$/, 'Dashboard - Aquasmart Portal'],
      [CUSTOMER_USER, /\/dashboard$/, 'Dashboard - Aquasmart Portal'],
      [alarmsOnly, /\/alarms$/, 'Alarmen - Aquasmart Portal'],
    ] as const) {
      await page.goto('/login');
      await submitLogin(page, account);
      await expect(page).toHaveURL(address);
      await expect(page).toHaveTitle(title);
      await page.getByRole('button', { name: 'Gebruikersmenu' }).click();
      await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
      await expect(page).toHaveURL(/\/login$/);
    }
  });
});

test.describe('a first visit follows the browser', () => {
  test.use({ locale: 'en-US' });

  test("an English browser gets the English login; after login the account's language replaces it", async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(page).toHaveTitle('Log in - Aquasmart Portal');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // French and German say, in their own words, that their text is English.
    await expect(page.getByRole('navigation', { name: 'Language' }).getByRole('button')).toHaveText(['Nederlands', 'English', 'Français (texte en anglais)', 'Deutsch (Text auf Englisch)']);
    await expectNoAxeViolations(page, 'the login page in English');
    await shootLogin(page, 'en');

    // The administrator's account is Dutch; nothing was picked in this browser.
    await submitLogin(page, ADMIN);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();
    await expect(page).toHaveTitle('Dashboard - Aquasmart Portal');
    if (!process.env.SCREENSHOTS) return;
    await page.getByRole('button', { name: 'Gebruikersmenu' }).click();
    await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
    await shootLogin(page, 'nl');
  });
});

test.describe('remembered redirect', () => {
  test('a visitor without a token is sent to /login and comes back after login', async ({ page }) => {
    await page.goto('/locations?search=Utrecht');
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, ADMIN);
    await expect(page).toHaveURL(/\/locations\?search=Utrecht$/);
    await expect(page).toHaveTitle('Locaties - Aquasmart Portal');
  });

  test('a 401 (unknown token) sends the user to /login and back to the same page after login', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate((key) => window.localStorage.setItem(key, 'not-a-valid-token'), TOKEN_KEY);
    await page.goto('/nodes');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
    await submitLogin(page, ADMIN);
    await expect(page).toHaveURL(/\/nodes$/);
  });
});

test.describe('logout', () => {
  test('revokes the token on the server and removes it from the browser', async ({ page }) => {
    await signIn(page, ADMIN);
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    const before = await page.request.get('/api/v1/users/current', { headers: { 'x-access-token': token! } });
    expect(before.status()).toBe(200);

    await page.getByRole('button', { name: 'Gebruikersmenu' }).click();
    await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();

    const status = await page.evaluate(async (oldToken) => {
      const response = await fetch('/api/v1/users/current', { headers: { 'x-access-token': oldToken } });
      return response.status;
    }, token!);
    expect(status).toBe(401);

    await page.goto('/customers');
    await expect(page).toHaveURL(/\/login$/);
  });
});
