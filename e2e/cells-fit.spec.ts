import { expect, test, type Page } from './portal';
import { ADMIN, signIn } from './fixtures';

/**
 * Cells that fit: the temperature columns of the node list and
 * the dashboard lists never cut a value ("58,8 °C ↓" keeps its arrow), and "Alle nodes" shows names,
 * customers and locations whole (wrapped onto a second line), at 1600 and 1366 px.
 */
async function cutTemperatures(page: Page): Promise<string[]> {
  return page.locator('.MuiDataGrid-cell[data-field^="temperature"]').evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const content = cell.querySelector<HTMLElement>('[data-kind]');
      if (!content) return [];
      const box = cell.getBoundingClientRect();
      const right = content.getBoundingClientRect().right;
      const style = getComputedStyle(cell);
      const inner = box.right - parseFloat(style.paddingRight);
      return right > inner + 0.5 || content.scrollWidth > content.clientWidth + 0.5 ? [`${content.textContent} ends at ${Math.round(right)}, cell text ends at ${Math.round(inner)}`] : [];
    }),
  );
}

async function cutTexts(page: Page, fields: string[]): Promise<string[]> {
  return page.locator(fields.map((field) => `.MuiDataGrid-cell[data-field="${field}"]`).join(', ')).evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const text = (cell.querySelector('span') ?? cell) as HTMLElement;
      return text.scrollWidth > text.clientWidth + 1 || text.scrollHeight > text.clientHeight + 1 ? [`${cell.getAttribute('data-field')}: ${text.textContent}`] : [];
    }),
  );
}

for (const width of [1600, 1366]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('temperatures are never cut in the node list and the dashboard lists; Alle nodes shows names whole', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, ADMIN);
      for (const path of ['/nodes', '/dashboard/nodes', '/dashboard/faultySensors']) {
        await page.goto(path);
        await expect(page.locator('.MuiDataGrid-cell[data-field^="temperature"] [data-kind]').first()).toBeVisible({ timeout: 30_000 });
        expect(await cutTemperatures(page), path).toEqual([]);
      }
      await page.goto('/dashboard/nodes');
      await expect(page.locator('.MuiDataGrid-cell[data-field="location"]').first()).toBeVisible({ timeout: 30_000 });
      expect(await cutTexts(page, ['name', 'customer', 'location'])).toEqual([]);
    });
  });
}
