import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from './portal';

/**
 * /login is painted from HTML and CSS before the JavaScript arrives (issue 37, item 11;
 * apps/server/src/plugins/login-page.ts): without any script the sign-in card is there, in the
 * browser's language, and the app's own card then takes exactly its place (nothing jumps).
 * `SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots` writes the painted card, nl and en, both sizes.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'login-paint-screenshots');
const SIZES = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;

/** Where the card, the heading, the button and the language names sit. */
async function layout(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element | null | undefined) => {
      const rect = element?.getBoundingClientRect();
      return rect ? [rect.x, rect.y, rect.width, rect.height].map((value) => Math.round(value)) : null;
    };
    const heading = document.querySelector('h1');
    const card = heading?.closest('.lp-card, .MuiCard-root');
    const button = card?.querySelector('.lp-button, button[type="submit"]');
    const links = document.querySelector('.lp-links, main nav');
    const forgot = card?.querySelector('.lp-forgot, a[href="/forgot-password"]');
    return { card: box(card), heading: box(heading), button: box(button), forgot: box(forgot), links: box(links), text: heading?.textContent };
  });
}

async function withoutScript(browser: Browser, baseURL: string | undefined, locale: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ javaScriptEnabled: false, locale, viewport, baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  return { context, page };
}

test('the sign-in card is painted before the script, in the browser\'s language, and the app\'s card takes its place', async ({ browser, page, baseURL }) => {
  if (process.env.SCREENSHOTS) fs.mkdirSync(SHOTS, { recursive: true });
  for (const [device, viewport] of SIZES) {
    const { context: painted, page: bare } = await withoutScript(browser, baseURL, 'nl-NL', viewport);
    await expect(bare.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
    await expect(bare.getByText('Aquasmart Portal')).toBeVisible();
    const before = await layout(bare);
    if (process.env.SCREENSHOTS) await bare.screenshot({ path: path.join(SHOTS, `login-painted-nl-${device}.png`) });
    await painted.close();

    await page.setViewportSize(viewport);
    await page.goto('/login');
    await expect(page.getByRole('textbox', { name: 'E-mailadres' })).toBeVisible();
    const after = await layout(page);
    expect(after.text).toBe('Inloggen');
    // The same place within a pixel: the card does not jump when the app takes over.
    for (const part of ['card', 'heading', 'button', 'forgot', 'links'] as const) {
      expect(before[part], `${part} on ${device}`).not.toBeNull();
      before[part]?.forEach((value, index) => expect(Math.abs(value - (after[part]?.[index] ?? Number.NaN)), `${part} on ${device}: ${before[part]} / ${after[part]}`).toBeLessThanOrEqual(1));
    }
  }

  // An English browser gets the English card (Accept-Language), with the page's language set.
  for (const [device, viewport] of process.env.SCREENSHOTS ? SIZES : SIZES.slice(0, 1)) {
    const { context, page: english } = await withoutScript(browser, baseURL, 'en-GB', viewport);
    await expect(english.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(english.getByText('E-mail address')).toBeVisible();
    expect(await english.evaluate(() => document.documentElement.lang)).toBe('en');
    if (process.env.SCREENSHOTS) await english.screenshot({ path: path.join(SHOTS, `login-painted-en-${device}.png`) });
    await context.close();
  }
});
