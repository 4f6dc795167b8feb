import path from 'node:path';
import { expect, test, type Page } from './portal';
import { ADMIN, apiToken, CUSTOMER_USER, createUserWithRights, pickMenuLanguage, signIn, type TAccount } from './fixtures';




test.describe('route guards', () => {
  test('a user without userManagement who opens /users lands on /404', async ({ page }) => {
    await signIn(page, CUSTOMER_USER);
    const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Gebruikers' })).toHaveCount(0);

    await page.goto('/users');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Pagina niet gevonden' })).toBeVisible();
    await page.getByRole('link', { name: 'Naar de startpagina' }).click();
    await expect(page).toHaveURL(/\/customers$/);
  });

  test('an administrator opens the guarded routes', async ({ page }) => {
    await signIn(page, ADMIN, '/users');
    await expect(page).toHaveURL(/\/users$/);
    await expect(page).toHaveTitle('Gebruikers - Aquasmart Portal');
    await page.goto('/dashboard/IncorrectSettings');
    await expect(page.getByRole('heading', { name: 'Onjuiste instellingen' })).toBeVisible();
  });
});

/** The account's language as the server keeps it (GET /api/v1/users/current). */
async function accountLanguage(page: Page, account: TAccount): Promise<string> {
  const answer = await page.request.get('/api/v1/users/current', { headers: { 'x-access-token': await apiToken(page.request, account) } });
  return ((await answer.json()) as { language: string }).language;
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR ?? 'test-results', `${name}.png`) });
}

test.describe('languages', () => {
  // A user of its own: the menu saves the language in the account (docs/users.md, "Languages").
  test('the user menu switches the language and saves it in the account; French and German say their text is English', async ({ page }) => {
    const account = await createUserWithRights(page.request, {});
    await signIn(page, account);
    const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
    await expect(menu.getByRole('link', { name: 'Klanten' })).toBeVisible();

    await page.getByRole('button', { name: 'Gebruikersmenu' }).click();
    await expect(page.getByRole('menuitemradio')).toHaveText(['Nederlands', 'English', 'Français (texte en anglais)', 'Deutsch (Text auf Englisch)']);
    await shoot(page, 'user-menu-language-nl-desktop');
    await page.keyboard.press('Escape');
    await pickMenuLanguage(page, 'English');
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Customers' })).toBeVisible();
    await expect(page).toHaveTitle('Customers - Aquasmart Portal');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await accountLanguage(page, account)).toBe('en');
    await page.getByRole('button', { name: 'User menu' }).click();
    await shoot(page, 'user-menu-language-en-desktop');
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Customers' })).toBeVisible();

    // French shows English text, and the page says so to a screen reader; the account keeps English.
    await pickMenuLanguage(page, 'Français (texte en anglais)');
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Locations' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await accountLanguage(page, account)).toBe('en');

    await pickMenuLanguage(page, 'Nederlands');
    await expect(page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Klanten' })).toBeVisible();
    await expect(page).toHaveTitle('Klanten - Aquasmart Portal');
    expect(await accountLanguage(page, account)).toBe('nl');

    // A save that fails: the screen changes all the same, and a message says the account kept its language.
    await page.route('**/api/v1/users/current', (route) => (route.request().method() === 'PATCH' ? route.abort() : route.fallback()));
    await page.getByRole('button', { name: 'Gebruikersmenu' }).click();
    await page.getByRole('menuitemradio', { name: 'English', exact: true }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Customers' })).toBeVisible();
    await expect(page.getByText('The language was not saved in your account')).toBeVisible();
    expect(await accountLanguage(page, account)).toBe('nl');
  });

  test("the account's language replaces the default", async ({ page }) => {
    // planner@example.com is a demo user whose account language is English (apps/server/src/demo/users.ts).
    await signIn(page, { email: 'planner@example.com', password: CUSTOMER_USER.password });
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(page).toHaveTitle('Customers - Aquasmart Portal');
  });
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the side menu is a drawer behind the menu button', async ({ page }) => {
    await signIn(page, ADMIN);
    await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu openen' }).click();
    const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Nodes', exact: true }).click();
    await expect(page).toHaveURL(/\/nodes$/);
    await expect(menu).toBeHidden();
    if (!process.env.SCREENSHOTS) return;
    // The user menu with the languages on a phone, in Dutch and (this browser only) English.
    for (const [language, button] of [['nl', 'Gebruikersmenu'], ['en', 'User menu']] as const) {
      await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
      await page.reload();
      await page.getByRole('button', { name: button }).click();
      await expect(page.getByRole('menuitemradio')).toHaveCount(4);
      await shoot(page, `user-menu-language-${language}-phone`);
    }
  });
});
