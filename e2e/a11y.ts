import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from './portal';

/** Transitions and animations stop where they end, so colours are measured as a person sees them. */
const STILL = '*, *::before, *::after { transition: none !important; animation: none !important; }';

/**
 * WCAG 2.1 A and AA checks of axe-core on the page as it is (or on the part `include` names): a
 * violation anywhere fails the test, listed by rule. A colour in the middle of a transition (a
 * toggle just pressed, a menu fading out) is not what a person sees, so transitions are stopped
 * and closing menus awaited first.
 */
export async function expectNoAxeViolations(page: Page, what: string, { include }: { include?: string } = {}): Promise<void> {
  await page.addStyleTag({ content: STILL });
  await expect(page.locator('.MuiPopover-root, .MuiMenu-root')).toHaveCount(0);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  const summary = result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(summary, `axe on ${what}`).toEqual([]);
}
