import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { customers, deviceChannels, deviceData, devices, locations } from '../../db/schema';
import { queryRows, type TDb } from '../../db/database';
import { insertCustomer, insertDevice, insertLocation, insertProduct } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';
import { setHistoryImport } from '../devices/device-versions';
import { makeReport, type TLogbookSubject } from './logbook-service';
import { renderLogbookCsv } from './report-csv';
import { renderLogbookPdf } from './report-pdf';

/**
 * The logbook judges a channel by its role (docs/logbook.md, "Roles") and checks thermal
 * disinfections (docs/logbook.md, "Thermal disinfection"). A German location (DE rulebook), October
 * 2026 in Amsterdam's zone (the clock goes back on the 25th), three V3 nodes (no faucet: no flush
 * duty), a reading every 15 minutes:
 * - "Boiler aanvoer": temperature1 WW at 57 °C (the heater flow, shown compliant at an
 *   outlet's 55 °C), temperature2 KW at 12 °C;
 * - "Dusche 1", "Dusche 2": temperature1 WW resting at 52 °C (under the running test's 55 °C: no
 *   deviation at rest), temperature2 KW at 12 °C;
 * - disinfections: on 14 October both showers at 72 °C each minute 08:00Z-08:05Z (5 minutes: passes
 *   DE's 70 °C for 3 minutes); on 21 October "Dusche 1" the same, "Dusche 2" 72 °C 08:00Z-08:02Z only
 *   (2 minutes: misses it).
 */
const ctx = useTestContext();
const NOW = new Date('2026-11-26T12:00:00Z');
const OCTOBER = { from: '2026-10-01', to: '2026-10-31' };
const FIRST_WEEK = { from: '2026-10-01', to: '2026-10-07' };
const BOILER = '00000000000000B1';
const SHOWER_1 = '00000000000000D1';
const SHOWER_2 = '00000000000000D2';
const START = Date.parse('2026-09-30T22:00:00Z');
const END = Date.parse('2026-10-31T23:00:00Z');
const QUARTER = 15 * 60_000;
const MINUTE = 60_000;
let subject: TLogbookSubject;

type TRow = typeof deviceData.$inferInsert;
const reading = (eui: string, ms: number, hot: number): TRow => ({ deviceEui: eui, ts: new Date(ms), msgId: 42, value: { timestamp: ms / 1000, temperature1: hot, temperature2: 12 } });

async function seed(db: TDb) {
  const customerId = await insertCustomer(db, 'Stadtwerke Beispiel', { country: 'Deutschland' });
  const locationId = await insertLocation(db, customerId, 'Pflegeheim Mitte');
  const nodes: [string, string, number][] = [
    [BOILER, 'Boiler aanvoer', 57],
    [SHOWER_1, 'Dusche 1', 52],
    [SHOWER_2, 'Dusche 2', 52],
  ];
  const rows: TRow[] = [];
  for (const [eui, name, resting] of nodes) {
    await insertDevice(db, { eui, name, type: 'V3', customerId, locationId });
    for (const [channelId, mode] of [['temperature1', 'WW'], ['temperature2', 'KW']] as const) {
      await db.update(deviceChannels).set({ custom: { mode, attachments: [] } }).where(and(eq(deviceChannels.deviceEui, eui), eq(deviceChannels.channelId, channelId)));
    }
    const disinfection = new Map<number, number>();
    if (eui !== BOILER) {
      for (const day of ['2026-10-14', '2026-10-21']) {
        const minutes = eui === SHOWER_2 && day === '2026-10-21' ? 2 : 5;
        const from = Date.parse(`${day}T08:00:00Z`);
        for (let minute = 0; minute <= minutes; minute++) disinfection.set(from + minute * MINUTE, 72);
        disinfection.set(from + (minutes + 1) * MINUTE, 60);
      }
    }
    for (let ms = START; ms < END; ms += QUARTER) if (!disinfection.has(ms)) rows.push(reading(eui, ms, resting));
    for (const [ms, celsius] of disinfection) rows.push(reading(eui, ms, celsius));
  }
  for (let index = 0; index < rows.length; index += 1000) await db.insert(deviceData).values(rows.slice(index, index + 1000));
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  const [location] = await db.select().from(locations).where(eq(locations.id, locationId));
  return { scope: 'location', customer, location } as TLogbookSubject;
}

const setRole = (db: TDb, eui: string, role: string | null) =>
  db.update(deviceChannels).set({ role: role as never }).where(and(eq(deviceChannels.deviceEui, eui), eq(deviceChannels.channelId, 'temperature1')));

beforeEach(async () => {
  subject = await seed(ctx.database.db);
});

