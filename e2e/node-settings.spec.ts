import { expect, test, type Page } from './portal';
import { expectNoAxeViolations } from './a11y';
import { nodeOf, nodeScreen, useDemoFleetSimulator, v2Nodes, type TDemoNode } from './demo-fleet';
import { ADMIN, apiToken, ENGINEER, signIn } from './fixtures';

/**
 * A node's settings (docs/node-settings.md, "Screens"): the #settings tab, the editor, and the real
 * downlink round trip with the demo fleet's simulator as the network server: a change goes
 * pending, the simulator's node receives the downlink and reports its registers, and the tab shows
 * saved. Replication copies a register to two nodes, which then show pending.
 */
type TNode = TDemoNode;
const screenOf = nodeScreen;

/** Minutes Europe/Amsterdam is ahead of UTC today (60 in winter, 120 in summer). */
function amsterdamOffsetMinutes(): number {
  const now = new Date();
  const local = new Date(now.toLocaleString('en-US', { timeZone: 'Europe/Amsterdam' }));
  const utc = new Date(now.toLocaleString('en-US', { timeZone: 'UTC' }));
  return Math.round((local.getTime() - utc.getTime()) / 60_000);
}

async function registerStatus(page: Page, register: number) {
  return page.getByTestId(`register-${register}-status`);
}

