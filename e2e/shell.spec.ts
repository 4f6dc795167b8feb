import { expect, test } from './portal';
import { ADMIN, CUSTOMER_USER, signIn } from './fixtures';




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

test.describe('languages', () => {
  test('switches between Dutch and English in the user menu', async ({ page }) => {
    await signIn(page, ADMIN);
    const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
    await expect(menu.getByRole('link', { name: 'Klanten' })).toBeVisible();

    await page.getByRole('button', { name: 'Gebruikersmenu' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Customers' })).toBeVisible();
    await expect(page).toHaveTitle('Customers - Aquasmart Portal');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Customers' })).toBeVisible();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitemradio', { name: 'Nederlands' }).click();
    await expect(page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Klanten' })).toBeVisible();
    await expect(page).toHaveTitle('Klanten - Aquasmart Portal');
  });

  test("the account's language replaces the default", async ({ page }) => {
    // planner@example.com is a demo user whose account language is English (apps/server/src/demo/users.ts).
    await signIn(page, { email: 'planner@example.com', password: CUSTOMER_USER.password });
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(page).toHaveTitle('Customers - Aquasmart Portal');
  });

  test('French and German are selectable and show English text', async ({ page }) => {
    await signIn(page, ADMIN);
    await page.getByRole('button', { name: 'Gebruikersmenu' }).click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Locations' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
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
  });
});
