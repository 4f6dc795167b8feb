import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ZLogbookReport, type TLogbookReport, type TSamplePoint, type TSampleResult } from '@aquasmart/domain';
import { caller, insertCustomer, insertLocation } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';
import { renderLogbookPdf } from './report-pdf';

/**
 * The logbook's sampling section (docs/logbook.md, "Sampling"), October 2026 at a Dutch location:
 * - "Douche 12" (hot, priority): 1.500 kve/l on 5 October: the report step, its alarm; an open
 *   legionellaResult deviation until the alarm is resolved (with the date the ILT was told);
 * - "Keuken" (cold): 20 kve/l on 10 October: compliant, no deviation;
 * - "Douche 3" (hot): in the plan since 1 March, never sampled: overdue at the period's end, an open
 *   samplingOverdue deviation from the period's start.
 */
const ctx = useTestContext();
const call = caller(ctx);
const PLACE = `/customers/${encodeURIComponent('Zorggroep West')}/locations/${encodeURIComponent('Huize Zonneveld')}`;
const OCTOBER = 'from=2026-10-01&to=2026-10-31';
let token: string;
let points: Record<'shower' | 'kitchen' | 'late', number>;

beforeEach(async () => {
  const customerId = await insertCustomer(ctx.database.db, 'Zorggroep West');
  await insertLocation(ctx.database.db, customerId, 'Huize Zonneveld');
  ({ admin: token } = await ctx.signedInUsers({ admin: { administrator: true } }));
  const add = async (name: string, role: string, priority: boolean, since: string) => {
    const answer = await call(token, 'POST', `${PLACE}/sample-points`, { name, role, priority });
    expect(answer.statusCode, answer.body).toBe(201);
    const { id } = answer.json<TSamplePoint>();
    await ctx.database.db.execute(sql`UPDATE sample_points SET created_at = ${since}::timestamptz WHERE id = ${id}`);
    return id;
  };
  points = {
    shower: await add('Douche 12', 'hot', true, '2026-09-01T08:00:00Z'),
    kitchen: await add('Keuken', 'cold', false, '2026-09-01T08:00:00Z'),
    late: await add('Douche 3', 'hot', false, '2026-03-01T08:00:00Z'),
  };
});

