import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ZLogbookReport, type TCheckRecord, type TDeviation, type TLogbookReport, type TOutlet } from '@aquasmart/domain';
import { caller, insertCustomer, insertLocation } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';
import { renderLogbookPdf } from './report-pdf';

/**
 * The logbook's checks section (docs/logbook.md, "Checks at outlets"), October 2026 at a Dutch
 * location, every outlet in the register since 1 September:
 * - "Douche 12" (shower, hot, sentinel): its sentinel check done 15 September, then on 14 October
 *   at 52 °C (outside the NL limit, 60 °C): planned 1, done 1, a checkDeviation open until its alarm
 *   is resolved; its showerhead never descaled: overdue since 1 September (a checkOverdue from the
 *   period's start, planned 0 in October);
 * - "Keuken" (sink, cold, sentinel): done 10 September and 8 October at 18 °C: planned 1, done 1;
 * - "Wastafel 3" (washbasin, cold, sentinel): done 20 September, not possible on 20 October
 *   ("Kraan defect"): planned 1, not possible 1, overdue 20 October, a checkOverdue that a recorded
 *   corrective action handles;
 * - another customer's outlet with a check in October, which is in no report of this location.
 */
const ctx = useTestContext();
const call = caller(ctx);
const PLACE = `/customers/${encodeURIComponent('Zorggroep West')}/locations/${encodeURIComponent('Huize Zonneveld')}`;
const OTHER = `/customers/${encodeURIComponent('Andere Klant')}/locations/Elders`;
const OCTOBER = 'from=2026-10-01&to=2026-10-31';
let token: string;
let outlets: Record<'douche' | 'keuken' | 'wastafel' | 'elders', TOutlet>;

beforeEach(async () => {
  const db = ctx.database.db;
  const customerId = await insertCustomer(db, 'Zorggroep West');
  await insertLocation(db, customerId, 'Huize Zonneveld');
  const otherId = await insertCustomer(db, 'Andere Klant');
  await insertLocation(db, otherId, 'Elders');
  ({ admin: token } = await ctx.signedInUsers({ admin: { administrator: true } }));
  const add = async (body: Record<string, unknown>, place = PLACE) => {
    const answer = await call(token, 'POST', `${place}/outlets`, body);
    expect(answer.statusCode, answer.body).toBe(201);
    const outlet = answer.json<TOutlet>();
    await db.execute(sql`UPDATE outlets SET created_at = '2026-09-01T08:00:00Z' WHERE id = ${outlet.id}`);
    return outlet;
  };
  outlets = {
    douche: await add({ name: 'Douche 12', kind: 'shower', water: 'hot', sentinel: 'furthest' }),
    keuken: await add({ name: 'Keuken', kind: 'sink', water: 'cold', sentinel: 'nearest' }),
    wastafel: await add({ name: 'Wastafel 3', kind: 'washbasinTap', water: 'cold', sentinel: 'nearest' }),
    elders: await add({ name: 'Elders douche', kind: 'shower', water: 'hot', sentinel: 'nearest' }, OTHER),
  };
  const sentinel = (outlet: TOutlet, doneAt: string, celsius: number, place = PLACE) => record({ outletId: outlet.id, check: 'sentinelTemperature', outcome: 'done', celsius, ranSeconds: 60, doneAt }, place);
  await sentinel(outlets.douche, '2026-09-15T10:00:00+02:00', 61);
  await sentinel(outlets.keuken, '2026-09-10T10:00:00+02:00', 19);
  await sentinel(outlets.wastafel, '2026-09-20T10:00:00+02:00', 20);
  await sentinel(outlets.keuken, '2026-10-08T09:30:00+02:00', 18);
  await sentinel(outlets.elders, '2026-10-08T09:30:00+02:00', 61, OTHER);
  await record({ outletId: outlets.wastafel.id, check: 'sentinelTemperature', outcome: 'notPossible', reason: 'Kraan defect', doneAt: '2026-10-20T11:00:00+02:00' });
});

