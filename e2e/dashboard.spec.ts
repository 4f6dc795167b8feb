import { expect, test, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, CUSTOMER_USER, signIn } from './fixtures';

/** Demo planner (apps/server/src/demo/users.ts): dashboard and overflowDetection, no calibrationData; English. */
const PLANNER = { email: 'planner@example.com', password: CUSTOMER_USER.password };

/**
 * The dashboard on the demo data (docs/dashboard.md): every chart drawn, a chart opens its list,
 * the overflow badge and ending a detection, a customer user's counts, no calibration charts
 * without calibrationData. Screenshots in Dutch and English, desktop and phone, go to
 * docs/screenshots/ when SCREENSHOTS is set.
 */
const ALL_CHARTS = [
  'calibration1',
  'calibration2',
  'calibration3',
  'sensors',
  'locations',
  'sensorErrors',
  'batteryAlarm',
  'flushAlarm',
  'overflowAlarm',
  'sync',
  'incorrectSettings',
  'flushesPerWeek',
  'type',
  'kwWwMeng',
];

const charts = (page: Page) => page.locator('[data-chart-group]');
const badge = (page: Page) => page.getByRole('navigation', { name: /Hoofdmenu|Main menu/ }).getByRole('link', { name: /Dashboard/ }).locator('.MuiBadge-badge');

async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const token = localStorage.getItem('aquasmart.token') ?? '';
    const response = await fetch(`/api/v1${url}`, { headers: { 'x-access-token': token } });
    return (await response.json()) as T;
  }, path);
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  await page.waitForTimeout(600);
  await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: false });
}