async function enter(samplePointId: number, sampleId: string, takenAt: string, count: number): Promise<TSampleResult> {
  const answer = await call(token, 'POST', `${PLACE}/sample-results`, { samplePointId, sampleId, takenAt, lab: 'Lab Noord', accreditation: 'RvA L 123', counts: [{ count, unit: 'kve/l' }] });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

async function october(): Promise<TLogbookReport> {
  const answer = await call(token, 'GET', `${PLACE}/logbook?${OCTOBER}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return ZLogbookReport.parse(answer.json());
}

describe('the sampling section of the logbook', () => {
  it('lists the plan per point and every result; a result above the limit is an open deviation until its alarm is resolved, an overdue point one too', async () => {
    const above = await enter(points.shower, 'M-2026-101', '2026-10-05T09:00:00+02:00', 1500);
    expect(above).toMatchObject({ verdict: 'report', legalStep: 'reportIlt' });
    await enter(points.kitchen, 'M-2026-102', '2026-10-10T09:00:00+02:00', 20);

    const report = await october();
    const [section] = report.locations;
    expect(section.sampling?.intervalMonths).toBe(6);
    expect(section.sampling?.points.map((point) => [point.name, point.taken, point.nextDue, point.state])).toEqual([
      ['Douche 12', 1, '2026-11-04', 'due'],
      ['Douche 3', 0, '2026-03-01', 'overdue'],
      ['Keuken', 1, '2027-04-10', 'planned'],
    ]);
    expect(section.sampling?.results).toMatchObject([
      { sampleId: 'M-2026-101', pointName: 'Douche 12', count: 1500, unit: 'kve/l', perLitre: 1500, verdict: 'report', legalStep: 'reportIlt', resampleDue: '2026-11-04', alarmId: above.alarmId, handling: { resolvedBy: null } },
      { sampleId: 'M-2026-102', verdict: 'compliant', legalStep: 'none', alarmId: null, handling: null },
    ]);
    const sampling = (section.deviations ?? []).filter((deviation) => deviation.kind === 'legionellaResult' || deviation.kind === 'samplingOverdue');
    expect(sampling).toMatchObject([
      { kind: 'samplingOverdue', nodeName: 'Douche 3', eui: `samplePoint:${points.late}`, from: '2026-09-30T22:00:00.000Z', to: null, state: 'open' },
      { kind: 'legionellaResult', nodeName: 'Douche 12', eui: `samplePoint:${points.shower}`, from: '2026-10-05T07:00:00.000Z', state: 'open', handling: null },
    ]);
    expect(section.verdict).toBe('openDeviations');

    const resolved = await call(token, 'POST', `/alarms/${above.alarmId}/resolve`, { note: 'Boiler thermisch gedesinfecteerd (70 °C)', authorityToldAt: '2026-10-05T11:00:00+02:00' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const after = (await october()).locations[0];
    expect(after.sampling?.results[0].handling).toMatchObject({ resolvedBy: 'admin@example.com', note: 'Boiler thermisch gedesinfecteerd (70 °C)', authorityToldAt: '2026-10-05T09:00:00.000Z' });
    const handled = (after.deviations ?? []).find((deviation) => deviation.kind === 'legionellaResult');
    expect(handled).toMatchObject({ state: 'handled', handling: { source: 'alarm', action: 'Boiler thermisch gedesinfecteerd (70 °C)', alarmId: above.alarmId } });
    // The same findings are the same records: the overdue point is still one deviation.
    expect((after.deviations ?? []).filter((deviation) => deviation.kind === 'samplingOverdue')).toHaveLength(1);

    const csv = await call(token, 'GET', `${PLACE}/logbook/csv?${OCTOBER}&language=nl`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\r\n');
    const header = lines[0].split(';');
    // The sampling columns, before the checks section's fifteen (docs/logbook.md, "Checks at outlets").
    // A sample point is a "Monsterpunt", the checks section's outlet a "Tappunt" (issue 41, "Words"): every title once.
    expect(header.slice(-15)[0]).toBe('Tappunt');
    expect(new Set(header).size).toBe(header.length);
    expect(header.slice(-30, -15)).toEqual([
      'Monsterpunt',
      'Water',
      'Prioriteit',
      'Monsters',
      'Laatste monster',
      'Monsternummer',
      'Laboratorium',
      'Aantal',
      'Aantoonbaarheidsgrens',
      'Eenheid',
      'Per liter',
      'Oordeel monster',
      'Wettelijke stap',
      'Hermonster uiterlijk',
      'Instantie ingelicht op',
    ]);
    const cell = (line: string, title: string) => line.split(';')[header.indexOf(title)];
    const plan = lines.filter((line) => line.startsWith('bemonsteringsplan;'));
    expect(plan.map((line) => [cell(line, 'Monsterpunt'), cell(line, 'Water'), cell(line, 'Volgende'), cell(line, 'Status')])).toEqual([
      ['Douche 12', 'Warm', '04-11-2026', 'Binnenkort'],
      ['Douche 3', 'Warm', '01-03-2026', 'Te laat'],
      ['Keuken', 'Koud', '10-04-2027', 'Gepland'],
    ]);
    const samples = lines.filter((line) => line.startsWith('monster;'));
    expect(samples.map((line) => [cell(line, 'Monsternummer'), cell(line, 'Aantal'), cell(line, 'Oordeel monster'), cell(line, 'Afhandeling'), cell(line, 'Instantie ingelicht op')])).toEqual([
      ['M-2026-101', '1500', 'Melden', 'opgelost', '05-10-2026 11:00'],
      ['M-2026-102', '20', 'Voldoet', 'geen alarm', ''],
    ]);
    expect(lines.filter((line) => line.startsWith('afwijking;')).map((line) => cell(line, 'Soort'))).toEqual(expect.arrayContaining(['Bemonstering te laat', 'Legionella boven de norm']));

    const report2 = await october();
    for (const language of ['nl', 'en', 'de'] as const) {
      const pdf = await renderLogbookPdf(report2, language);
      if (process.env.LOGBOOK_PDF_DIR) fs.writeFileSync(path.join(process.env.LOGBOOK_PDF_DIR, `logbook-sampling-${language}.pdf`), pdf);
      const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' }).replace(/\s+/g, ' ');
      const words = { nl: ['Bemonsteringsplan legionella', 'Laboratoriumuitslagen legionella', 'Direct melden aan de ILT', 'Te laat'], en: ['Legionella sampling plan', 'Legionella laboratory results', 'Overdue'], de: ['Probenahmeplan Legionellen', 'Laborergebnisse Legionellen', 'Überfällig'] }[language];
      for (const word of words) expect(text, language).toContain(word);
      expect(text).toContain('M-2026-101');
    }
  });

  it('a location without sample points has no sampling section; an old report without one parses', async () => {
    await ctx.database.db.execute(sql`DELETE FROM sample_points`);
    const report = await october();
    expect(report.locations[0].sampling).toBeUndefined();
    const { sampling: _none, ...old } = report.locations[0];
    expect(ZLogbookReport.parse({ ...report, locations: [old] }).locations[0].sampling).toBeUndefined();
  });
});
