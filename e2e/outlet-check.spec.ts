import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, createUserWithRights, signIn, type TAccount } from './fixtures';
import { addOutlet, checksOf, CUSTOMER, LOCATION } from './outlet-fixtures';

/**
 * The check at the outlet on a phone (docs/outlets.md, "The check at the outlet", "The offline
 * queue"): what the scanner opens, /outlets/{id}, at 390x844 with touch. A reading outside the limit
 * says the deviation was opened and links to its alarm; a check recorded without a connection waits
 * on the device, and after the connection returns it reaches the server once, with its photo.
 * The outlets are made through the API (the demo has none). `SCREENSHOTS=1
 * SCREENSHOT_DIR=docs/screenshots` writes the screenshots the docs show.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'outlet-check-screenshots');
const STILL = '*, *::before, *::after { transition: none !important; animation: none !important; }';

/** Records the sentinel temperature by touch: the check, the reading with a Dutch comma, the save. */
async function recordReading(page: Page, celsius: string) {
  await page.getByTestId('check-sentinelTemperature').tap();
  await expect(page.getByTestId('check-sentinelTemperature')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('check-celsius').tap();
  await page.getByTestId('check-celsius').fill(celsius);
}

test.describe.serial('the check at the outlet, on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true });
  let token: string;
  let engineer: TAccount;

  test.beforeAll(async ({ request }) => {
    token = await apiToken(request, ADMIN);
    engineer = await createUserWithRights(request, { dashboard: true, recordChecks: true }, [CUSTOMER]);
  });

  test('one-handed: a reading outside the limit opens the deviation; offline the check waits and arrives once, with its photo', async ({ page, context, request }) => {
    const { id: outletId } = await addOutlet(request, token, 'Douche');
    await signIn(page, engineer, `/outlets/${outletId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Douche /);
    await expect(page.getByText(`Kleedkamer 2 · Begane grond · ${CUSTOMER} · ${LOCATION}`)).toBeVisible();
    // Both checks of a new sentinel shower are due; one of them is chosen already.
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(2); // one check, one outcome (done)
    await expect(page.getByTestId('outcome-done')).toHaveAttribute('aria-checked', 'true');
    await recordReading(page, '55,5');
    await expect(page.getByTestId('check-norm')).toHaveText('Norm: minstens 60,0 °C na 60 s stromen');
    await expect(page.getByTestId('check-celsius')).toHaveAttribute('inputmode', 'decimal');
    await expect(page.getByTestId('check-seconds')).toHaveValue('60');
    // The save where a thumb reaches: at the foot of the screen, 56 px high, the page not wider than the phone.
    const save = await page.getByTestId('check-save').boundingBox();
    expect(save && save.y + save.height).toBeGreaterThan(PHONE.height * 0.8);
    expect(save?.height).toBeGreaterThanOrEqual(56);
    for (const target of ['check-sentinelTemperature', 'outcome-notPossible']) expect((await page.getByTestId(target).boundingBox())?.height).toBeGreaterThanOrEqual(56);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page, 'the check form on a phone');
    await page.getByTestId('check-save').tap();

    const outcome = page.getByTestId('check-outcome');
    await expect(outcome).toContainText('Buiten de norm');
    await expect(outcome).toContainText('55,5 °C na 60 s');
    await expect(outcome).toContainText('Afwijking geopend');
    await expect(outcome.getByRole('link', { name: 'Alarm bekijken' })).toHaveAttribute('href', /^\/alarms\/\d+$/);
    await expectNoAxeViolations(page, 'the deviation after saving');
    const [deviation] = await checksOf(request, token, outletId);
    expect(deviation).toMatchObject({ celsius: 55.5, verdict: 'outsideLimit', photo: null });

    // Offline: the next check, with a photo, is kept on the device.
    const { id: other } = await addOutlet(request, token, 'Wastafel');
    await page.goto(`/outlets/${other}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Wastafel /);
    const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 240, height: 160 } });
    await recordReading(page, '61,2');
    await page.getByTestId('check-photo').setInputFiles({ name: 'douchekop.png', mimeType: 'image/png', buffer: picture });
    await expect(page.getByRole('img', { name: 'Foto bij de controle' })).toBeVisible();
    let posts = 0;
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().endsWith('/checks')) posts += 1;
    });
    await context.setOffline(true);
    await page.getByTestId('check-save').tap();
    await expect(page.getByTestId('check-queued')).toContainText('de controle is op dit toestel bewaard');
    const queued = page.getByTestId('queued-check');
    await expect(queued).toHaveCount(1);
    await expect(queued).toContainText('Wacht op verbinding');
    await expect(queued).toHaveAttribute('data-state', 'waiting');
    await expectNoAxeViolations(page, 'a check waiting to be sent');
    expect(await checksOf(request, token, other)).toHaveLength(0);

    // Online again: the `online` event sends it, once.
    await context.setOffline(false);
    await expect(page.getByTestId('sent-check')).toContainText('Verstuurd: Wastafel');
    await expect(queued).toHaveCount(0);
    // Another round (the app's start, the minute's retry) finds nothing left to send.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Wastafel /);
    const stored = await checksOf(request, token, other);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ celsius: 61.2, verdict: 'withinLimit', photo: { type: 'image/jpeg' } });
    expect(posts).toBe(2); // the failed one offline, the one that arrived
    const photo = await request.get(`/api/v1${stored[0].photo!.url}`, { headers: { 'x-access-token': token } });
    expect(photo.headers()['content-type']).toBe('image/jpeg');
    expect((await photo.body()).subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
  });

  // Writes docs/screenshots only when asked (SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots): without it, no test at all.
  if (process.env.SCREENSHOTS)
    test('screenshots: the form, the deviation and a waiting check, nl/en/de, phone and desktop', async ({ page, context, request }) => {
      fs.mkdirSync(SHOTS, { recursive: true });
      const { id: outletId } = await addOutlet(request, token, 'Douche');
      await signIn(page, engineer, `/outlets/${outletId}`);
      for (const language of ['nl', 'en', 'de'] as const) {
        await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
        for (const [device, viewport] of [
          ['phone', PHONE],
          ['desktop', DESKTOP],
        ] as const) {
          await page.setViewportSize(viewport);
          await page.reload();
          await recordReading(page, '55,5');
          await page.getByTestId('check-note').fill(language === 'nl' ? 'Douchekop verkalkt' : 'Shower head scaled');
          await page.getByTestId('check-note').blur();
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.addStyleTag({ content: STILL });
          await page.screenshot({ path: path.join(SHOTS, `outlet-check-${language}-${device}.png`) });
          if (device === 'phone') {
            await page.getByTestId('check-save').tap();
            await expect(page.getByTestId('check-alarm-link')).toBeVisible();
            await page.screenshot({ path: path.join(SHOTS, `outlet-check-deviation-${language}-phone.png`) });
          }
        }
      }
      await page.evaluate(() => localStorage.setItem('aquasmart.language', 'nl'));
      await page.setViewportSize(PHONE);
      await page.reload();
      await recordReading(page, '61');
      await context.setOffline(true);
      await page.getByTestId('check-save').tap();
      await expect(page.getByTestId('queued-check')).toHaveCount(1);
      await page.addStyleTag({ content: STILL });
      await page.screenshot({ path: path.join(SHOTS, 'outlet-check-queued-nl-phone.png'), fullPage: true });
      await context.setOffline(false);
      await expect(page.getByTestId('sent-check')).toHaveCount(1);
    });
});
