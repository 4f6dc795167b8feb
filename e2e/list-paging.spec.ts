import { expect, test, type APIRequestContext, type Page } from './portal';
import { ADMIN, signIn, type TAccount } from './fixtures';

/**
 * The list kit pages past row 25 (the bug: the next-page button and ?page=2 both fell back to
 * rows 1-25): a client-mode list (customers, 30 created here) at 1280x800 and on a phone.
 * The server-mode list (/nodes) is paged in nodes.spec.ts.
 */
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const PREFIX = `Paging ${suffix}`;

async function apiToken(request: APIRequestContext, account: TAccount): Promise<string> {
  const answer = await request.post('/api/v1/auth', {
    headers: { authorization: `Basic ${Buffer.from(`${account.email}:${account.password}`).toString('base64')}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

const names = (page: Page) => page.locator('.MuiDataGrid-row [data-field="name"]').allInnerTexts();

test.describe.serial('list paging', () => {
  test.beforeAll(async ({ request }) => {
    const token = await apiToken(request, ADMIN);
    for (let index = 1; index <= 30; index += 1) {
      const answer = await request.post('/api/v1/customers', {
        headers: { 'x-access-token': token },
        data: { name: `${PREFIX} ${String(index).padStart(2, '0')}`, reference: `P${index}`, address: 'Straat 1', postalCode: '1234 AB', city: 'Utrecht', country: 'Nederland' },
      });
      expect(answer.status()).toBe(201);
    }
  });

  for (const viewport of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    test(`customers page past row 25 by the button and by the address (${viewport.name})`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signIn(page, ADMIN, `/customers?search=${encodeURIComponent(PREFIX)}`);
      await expect(page.getByText('1 - 25 van 30')).toBeVisible();
      expect((await names(page))[0]).toBe(`${PREFIX} 01`);

      await page.getByRole('button', { name: /volgende pagina/i }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(page.getByText('26 - 30 van 30')).toBeVisible();
      await page.waitForTimeout(500);
      await expect(page).toHaveURL(/[?&]page=2/);
      expect(await names(page)).toEqual(['26', '27', '28', '29', '30'].map((n) => `${PREFIX} ${n}`));

      // Back returns to page 1; the address alone opens page 2.
      await page.goBack();
      await expect(page.getByText('1 - 25 van 30')).toBeVisible();
      await page.goto(`/customers?search=${encodeURIComponent(PREFIX)}&page=2`);
      await expect(page.getByText('26 - 30 van 30')).toBeVisible();
      await page.waitForTimeout(500);
      await expect(page).toHaveURL(/[?&]page=2/);
      expect((await names(page))[0]).toBe(`${PREFIX} 26`);

      await page.getByRole('button', { name: /vorige pagina/i }).click();
      await expect(page.getByText('1 - 25 van 30')).toBeVisible();
      await expect(page).not.toHaveURL(/[?&]page=/);
    });
  }
});