describe('judged by role', () => {
  it('the heater flow at 57 °C: compliant as an outlet (its resting readings are not held to a limit), a deviation as heater flow (DE: at least 60 °C)', async () => {
    const db = ctx.database.db;
    const boiler = async () => (await makeReport(db, subject, FIRST_WEEK, 'a', NOW)).locations[0].channels.find((channel) => channel.eui === BOILER && channel.channelId === 'temperature1');
    expect(await boiler()).toMatchObject({ role: 'outlet', test: 'runningTest', limit: { kind: 'atLeast', celsius: 55 }, readingsOutsideLimit: 0, verdict: 'compliant' });
    await setRole(db, BOILER, 'heaterFlow');
    const flow = await boiler();
    expect(flow).toMatchObject({ role: 'heaterFlow', test: 'continuous', limit: { kind: 'atLeast', celsius: 60 }, withinLimitShare: 0, verdict: 'deviations' });
    expect(flow?.readingsOutsideLimit).toBe(flow?.readings);
    expect(flow?.longestExcursion?.hours).toBe(168);
  });

  it('the showers resting at 52 °C (under the running test\'s 55 °C) are outlets without deviation at rest; cold water is an outlet too; a cold inlet and a mixed outlet', async () => {
    const db = ctx.database.db;
    const report = async () => (await makeReport(db, subject, FIRST_WEEK, 'a', NOW)).locations[0];
    const first = await report();
    expect(first.channels.map((channel) => [channel.nodeName, channel.channelId, channel.role, channel.verdict])).toEqual([
      ['Boiler aanvoer', 'temperature1', 'outlet', 'compliant'],
      ['Boiler aanvoer', 'temperature2', 'outlet', 'compliant'],
      ['Dusche 1', 'temperature1', 'outlet', 'compliant'],
      ['Dusche 1', 'temperature2', 'outlet', 'compliant'],
      ['Dusche 2', 'temperature1', 'outlet', 'compliant'],
      ['Dusche 2', 'temperature2', 'outlet', 'compliant'],
    ]);
    // Nothing of the readings is a deviation; each channel was never calibrated, which is an open deviation of its own.
    expect(first.deviations?.map((deviation) => deviation.kind)).toEqual(Array(6).fill('calibrationOverdue'));
    expect(first.verdict).toBe('openDeviations');
    // The same readings as a circulation return (DE at least 55): 52 °C is a deviation; as a mixed outlet no limit, never plainly compliant.
    await setRole(db, SHOWER_1, 'circulationReturn');
    await db.update(deviceChannels).set({ custom: { mode: 'Meng/uittap', attachments: [] } }).where(and(eq(deviceChannels.deviceEui, SHOWER_2), eq(deviceChannels.channelId, 'temperature1')));
    const second = await report();
    const of = (eui: string) => second.channels.find((channel) => channel.eui === eui && channel.channelId === 'temperature1');
    expect(of(SHOWER_1)).toMatchObject({ role: 'circulationReturn', limit: { kind: 'atLeast', celsius: 55 }, verdict: 'deviations' });
    expect(of(SHOWER_2)).toMatchObject({ role: 'mixedOutlet', test: 'growthRange', limit: null, verdict: 'noLimit' });
    expect(second.deviations?.filter((deviation) => deviation.kind === 'excursion').map((deviation) => deviation.eui)).toEqual([SHOWER_1]);
    expect(second.verdict).toBe('openDeviations');
  });
});