test.describe.serial('node settings', () => {
  test.use({ timezoneId: 'Europe/Amsterdam' });
  let adminToken: string;

  test.beforeAll(async ({ request }) => {
    adminToken = await apiToken(request, ADMIN);
  });

  // The twelve screenshots for docs/screenshots (SCREENSHOTS=1 SCREENSHOT_DIR=docs/screenshots); without SCREENSHOTS none:
  // the tests below cover the tab, the editor and the audit tab, apps/web's node-settings tests both languages.
  for (const language of process.env.SCREENSHOTS ? (['nl', 'en'] as const) : []) {
    for (const [device, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      test(`screenshots of the settings tab, editor and audit tab: ${language} ${device}`, async ({ page, request }) => {
        const shots = process.env.SCREENSHOT_DIR ?? 'test-results/settings-screenshots';
        const differs = (node: TNode) => node.sipp.parameters.some((parameter) => parameter.status === 'saved' && JSON.stringify(parameter.reported) !== JSON.stringify(parameter.value));
        const nodes = await v2Nodes(request, adminToken, { sync: 1 });
        const incorrect = nodes.filter(differs)[0];
        // A settings change through the API, for the audit tab: the log interval and an input's lower alarm.
        const audited = nodes.filter((node) => !differs(node)).at(-2)!;
        const measure = audited.sipp.parameters.find((parameter) => parameter.register === 2)!.value as { logInterval: number; inputs: Record<string, unknown>[] };
        const inputs = measure.inputs.map((input, index) => (index === 0 ? { ...input, lowAlarm: 55 } : input));
        const posted = await request.post(`/api/v1/devices/${audited.eui}/parameters`, {
          headers: { 'x-access-token': adminToken },
          data: [{ register: 2, value: { logInterval: measure.logInterval === 10 ? 20 : 10, inputs } }],
        });
        expect(posted.status()).toBe(200);
        await page.setViewportSize(viewport);
        await page.addInitScript((lang) => localStorage.setItem('aquasmart.language', lang), language);
        await signIn(page, ADMIN, `${screenOf(incorrect)}#settings`);
        await expect(await registerStatus(page, 2)).toBeVisible();
        await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
        await page.screenshot({ path: `${shots}/node-settings-tab-${language}-${device}.png`, fullPage: true });
        await page.goto(`${screenOf(incorrect)}/settings`);
        await expect(page.getByRole('form')).toBeVisible();
        await page.screenshot({ path: `${shots}/node-settings-editor-${language}-${device}.png`, fullPage: true });
        await page.goto(`${screenOf(audited)}#auditLog`);
        // A table from sm up, one card per entry on a phone.
        await expect(page.getByRole('table').getByRole('row').nth(1).or(page.locator('[data-audit-entry]').first())).toBeVisible();
        await page.screenshot({ path: `${shots}/node-audit-tab-${language}-${device}.png`, fullPage: false });
      });
    }
  }

  test('incorrect settings: the header says so, and the register the node reports differently is sent again in one action', async ({ page, request }) => {
    // The demo has saved nodes whose register 2 the node reports with another log interval.
    const node = (await v2Nodes(request, adminToken, { sync: 1 })).find((candidate) =>
      candidate.sipp.parameters.some((parameter) => parameter.register === 2 && parameter.status === 'saved' && JSON.stringify(parameter.reported) !== JSON.stringify(parameter.value)),
    )!;
    expect(node).toBeDefined();
    const saved = node.sipp.parameters.find((parameter) => parameter.register === 2)!;
    await signIn(page, ENGINEER, `${screenOf(node)}#settings`);
    const sync = page.getByTestId('node-sync');
    await expect(sync).toContainText('Onjuiste instellingen: de node meldt bij register 2 andere waarden dan opgeslagen');
    await expect(sync).not.toContainText('Gesynchroniseerd');
    await expect(await registerStatus(page, 2)).toHaveText('Onjuiste instellingen');
    await expect(page.getByRole('region', { name: 'Register 2: meten en ingangen' }).getByText('node meldt 60 min')).toBeVisible();
    // Words and units (issue 37): inputs by their channels' names, every number with its unit in the
    // reader's way, and a flush temperature at -102.4 (off; the demo's V2 nodes have no stop temperature) "Uit".
    const valueOf = (region: string, label: string) => page.getByRole('region', { name: region }).locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    const channels = (await nodeOf(request, adminToken, node.eui)).channels ?? [];
    const channel = (id: string) => channels.find((entry) => entry.id === id)!.name;
    for (const [index, id] of ['temperature1', 'temperature2', 'temperature3'].entries()) {
      await expect(page.getByRole('region', { name: 'Register 2: meten en ingangen' }).getByRole('heading', { name: `${channel(id)} (ingang ${index + 1})`, exact: true })).toBeVisible();
    }
    const flush = node.sipp.parameters.find((parameter) => parameter.register === 3)!.value as Record<string, number>;
    expect(flush.flushStopThreshold).toBe(-102.4);
    await expect(valueOf('Register 3: spoelen', 'Stoptemperatuur spoelen')).toHaveText('Uit');
    await expect(valueOf('Register 3: spoelen', 'Wachttijd spoelen')).toHaveText(`${flush.highTempFlushdelay} min`);
    await expect(valueOf('Register 3: spoelen', 'Meetinterval tijdens spoelen')).toHaveText(`${flush.measureInterval} s`);
    const send = node.sipp.parameters.find((parameter) => parameter.register === 1)!.value as Record<string, number>;
    await expect(valueOf('Register 1: zenden en batterij', 'Zendinterval')).toHaveText(`${send.sendinterval} uur`);
    await expect(valueOf('Register 1: zenden en batterij', 'Lage batterijspanning')).toHaveText(`${String(send['supply-voltage-threshold']).replace('.', ',')} V`);
    await expectNoAxeViolations(page, 'the settings tab with incorrect settings', { include: 'main' });

    await page.getByRole('button', { name: 'Register 2 opnieuw verzenden' }).click();
    await expect(page.getByText('Register 2 opnieuw verzonden naar de node')).toBeVisible();
    await expect(await registerStatus(page, 2)).toHaveText(/^In afwachting sinds /);
    await expect(sync).toContainText('In afwachting');
    const after = await nodeOf(request, adminToken, node.eui);
    expect(after.sync).toBe(0);
    expect(after.sipp.parameters.find((parameter) => parameter.register === 2)).toMatchObject({ status: 'pending', value: saved.value });
  });

  test('a save sends only the register that changed, and the audit tab says from what to what (nl and en)', async ({ page, request }) => {
    const differs = (node: TNode) => node.sipp.parameters.some((parameter) => JSON.stringify(parameter.reported) !== JSON.stringify(parameter.value));
    const node = (await v2Nodes(request, adminToken, { sync: 1 })).filter((candidate) => !differs(candidate) && candidate.sipp.parameters.length === 4).at(-1)!;
    const before = node.sipp.parameters.find((parameter) => parameter.register === 2)!.value.logInterval as number;
    const next = before === 10 ? 20 : 10;
    await signIn(page, ADMIN, `${screenOf(node)}/settings`);
    const form = page.getByRole('form');
    await form.getByRole('textbox', { name: 'Loginterval (min)' }).fill(String(next));
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page).toHaveURL(/#settings$/);
    await expect(await registerStatus(page, 2)).toHaveText(/^In afwachting sinds /);
    // Only register 2 went out: the period register (4) and the flush register (3) stay saved.
    await expect(await registerStatus(page, 4)).toHaveText('Opgeslagen');
    await expect(await registerStatus(page, 3)).toHaveText('Opgeslagen');
    const stored = await nodeOf(request, adminToken, node.eui);
    expect(stored.sipp.parameters.map((parameter) => [parameter.register, parameter.status])).toEqual([[1, 'saved'], [2, 'pending'], [3, 'saved'], [4, 'saved']]);

    await page.goto(`${screenOf(node)}#auditLog`);
    const change = page.getByRole('table', { name: 'Auditlog' }).getByRole('row').nth(1);
    await expect(change).toContainText('Instellingen gewijzigd (register 2)');
    await expect(change.getByRole('listitem')).toHaveText([`Loginterval: ${before} min → ${next} min`]);
    await expectNoAxeViolations(page, 'the audit tab', { include: 'main' });
    await page.evaluate(() => localStorage.setItem('aquasmart.language', 'en'));
    await page.reload();
    const english = page.getByRole('table', { name: 'Audit log' }).getByRole('row').nth(1);
    await expect(english).toContainText('Settings changed (register 2)');
    await expect(english.getByRole('listitem')).toHaveText([`Log interval: ${before} min → ${next} min`]);
  });

  test('an administrator copies register 2 to two nodes, which then show pending', async ({ page, request }) => {
    const [source] = await v2Nodes(request, adminToken, { sync: 1 });
    await signIn(page, ADMIN, `${screenOf(source)}#settings`);
    const tab = page.getByTestId('node-settings');
    await expect(tab.getByRole('region', { name: 'Register 2: meten en ingangen' })).toBeVisible();
    await tab.getByRole('button', { name: 'Kopiëren naar andere nodes' }).click();

    const dialog = page.getByRole('dialog', { name: 'Instellingen kopiëren' });
    for (const register of [1, 3, 4]) await dialog.getByRole('checkbox', { name: new RegExp(`^Register ${register}:`) }).uncheck();
    await expect(dialog.getByRole('checkbox', { name: /^Register 2:/ })).toBeChecked();
    // The candidates: other V2 nodes with settings, ten to a page.
    const rows = dialog.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(11);
    await expect(dialog.getByText(/^1 - 10 van \d+$/)).toBeVisible();
    await expectNoAxeViolations(page, 'the replication dialog', { include: '[role="dialog"]' });
    const picked: string[] = [];
    for (const index of [1, 2]) {
      const checkbox = rows.nth(index).getByRole('checkbox');
      picked.push(((await checkbox.getAttribute('aria-label')) ?? '').replace(/ selecteren$/, ''));
      await checkbox.check();
    }
    await expect(dialog.getByText('2 geselecteerd')).toBeVisible();
    await dialog.getByRole('button', { name: 'Kopiëren', exact: true }).click();
    await expect(page.getByText('Instellingen gekopieerd naar 2 nodes')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Both received register 2 as the source has it, pending until they report it.
    const sourceRegister = source.sipp.parameters.find((parameter) => parameter.register === 2)!;
    const pending = (await v2Nodes(request, adminToken, { sync: 0 })).filter((node) => picked.includes(node.name) && node.eui !== source.eui);
    expect(pending.length).toBeGreaterThanOrEqual(2);
    for (const node of pending.slice(0, 2)) {
      const register = node.sipp.parameters.find((parameter) => parameter.register === 2)!;
      expect(register).toMatchObject({ status: 'pending', value: sourceRegister.value });
    }
    await page.goto(`${screenOf(pending[0])}#settings`);
    await expect(await registerStatus(page, 2)).toHaveText(/^In afwachting sinds /);
    await expect(page.getByTestId('node-sync')).toContainText('In afwachting');
  });

  test.describe('with the demo fleet simulator as the network server', () => {
    useDemoFleetSimulator(0, () => adminToken);

    test('an engineer changes a V2 node\'s log interval and flush period: pending, then saved once the node reported', async ({ page, request }) => {
      // A node in step with what it reports, so that the save leaves both registers pending (the
      // tests above change some; the screenshot tests, which run only with SCREENSHOTS, changed others).
      const inStep = (candidate: TNode) => candidate.sipp.parameters.every((parameter) => JSON.stringify(parameter.reported) === JSON.stringify(parameter.value));
      const [, node] = (await v2Nodes(request, adminToken, { sync: 1 })).filter(inStep);
      await signIn(page, ENGINEER, `${screenOf(node)}/settings`);
      const form = page.getByRole('form');
      await expect(form.getByRole('textbox', { name: 'Loginterval (min)' })).toBeVisible();
      // The administrators' block is not on an engineer's screen.
      await expect(form.getByText('Systeeminstellingen (alleen administrators)')).toHaveCount(0);
      await expect(form.getByRole('textbox', { name: /^Zendinterval/ })).toHaveCount(0);

      // The table's rule shows before anything is sent.
      await form.getByRole('textbox', { name: 'Loginterval (min)' }).fill('61');
      await form.getByRole('button', { name: 'Opslaan' }).click();
      await expect(form.getByText('Waarde moet tussen de 1 en 60 zijn')).toBeVisible();
      await expect(page).toHaveURL(/\/settings$/);

      await form.getByRole('textbox', { name: 'Loginterval (min)' }).fill('5');
      const periods = form.getByRole('group', { name: /^Periode \d+/ });
      if ((await periods.count()) === 0) await form.getByRole('button', { name: 'Periode toevoegen' }).click();
      const period = form.getByRole('group', { name: /^Periode 1/ });
      await period.getByLabel('Begintijd').fill('06:00');
      await period.getByLabel('Eindtijd').fill('06:30');
      await period.getByRole('textbox', { name: 'Aantal spoelingen' }).fill('2');
      await expectNoAxeViolations(page, 'the settings editor', { include: 'main' });
      await form.getByRole('button', { name: 'Opslaan' }).click();

      await expect(page).toHaveURL(/#settings$/);
      await expect(page.getByText('Instellingen verzonden naar de node')).toBeVisible();
      await expect(await registerStatus(page, 2)).toHaveText(/^In afwachting sinds /);
      await expect(await registerStatus(page, 4)).toHaveText(/^In afwachting sinds /);

      // The simulator's node gets the downlink, reports its registers, and the tab follows.
      await expect(await registerStatus(page, 2)).toHaveText('Opgeslagen', { timeout: 45_000 });
      await expect(await registerStatus(page, 4)).toHaveText('Opgeslagen', { timeout: 15_000 });
      await expect(page.getByTestId('node-sync')).toContainText('Gesynchroniseerd');
      const measure = page.getByRole('region', { name: 'Register 2: meten en ingangen' });
      await expect(measure.getByText('5 min', { exact: true })).toBeVisible();
      // Shown back in local time, stored in UTC minutes.
      await expect(page.getByRole('region', { name: 'Register 4: spoelperiodes' }).getByText(/^06:00 tot 06:30 · 2 spoelingen/)).toBeVisible();
      await expectNoAxeViolations(page, 'the settings tab', { include: 'main' });

      const stored = await nodeOf(request, adminToken, node.eui);
      const periodsRegister = stored.sipp.parameters.find((parameter) => parameter.register === 4)!;
      const offset = amsterdamOffsetMinutes();
      expect((periodsRegister.value['flush-periods'] as { start: number; stop: number }[])[0]).toMatchObject({ start: 360 - offset, stop: 390 - offset });
      expect(stored.sipp.parameters.find((parameter) => parameter.register === 2)).toMatchObject({ status: 'saved', value: { logInterval: 5 } });
    });
  });
});
