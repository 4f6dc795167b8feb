import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, signIn } from './fixtures';

/**
 * Sampling in the logbook and on the dashboard (docs/logbook.md, "Sampling"; docs/sampling.md, "Due
 * samplings") on the demo data: two sample points at Sporthal Zuid with a result five days ago each
 * (one at 1.500 kve/l: the ILT step, an open deviation; one compliant) and a point never sampled
 * (due today). The logbook's last ten days show the plan and the results; the dashboard's card the
 * due sampling. `SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots` writes nl, en and de (the screens'
 * German is English; the report's is German) at 1280x800 and 390x844.
 */
const CUSTOMER = 'Gemeente Utrecht';
const LOCATION = 'Sporthal Zuid';
const enc = encodeURIComponent;
const PLACE = `/api/v1/customers/${enc(CUSTOMER)}/locations/${enc(LOCATION)}`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'sampling-screenshots');
const pad = (value: number) => String(value).padStart(2, '0');
const localDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, ADMIN);
  const headers = { 'x-access-token': token };
  const existing = (await (await request.get(`${PLACE}/sample-points`, { headers })).json()) as { id: number; name: string }[];
  const pointId = async (name: string, role: string) => {
    const found = existing.find((point) => point.name === name);
    if (found) return found.id;
    const answer = await request.post(`${PLACE}/sample-points`, { headers, data: { name, role, priority: role === 'hot' } });
    expect(answer.status()).toBe(201);
    return ((await answer.json()) as { id: number }).id;
  };
  const shower = await pointId('Douche kleedkamer 2', 'hot');
  const kitchen = await pointId('Kantine keuken', 'cold');
  await pointId('Douche kleedkamer 4', 'hot');
  const taken = daysAgo(5).toISOString();
  for (const [samplePointId, sampleId, count] of [
    [shower, 'E2E-2026-001', 1500],
    [kitchen, 'E2E-2026-002', 20],
  ] as const) {
    const answer = await request.post(`${PLACE}/sample-results`, { headers, data: { samplePointId, sampleId, takenAt: taken, lab: 'Lab Noord', accreditation: 'RvA L 123', counts: [{ count, unit: 'kve/l' }] } });
    expect([201, 400]).toContain(answer.status()); // 400: entered by an earlier run on the same database
  }
});

/** The last ten days up to yesterday (the results were taken five days ago). */
async function chooseRecentDays(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: /^(Periode|Period)$/ }).click();
  await page.getByRole('option', { name: /^(Zelf kiezen|Choose dates)$/ }).click();
  await page.getByLabel(/^(Van|From)/).fill(localDate(daysAgo(10)));
  await page.getByLabel(/^(Tot en met|To \(included\))/).fill(localDate(daysAgo(1)));
  await page.getByRole('button', { name: /^(Tonen|Show)$/ }).click();
}

const passes = process.env.SCREENSHOTS
  ? (['nl', 'en', 'de'] as const).flatMap((language) => (['desktop', 'phone'] as const).map((device) => ({ language, device })))
  : [{ language: 'nl', device: 'desktop' } as const, { language: 'en', device: 'phone' } as const];

const TEXTS = {
  nl: { point: 'Monsterpunt', plan: 'Bemonsteringsplan legionella', results: 'Laboratoriumuitslagen legionella', step: 'Direct melden aan de ILT', card: 'Bemonstering legionella', due: 'Binnen 30 dagen' },
  en: { point: 'Sample point', plan: 'Legionella sampling plan', results: 'Legionella laboratory results', step: 'Report to the ILT at once', card: 'Legionella sampling', due: 'Within 30 days' },
  de: { point: 'Entnahmestelle', plan: 'Probenahmeplan Legionellen', results: 'Laborergebnisse Legionellen', step: 'ILT', card: 'Legionella sampling', due: 'Within 30 days' },
} as const;

for (const { language, device } of passes) {
  test(`the logbook's sampling section and the dashboard's card: ${language} ${device}`, async ({ page }) => {
    const texts = TEXTS[language];
    await page.setViewportSize(device === 'phone' ? PHONE : DESKTOP);
    await signIn(page, ADMIN);
    // The screens have no German: English, with the report in German.
    await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
    await page.goto(`/locations/${enc(CUSTOMER)}/${enc(LOCATION)}#logbook`);
    await chooseRecentDays(page);
    if (language === 'de') {
      await page.getByRole('combobox', { name: /^(Taal van het rapport|Report language)$/ }).click();
      await page.getByRole('option', { name: 'Deutsch' }).click();
    }
    await page.getByRole('button', { name: new RegExp(`^${texts.plan} \\(\\d+\\)$`) }).click();
    await page.getByRole('button', { name: new RegExp(`^${texts.results} \\(\\d+\\)$`) }).click();
    const results = page.getByRole(device === 'phone' ? 'list' : 'table', { name: texts.results });
    await expect(results.getByText('E2E-2026-001')).toBeVisible();
    // The sample point's column: "Monsterpunt" in Dutch, not the outlet's "Tappunt" (issue 41, "Words").
    if (device === 'desktop') await expect(page.getByRole('table', { name: texts.plan }).getByRole('columnheader', { name: texts.point, exact: true })).toBeVisible();
    await expect(results.getByText(new RegExp(texts.step)).first()).toBeVisible();
    await expectNoAxeViolations(page, `the logbook's sampling section, ${language} ${device}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(device === 'phone' ? PHONE.width : DESKTOP.width);
    if (process.env.SCREENSHOTS) {
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.getByRole('button', { name: new RegExp(`^${texts.plan} \\(\\d+\\)$`) }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `logbook-sampling-${language}-${device}.png`) });
    }

    await page.goto('/dashboard');
    const card = page.getByTestId('dashboard-samplings');
    await expect(card.getByRole('heading', { name: texts.card })).toBeVisible();
    await expect(card.getByText(texts.due)).toBeVisible();
    await expect(card.getByText('Douche kleedkamer 4')).toBeVisible();
    await expectNoAxeViolations(page, `the dashboard with its sampling card, ${language} ${device}`);
    if (process.env.SCREENSHOTS) {
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `dashboard-samplings-${language}-${device}.png`) });
    }
  });
}
