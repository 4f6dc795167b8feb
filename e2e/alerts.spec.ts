import { expect, test, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, ENGINEER, signIn } from './fixtures';
import { startMailServer, stopMailServer, type TReceived } from './mail-server';

/**
 * E-mail alerts in the browser (docs/alerts.md): a user sets water detections "immediately" on the own
 * account (the former toggle, docs/alarm-notifications.md) and it is kept; an administrator opens the outbox from the menu and sends a test e-mail, which a
 * real mail server (smtp-server, started here on the e2e portal's SMTP_URL port) receives.
 */

async function openOutbox(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: /Hoofdmenu|Main menu/ }).getByRole('link', { name: /Uitgaande e-mails|Outgoing e-mails/ }).click();
  await expect(page).toHaveURL(/\/alerts\/outbox$/);
  await expect(page.getByRole('heading', { name: /Uitgaande e-mails|Outgoing e-mails/, level: 1 })).toBeVisible();
}

test.describe('e-mail alerts', () => {
  test('a user sets water detections to immediately or off on the own account page (the former toggle), and it is saved', async ({ page }) => {
    await signIn(page, ENGINEER, '/users/current');
    // The demo engineer has flush alerts on (flush alarm "immediately"): switch water detection to the other choice.
    const water = page.getByRole('combobox', { name: 'Waterdetectie' });
    const before = (await water.textContent())?.trim();
    const next = before === 'Direct' ? 'Uit' : 'Direct';
    await water.click();
    await page.getByRole('option', { name: next, exact: true }).click();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Account gewijzigd')).toBeVisible();
    // Saving one's account goes back where the user came from, here (opened straight) the start page; back on the page the choice stayed.
    await expect(page).not.toHaveURL(/\/users\/current$/);
    await page.goto('/users/current');
    await expect(page.getByRole('combobox', { name: 'Waterdetectie' })).toHaveText(next);
    await expect(page.getByRole('combobox', { name: 'Spoelalarm' })).toHaveText('Direct');
    await expectNoAxeViolations(page, 'the own account page with the alarm notifications');
  });

  test('an administrator sees the outbox and sends a test e-mail that the mail server receives', async ({ page }) => {
    const received: TReceived[] = [];
    const server = await startMailServer(received);
    try {
      await signIn(page, ADMIN);
      await openOutbox(page);
      await expectNoAxeViolations(page, 'the outbox');
      const to = page.getByRole('textbox', { name: 'Naar e-mailadres' });
      await expect(to).toHaveValue(ADMIN.email);
      await to.fill('beheer@example.nl');
      await page.getByRole('button', { name: 'Test-e-mail versturen' }).click();
      await expect(page.getByText('Test-e-mail klaargezet voor verzending')).toBeVisible();
      // Demo users with alerts on may get their waiting e-mails now too: look for ours.
      const ours = () => received.filter((mail) => mail.to.includes('beheer@example.nl'));
      await expect.poll(() => ours().length, { timeout: 15_000 }).toBe(1);
      expect(ours()[0].raw).toContain('Subject: Test-e-mail van het Aquasmart-portaal');

      const table = page.getByRole('grid', { name: 'Verzonden en wachtende e-mails' });
      const row = table.getByRole('row').filter({ hasText: 'beheer@example.nl' });
      await expect(row).toContainText('Test-e-mail van het Aquasmart-portaal (Test)');
      await expect(row).toContainText(/Verzonden \d/, { timeout: 10_000 });
      await expectNoAxeViolations(page, 'the outbox with a sent e-mail');
    } finally {
      await stopMailServer(server);
    }
  });

  test('the outbox is for administrators only', async ({ page }) => {
    await signIn(page, ENGINEER);
    await expect(page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Uitgaande e-mails' })).toHaveCount(0);
    await page.goto('/alerts/outbox');
    await expect(page).toHaveURL(/\/404$/);
  });
});
