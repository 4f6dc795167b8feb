import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, signIn } from './fixtures';

/**
 * Text that fits (docs/screens.md, "Text that fits"; issue 37 item 8): the alarm list, the node
 * list and a customer's logbook at 1280x800 and 390x844, each measured as it is drawn. No column
 * header is cut, even with its sort arrow and menu button showing (hovered and sorted; on a touch
 * screen the menu button always shows); no text in a cell is cut or broken inside a word (the line
 * boxes of each word); '°C' never starts a line; no table or grid scrolls sideways and neither does
 * the page. One page load per screen walks both sizes. `SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots`
 * measures English too and writes the screenshots (text-fit-<screen>-<language>-<device>.png).
 */
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SIZES = [
  { device: 'desktop', size: DESKTOP },
  { device: 'phone', size: PHONE },
] as const;
const LANGUAGES = process.env.SCREENSHOTS ? (['nl', 'en'] as const) : (['nl'] as const);
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'text-fit-screenshots');

type TDevice = (typeof SIZES)[number]['device'];
interface TMeasure {
  problems: string[];
  headers: number;
  words: number;
}

/** Everything on the page that does not fit, and how much was looked at (so an empty page cannot pass). */
function measure(page: Page): Promise<TMeasure> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.querySelector('main') ?? document.body;
    // The worst case of a header: its sort arrow and its menu button both showing.
    const worst = document.createElement('style');
    worst.textContent = '.MuiDataGrid-menuIcon, .MuiDataGrid-iconButtonContainer { visibility: visible !important; width: auto !important; }';
    document.head.append(worst);
    const titles = Array.from(root.querySelectorAll<HTMLElement>('.MuiDataGrid-columnHeaderTitle, th'));
    for (const title of titles) {
      if (title.scrollWidth > title.clientWidth + 1) problems.push(`header cut: "${title.textContent}" needs ${title.scrollWidth} px, has ${title.clientWidth}`);
    }
    worst.remove();

    // Words and units, in every cell of a grid or table and every phone card of a report table.
    let words = 0;
    const top = (range: Range) => Array.from(range.getClientRects()).filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top));
    const cells = Array.from(root.querySelectorAll<HTMLElement>('.MuiDataGrid-cell, td, th, ul[aria-label] > li'));
    for (const cell of cells) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        // A word ends at an ordinary space; a no-break space belongs to it ('44,6 °C' is one).
        for (const match of text.matchAll(/[^ \t\n\r]+/g)) {
          const at = match.index ?? 0;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + match[0].length);
          const lines = top(range);
          words += 1;
          if (lines.length > 1 && Math.max(...lines) - Math.min(...lines) > 2) problems.push(`word broken: "${match[0]}" in "${text.trim().slice(0, 80)}"`);
        }
        for (const match of text.matchAll(/°C/g)) {
          const at = match.index ?? 0;
          if (at === 0) continue;
          const before = document.createRange();
          before.setStart(node, at - 1);
          before.setEnd(node, at);
          const unit = document.createRange();
          unit.setStart(node, at);
          unit.setEnd(node, at + 2);
          const [a, b] = [top(before)[0], top(unit)[0]];
          if (a !== undefined && b !== undefined && b > a + 2) problems.push(`°C starts a line: "${text.trim().slice(0, 80)}"`);
        }
      }
    }

    // Text cut off in a grid cell (the phone's temperatures hide those that do not fit whole, on purpose).
    for (const element of Array.from(root.querySelectorAll<HTMLElement>('.MuiDataGrid-cell, .MuiDataGrid-cell *'))) {
      if (!element.textContent?.trim() || element.closest('[data-temperatures]') || getComputedStyle(element).overflow === 'visible') continue;
      if (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1) {
        problems.push(`cell text cut: "${element.textContent.slice(0, 60)}" needs ${element.scrollWidth}x${element.scrollHeight} px, has ${element.clientWidth}x${element.clientHeight}`);
      }
    }

    for (const box of Array.from(root.querySelectorAll<HTMLElement>('.MuiTableContainer-root, .MuiDataGrid-virtualScroller'))) {
      if (box.scrollWidth > box.clientWidth + 1) problems.push(`scrolls sideways: ${box.getAttribute('aria-label') ?? 'a grid'}, ${box.scrollWidth} px in ${box.clientWidth}`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push(`page is ${document.documentElement.scrollWidth} px wide in ${window.innerWidth}`);
    return { problems, headers: titles.length, words };
  });
}

/**
 * Walks the screen at both sizes (and, for screenshots, in both languages): `prepare` opens what
 * is folded after a (re)load, `ready` waits until the size's layout is drawn; the screenshot is the
 * whole page, or at most 1800 px of the page from the top of `part`.
 */
