import fs from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import { expect, test, type APIRequestContext, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, createUserWithRights, signIn, submitLogin, type TAccount } from './fixtures';

/**
 * Two-factor sign-in in the browser (docs/users.md, "Two-factor sign-in"): set up on the account
 * page with a code otplib computes from the secret the page shows, then signing out and in with the
 * password and a code, and with a recovery code. `SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots`
 * writes the set-up dialog and the code step in Dutch and English, desktop and phone.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'two-factor-screenshots');

/** The code of the next time step: accepted (a step of drift) and never the one the set-up used. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** The viewport: a dialog is what the screen shows, not the page behind it. */
async function shoot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, name) });
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Gebruikersmenu|User menu/ }).click();
  await page.getByRole('menuitem', { name: /Uitloggen|Log out/ }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('set up on the account page with a code from the app, then sign in with the password and a code, or a recovery code', async ({ page }) => {
  const account = await createUserWithRights(page.request, {});
  await signIn(page, account, '/users/current');
  await expect(page.getByRole('heading', { name: 'Inloggen in twee stappen' })).toBeVisible();
  await page.getByRole('button', { name: 'Instellen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Inloggen in twee stappen instellen' });
  await expect(dialog.getByRole('img', { name: 'QR-code voor uw authenticator-app' })).toBeVisible();
  const secret = (await dialog.getByTestId('two-factor-secret').getAttribute('data-secret'))!;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(page, 'the set-up dialog');

  // A wrong code first: refused beside the field.
  const code = dialog.getByRole('textbox', { name: 'Code' });
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  const right = await generate({ secret });
  await code.fill(right === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(dialog.getByText('Deze code klopt niet of is al gebruikt.')).toBeVisible();
  await code.fill(await generate({ secret }));
  await dialog.getByRole('button', { name: 'Bevestigen' }).click();
  const codesDialog = page.getByRole('dialog', { name: 'Uw herstelcodes' });
  await expect(codesDialog.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await codesDialog.getByRole('listitem').allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await expectNoAxeViolations(page, 'the recovery codes');
  await codesDialog.getByRole('button', { name: 'Ik heb de codes bewaard' }).click();
  await expect(page.getByText(/^Aan\. Na uw wachtwoord/)).toBeVisible();
  await expect(page.getByText('Herstelcodes over: 10')).toBeVisible();

  // Signing in: the password, then the code.
  await signOut(page);
  await submitLogin(page, account);
  const step = page.getByRole('textbox', { name: 'Code' });
  await expect(step).toBeVisible();
  await expect(step).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(step).toHaveAttribute('inputmode', 'numeric');
  await expectNoAxeViolations(page, 'the code step');
  await step.fill(await nextCode(secret));
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);

  // And with a recovery code, once.
  await signOut(page);
  await submitLogin(page, account);
  await page.getByRole('button', { name: 'Een herstelcode gebruiken' }).click();
  await page.getByRole('textbox', { name: 'Herstelcode' }).fill(recoveryCodes[0]);
  await expectNoAxeViolations(page, 'the recovery-code step');
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/users/current');
  await expect(page.getByText('Herstelcodes over: 9')).toBeVisible();
});

test("an administrator requires it of a customer's users: one of them sets it up after the password, before any session", async ({ page }) => {
  const customer = 'Gemeente Utrecht';
  const url = `/api/v1/customers/${encodeURIComponent(customer)}/twoFactor`;
  const admin = { 'x-access-token': await apiToken(page.request, ADMIN) };
  const account = await createUserWithRights(page.request, {}, [customer]);
  try {
    await signIn(page, ADMIN, `/customers/${encodeURIComponent(customer)}#details`);
    const required = page.getByRole('switch', { name: 'Inloggen in twee stappen verplicht voor de gebruikers van deze klant' });
    await expect(required).not.toBeChecked();
    await required.click();
    await expect(page.getByText('Instelling opgeslagen')).toBeVisible();
    await expect(required).toBeChecked();
    await expectNoAxeViolations(page, "the customer's details with the requirement");
    if (process.env.SCREENSHOTS) fs.mkdirSync(SHOTS, { recursive: true });
    await shoot(page, 'two-factor-customer-nl-desktop.png');
    expect(await (await page.request.get(url, { headers: admin })).json()).toEqual({ required: true });

    await page.evaluate(() => localStorage.removeItem('aquasmart.token'));
    await page.goto('/login');
    await submitLogin(page, account);
    await expect(page.getByText('Voor uw account is inloggen in twee stappen verplicht.', { exact: false })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR-code voor uw authenticator-app' })).toBeVisible();
    await expectNoAxeViolations(page, 'the set-up at sign-in');
    await shoot(page, 'two-factor-required-setup-nl-desktop.png');
    const secret = (await page.getByTestId('two-factor-secret').getAttribute('data-secret'))!;
    await page.getByRole('textbox', { name: 'Code' }).fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(page.getByRole('listitem')).toHaveCount(10);
    // No session before the codes were seen.
    expect(await page.evaluate(() => localStorage.getItem('aquasmart.token'))).toBeNull();
    await page.getByRole('button', { name: 'Ik heb de codes bewaard' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/users/current');
    await expect(page.getByText('Verplicht voor uw account.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Uitzetten' })).toBeDisabled();
  } finally {
    // The demo customer's other users (klant@example.com) sign in with a password again.
    expect((await page.request.patch(url, { headers: admin, data: { required: false } })).status()).toBe(200);
  }
});

/** Two-factor on through the API, as the account page does it. */
async function withTwoFactor(request: APIRequestContext, account: TAccount): Promise<void> {
  const headers = { 'x-access-token': await apiToken(request, account) };
  const { secret } = (await (await request.post('/api/v1/users/current/twoFactor', { headers })).json()) as { secret: string };
  expect((await request.post('/api/v1/users/current/twoFactor/confirm', { headers, data: { code: await generate({ secret }) } })).status()).toBe(200);
}

// The eight screenshots for docs/screenshots; without SCREENSHOTS no test (docs/testing.md).
for (const title of process.env.SCREENSHOTS ? ['screenshots of the two-factor set-up and code step, Dutch and English, desktop and phone'] : []) test(title, async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const language of ['nl', 'en'] as const) {
    const fresh = await createUserWithRights(page.request, {});
    const enabled = await createUserWithRights(page.request, {});
    for (const account of [fresh, enabled]) {
      const headers = { 'x-access-token': await apiToken(page.request, account) };
      expect((await page.request.patch('/api/v1/users/current', { headers, data: { language } })).status()).toBe(200);
    }
    await withTwoFactor(page.request, enabled);
    // The screen's language as picked on the login page (it is kept in the browser).
    await page.goto('/login');
    await page.evaluate(() => localStorage.removeItem('aquasmart.token'));
    await page.goto('/login');
    await page.locator(`main nav [lang="${language}"]`).click();
    await signIn(page, fresh, '/users/current');
    for (const [device, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/users/current');
      await page.getByRole('button', { name: language === 'nl' ? 'Instellen' : 'Set up' }).click();
      await expect(page.getByRole('dialog').getByRole('img')).toBeVisible();
      await shoot(page, `two-factor-setup-${language}-${device}.png`);
    }
    await page.evaluate(() => localStorage.removeItem('aquasmart.token'));
    for (const [device, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/login');
      await submitLogin(page, enabled);
      await expect(page.getByRole('textbox', { name: 'Code' })).toBeVisible();
      await shoot(page, `two-factor-code-${language}-${device}.png`);
    }
  }
});