async function record(body: Record<string, unknown>, place = PLACE): Promise<TCheckRecord> {
  const answer = await call(token, 'POST', `${place}/checks`, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

async function october(): Promise<TLogbookReport> {
  const answer = await call(token, 'GET', `${PLACE}/logbook?${OCTOBER}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return ZLogbookReport.parse(answer.json());
}

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' }).replace(/\s+/g, ' ');

describe('the checks section of the logbook', () => {
  it('per outlet and check: planned, done, not possible and overdue; a deviating reading and an overdue check are deviations with their state', async () => {
    const deviating = await record({ outletId: outlets.douche.id, check: 'sentinelTemperature', outcome: 'done', celsius: 52, ranSeconds: 60, note: 'Boiler te laag?', doneAt: '2026-10-14T09:00:00+02:00' });
    expect(deviating).toMatchObject({ verdict: 'outsideLimit', deviation: true });

    const section = (await october()).locations[0];
    expect(section.checks?.outlets).toBe(3);
    expect(section.checks?.plans.map((plan) => [plan.outletName, plan.check, plan.planned, plan.done, plan.notPossible, plan.overdueDates, plan.overdueSince, plan.nextDue, plan.state])).toEqual([
      ['Douche 12', 'sentinelTemperature', 1, 1, 0, [], null, '2026-11-14', 'planned'],
      ['Douche 12', 'showerheadDescaling', 0, 0, 0, [], '2026-09-01', '2026-09-01', 'overdue'],
      ['Keuken', 'sentinelTemperature', 1, 1, 0, [], null, '2026-11-08', 'due'],
      ['Wastafel 3', 'sentinelTemperature', 1, 0, 1, ['2026-10-20'], null, '2026-10-20', 'overdue'],
    ]);
    expect(section.checks?.records.map((entry) => [entry.outletName, entry.outcome, entry.celsius, entry.verdict, entry.reason, entry.recordedBy])).toEqual([
      ['Keuken', 'done', 18, 'withinLimit', null, 'admin@example.com'],
      ['Douche 12', 'done', 52, 'outsideLimit', null, 'admin@example.com'],
      ['Wastafel 3', 'notPossible', null, null, 'Kraan defect', 'admin@example.com'],
    ]);
    expect(section.checks?.records[1]).toMatchObject({ limit: { kind: 'atLeast', celsius: 60 }, ranSeconds: 60, allowedSeconds: 60, alarmId: deviating.alarmId, handling: { resolvedBy: null } });
    // Another customer's outlet is in no part of this report.
    expect(JSON.stringify(section)).not.toContain('Elders');

    const checkDeviations = () => ({ kind: 'checkDeviation', eui: `outlet:${outlets.douche.id}:sentinelTemperature`, nodeName: 'Douche 12', from: '2026-10-14T07:00:00.000Z' });
    const descaling = { kind: 'checkOverdue', eui: `outlet:${outlets.douche.id}:showerheadDescaling`, nodeName: 'Douche 12', from: '2026-09-30T22:00:00.000Z', to: null };
    const wastafel = { kind: 'checkOverdue', eui: `outlet:${outlets.wastafel.id}:sentinelTemperature`, nodeName: 'Wastafel 3', from: '2026-10-20T22:00:00.000Z', to: null };
    const ofChecks = (report: TLogbookReport) => (report.locations[0].deviations ?? []).filter((deviation) => deviation.kind === 'checkDeviation' || deviation.kind === 'checkOverdue');
    expect(ofChecks(await october())).toMatchObject([
      { ...descaling, state: 'open' },
      { ...checkDeviations(), state: 'open', handling: null },
      { ...wastafel, state: 'open' },
    ]);
    expect(section.verdict).toBe('openDeviations');

    // The Deviations screen's list has them; a corrective action recorded there handles the overdue check.
    const listed = (await call(token, 'GET', `${PLACE}/deviations?kind=checkOverdue`)).json<TDeviation[]>();
    expect(listed.map((deviation) => deviation.nodeName).sort()).toEqual(['Douche 12', 'Wastafel 3']);
    const late = listed.find((deviation) => deviation.nodeName === 'Wastafel 3') as TDeviation;
    const acted = await call(token, 'POST', `/deviations/${late.id}/actions`, { cause: 'Kraan defect', action: 'Kraan vervangen, meting 22 oktober ingepland', actedAt: '2026-10-21T10:00:00+02:00' });
    expect(acted.statusCode, acted.body).toBe(201);
    // The reading's alarm resolved: that deviation is handled by the alarm.
    const resolved = await call(token, 'POST', `/alarms/${deviating.alarmId}/resolve`, { note: 'Boiler op 65 °C gezet' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const after = await october();
    expect(ofChecks(after)).toMatchObject([
      { ...descaling, state: 'open', handling: null },
      { ...checkDeviations(), state: 'handled', handling: { source: 'alarm', action: 'Boiler op 65 °C gezet', alarmId: deviating.alarmId } },
      { ...wastafel, state: 'handled', handling: { source: 'action', cause: 'Kraan defect', by: 'admin@example.com' } },
    ]);
    expect(after.locations[0].checks?.alarms.map((alarm) => [alarm.kind, alarm.outletName, alarm.handling.resolvedBy])).toEqual([['checkDeviation', 'Douche 12', 'admin@example.com']]);
    // Found again, the same records.
    expect(ofChecks(after).length).toBe(3);

    const csv = await call(token, 'GET', `${PLACE}/logbook/csv?${OCTOBER}&language=nl`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\r\n');
    const header = lines[0].split(';');
    const cell = (line: string, title: string) => line.split(';')[header.indexOf(title)];
    expect(header).toEqual(expect.arrayContaining(['Tappunt', 'Controle', 'Gepland', 'Gedaan', 'Niet mogelijk', 'Te laat (vervaldata)', 'Reden', 'Oordeel controle']));
    for (const line of lines.filter((entry) => /^controle(plan)?;/.test(entry))) expect(line.split(';')).toHaveLength(header.length);
    const plan = lines.filter((line) => line.startsWith('controleplan;'));
    expect(plan.map((line) => [cell(line, 'Tappunt'), cell(line, 'Controle'), cell(line, 'Gepland'), cell(line, 'Gedaan'), cell(line, 'Niet mogelijk'), cell(line, 'Te laat (vervaldata)'), cell(line, 'Status')])).toEqual([
      ['Douche 12', 'Maandelijkse temperatuurmeting (sentinel-tappunt)', '1', '1', '0', '', 'Gepland'],
      ['Douche 12', 'Douchekop ontkalken', '0', '0', '0', '', 'Te laat'],
      ['Keuken', 'Maandelijkse temperatuurmeting (sentinel-tappunt)', '1', '1', '0', '', 'Binnenkort'],
      ['Wastafel 3', 'Maandelijkse temperatuurmeting (sentinel-tappunt)', '1', '0', '1', '20-10-2026', 'Te laat'],
    ]);
    const done = lines.filter((line) => line.startsWith('controle;'));
    expect(done.map((line) => [cell(line, 'Tappunt'), cell(line, 'Uitkomst'), cell(line, 'Gemeten (°C)'), cell(line, 'Oordeel controle'), cell(line, 'Reden'), cell(line, 'Gebruiker')])).toEqual([
      ['Keuken', 'Gedaan', '18', 'Binnen de norm', '', 'admin@example.com'],
      ['Douche 12', 'Gedaan', '52', 'Buiten de norm', '', 'admin@example.com'],
      ['Wastafel 3', 'Niet mogelijk', '', '', 'Kraan defect', 'admin@example.com'],
    ]);
    expect(lines.filter((line) => line.startsWith('afwijking;')).map((line) => cell(line, 'Soort'))).toEqual(expect.arrayContaining(['Controle buiten de norm', 'Controle te laat']));

    for (const language of ['nl', 'en', 'de'] as const) {
      const pdf = await renderLogbookPdf(after, language);
      if (process.env.LOGBOOK_PDF_DIR) fs.writeFileSync(path.join(process.env.LOGBOOK_PDF_DIR, `logbook-checks-${language}.pdf`), pdf);
      const text = pdfText(pdf);
      const words = {
        nl: ['Controles aan tappunten: gepland, gedaan en te laat', 'Controles aan tappunten: vastgelegd', 'Douchekop ontkalken', 'Niet mogelijk: Kraan defect', 'Buiten de norm', '20-10-2026', 'Controle te laat'],
        en: ['Checks at outlets: planned, done and overdue', 'Checks at outlets: recorded', 'Showerhead descaling', 'Not possible: Kraan defect', 'Outside the limit', 'Check overdue'],
        de: ['Prüfungen an Zapfstellen: geplant, erledigt und überfällig', 'Prüfungen an Zapfstellen: erfasst', 'Nicht möglich: Kraan defect', 'Außerhalb', '20.10.2026', 'Prüfung überfällig'],
      }[language];
      for (const word of words) expect(text, language).toContain(word);
      expect(text).toContain(language === 'en' ? '52.0 °C / 60 s' : '52,0 °C / 60 s');
      expect(text).not.toContain('Elders');
    }
  });

  it('an issued October keeps its checks section: a check entered later for October changes the preview, not the issued report or its hash', async () => {
    // The customer's report has the section in its location's part, and nothing of another customer.
    const customer = await call(token, 'GET', `/customers/${encodeURIComponent('Zorggroep West')}/logbook?${OCTOBER}`);
    expect(customer.statusCode, customer.body).toBe(200);
    expect(ZLogbookReport.parse(customer.json()).locations[0].checks?.plans).toHaveLength(4);
    expect(customer.body).not.toContain('Elders');

    const issued = await call(token, 'POST', `${PLACE}/logbook/issued`, { from: '2026-10-01', to: '2026-10-31', statement: true, role: 'Beheerder', language: 'nl' });
    expect(issued.statusCode, issued.body).toBe(201);
    const entry = issued.json<{ number: string; sha256: string }>();
    const json = async () => (await call(token, 'GET', `/logbook/issued/${entry.number}/json`)).body;
    const before = await json();
    expect(createHash('sha256').update(before).digest('hex')).toBe(entry.sha256);
    expect(JSON.parse(before).locations[0].checks.plans).toHaveLength(4);

    // Entered in November for 25 October: the preview now has Wastafel 3's due date met late.
    await record({ outletId: outlets.wastafel.id, check: 'sentinelTemperature', outcome: 'done', celsius: 17, ranSeconds: 60, doneAt: '2026-10-25T10:00:00+02:00' });
    const preview = (await october()).locations[0].checks?.plans.find((plan) => plan.outletName === 'Wastafel 3');
    expect(preview).toMatchObject({ done: 1, overdueDates: ['2026-10-20'], state: 'planned' });
    const frozen = await json();
    expect(frozen).toBe(before);
    expect(JSON.parse(frozen).locations[0].checks.plans.find((plan: { outletName: string }) => plan.outletName === 'Wastafel 3')).toMatchObject({ done: 0 });
  });

  it('a location without outlets has no checks section; an old report without one parses', async () => {
    await ctx.database.db.execute(sql`DELETE FROM outlet_checks`);
    await ctx.database.db.execute(sql`DELETE FROM outlets`);
    const report = await october();
    expect(report.locations[0].checks).toBeUndefined();
    const { checks: _none, ...old } = report.locations[0];
    expect(ZLogbookReport.parse({ ...report, locations: [old] }).locations[0].checks).toBeUndefined();
  });
});