describe('thermal disinfection', () => {
  it('finds both disinfections of the month: the first reached every hot outlet, the second missed "Dusche 2" (2 minutes at 70 °C, not 3)', async () => {
    const db = ctx.database.db;
    await setRole(db, BOILER, 'heaterFlow');
    const report = await makeReport(db, subject, OCTOBER, 'a', NOW);
    const [section] = report.locations;
    expect(section.rulebook.disinfection).toEqual([{ celsius: 70, minutes: 3 }]);
    const disinfections = section.disinfections ?? [];
    expect(disinfections.map(({ source, from, to, passed }) => [source, from, to, passed])).toEqual([
      ['detected', '2026-10-14T07:00:00.000Z', '2026-10-14T11:00:00.000Z', true],
      ['detected', '2026-10-21T07:00:00.000Z', '2026-10-21T11:00:00.000Z', false],
    ]);
    // The heater flow is no outlet: only the showers are checked.
    expect(disinfections[0].outlets.map(({ nodeName, reached, celsius, minutes, heldMinutes, max }) => [nodeName, reached, celsius, minutes, heldMinutes, max])).toEqual([
      ['Dusche 1', true, 70, 3, 5, 72],
      ['Dusche 2', true, 70, 3, 5, 72],
    ]);
    expect(disinfections[1].outlets.map(({ nodeName, reached, heldMinutes }) => [nodeName, reached, heldMinutes])).toEqual([
      ['Dusche 1', true, 5],
      ['Dusche 2', false, 2],
    ]);
    expect(section.findings).toEqual([
      {
        kind: 'disinfectionMissed',
        eui: SHOWER_2,
        nodeName: 'Dusche 2',
        channelId: 'temperature1',
        channelName: 'T1',
        from: '2026-10-21T07:00:00.000Z',
        to: '2026-10-21T11:00:00.000Z',
        hours: 4,
        bound: 70,
      },
    ]);
    const verdicts = Object.fromEntries(section.channels.filter((channel) => channel.channelId === 'temperature1').map((channel) => [channel.nodeName, channel.verdict]));
    expect(verdicts).toEqual({ 'Boiler aanvoer': 'deviations', 'Dusche 1': 'compliant', 'Dusche 2': 'deviations' });

    // In the PDF (German) and the CSV.
    const pdf = await renderLogbookPdf(report, 'de');
    const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });
    expect(text).toContain('Thermische Desinfektion: 70 °C für 3 min an jeder Warmwasser-Zapfstelle');
    expect(text).toContain('An jeder Warmwasser-Zapfstelle erreicht');
    expect(text).toContain('Nicht an jeder Warmwasser-Zapfstelle erreicht');
    expect(text).toMatch(/Thermische Desinfektion nicht\s+erreicht/);
    expect(text).toMatch(/Warmwasser · Austritt\s+Trinkwassererwärmer/);
    // LOGBOOK_PDF_DIR=… writes the three languages' PDFs (the screenshots of docs/logbook.md, "Thermal disinfection").
    if (process.env.LOGBOOK_PDF_DIR) {
      fs.mkdirSync(process.env.LOGBOOK_PDF_DIR, { recursive: true });
      for (const language of ['nl', 'en', 'de'] as const) fs.writeFileSync(path.join(process.env.LOGBOOK_PDF_DIR, `logbook-roles-${language}.pdf`), await renderLogbookPdf(report, language));
    }
    const csv = renderLogbookCsv(report, 'en');
    expect(csv.split('\r\n').filter((line) => line.startsWith('disinfection;'))).toHaveLength(4);
    expect(csv.split('\r\n').filter((line) => line.startsWith('finding;'))).toHaveLength(1);
  });

  it('a week without one has none (and reads no readings for it)', async () => {
    const [section] = (await makeReport(ctx.database.db, subject, FIRST_WEEK, 'a', NOW)).locations;
    expect(section.disinfections).toEqual([]);
    expect(section.findings).toEqual([]);
  });
});

describe('DE: an interruption of 4 weeks or more', () => {
  it('a shower with a faucet and no flush all October (745 hours: the clock went back) is a missed duty and a long interruption (shut off and flush before use)', async () => {
    const db = ctx.database.db;
    const faucet = await insertProduct(db, 'Spülarmatur', 'Faucet');
    await db.update(devices).set({ flushDeviceId: faucet }).where(eq(devices.eui, SHOWER_1));
    const [section] = (await makeReport(db, subject, OCTOBER, 'a', NOW)).locations;
    // A V3 has no flush device in its profile: give the duty to a V2 instead.
    expect(section.findings?.filter((finding) => finding.kind === 'longInterruption')).toEqual([]);
    await db.execute(sql`UPDATE devices SET type = 'V2' WHERE eui = ${SHOWER_1}`);
    const [again] = (await makeReport(db, subject, OCTOBER, 'a', NOW)).locations;
    const shower = again.channels.find((channel) => channel.eui === SHOWER_1 && channel.channelId === 'temperature1');
    expect(shower).toMatchObject({ flushDuty: true, missedFlushes: [{ from: '2026-09-30T22:00:00.000Z', to: '2026-10-31T23:00:00.000Z', hours: 745 }], verdict: 'deviations' });
    expect(again.findings?.filter((finding) => finding.kind === 'longInterruption')).toEqual([
      { kind: 'longInterruption', eui: SHOWER_1, nodeName: 'Dusche 1', channelId: 'temperature1', channelName: 'T1', from: '2026-09-30T22:00:00.000Z', to: '2026-10-31T23:00:00.000Z', hours: 745, bound: 672 },
    ]);
  });
});

describe('a period is judged by the role as it was', () => {
  it('a role set after the period (the import over) does not change the period\'s judgement; its version keeps the role', async () => {
    const db = ctx.database.db;
    await setHistoryImport(db, false);
    try {
      const before = (await makeReport(db, subject, FIRST_WEEK, 'a', NOW)).locations[0].channels[0];
      await setRole(db, BOILER, 'heaterFlow');
      const after = (await makeReport(db, subject, FIRST_WEEK, 'a', NOW)).locations[0].channels[0];
      expect(before).toMatchObject({ nodeName: 'Boiler aanvoer', role: 'outlet', verdict: 'compliant' });
      expect(after).toEqual(before);
      const versions = await queryRows<{ from_always: boolean; role: string | null }>(
        db,
        sql`SELECT valid_from = '-infinity' AS from_always, state->'channels'->0->>'role' AS role FROM device_versions WHERE device_eui = ${BOILER} ORDER BY valid_from`,
      );
      expect(versions).toEqual([
        { from_always: true, role: null },
        { from_always: false, role: 'heaterFlow' },
      ]);
    } finally {
      await setHistoryImport(db, true);
    }
  });
});
