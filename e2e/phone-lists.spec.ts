import { expect, test, type Page } from './portal';
import { ADMIN, ENGINEER, signIn } from './fixtures';

/**
 * The back-office lists on a 390 px phone (docs/screens.md, "Lists"): the name and the columns that
 * matter most are visible without scrolling sideways, the rest is in the row's expanded part; the
 * rows-per-page choice is there; and at 1280 px no list is wider than its box.
 */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.locator('.MuiDataGrid-virtualScroller').evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

const headers = (page: Page) => page.getByRole('columnheader').allTextContents();

test.describe('lists on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('customers and locations show name, sync and online; a row expands to the rest', async ({ page }) => {
    await signIn(page, ADMIN);
    for (const path of ['/customers', '/locations']) {
      await page.goto(path);
      const grid = page.getByRole('grid');
      await expect(grid.getByText('Gemeente Utrecht').or(grid.getByText('Sporthal Zuid')).first()).toBeVisible();
      const shown = (await headers(page)).map((text) => text.trim()).filter(Boolean);
      expect(shown, path).toEqual(expect.arrayContaining(['Naam', 'Sync', 'Online']));
      expect(shown, path).not.toContain('Adres');
      await expectNoSidewaysScroll(page);
      await expect(page.getByText('Rijen per pagina')).toBeVisible();

      await grid.getByRole('button', { name: 'Uitklappen' }).first().click();
      const detail = grid.locator('.list-detail-cell').first();
      await expect(detail.getByText('Adres', { exact: true })).toBeVisible();
      await expect(detail.getByText('Plaats', { exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
  });

  test('users show the name; e-mail and customers are in the expanded row', async ({ page }) => {
    await signIn(page, ADMIN, '/users');
    const grid = page.getByRole('grid');
    await expect(grid.getByText('Mark de Monteur')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await grid.getByRole('row', { name: /Mark de Monteur/ }).getByRole('button', { name: 'Uitklappen' }).click();
    await expect(grid.locator('.list-detail-cell').getByText('monteur@example.com')).toBeVisible();
  });

  test('the detail tabs scroll with arrows instead of being cut off', async ({ page }) => {
    await signIn(page, ADMIN, '/customers/Gemeente%20Utrecht#locations');
    const tabs = page.getByRole('tablist');
    await expect(tabs.getByRole('tab', { name: 'Locaties' })).toBeVisible();
    const forward = page.locator('.MuiTabs-scrollButtons').last();
    await expect(forward).toBeVisible();
    // The last tab (an administrator sees the external platform's too) is out of sight until the
    // arrow has moved the row far enough: one press or more.
    const last = tabs.getByRole('tab').last();
    await expect(last).not.toBeInViewport();
    await expect(async () => {
      await forward.click();
      await expect(last).toBeInViewport({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  });
});

test.describe('lists on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the locations list fits its box at 1280 px', async ({ page }) => {
    await signIn(page, ADMIN, '/locations');
    await expect(page.getByRole('grid').getByText('Sporthal Zuid')).toBeVisible();
    const shown = (await headers(page)).map((text) => text.trim()).filter(Boolean);
    expect(shown).toEqual(expect.arrayContaining(['Naam', 'Klant', 'Plaats', 'Sync', 'Online', 'Kanalen']));
    await expectNoSidewaysScroll(page);
  });
});

/** Each temperature in a phone row is whole inside its cell or not shown at all (wrapped below it), never cut at the edge. */
async function temperaturesCut(page: Page): Promise<string[]> {
  return page.locator('[data-temperatures]').evaluateAll((boxes) =>
    boxes.flatMap((box, index) => {
      const outer = box.getBoundingClientRect();
      const cell = box.closest('[role="gridcell"]')!.getBoundingClientRect();
      return Array.from(box.querySelectorAll<HTMLElement>('[data-temperature]')).flatMap((item) => {
        const r = item.getBoundingClientRect();
        const inside = r.top >= outer.top - 0.5 && r.bottom <= outer.bottom + 0.5 && r.left >= cell.left - 0.5 && r.right <= cell.right + 0.5;
        const hidden = r.top >= outer.bottom - 0.5;
        return inside || hidden ? [] : [`row ${index} temperature ${item.dataset.temperature}: ${Math.round(r.left)}-${Math.round(r.right)} in ${Math.round(cell.left)}-${Math.round(cell.right)}`];
      });
    }),
  );
}

test.describe('node lists on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a row shows name, place, the temperatures that fit and the state icons; a tap opens the node', async ({ page }) => {
    await signIn(page, ADMIN, '/nodes');
    const grid = page.getByRole('grid');
    const first = grid.getByRole('row').nth(1);
    // The location alone, whole (the customer is in the expanded row: docs/screens.md, "Text that fits").
    await expect(first.locator('[data-place]')).toHaveText(/\S/);
    await expect(first.locator('[data-place]')).not.toHaveText(/ · | \/ /);
    await expect(grid.locator('[data-temperature="1"]').first()).toBeVisible();
    expect(await temperaturesCut(page)).toEqual([]);
    await expect(first.locator('[data-state]')).toBeVisible();
    await expect(first.locator('[data-level]')).toBeVisible();
    await expectNoSidewaysScroll(page);

    const name = (await first.getByRole('gridcell').nth(2).locator('span').first().textContent()) ?? '';
    await first.getByText(name, { exact: true }).tap();
    await expect(page).toHaveURL(/\/nodes\/[^/]+\/[^/]+\/[0-9A-F]{16}$/);
  });

  test('an engineer (no delete, so no checkboxes) has room for more temperatures, still none cut; New is a visible button', async ({ page }) => {
    await signIn(page, ENGINEER, '/nodes');
    await expect(page.getByRole('grid').locator('[data-temperature="1"]').first()).toBeVisible();
    // addNode: New is a button of its own, not an item under "⋮ Acties" (issue 37 item 4).
    await expect(page.getByRole('toolbar', { name: 'Acties' }).getByRole('link', { name: 'Nieuw' })).toBeVisible();
    expect(await temperaturesCut(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
  });
});

test.describe('node lists on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the global list shows customer / location under the name; the customer tab the location; Enter opens a row', async ({ page }) => {
    await signIn(page, ADMIN, '/nodes');
    const grid = page.getByRole('grid');
    // The first page of all nodes can take a while on a loaded 2-core machine.
    await expect(grid.locator('[data-place]').first()).toHaveText(/\S \/ \S/, { timeout: 30_000 });
    const cell = grid.getByRole('row').nth(2).locator('[data-field="name"]');
    await cell.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/nodes\/[^/]+\/[^/]+\/[0-9A-F]{16}$/);

    await page.goto('/customers/Gemeente%20Utrecht#nodes');
    const place = page.getByRole('grid').locator('[data-place]').first();
    await expect(place).toBeVisible();
    expect(await place.textContent()).not.toContain('Gemeente Utrecht');
  });
});

test.describe('sorting by calibration', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('going up starts with the never calibrated, then the oldest date (the calibration column shows at 1366 px)', async ({ page }) => {
    await signIn(page, ADMIN, '/nodes');
    const grid = page.getByRole('grid');
    await expect(grid.locator('[data-calibration]').first()).toBeVisible({ timeout: 30_000 });
    await grid.getByRole('columnheader', { name: 'Kalibratie' }).click();
    await expect(grid.getByRole('columnheader', { name: 'Kalibratie' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(grid.locator('[data-calibration]').first()).toHaveText('Nooit');
    // The boundary: every "Nooit" before the first date, and the dates from the oldest on.
    // aria-sort changes on the click, the rows when the sorted page arrives: the rows shown
    // before it may start with a "Nooit" by chance, so the order is read until it settles.
    await expect(async () => {
      const texts = await grid.locator('[data-calibration]').allTextContents();
      const never = texts.filter((text) => text === 'Nooit').length;
      expect(texts.slice(0, never).every((text) => text === 'Nooit')).toBe(true);
      const days = texts.slice(never).map((text) => text.split('-').reverse().join(''));
      expect(days.length).toBeGreaterThan(0);
      expect(days).toEqual([...days].sort());
    }).toPass({ timeout: 15_000 });
  });
});

/** A demo node with LoRa messages and audit entries (the simulator sends every 15 minutes). */
async function demoNodeScreen(page: Page): Promise<string> {
  await page.goto('/nodes');
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  await grid.getByRole('row').nth(1).locator('[data-field="name"]').click();
  await expect(page).toHaveURL(/\/nodes\/[^/]+\/[^/]+\/[0-9A-F]{16}$/);
  return new URL(page.url()).pathname;
}

test.describe('the node page on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the LoRa tab pages in Dutch with its arrows inside the card', async ({ page }) => {
    await signIn(page, ADMIN);
    const screen = await demoNodeScreen(page);
    await page.goto(`${screen}#lora`);
    // The messages' card (the gateways that heard the node come first, docs/gateways.md).
    const card = page.getByRole('tabpanel').locator('.MuiPaper-root').filter({ hasText: 'LoRa-berichten' }).first();
    const next = card.getByRole('button', { name: 'Volgende pagina' });
    await expect(next).toBeVisible({ timeout: 30_000 });
    await expect(card.getByRole('button', { name: 'Vorige pagina' })).toBeVisible();
    await expect(card.getByText('Rijen per pagina')).toBeVisible();
    await expect(card.getByText(/^1 ?- ?25 van \d+$/)).toBeVisible();
    const box = (await card.boundingBox())!;
    const arrow = (await next.boundingBox())!;
    expect(arrow.x + arrow.width, 'the next-page arrow ends inside the card').toBeLessThanOrEqual(box.x + box.width);
    await next.scrollIntoViewIfNeeded();
    await expect(next, "whole on the screen, not beyond its right edge").toBeInViewport({ ratio: 1 });
    await next.click();
    await expect(card.getByText(/^26 ?- ?50 van \d+$/)).toBeVisible();
  });

  test('the audit tab is one card per entry: when, who and what, nothing cut or wrapped per letter', async ({ page }) => {
    await signIn(page, ADMIN);
    const screen = await demoNodeScreen(page);
    await page.goto(`${screen}#auditLog`);
    const panel = page.getByRole('tabpanel');
    const entries = panel.locator('[data-audit-entry]');
    await expect(entries.first()).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByRole('table')).toHaveCount(0);
    const problems = await entries.evaluateAll((items) =>
      items.flatMap((item, index) => {
        const box = item.getBoundingClientRect();
        const user = item.querySelector<HTMLElement>('[data-audit-user]');
        const userBox = user?.getBoundingClientRect();
        const line = user ? parseFloat(getComputedStyle(user).lineHeight) || 20 : 20;
        const found: string[] = [];
        if (!user?.textContent) found.push(`entry ${index}: no user`);
        if (userBox && userBox.height > line * 1.5) found.push(`entry ${index}: ${user?.textContent} takes ${Math.round(userBox.height)} px`);
        if (item.scrollWidth > item.clientWidth + 1 || box.right > window.innerWidth) found.push(`entry ${index}: wider than the screen`);
        return found;
      }),
    );
    expect(problems).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });

  test("the administrator's node list shows every name whole (wrapped, never cut to 'Boi…')", async ({ page }) => {
    await signIn(page, ADMIN, '/nodes');
    const grid = page.getByRole('grid');
    await expect(grid.locator('[data-field="name"]').nth(1)).toBeVisible({ timeout: 30_000 });
    const cut = await grid.locator('[role="gridcell"][data-field="name"]').evaluateAll((cells) =>
      cells.flatMap((cell) => {
        const name = cell.querySelector<HTMLElement>('span');
        if (!name) return [];
        const box = cell.getBoundingClientRect();
        const text = name.getBoundingClientRect();
        const whole = name.scrollWidth <= name.clientWidth + 1 && text.bottom <= box.bottom + 0.5 && text.right <= box.right + 0.5;
        return whole ? [] : [`${name.textContent}: ${Math.round(name.scrollWidth)} px in ${Math.round(name.clientWidth)} px`];
      }),
    );
    expect(cut).toEqual([]);
    expect(await temperaturesCut(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
  });
});

test.describe('tab bars on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('no scroll arrows on tab bars of 2-5 tabs at 1280 px', async ({ page }) => {
    await signIn(page, ADMIN);
    const node = await demoNodeScreen(page);
    for (const path of [node, '/customers/Gemeente%20Utrecht', '/locations/Gemeente%20Utrecht/Sporthal%20Zuid']) {
      await page.goto(path);
      const tabs = page.getByRole('tablist');
      await expect(tabs.getByRole('tab').first()).toBeVisible();
      expect(await tabs.getByRole('tab').count(), path).toBeGreaterThanOrEqual(2);
      await expect(page.locator('.MuiTabs-scrollButtons'), path).toHaveCount(0);
    }
  });
});
