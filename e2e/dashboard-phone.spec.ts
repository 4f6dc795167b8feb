import { expect, test, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, signIn } from './fixtures';

/**
 * Issue 29 items 12 and 14 on the demo data: the dashboard on a phone is counts first (charts on
 * request) and short; a dashboard list without rows says what it lists; the faulty-sensor list names
 * the failed channel; the outbox on a phone shows recipient and subject; the customers and locations
 * headers are not cut; Dutch writes voltages with a decimal comma and English one date style.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** Fourteen doughnuts in one column made 6,845 px; the counts alone fit well under this. */
const PHONE_DASHBOARD_MAX_HEIGHT = 3000;

const charts = (page: Page) => page.locator('[data-chart-group]');
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

async function useEnglish(page: Page) {
  await page.evaluate(() => localStorage.setItem('aquasmart.language', 'en'));
  await page.reload();
}

test.describe('the dashboard on a phone', () => {
  test.use({ viewport: PHONE });

  test('counts first and short; the charts on request; axe-clean both ways', async ({ page }) => {
    await signIn(page, ADMIN);
    const chartChunks: string[] = [];
    page.on('request', (request) => {
      if (/doughnut-chart/.test(request.url())) chartChunks.push(request.url());
    });
    await page.goto('/dashboard');
    await expect(charts(page)).toHaveCount(14);
    // Every count is there, as on a desktop, without a doughnut.
    await expect(page.locator('[data-chart-group] [data-total]')).toHaveCount(14);
    await expect(page.locator('[data-chart-group="sensorErrors"] [data-part]').first()).toBeVisible();
    await expect(page.locator('[data-chart-group] canvas')).toHaveCount(0);
    // Not even loaded: the charts' code waits until they are asked for.
    expect(chartChunks).toEqual([]);
    expect(await pageHeight(page)).toBeLessThan(PHONE_DASHBOARD_MAX_HEIGHT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page, 'the phone dashboard');

    const show = page.getByRole('button', { name: 'Grafieken tonen' });
    await show.click();
    await expect(page.locator('[data-chart-group] canvas')).toHaveCount(14);
    await expectNoAxeViolations(page, 'the phone dashboard with charts');
    // The choice holds for the session: back from a list, the charts are still there.
    await page.goto('/dashboard/lowBatteries');
    await page.goBack();
    await expect(page.locator('[data-chart-group] canvas')).toHaveCount(14);
    await page.getByRole('button', { name: 'Grafieken verbergen' }).click();
    await expect(page.locator('[data-chart-group] canvas')).toHaveCount(0);
  });

  test('the faulty-sensor list names the failed channel; an empty list says what it lists', async ({ page }) => {
    await signIn(page, ADMIN, '/dashboard/faultySensors');
    const grid = page.getByRole('grid');
    await expect(grid.locator('[data-faulty-channels]').first()).toHaveText(/^Defect: \S/);
    await expectNoAxeViolations(page, 'the faulty-sensor list on a phone');
    // Sportfondsen Oost has no faulty sensor in the demo data.
    await page.goto('/customers/Sportfondsen%20Oost/dashboard/faultySensors');
    await expect(page.getByText('Geen nodes met een defecte sensor')).toBeVisible();
    await expect(page.getByText('Geen gegevens')).toHaveCount(0);
  });

  test('the outbox shows recipient and subject', async ({ page, request }) => {
    const token = await apiToken(request, ADMIN);
    const queued = await request.post('/api/v1/mailOutbox/test', { headers: { 'x-access-token': token }, data: { to: 'ontvanger@example.com' } });
    expect(queued.status()).toBe(201);
    const subject = ((await queued.json()) as { subject: string }).subject;
    await signIn(page, ADMIN, '/alerts/outbox');
    const row = page.getByRole('grid').getByRole('row').filter({ hasText: 'ontvanger@example.com' }).first();
    await expect(row).toBeVisible();
    await expect(row.locator('[data-subject]')).toContainText(subject);
    await expect(row.getByText('ontvanger@example.com')).toBeInViewport();
    await expectNoAxeViolations(page, 'the outbox on a phone');
  });

  test('the customers and locations headers are not cut, sorted or not', async ({ page }) => {
    await signIn(page, ADMIN);
    for (const path of ['/customers', '/locations']) {
      await page.goto(path);
      await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
      for (const field of ['sync', 'online']) {
        const header = page.locator(`.MuiDataGrid-columnHeader[data-field="${field}"]`);
        await header.click();
        await header.hover();
        const title = header.locator('.MuiDataGrid-columnHeaderTitle');
        await expect(title).toHaveText(field === 'sync' ? 'Sync' : 'Online');
        const [scroll, client] = await title.evaluate((element) => [element.scrollWidth, element.clientWidth]);
        expect(scroll, `${path} ${field}`).toBeLessThanOrEqual(client);
      }
    }
  });
});

test.describe('numbers and dates', () => {
  test('Dutch writes the battery voltage with a decimal comma; English one date style', async ({ page }) => {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await signIn(page, ADMIN, '/dashboard/lowBatteries');
      const grid = page.getByRole('grid');
      if (viewport === DESKTOP) {
        const voltage = grid.locator('[data-field="voltage"][role="gridcell"]').first();
        await expect(voltage).toHaveText(/^\d+,\d\d\sV$/);
      }
      await useEnglish(page);
      const date = grid.locator('[data-field="date"][role="gridcell"]').first();
      await expect(date).toHaveText(/^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d$/);
      if (viewport === DESKTOP) await expect(grid.locator('[data-field="voltage"][role="gridcell"]').first()).toHaveText(/^\d+\.\d\d\sV$/);
      await page.evaluate(() => localStorage.removeItem('aquasmart.language'));
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
    }
  });
});
