import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, portal, test, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { ADMIN, apiToken, ENGINEER, signIn } from './fixtures';

/**
 * Alarm channels and escalation chains in the browser (docs/alarm-notifications.md, "Channels";
 * docs/escalation.md): the engineer confirms a mobile number with the code Twilio would have
 * delivered (a local receiver on the portal's port + 1002 stands in for it, scripts/e2e-server.mjs)
 * and chooses Teams and SMS for a kind; an administrator builds a customer's chain; an alarm's
 * timeline shows the stage and its messages. `SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots` writes
 * the channel settings, the chain editor and the timeline in Dutch and English at 1280x800 and 390x844.
 */

const SHOTS = process.env.SCREENSHOT_DIR ?? path.join('test-results', 'alarm-channels-screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const NUMBER = '+31 6 1234 5678';

/** A local HTTP receiver: records request bodies, answers 201 (Twilio) or 200. */
function receiver(port: number) {
  const bodies: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(request.url?.includes('/Messages.json') ? 201 : 200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return {
    bodies,
    start: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let sms: ReturnType<typeof receiver>;
let teams: ReturnType<typeof receiver>;

test.beforeAll(async () => {
  const { port } = portal();
  sms = receiver(port + 1002);
  teams = receiver(port + 1003);
  await Promise.all([sms.start(), teams.start()]);
});
test.afterAll(async () => {
  await Promise.all([sms.stop(), teams.stop()]);
});

async function shoot(page: Page, name: string, language: 'nl' | 'en', device: 'desktop' | 'phone'): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${name}-${language}-${device}.png`), fullPage: true });
}

test.describe.serial('alarm channels', () => {
  test('the engineer confirms a mobile number by the code in the SMS and chooses Teams and SMS for a kind', async ({ page }) => {
    await signIn(page, ENGINEER, '/users/current');
    const phone = page.getByRole('form', { name: 'Mobiel nummer voor sms' });
    await phone.getByRole('textbox', { name: 'Mobiel nummer' }).fill(NUMBER);
    await phone.getByRole('button', { name: 'Code versturen' }).click();
    await expect(page.getByText('Code verstuurd')).toBeVisible();
    // The portal's SMS sender posts to the stand-in for Twilio: the form's Body carries the code.
    await expect.poll(() => sms.bodies.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const form = new URLSearchParams(sms.bodies.at(-1));
    expect(form.get('To')).toBe('+31612345678');
    const code = /(\d{6})/.exec(form.get('Body') ?? '')?.[1] ?? '';
    await page.getByRole('textbox', { name: 'Code uit de sms' }).fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(page.getByText('Deze code klopt niet')).toBeVisible();
    await page.getByRole('textbox', { name: 'Code uit de sms' }).fill(code);
    await page.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(page.getByText('Nummer bevestigd')).toBeVisible();
    await expect(phone.getByText('Bevestigd', { exact: true })).toBeVisible();

    await page.getByRole('combobox', { name: 'Node offline', exact: true }).click();
    await page.getByRole('option', { name: 'Direct', exact: true }).click();
    const offline = page.getByRole('group', { name: 'Node offline via' });
    await offline.getByRole('checkbox', { name: 'Teams' }).check();
    await offline.getByRole('checkbox', { name: 'sms' }).check();
    await offline.getByRole('checkbox', { name: 'e-mail' }).uncheck();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    // Teams without its URL is refused beside the kind.
    await expect(offline.getByText('Vul eerst de webhook-URL van dit kanaal in')).toBeVisible();
    await page.getByRole('textbox', { name: 'Teams-webhook-URL' }).fill(`http://127.0.0.1:${portal().port + 1003}/teams`);
    await expectNoAxeViolations(page, 'the own account page with the phone number and the channels');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Account gewijzigd')).toBeVisible();

    await page.goto('/users/current');
    const kept = page.getByRole('group', { name: 'Node offline via' });
    await expect(kept.getByRole('checkbox', { name: 'Teams' })).toBeChecked();
    await expect(kept.getByRole('checkbox', { name: 'sms' })).toBeChecked();
    await expect(kept.getByRole('checkbox', { name: 'e-mail' })).not.toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Teams-webhook-URL' })).toHaveValue(`http://127.0.0.1:${portal().port + 1003}/teams`);
  });

  test('an alarm nobody acknowledged reaches stage 1 by Teams and SMS; its timeline shows the stage and the messages', async ({ page, request }) => {
    const engineer = await apiToken(request, ENGINEER);
    const admin = await apiToken(request, ADMIN);
    const list = await request.get('/api/v1/alarms?state=new&limit=100', { headers: { 'x-access-token': engineer } });
    const recent = ((await list.json()) as { id: number; customerName: string | null; openedAt: string }[]).find(
      (alarm) => alarm.customerName !== null && Date.now() - Date.parse(alarm.openedAt) < 7 * 86_400_000,
    );
    expect(recent, 'a recent unacknowledged demo alarm the engineer may see').toBeDefined();
    const customer = encodeURIComponent(recent!.customerName!);
    const current = await (await request.get(`/api/v1/customers/${customer}/alarmEscalation`, { headers: { 'x-access-token': admin } })).json();
    const saved = await request.patch(`/api/v1/customers/${customer}/alarmEscalation`, {
      headers: { 'x-access-token': admin },
      data: { ...current, stages: [{ minutes: 0, users: [ENGINEER.email], channels: ['teams', 'sms'], duringQuietHours: true }] },
    });
    expect(saved.status()).toBe(200);
    // The chain's loop looks every 30 s; the sender delivers at once after.
    await expect
      .poll(
        async () => {
          const alarm = (await (await request.get(`/api/v1/alarms/${recent!.id}`, { headers: { 'x-access-token': admin } })).json()) as { events: { action: string; message?: { stage: number | null } | null }[] };
          return alarm.events.filter((event) => event.action === 'messaged' && event.message?.stage === 1).length;
        },
        { timeout: 50_000, intervals: [2000] },
      )
      .toBe(2);
    expect(JSON.parse(teams.bodies.at(-1)!).attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');

    await signIn(page, ADMIN, `/alarms/${recent!.id}`);
    const timeline = page.getByRole('list', { name: 'Tijdlijn' });
    await expect(timeline.getByText('Escalatie stap 1')).toBeVisible();
    await expect(timeline.getByText(/Naar .*\(Teams, sms\)/).first()).toBeVisible();
    await expect(timeline.getByText(/^Teams aan .*: afgeleverd$/).first()).toBeVisible();
    await expect(timeline.getByText(/^sms aan .*: afgeleverd$/).first()).toBeVisible();
    const messages = page.getByRole('region', { name: 'Berichten via Teams, Slack en sms' });
    await expect(messages.getByText(/Teams aan .* · Escalatie stap 1/)).toBeVisible();
    await expect(messages.getByText(/sms aan .* · Escalatie stap 1/)).toBeVisible();
    await expectNoAxeViolations(page, 'an alarm with an escalation stage and its messages');
    for (const language of process.env.SCREENSHOTS ? (['nl', 'en'] as const) : []) {
      await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
      for (const device of ['desktop', 'phone'] as const) {
        await page.setViewportSize(device === 'phone' ? PHONE : DESKTOP);
        await page.reload();
        await expect(page.getByText(language === 'nl' ? 'Escalatie stap 1' : 'Escalation stage 1', { exact: true }).first()).toBeVisible();
        await shoot(page, 'alarm-timeline-stages', language, device);
      }
    }
  });

  test('an administrator builds a customer’s escalation chain of three stages', async ({ page, request }) => {
    // From a chain without stages (the test before may have set one for this customer).
    const admin = await apiToken(request, ADMIN);
    const customer = `/api/v1/customers/${encodeURIComponent('Gemeente Utrecht')}/alarmEscalation`;
    const current = await (await request.get(customer, { headers: { 'x-access-token': admin } })).json();
    expect((await request.patch(customer, { headers: { 'x-access-token': admin }, data: { ...current, stages: [] } })).status()).toBe(200);
    await signIn(page, ADMIN, `/customers/${encodeURIComponent('Gemeente Utrecht')}/edit`);
    const chain = page.getByRole('form', { name: 'Escalatieketen' });
    await expect(chain.getByText('Nog geen stappen.')).toBeVisible();
    for (const [index, minutes] of ['0', '15', '30'].entries()) {
      await chain.getByRole('button', { name: 'Stap toevoegen' }).click();
      const stage = chain.getByRole('listitem', { name: `Stap ${index + 1}` });
      await stage.getByRole('textbox', { name: 'Na minuten' }).fill(minutes);
      await stage.getByRole('combobox', { name: 'Gebruikers' }).click();
      await page.getByRole('option', { name: index === 2 ? ADMIN.email : ENGINEER.email, exact: true }).click();
      await page.keyboard.press('Escape');
    }
    await chain.getByRole('listitem', { name: 'Stap 2' }).getByRole('checkbox', { name: 'sms' }).check();
    await chain.getByRole('listitem', { name: 'Stap 2' }).getByRole('switch', { name: 'Ook tijdens de rusttijd van de gebruiker' }).check();
    await expectNoAxeViolations(page, 'the customer form with the escalation chain');
    await chain.getByRole('button', { name: 'Keten opslaan' }).click();
    await expect(page.getByText('Escalatieketen opgeslagen')).toBeVisible();
    await page.reload();
    const saved = page.getByRole('form', { name: 'Escalatieketen' });
    await expect(saved.getByRole('listitem', { name: 'Stap 3' }).getByRole('textbox', { name: 'Na minuten' })).toHaveValue('30');
    await expect(saved.getByRole('listitem', { name: 'Stap 2' }).getByRole('checkbox', { name: 'sms' })).toBeChecked();
    // A later stage at the same minute is refused beside its field.
    await saved.getByRole('listitem', { name: 'Stap 3' }).getByRole('textbox', { name: 'Na minuten' }).fill('15');
    await saved.getByRole('button', { name: 'Keten opslaan' }).click();
    await expect(saved.getByText('Een volgende stap komt later dan de vorige')).toBeVisible();
    if (process.env.SCREENSHOTS) {
      await page.reload();
      for (const language of ['nl', 'en'] as const) {
        await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
        for (const device of ['desktop', 'phone'] as const) {
          await page.setViewportSize(device === 'phone' ? PHONE : DESKTOP);
          await page.reload();
          await expect(page.getByRole('form', { name: language === 'nl' ? 'Escalatieketen' : 'Escalation chain' })).toBeVisible();
          fs.mkdirSync(SHOTS, { recursive: true });
          await page.getByRole('form', { name: language === 'nl' ? 'Escalatieketen' : 'Escalation chain' }).screenshot({
            path: path.join(SHOTS, `escalation-chain-${language}-${device}.png`),
            // The fixed top bar would be drawn over the middle of a form taller than the window.
            style: 'header.MuiAppBar-root { visibility: hidden !important; }',
          });
        }
      }
    }
  });

  const shots = process.env.SCREENSHOTS ? (['nl', 'en'] as const).flatMap((language) => (['desktop', 'phone'] as const).map((device) => ({ language, device }))) : [];
  for (const { language, device } of shots) {
    test(`screenshot: channel settings ${language} ${device}`, async ({ page }) => {
      const viewport = device === 'phone' ? PHONE : DESKTOP;
      await page.setViewportSize(viewport);
      await signIn(page, ENGINEER);
      await page.evaluate((chosen) => localStorage.setItem('aquasmart.language', chosen), language);
      await page.goto('/users/current');
      await expect(page.getByRole('group', { name: language === 'nl' ? 'Node offline via' : 'Node offline by' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shoot(page, 'alarm-channels', language, device);
    });
  }
});