test.describe('dashboard', () => {
  test('draws every chart of the demo data; the faulty-sensor chart opens the faulty list with the broken sensor', async ({ page }) => {
    await signIn(page, ADMIN, '/dashboard');
    await expect(charts(page)).toHaveCount(ALL_CHARTS.length);
    for (const id of ALL_CHARTS) {
      const card = page.locator(`[data-chart-group="${id}"]`);
      await expect(card.locator('canvas')).toHaveCount(1);
      await expect(card.getByRole('heading')).toBeVisible();
    }
    const dashboard = await apiGet<{ sensorErrors: Record<string, number>; overflowAlarm: Record<string, number> }>(page, '/dashboard');
    const faulty = Object.values(dashboard.sensorErrors).reduce((a, b) => a + b, 0);
    await expect(page.locator('[data-chart-group="sensorErrors"] [data-total]')).toHaveAttribute('data-total', String(faulty));
    // The overflow title is red: the demo has active detections.
    await expect(page.locator('[data-chart-group="overflowAlarm"] h2')).toHaveAttribute('data-alarm', 'true');
    await expectNoAxeViolations(page, 'dashboard');
    await shoot(page, 'dashboard-nl-1280');

    // A click on the ring of the chart itself opens its list: at 12 o'clock, between the inner
    // (0.75) and the outer radius (90 % of half the smaller side).
    const canvas = page.locator('[data-chart-group="sensorErrors"] canvas');
    const box = (await canvas.boundingBox())!;
    const outer = (0.9 * Math.min(box.width, box.height)) / 2;
    await canvas.click({ position: { x: box.width / 2 + 2, y: box.height / 2 - outer * 0.87 } });
    await expect(page).toHaveURL(/\/dashboard\/faultySensors$/);
    await expect(page.getByRole('heading', { name: 'Defecte sensoren' })).toBeVisible();
    const grid = page.getByRole('grid');
    await expect(grid.getByRole('row')).toHaveCount(faulty + 1);
    // The demo's sensors read -102.4 (no sensor): a red cross in the temperature cell.
    await expect(grid.locator('[data-kind="fault"]').first()).toBeVisible();
    await expectNoAxeViolations(page, 'faulty-sensor list');
    await shoot(page, 'dashboard-faulty-nl-1280');
    await grid.getByRole('row').nth(1).click();
    await expect(page).toHaveURL(/\/nodes\/[^/]+\/[^/]+\/[0-9A-F]{16}$/);
  });

  test('a legend entry opens its list; Refresh reloads', async ({ page }) => {
    await signIn(page, ADMIN, '/dashboard');
    await page.locator('[data-chart-group="flushesPerWeek"] [data-part="twoToSeven"]').click();
    await expect(page).toHaveURL(/\/dashboard\/weeklyFlushes$/);
    await expect(page.getByRole('grid').getByRole('row')).not.toHaveCount(1);
    await page.goBack();
    const reload = page.waitForResponse((response) => response.url().endsWith('/api/v1/dashboard') && response.ok());
    await page.getByRole('button', { name: 'Vernieuwen' }).click();
    await reload;
  });

  test('the overflow badge shows the demo detections; ending one from the overflow list lowers it', async ({ page }) => {
    await signIn(page, ADMIN, '/customers');
    const logs = await apiGet<{ eui: string }[]>(page, `/overflowLogs?conditions=${encodeURIComponent(JSON.stringify({ 'lora.state': 'Started' }))}&projection=eui`);
    const devices = new Set(logs.map((log) => log.eui)).size;
    expect(devices).toBeGreaterThan(0);
    await expect(badge(page)).toHaveText(String(devices));

    await page.goto('/dashboard/overflowDetections');
    const grid = page.getByRole('grid');
    await expect(grid.getByRole('row')).toHaveCount(logs.length + 1);
    await grid.getByRole('row').nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: /Verwijderen/ }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: /Verwijderen/ }).click();
    await expect(badge(page)).toHaveText(String(devices - 1));
    await expect(grid.getByRole('row')).toHaveCount(logs.length);
  });

  test('a customer user sees only their customer; the customer tab asks for that customer', async ({ page }) => {
    await signIn(page, CUSTOMER_USER, '/dashboard');
    await expect(charts(page)).toHaveCount(ALL_CHARTS.length);
    const own = await apiGet<{ type: { logger: number; flush: number } }>(page, '/dashboard');
    const nodes = await page.evaluate(async () => {
      const token = localStorage.getItem('aquasmart.token') ?? '';
      const response = await fetch('/api/v1/devices?assigned=true&page=1&limit=1&projection=eui', { headers: { 'x-access-token': token } });
      return Number(response.headers.get('x-total-count'));
    });
    expect(own.type.logger + own.type.flush).toBe(nodes);
    await expect(page.locator('[data-chart-group="type"] [data-total]')).toHaveAttribute('data-total', String(nodes));
    await shoot(page, 'dashboard-customer-user-nl-1280');

    await page.goto('/customers/Gemeente%20Utrecht#dashboard');
    await expect(charts(page)).toHaveCount(ALL_CHARTS.length);
    await page.locator('[data-chart-group="sensors"] [data-part="lastWeek"]').click();
    await expect(page).toHaveURL(/\/customers\/Gemeente%20Utrecht\/dashboard\/offlineNodes$/);
    // The customer column is hidden under the customer.
    await expect(page.getByRole('columnheader', { name: 'Klant' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Kruimelpad' }).getByRole('link', { name: 'Gemeente Utrecht' })).toBeVisible();
  });

  test('a user without calibrationData sees no calibration charts and may not open their lists', async ({ page }) => {
    await signIn(page, PLANNER, '/dashboard');
    await expect(page.getByRole('heading', { name: 'Faulty sensors' })).toBeVisible();
    await expect(charts(page)).toHaveCount(ALL_CHARTS.length - 3);
    await expect(page.locator('[data-chart-group^="calibration"]')).toHaveCount(0);
    await page.goto('/dashboard/annualCalibrations');
    await expect(page).toHaveURL(/\/404$/);
  });

  test('phone and English screenshots; one column on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, ADMIN, '/dashboard');
    await expect(charts(page)).toHaveCount(ALL_CHARTS.length);
    const [first, second] = await charts(page).evaluateAll((nodes) => nodes.slice(0, 2).map((node) => node.getBoundingClientRect().left));
    expect(first).toBe(second);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shoot(page, 'dashboard-nl-390');
    await page.goto('/dashboard/faultySensors');
    await expect(page.getByRole('grid')).toBeVisible();
    await shoot(page, 'dashboard-faulty-nl-390');

    // English in this browser only: the menu would save it in the administrator's account too.
    await page.evaluate(() => localStorage.setItem('aquasmart.language', 'en'));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Faulty sensors' })).toBeVisible();
    await shoot(page, 'dashboard-en-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await expect(charts(page)).toHaveCount(ALL_CHARTS.length);
    await shoot(page, 'dashboard-en-1280');
    await page.goto('/dashboard/overflowDetections');
    await expect(page.getByRole('grid')).toBeVisible();
    await shoot(page, 'dashboard-overflow-en-1280');
  });
});
