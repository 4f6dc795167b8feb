import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { createUserWithRights, submitLogin, type TAccount } from './fixtures';
import { startMailServer, stopMailServer, type TReceived } from './mail-server';

/**
 * The forgotten password in the browser (docs/users.md, "Forgotten password"): from the login page
 * to the e-mail a real mail server (smtp-server) receives, the link in it, the new password, and
 * the link refused a second time. `SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots` writes the pages
 * in Dutch and English, desktop and phone.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'password-reset-screenshots');
const NEW_PASSWORD = 'Nieuw-e2e-wachtwoord-7';

/** The path and fragment of the link in the newest e-mail to `account` (the link names the portal's PUBLIC_URL). */
async function linkFromMail(received: TReceived[], account: TAccount): Promise<string> {
  const ours = () => received.filter((mail) => mail.to.includes(account.email));
  await expect.poll(() => ours().length, { timeout: 20_000 }).toBeGreaterThan(0);
  const mail = ours().at(-1)!;
  expect(mail.raw).toContain('Subject: Nieuw wachtwoord voor het Aquasmart-portaal');
  const link = /https?:\/\/\S+\/reset-password#token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.hash}`;
}

async function shoot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

test('a user who forgot the password gets a link by e-mail, sets a new one, and the link works once', async ({ page, request }) => {
  if (process.env.SCREENSHOTS) fs.mkdirSync(SHOTS, { recursive: true });
  const account = await createUserWithRights(request, {});
  const received: TReceived[] = [];
  const server = await startMailServer(received);
  try {
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'E-mailadres' }).fill(account.email);
    await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Wachtwoord vergeten' })).toBeVisible();
    // What was typed at the login is kept.
    await expect(page.getByRole('textbox', { name: 'E-mailadres' })).toHaveValue(account.email);
    await expectNoAxeViolations(page, 'the forgotten-password page');
    await page.getByRole('button', { name: 'Link versturen' }).click();
    await expect(page.getByRole('status')).toContainText(`Als ${account.email} bij de portal bekend is`);
    await expectNoAxeViolations(page, 'the forgotten-password page, sent');

    const link = await linkFromMail(received, account);
    await page.goto(link);
    await expect(page.getByText(`Kies een nieuw wachtwoord voor ${account.email}`)).toBeVisible();
    await expectNoAxeViolations(page, 'the new-password page');
    await page.getByRole('textbox', { name: 'Nieuw wachtwoord', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('textbox', { name: 'Herhaal het nieuwe wachtwoord' }).fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect(page.getByText('Wachtwoorden komen niet overeen')).toBeVisible();
    await page.getByRole('textbox', { name: 'Herhaal het nieuwe wachtwoord' }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect(page.getByRole('status')).toContainText('Uw wachtwoord is gewijzigd');
    await page.getByRole('link', { name: 'Naar inloggen' }).click();

    await submitLogin(page, { ...account, password: NEW_PASSWORD });
    await expect(page).not.toHaveURL(/\/login/);

    // The same link again: used up.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText('Deze link is verlopen, al gebruikt of niet geldig');
    await expect(page.getByRole('link', { name: 'Nieuwe link aanvragen' })).toBeVisible();
    await expectNoAxeViolations(page, 'a used link');
  } finally {
    await stopMailServer(server);
  }
});

// The eight screenshots for docs/screenshots; without SCREENSHOTS no test (docs/testing.md).
for (const title of process.env.SCREENSHOTS ? ['screenshots of the forgotten-password pages, Dutch and English, desktop and phone'] : []) test(title, async ({ page, request }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const account = await createUserWithRights(request, {});
  const received: TReceived[] = [];
  const server = await startMailServer(received);
  try {
    expect((await request.post('/api/v1/auth/password-reset', { data: { email: account.email } })).status()).toBe(202);
    const link = await linkFromMail(received, account);
    for (const [language, forgot, title] of [['nl', 'Wachtwoord vergeten?', 'Wachtwoord vergeten'], ['en', 'Forgot your password?', 'Forgotten password']] as const) {
      for (const [device, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
        await page.setViewportSize(viewport);
        await page.goto('/login');
        await page.locator(`main nav [lang="${language}"]`).click();
        await page.getByRole('link', { name: forgot }).click();
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await page.getByRole('textbox').fill(account.email);
        await shoot(page, `password-forgot-${language}-${device}.png`);
        await page.goto(link);
        await expect(page.getByRole('button', { name: language === 'nl' ? 'Wachtwoord opslaan' : 'Save password' })).toBeVisible();
        await shoot(page, `password-reset-${language}-${device}.png`);
      }
    }
  } finally {
    await stopMailServer(server);
  }
});
