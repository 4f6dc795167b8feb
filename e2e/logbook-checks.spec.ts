import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, signIn } from './fixtures';

/**
 * Checks at outlets in the logbook (docs/logbook.md, "Checks at outlets") on the demo data, from the
 * server's report to the screen: two outlets at Sporthal Zuid, a sentinel reading at 52 °C two days
 * ago (outside the NL limit: a deviation, its alarm) and a check not possible. The last ten days to
 * today show the plan per outlet and check, the checks recorded, and the deviation in the report's
 * deviations. `SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots` writes nl, en and de (the screens'
 * German is English; the report's is German) at 1280x800 and 390x844.
 */
const CUSTOMER = 'Gemeente Utrecht';
const LOCATION = 'Sporthal Zuid';
const enc = encodeURIComponent;
const PLACE = `/api/v1/customers/${enc(CUSTOMER)}/locations/${enc(LOCATION)}`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'checks-screenshots');
/**
 * The date at the location (Europe/Amsterdam), not the test machine's: between 23:00 and 24:00 UTC
 * a UTC machine's today is Amsterdam's yesterday, and the outlets made now fell after the period.
 */
const localDate = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

test.beforeAll(async ({ request }) => {
  const headers = { 'x-access-token': await apiToken(request, ADMIN) };
  const existing = (await (await request.get(`${PLACE}/outlets`, { headers })).json()) as { id: number; name: string }[];
  const outletId = async (data: Record<string, unknown>) => {
    const found = existing.find((outlet) => outlet.name === data.name);
    if (found) return found.id;
    const answer = await request.post(`${PLACE}/outlets`, { headers, data });
    expect(answer.status()).toBe(201);
    return ((await answer.json()) as { id: number }).id;
  };
  const shower = await outletId({ name: 'Douche kleedkamer 3', room: 'Kleedkamer 3', kind: 'shower', water: 'hot', sentinel: 'furthest' });
  const basin = await outletId({ name: 'Wastafel kantine', room: 'Kantine', kind: 'washbasinTap', water: 'cold', sentinel: 'nearest' });
  const doneAt = daysAgo(2).toISOString();
  // The same entries on a second run: stored once (entryId).
  for (const data of [
    { outletId: shower, check: 'sentinelTemperature', outcome: 'done', celsius: 52, ranSeconds: 60, note: 'Boiler te laag?', doneAt, entryId: '5b0e6f2e-4c1d-4f7a-9d1e-0a1b2c3d4e01' },
    { outletId: basin, check: 'sentinelTemperature', outcome: 'notPossible', reason: 'Kraan defect', doneAt, entryId: '5b0e6f2e-4c1d-4f7a-9d1e-0a1b2c3d4e02' },
  ]) {
    const answer = await request.post(`${PLACE}/checks`, { headers, data });
    expect([200, 201]).toContain(answer.status());
  }
});

/** The last ten days up to today (the outlets joined the register today). */
async function chooseRecentDays(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: /^(Periode|Period)$/ }).click();
  await page.getByRole('option', { name: /^(Zelf kiezen|Choose dates)$/ }).click();
  await page.getByLabel(/^(Van|From)/).fill(localDate(daysAgo(10)));
  await page.getByLabel(/^(Tot en met|To \(included\))/).fill(localDate(new Date()));
  await page.getByRole('button', { name: /^(Tonen|Show)$/ }).click();
}

const passes = process.env.SCREENSHOTS
  ? (['nl', 'en', 'de'] as const).flatMap((language) => (['desktop', 'phone'] as const).map((device) => ({ language, device })))
  : [{ language: 'nl', device: 'phone' } as const];

const TEXTS = {
  nl: { plan: 'Controles aan tappunten: gepland, gedaan en te laat', records: 'Controles aan tappunten: vastgelegd', outside: 'Buiten de norm', notPossible: 'Niet mogelijk: Kraan defect', deviations: 'Afwijkingen en maatregelen', kind: 'Controle buiten de norm' },
  en: { plan: 'Checks at outlets: planned, done and overdue', records: 'Checks at outlets: recorded', outside: 'Outside the limit', notPossible: 'Not possible: Kraan defect', deviations: 'Deviations and actions', kind: 'Check outside the limit' },
  de: { plan: 'Prüfungen an Zapfstellen: geplant, erledigt und überfällig', records: 'Prüfungen an Zapfstellen: erfasst', outside: 'Außerhalb des Grenzwerts', notPossible: 'Nicht möglich: Kraan defect', deviations: 'Abweichungen und Maßnahmen', kind: 'Prüfung außerhalb des Grenzwerts' },
} as const;

for (const { language, device } of passes) {
  test(`the logbook's checks section from the server's report: ${language} ${device}`, async ({ page }) => {
    const texts = TEXTS[language];
    await page.setViewportSize(device === 'phone' ? PHONE : DESKTOP);
    await signIn(page, ADMIN);
    await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
    await page.goto(`/locations/${enc(CUSTOMER)}/${enc(LOCATION)}#logbook`);
    await chooseRecentDays(page);
    if (language === 'de') {
      await page.getByRole('combobox', { name: /^(Taal van het rapport|Report language)$/ }).click();
      await page.getByRole('option', { name: 'Deutsch' }).click();
    }
    const role = device === 'phone' ? 'list' : 'table';
    await page.getByRole('button', { name: new RegExp(`^${texts.deviations} \\(\\d+\\)$`) }).click();
    await expect(page.getByRole(role, { name: texts.deviations }).getByText(texts.kind).first()).toBeVisible();
    await page.getByRole('button', { name: new RegExp(`^${texts.plan} \\(\\d+\\)$`) }).click();
    await page.getByRole('button', { name: new RegExp(`^${texts.records} \\(\\d+\\)$`) }).click();
    const records = page.getByRole(role, { name: texts.records });
    await expect(records.getByText(texts.outside).first()).toBeVisible();
    await expect(records.getByText(texts.notPossible).first()).toBeVisible();
    await expect(page.getByRole(role, { name: texts.plan }).getByText('Douche kleedkamer 3').first()).toBeVisible();
    await expectNoAxeViolations(page, `the logbook's checks section, ${language} ${device}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(device === 'phone' ? PHONE.width : DESKTOP.width);
    if (process.env.SCREENSHOTS) {
      fs.mkdirSync(SHOTS, { recursive: true });
      // The section's heading under the app bar: the plan and the checks recorded below it.
      await page.getByRole('button', { name: new RegExp(`^${texts.plan} \\(\\d+\\)$`) }).evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await page.evaluate(() => window.scrollBy(0, -72));
      await page.screenshot({ path: path.join(SHOTS, `logbook-checks-${language}-${device}.png`) });
    }
  });
}
