import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, CUSTOMER_USER, ENGINEER, signIn } from './fixtures';

/**
 * Alarms go to people who can act (issue 37, item 2; docs/alarms-screens.md, "Assigning"): the
 * assign dialog offers only users who may handle the alarm's kind for its customer, and a user who
 * may handle it assigns it to themself with one tap ("Aan mij toewijzen"). Demo users
 * (apps/server/src/demo/users.ts): the engineer handles every kind but water detections, the
 * planner (English) only water detections, the customer's user (Gemeente Utrecht) none.
 * `SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots` writes the alarm page with the button and the
 * user form's rights with their explanation, nl and en, at 1280x800 and 390x844.
 */
const PLANNER = { email: 'planner@example.com', password: CUSTOMER_USER.password };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'alarm-assignees-screenshots');

type TListed = { id: number; kind: string; customerName: string | null; assignee: { id: number } | null };

/** The sample points' alarms (issue 40): the demo's overdue sampling measured nothing; these tests handle a node's. */
const SAMPLE_POINT_KINDS = new Set(['legionella', 'samplingOverdue']);

/** New alarms of nodes at Gemeente Utrecht (the customer's user sees them), nobody assigned: water detections, or every other kind. */
async function newAlarms(request: APIRequestContext, water: boolean): Promise<TListed[]> {
  const headers = { 'x-access-token': await apiToken(request, ADMIN) };
  const rows = (await (await request.get('/api/v1/alarms?state=new&customer=Gemeente%20Utrecht&limit=100', { headers })).json()) as TListed[];
  return rows.filter((row) => row.assignee === null && !SAMPLE_POINT_KINDS.has(row.kind) && (row.kind === 'waterDetection') === water);
}

/** The alarm the engineer assigned to himself (the customer's user comments on it next). */
let assignedAlarm: number | null = null;