async function walk(page: Page, screen: string, ready: (device: TDevice) => Promise<void>, prepare: () => Promise<void> = async () => {}, part?: Locator) {
  for (const [index, language] of LANGUAGES.entries()) {
    if (index > 0) {
      await page.setViewportSize(DESKTOP);
      await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
      await page.reload();
    }
    await prepare();
    for (const { device, size } of SIZES) {
      await page.setViewportSize(size);
      await ready(device);
      // Measured again until it holds: right after a resize the grid may still be laying out its columns.
      let found: TMeasure = { problems: [], headers: 0, words: 0 };
      await expect
        .poll(async () => {
          found = await measure(page);
          return found.problems;
        }, { message: `${screen}, ${language}, ${device}`, timeout: 10_000 })
        .toEqual([]);
      expect(found.words, `${screen}, ${language}, ${device}: words measured`).toBeGreaterThan(50);
      // A report's tables are cards on a phone: no headers there.
      if (device === 'desktop' || screen !== 'logbook') expect(found.headers, `${screen}, ${language}, ${device}: headers measured`).toBeGreaterThan(0);
      if (process.env.SCREENSHOTS) {
        await page.evaluate(() => window.scrollTo(0, 0));
        fs.mkdirSync(SHOTS, { recursive: true });
        const file = path.join(SHOTS, `text-fit-${screen}-${language}-${device}.png`);
        const box = await part?.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          return { y: rect.top + window.scrollY, height: rect.height };
        });
        const clip = box && { x: 0, y: Math.max(0, box.y - 8), width: size.width, height: Math.min(box.height + 16, 1800) };
        await page.screenshot({ path: file, fullPage: true, ...(clip ? { clip } : {}) });
      }
    }
  }
}

test.use({ viewport: DESKTOP });

test('the alarm list: places whole (wrapped in a taller row), headers whole, at 1280 and 390 px', async ({ page }) => {
  await signIn(page, ADMIN, '/alarms');
  const grid = page.getByRole('grid');
  await walk(page, 'alarms', async (device) => {
    await expect(grid.locator(device === 'phone' ? '[data-alarm-card]' : '.MuiDataGrid-cell[data-field="subject"]').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  });
});

test('the node list: places whole, "Temp." and "Status" whole beside the sort arrow on a phone, at 1280 and 390 px', async ({ page }) => {
  await signIn(page, ADMIN, '/nodes');
  const grid = page.getByRole('grid');
  await walk(page, 'nodes', async (device) => {
    // The phone's one temperature column, or the desktop's first of three.
    await expect(grid.locator(device === 'phone' ? '[data-temperatures]' : '[data-field="temperature2"] [data-kind]').first()).toBeVisible({ timeout: 30_000 });
    await expect(grid.locator('[data-place]').first()).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    // The wider headers leave 1280 px its columns: the signal is still beside the calibration.
    if (device === 'desktop') await expect(grid.getByRole('columnheader', { name: /^(Signaal|Signal)$/ })).toBeVisible();
  });
  // The headers without their column menus, on the phone where the walk ended.
  await expect(grid.getByRole('columnheader', { name: 'Temp.' })).toBeVisible();
  await expectNoAxeViolations(page, 'the node list headers on a phone', { include: '.MuiDataGrid-columnHeaders' });
});

test("a customer's logbook: the summaries fit 1280 px, no word or date broken, '°C' never alone, at 1280 and 390 px", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN, `/customers/${encodeURIComponent('Gemeente Utrecht')}#logbook`);
  // The demo location with something in every section (apps/server/src/demo/logbook-history.ts).
  const sporthal = page.getByRole('region', { name: 'Sporthal Zuid' });
  await walk(
    page,
    'logbook',
    async (device) => {
      await expect(sporthal.getByRole(device === 'phone' ? 'list' : 'table', { name: /^(Samenvatting|Summary)$/ })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByRole('progressbar')).toHaveCount(0);
    },
    async () => {
      // Every location's summary (the customer report folds them), and every section of the one with all of them.
      await expect(page.getByRole('button', { name: /^(Samenvatting|Summary) \(\d+\)$/ }).first()).toBeVisible({ timeout: 60_000 });
      // All at once in the page: one by one, each click waited for the fold before it (10 s).
      const opened = await page.evaluate(() => {
        const folded = Array.from(document.querySelectorAll<HTMLElement>('main .MuiAccordionSummary-root[aria-expanded="false"]'));
        const wanted = folded.filter((button) => /^(Samenvatting|Summary) \(\d+\)$/.test(button.textContent?.trim() ?? '') || button.closest('section[aria-label="Sporthal Zuid"]'));
        for (const button of wanted) button.click();
        return wanted.length;
      });
      expect(opened).toBeGreaterThan(8);
      await expect(sporthal.getByRole('button', { expanded: false })).toHaveCount(0);
    },
    // The screenshot: the summary of the location with every section.
    sporthal.locator('.MuiAccordion-root').first(),
  );
});
