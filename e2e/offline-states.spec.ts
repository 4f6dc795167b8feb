import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, ENGINEER, signIn } from './fixtures';

/**
 * A lost connection never looks like "all clear" (docs/screens.md, "Lost connection"; issue 37,
 * item 1): with the network cut a list keeps the rows it had under "Geen verbinding — bijgewerkt om
 * HH:MM", a list, the dashboard or the alarm page without data says "Geen verbinding" where the data
 * would be (never "Geen alarmen om af te handelen", "0 - 0 van 0" or a blank page), and the scanner's
 * lookup of a typed EUI ends with a message instead of "wordt gezocht…" for good.
 * `SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots` writes the node list without a connection.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'offline-screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** The failure shows after the query's two retries (1 s and 2 s apart, lib/query-client.ts). */
const AFTER_RETRIES = { timeout: 15_000 };
const STALE = /Geen verbinding — bijgewerkt om \d{1,2}:\d{2}/;

/** Every API call fails as without a network (the page and its scripts still load). */
async function cutApi(page: Page): Promise<void> {
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
}

/** Opens an address inside the app, as the menu does (no page load, so the shell stays without the API). */
async function openInApp(page: Page, address: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, address);
}

/** Uncaught errors of the page: the scanner's lookup used to throw one (status 0). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('without a connection', () => {
  test.use({ viewport: DESKTOP });

  for (const screen of [
    { name: 'alarm list', address: '/alarms', grid: 'Alarmen', empty: 'Geen alarmen om af te handelen' },
    { name: 'node list', address: '/nodes', grid: 'Nodes', empty: 'Hier zijn nog geen nodes geregistreerd.' },
  ]) {
    test(`the ${screen.name} opened without a connection says so, never its empty text; a refresh that fails keeps the rows with "bijgewerkt om …"`, async ({ page, context }) => {
      const errors = pageErrors(page);
      await signIn(page, ENGINEER, '/customers');
      await expect(page.getByRole('grid', { name: 'Klanten' }).getByRole('row').nth(1)).toBeVisible();
      // The app's files are there, the API is not: the failure where the rows would be.
      await cutApi(page);
      await openInApp(page, screen.address);
      const grid = page.getByRole('grid', { name: screen.grid });
      const failure = page.getByTestId('query-failure');
      await expect(failure).toContainText('Geen verbinding', AFTER_RETRIES);
      await expect(failure).not.toContainText('bijgewerkt');
      await expect(page.getByText(screen.empty)).toHaveCount(0);
      await expect(page.getByText(/\d+ - \d+ van \d+/)).toHaveCount(0);
      await expect(grid).toHaveCount(0);
      await expectNoAxeViolations(page, `the ${screen.name} without data, offline`);

      await page.unrouteAll();
      await failure.getByRole('button', { name: 'Opnieuw proberen' }).click();
      await expect(grid.getByRole('row').nth(1)).toBeVisible();
      const firstRow = (await grid.getByRole('row').nth(1).innerText()).split('\n')[0];
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Vernieuwen' }).click();
      await expect(page.getByTestId('query-failure')).toHaveText(STALE, AFTER_RETRIES);
      await expect(grid.getByText(firstRow, { exact: true }).first()).toBeVisible();
      await expect(page.getByText(/\d+ - \d+ van \d+/)).toBeVisible();
      await expect(page.getByText(screen.empty)).toHaveCount(0);
      await expectNoAxeViolations(page, `the ${screen.name} with its last rows, offline`);
      expect(errors).toEqual([]);
    });
  }

  test('the dashboard opened without a connection says so instead of a blank page; a refresh that fails keeps the charts with "bijgewerkt om …"', async ({ page, context }) => {
    await signIn(page, ADMIN, '/customers');
    await expect(page.getByRole('grid', { name: 'Klanten' }).getByRole('row').nth(1)).toBeVisible();
    await cutApi(page);
    await openInApp(page, '/dashboard');
    await expect(page.getByRole('alert').filter({ hasText: /^Geen verbinding$/ })).toBeVisible(AFTER_RETRIES);
    await expectNoAxeViolations(page, 'the dashboard without data, offline');

    await page.unrouteAll();
    await page.getByRole('button', { name: 'Vernieuwen' }).click();
    const charts = page.getByTestId('dashboard-charts');
    await expect(charts).toBeVisible();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Vernieuwen' }).click();
    await expect(page.getByRole('alert').filter({ hasText: STALE })).toBeVisible(AFTER_RETRIES);
    await expect(charts).toBeVisible();
    await expectNoAxeViolations(page, 'the dashboard with its last charts, offline');
  });

  test('the alarm page opened without a connection says "Geen verbinding"', async ({ page }) => {
    await signIn(page, ENGINEER, '/alarms');
    const grid = page.getByRole('grid', { name: 'Alarmen' });
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    await cutApi(page);
    await grid.getByRole('row').nth(1).click();
    await expect(page).toHaveURL(/\/alarms\/\d+$/);
    await expect(page.getByRole('alert').filter({ hasText: /^Geen verbinding$/ })).toBeVisible(AFTER_RETRIES);
    await expectNoAxeViolations(page, 'the alarm page, offline');
  });

  test('the scanner: a typed EUI without a connection says so; a lookup without an answer ends after 10 s', async ({ page, context, request }) => {
    const errors = pageErrors(page);
    const answer = await request.get('/api/v1/devices', { headers: { 'x-access-token': await apiToken(request, ADMIN) }, params: { projection: 'eui', limit: 1 } });
    const [{ eui }] = (await answer.json()) as { eui: string }[];
    await signIn(page, ENGINEER, '/nodes');
    await page.getByRole('button', { name: 'Label scannen' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Label scannen' });
    await dialog.getByRole('textbox', { name: 'Of typ de EUI' }).fill(eui);

    await context.setOffline(true);
    await dialog.getByRole('button', { name: 'Openen' }).click();
    await expect(dialog.getByTestId('scan-message')).toHaveText(`Node ${eui} kon niet worden gezocht. Geen verbinding. Probeer het opnieuw.`);
    await expectNoAxeViolations(page, 'the scanner, offline');

    // The server is reached but never answers: the lookup gives up after SCAN_LOOKUP_TIMEOUT_MS.
    await context.setOffline(false);
    await page.route('**/api/v1/devices/**', () => undefined);
    const started = Date.now();
    await dialog.getByRole('button', { name: 'Openen' }).click();
    await expect(dialog.getByTestId('scan-message')).toHaveText(`Node ${eui} wordt gezocht…`);
    await expect(dialog.getByTestId('scan-message')).toHaveText(`Node ${eui} kon niet worden gezocht. Geen antwoord binnen 10 seconden. Probeer het opnieuw.`, { timeout: 15_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_500);
    await expect(page).toHaveURL(/\/nodes$/);
    expect(errors).toEqual([]);
  });
});

const shots = process.env.SCREENSHOTS
  ? (['nl', 'en'] as const).flatMap((language) => (['desktop', 'phone'] as const).map((device) => ({ language, device })))
  : [{ language: 'en', device: 'phone' } as const];
for (const { language, device } of shots) {
  test(`screenshot: the node list without a connection ${language} ${device}`, async ({ page }) => {
    await page.setViewportSize(device === 'phone' ? PHONE : DESKTOP);
    await page.addInitScript((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
    await signIn(page, ENGINEER, '/nodes');
    const grid = page.getByRole('grid');
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    // The API cut rather than the whole network: an offline Chromium draws its screenshots blank.
    await cutApi(page);
    const refresh = language === 'nl' ? 'Vernieuwen' : 'Refresh';
    if (device === 'phone') {
      await page.getByRole('button', { name: language === 'nl' ? 'Acties' : 'Actions' }).click();
      await page.getByRole('menuitem', { name: refresh }).click();
    } else {
      await page.getByRole('button', { name: refresh }).click();
    }
    const stale = language === 'nl' ? STALE : /No connection — updated at \d{1,2}:\d{2}/;
    await expect(page.getByTestId('query-failure')).toHaveText(stale, AFTER_RETRIES);
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    await expectNoAxeViolations(page, `the node list offline, ${language} ${device}`);
    if (!process.env.SCREENSHOTS) return;
    // The refresh button's tooltip would cover "Opnieuw proberen".
    await page.mouse.move(0, device === 'phone' ? PHONE.height - 1 : DESKTOP.height - 1);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `offline-nodes-${language}-${device}.png`) });
  });
}
