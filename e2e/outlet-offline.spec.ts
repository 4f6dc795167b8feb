import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, createUserWithRights, signIn, type TAccount } from './fixtures';
import { addOutlet, checksOf, CUSTOMER, LOCATION } from './outlet-fixtures';

/**
 * Opening an outlet's page without a connection (docs/outlets.md, "Opening an outlet without a
 * connection"): the engineer opens a location's outlets tab where there is reception; in the plant
 * room, offline, the scanned label's address (`page.goto`, answered by the service worker with the
 * app's shell) opens the outlet from what the device kept, a check is recorded and waits, and
 * arrives once when the connection returns. An outlet never opened says it cannot open. The worker
 * is allowed here (playwright.config.ts blocks it elsewhere). `SCREENSHOTS=1
 * SCREENSHOT_DIR=docs/screenshots` writes the notice's screenshots.
 */
test.use({ serviceWorkers: 'allow', hasTouch: true });

const TAB = `/locations/${encodeURIComponent(CUSTOMER)}/${encodeURIComponent(LOCATION)}#outlets`;
const PLANT_ROOM = { room: 'Technische ruimte', floor: 'Kelder' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'outlet-offline-screenshots');
const STILL = '*, *::before, *::after { transition: none !important; animation: none !important; }';

/** Until the service worker controls the page and has precached the app (index.html among its files). */
async function appCached(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          for (const name of await caches.keys()) if (await (await caches.open(name)).match('/index.html', { ignoreSearch: true })) return true;
          return false;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** Opens the location's outlets tab (online) and waits until what it read is kept on the device. */
async function prepareLocation(page: Page, outletName: string): Promise<void> {
  await page.goto(TAB);
  await expect(page.getByRole('link', { name: outletName }).first()).toBeVisible();
  await expect
    .poll(
      () =>
        page.evaluate(
          (name) =>
            new Promise<boolean>((resolve) => {
              const request = indexedDB.open('aquasmart-offline');
              request.onsuccess = () => {
                const database = request.result;
                if (!database.objectStoreNames.contains('kept')) return resolve(false);
                const all = database.transaction('kept').objectStore('kept').getAll();
                all.onsuccess = () => resolve(JSON.stringify(all.result).includes(name));
                all.onerror = () => resolve(false);
              };
              request.onerror = () => resolve(false);
            }),
          outletName,
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
}

test.describe.serial('an outlet\'s page without a connection', () => {
  let token: string;
  let engineer: TAccount;

  test.beforeAll(async ({ request }) => {
    token = await apiToken(request, ADMIN);
    engineer = await createUserWithRights(request, { dashboard: true, recordChecks: true }, [CUSTOMER]);
  });

  test('prepared on the outlets tab, opened offline from the label\'s address, a check waits and arrives once', async ({ page, context, request }) => {
    await page.setViewportSize(PHONE);
    const outlet = await addOutlet(request, token, 'Douche kelder', PLANT_ROOM);
    await signIn(page, engineer, '/');
    await appCached(page);
    await prepareLocation(page, outlet.name);
    let posts = 0;
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().endsWith('/checks')) posts += 1;
    });

    // In the plant room: no connection. The label's address is a fresh page load, served by the worker.
    await context.setOffline(true);
    await page.goto(`/outlets/${outlet.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(outlet.name);
    const notice = page.getByTestId('outlet-kept');
    await expect(notice).toContainText(/Geen verbinding: gegevens van \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    await expect(notice).toContainText('verzonden zodra er verbinding is');
    await expect(page.getByText(`Technische ruimte · Kelder · ${CUSTOMER} · ${LOCATION}`)).toBeVisible();
    // The form with the rulebook's limit, from the location's plans kept with the tab.
    await page.getByTestId('check-sentinelTemperature').tap();
    await expect(page.getByTestId('check-norm')).toHaveText('Norm: minstens 60,0 °C na 60 s stromen');
    await page.getByTestId('check-celsius').fill('62,4');
    await expectNoAxeViolations(page, 'an outlet opened offline');
    await page.getByTestId('check-save').tap();
    await expect(page.getByTestId('check-queued')).toContainText('de controle is op dit toestel bewaard');
    await expect(page.getByTestId('queued-check')).toHaveCount(1);
    expect(await checksOf(request, token, outlet.id)).toHaveLength(0);

    // An outlet this device never opened: it says so, and shows no checks and no form.
    const unseen = await addOutlet(request, token, 'Wastafel');
    await page.goto(`/outlets/${unseen.id}`);
    await expect(page.getByTestId('outlet-not-kept')).toContainText('Geen verbinding: dit tappunt kan niet openen');
    await expect(page.getByTestId('check-save')).toHaveCount(0);
    await expectNoAxeViolations(page, 'an outlet not kept, offline');

    // The connection returns: the waiting check is sent, once.
    await page.goto(`/outlets/${outlet.id}`);
    await expect(page.getByTestId('queued-check')).toHaveCount(1);
    await context.setOffline(false);
    await expect(page.getByTestId('sent-check')).toContainText(`Verstuurd: ${outlet.name}`);
    await expect(page.getByTestId('queued-check')).toHaveCount(0);
    await expect(page.getByTestId('outlet-kept')).toHaveCount(0); // read again from the server
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(outlet.name);
    expect(await checksOf(request, token, outlet.id)).toHaveLength(1);
    expect(posts).toBe(2); // the one that failed offline, the one that arrived
  });

  test('signing out forgets what was kept: offline the outlet no longer opens', async ({ page, context, request }) => {
    await page.setViewportSize(PHONE);
    const outlet = await addOutlet(request, token, 'Douche');
    await signIn(page, engineer, '/');
    await appCached(page);
    await prepareLocation(page, outlet.name);
    await page.goto(`/outlets/${outlet.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(outlet.name);
    await page.getByRole('button', { name: 'Gebruikersmenu' }).click();
    await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
    await expect(page).toHaveURL(/\/login/);
    const left = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const request = indexedDB.open('aquasmart-offline');
          request.onsuccess = () => {
            const count = request.result.transaction('kept').objectStore('kept').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(left).toBe(0);
    // Signed in again (the same user, a new session): offline the outlet no longer opens until prepared again.
    await signIn(page, engineer, '/');
    await context.setOffline(true);
    await page.goto(`/outlets/${outlet.id}`);
    await expect(page.getByTestId('outlet-not-kept')).toBeVisible();
    await context.setOffline(false);
  });

  // Writes docs/screenshots only when asked (SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots): without it, no test at all.
  if (process.env.SCREENSHOTS)
    test('screenshots: the notice over a kept outlet, nl/en/de, phone and desktop', async ({ page, context, request }) => {
      fs.mkdirSync(SHOTS, { recursive: true });
      const outlet = await addOutlet(request, token, 'Douche kelder', PLANT_ROOM);
      await signIn(page, engineer, '/');
      await appCached(page);
      await prepareLocation(page, outlet.name);
      await context.setOffline(true);
      for (const language of ['nl', 'en', 'de'] as const) {
        await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
        for (const [device, viewport] of [
          ['phone', PHONE],
          ['desktop', DESKTOP],
        ] as const) {
          await page.setViewportSize(viewport);
          await page.goto(`/outlets/${outlet.id}`);
          await expect(page.getByTestId('outlet-kept')).toBeVisible();
          await page.addStyleTag({ content: STILL });
          await page.screenshot({ path: path.join(SHOTS, `outlet-offline-${language}-${device}.png`) });
        }
      }
      await page.evaluate(() => localStorage.setItem('aquasmart.language', 'nl'));
      await page.setViewportSize(PHONE);
      const unseen = await addOutlet(request, token, 'Wastafel');
      await page.goto(`/outlets/${unseen.id}`);
      await expect(page.getByTestId('outlet-not-kept')).toBeVisible();
      await page.addStyleTag({ content: STILL });
      await page.screenshot({ path: path.join(SHOTS, 'outlet-offline-not-kept-nl-phone.png') });
      await context.setOffline(false);
    });
});
