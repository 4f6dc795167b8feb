import { expect, test, type Page } from './portal';
import { ADMIN, TOKEN_KEY, submitLogin, signIn } from './fixtures';





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

  test('the right password opens the portal on /customers', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, { email: `  ${ADMIN.email}  `, password: ADMIN.password });
    await expect(page).toHaveURL(/\/customers$/);
    await expect(page).toHaveTitle('Klanten - Aquasmart Portal');
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
