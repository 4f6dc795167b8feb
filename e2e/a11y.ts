import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * WCAG 2.1 A and AA checks of axe-core on the page as it is. The Data Grid's own virtual
 * scroller parts are excluded from nothing: a violation anywhere fails the test, listed by rule.
 */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(summary, `axe on ${what}`).toEqual([]);
}