test.describe.serial('assigning alarms', () => {
  test('an alarm (not a water detection) is offered only to those who may handle it; "Aan mij toewijzen" assigns it in one tap', async ({ page, request }) => {
    const [alarm] = await newAlarms(request, false);
    expect(alarm, 'a new alarm (not a water detection) at Gemeente Utrecht in the demo').toBeDefined();
    await page.setViewportSize(DESKTOP);
    await signIn(page, ENGINEER, `/alarms/${alarm.id}`);

    // The planner (water detections only) and the customer's user (sees, handles nothing) are not offered.
    await page.getByRole('button', { name: 'Toewijzen', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Alarm toewijzen' });
    await dialog.getByRole('combobox', { name: /Toewijzen aan/ }).click();
    await expect(page.getByRole('option', { name: /Mark de Monteur/ })).toBeVisible();
    await expect(page.getByRole('option', { name: /Peter Planner/ })).toHaveCount(0);
    await expect(page.getByRole('option', { name: /Karin Klant/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect(dialog).toHaveCount(0);

    const assignToMe = page.getByRole('button', { name: 'Aan mij toewijzen' });
    await expectNoAxeViolations(page, 'the alarm page with "Aan mij toewijzen"');
    await assignToMe.click();
    await expect(page.getByText('Alarm toegewezen aan Mark de Monteur')).toBeVisible();
    await expect(page.locator('[data-alarm-state]').first()).toHaveText('Toegewezen');
    await expect(page.getByRole('list', { name: 'Tijdlijn' }).getByText('Toegewezen aan Mark de Monteur', { exact: true })).toBeVisible();
    await expect(assignToMe).toHaveCount(0);
    // What the alarm measured, from its record (issue 37, item 3): the demo's alarms hold a reading, voltage, resistance or last message.
    await expect(page.locator('[data-measurement]')).toContainText(/^Meting\S/);
    assignedAlarm = alarm.id;
  });

  test("the customer's own user comments on an alarm of her customer, and may not handle it", async ({ page }) => {
    expect(assignedAlarm, 'the first test ran').not.toBeNull();
    await page.setViewportSize(PHONE);
    await signIn(page, CUSTOMER_USER, `/alarms/${assignedAlarm}`);
    await expect(page.getByText('U mag dit alarm zien, maar niet afhandelen.')).toBeVisible();
    const steps = page.getByRole('group', { name: 'Afhandelen' });
    await expect(steps.getByRole('button')).toHaveText(['Opmerking']);
    await steps.getByRole('button', { name: 'Opmerking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Opmerking toevoegen' });
    await dialog.getByRole('textbox').fill('De sleutel van de technische ruimte ligt bij de receptie.');
    await dialog.getByRole('button', { name: 'Toevoegen' }).click();
    await expect(dialog).toHaveCount(0);
    const timeline = page.getByRole('list', { name: 'Tijdlijn' });
    await expect(timeline.getByText('De sleutel van de technische ruimte ligt bij de receptie.')).toBeVisible();
    await expect(timeline.getByText(/door Karin Klant/)).toBeVisible();
    await expectNoAxeViolations(page, "the alarm page of a customer's user after a comment");
  });

  test('the planner assigns a water detection to himself, and may not take another kind', async ({ page, request }) => {
    const [water] = await newAlarms(request, true);
    const [other] = await newAlarms(request, false);
    expect(water, 'a new water detection at Gemeente Utrecht in the demo').toBeDefined();
    await page.setViewportSize(PHONE);
    await signIn(page, PLANNER, `/alarms/${other.id}`);
    await expect(page.getByText('You may see this alarm, but not handle it.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);

    await page.goto(`/alarms/${water.id}`);
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await expect(page.getByText('Alarm assigned to Peter Planner')).toBeVisible();
    await expect(page.locator('[data-alarm-state]').first()).toHaveText('Assigned');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page, 'the alarm page on a phone after "Assign to me"');

    // The server says the same: the planner is no assignee of the other kind, and assigning him is refused.
    const headers = { 'x-access-token': await apiToken(request, ADMIN) };
    const plannerId = ((await (await request.get(`/api/v1/alarms/${water.id}`, { headers })).json()) as TListed).assignee?.id;
    expect(plannerId).toBeDefined();
    const assignees = (await (await request.get(`/api/v1/alarms/${other.id}/assignees`, { headers })).json()) as { email: string }[];
    expect(assignees.map((person) => person.email)).toContain(ENGINEER.email);
    expect(assignees.map((person) => person.email)).not.toContain(PLANNER.email);
    expect(assignees.map((person) => person.email)).not.toContain(CUSTOMER_USER.email);
    const refused = await request.post(`/api/v1/alarms/${other.id}/assign`, { headers, data: { assigneeId: plannerId } });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ key: 'errors.alarmAssigneeMayNotHandle', fields: { assigneeId: 'errors.alarmAssigneeMayNotHandle' } });
  });

  const shots = process.env.SCREENSHOTS ? (['nl', 'en'] as const).flatMap((language) => (['desktop', 'phone'] as const).map((device) => ({ language, device }))) : [];
  for (const { language, device } of shots) {
    test(`screenshot: the alarm page and the user form's rights ${language} ${device}`, async ({ page, request }) => {
      const [alarm] = await newAlarms(request, false);
      const width = device === 'phone' ? PHONE.width : DESKTOP.width;
      await page.setViewportSize(device === 'phone' ? PHONE : DESKTOP);
      await signIn(page, ENGINEER);
      await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
      await page.goto(`/alarms/${alarm.id}`);
      await expect(page.getByRole('button', { name: language === 'nl' ? 'Aan mij toewijzen' : 'Assign to me' })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `alarms-assign-to-me-${language}-${device}.png`), fullPage: true });

      await signIn(page, ADMIN);
      await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
      await page.goto('/users/new');
      const hint = page.locator('#rights-alarm-handling-hint');
      await expect(hint).toBeVisible();
      await expectNoAxeViolations(page, 'the user form with the alarm handling explanation');
      await hint.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `users-rights-alarm-hint-${language}-${device}.png`) });
    });
  }
});
