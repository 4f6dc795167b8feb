import { execFileSync } from 'node:child_process';
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TDeviation, TLogbookLocationSection, TLogbookReport, TPlannedDisinfection } from '@aquasmart/domain';
import { queryRows, type TDb } from '../../db/database';
import { deviceChannels, deviceData } from '../../db/schema';
import { caller, insertCustomer, insertDevice, insertLocation, restrictUser } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';
import { renderLogbookPdf } from '../logbook/report-pdf';

/**
 * Planned thermal disinfections (docs/logbook.md, "Thermal disinfection"), end to end: recorded
 * through the API, checked by the logbook report at every hot outlet like a detected one.
 * A Dutch location (NL: 60 °C for 20 minutes, 65 °C for 10 or 70 °C for 5), the first week of
 * October 2026, three V3 nodes (no faucet: no flush duty) whose channel 1 is a hot outlet (WW) resting
 * at 58 °C, a reading every 15 minutes, and every minute around the disinfections:
 * - 3 Oct 08:00-08:06Z every outlet at 70 °C: found in the traces (NL detects at 65 °C), not planned;
 * - 4 Oct the same, and recorded as planned 08:00-08:10Z: listed once, as planned;
 * - 5 Oct planned 08:00-08:30Z, every outlet at 60 °C 08:05-08:25 (20 minutes): passes;
 * - 6 Oct planned 08:00-08:30Z, "Douche 2" stayed at 58 °C: it missed it;
 * - 7 Oct planned 08:00-08:30Z, "Keuken" at 60 °C from 08:05:00 to 08:24:59 (19 min 59 s): it missed it.
 */
const ctx = useTestContext();
const call = caller(ctx);
const tokens: Record<string, string> = {};
const CUSTOMER = 'Woningstichting Oost';
const LOCATION = 'Zorgcentrum De Linde';
const PLACE = `/customers/${encodeURIComponent(CUSTOMER)}/locations/${encodeURIComponent(LOCATION)}`;
const WEEK = 'from=2026-10-01&to=2026-10-07';
const SHOWER_1 = '00000000000000A1';
const SHOWER_2 = '00000000000000A2';
const KITCHEN = '00000000000000A3';
const START = Date.parse('2026-09-30T22:00:00Z');
const END = Date.parse('2026-10-07T22:00:00Z');
const MINUTE = 60_000;
const at = (day: string, time: string) => Date.parse(`2026-10-${day}T${time}Z`);
const window = (day: string, from: string, to: string) => ({ from: `2026-10-${day}T${from}:00.000Z`, to: `2026-10-${day}T${to}:00.000Z` });

type TRow = typeof deviceData.$inferInsert;
const reading = (eui: string, ms: number, hot: number): TRow => ({ deviceEui: eui, ts: new Date(ms), msgId: 42, value: { timestamp: ms / 1000, temperature1: hot, temperature2: 12 } });

/** Readings at `celsius` each minute from `from` to `to` (both included), and `last` when given. */
function hold(readings: Map<number, number>, from: number, to: number, celsius: number, last?: number) {
  for (let ms = from; ms <= to; ms += MINUTE) readings.set(ms, celsius);
  if (last !== undefined) readings.set(last, celsius);
}

async function seed(db: TDb) {
  const customerId = await insertCustomer(db, CUSTOMER);
  const locationId = await insertLocation(db, customerId, LOCATION);
  const rows: TRow[] = [];
  for (const [eui, name] of [[SHOWER_1, 'Douche 1'], [SHOWER_2, 'Douche 2'], [KITCHEN, 'Keuken']] as const) {
    await insertDevice(db, { eui, name, type: 'V3', customerId, locationId });
    for (const [channelId, mode] of [['temperature1', 'WW'], ['temperature2', 'KW']] as const) {
      await db.update(deviceChannels).set({ custom: { mode, attachments: [] } }).where(and(eq(deviceChannels.deviceEui, eui), eq(deviceChannels.channelId, channelId)));
    }
    // Every minute from 07:00 to 10:00 on the disinfection days at 58 °C, then the disinfections over it.
    const special = new Map<number, number>();
    for (const day of ['03', '04', '05', '06', '07']) hold(special, at(day, '07:00:00'), at(day, '10:00:00'), 58);
    for (const day of ['03', '04']) hold(special, at(day, '08:00:00'), at(day, '08:06:00'), 70);
    hold(special, at('05', '08:05:00'), at('05', '08:25:00'), 60);
    if (eui !== SHOWER_2) hold(special, at('06', '08:05:00'), at('06', '08:25:00'), 60);
    if (eui === KITCHEN) hold(special, at('07', '08:05:00'), at('07', '08:24:00'), 60, at('07', '08:24:59'));
    else hold(special, at('07', '08:05:00'), at('07', '08:25:00'), 60);
    for (let ms = START; ms < END; ms += 15 * MINUTE) if (!special.has(ms)) rows.push(reading(eui, ms, 58));
    for (const [ms, celsius] of special) rows.push(reading(eui, ms, celsius));
  }
  for (let index = 0; index < rows.length; index += 1000) await db.insert(deviceData).values(rows.slice(index, index + 1000));
  return { customerId, locationId };
}

beforeEach(async () => {
  const db = ctx.database.db;
  const { customerId } = await seed(db);
  const otherId = await insertCustomer(db, 'Andere Klant');
  await insertLocation(db, otherId, 'Elders');
  await ctx.createUser({ email: 'admin@example.com', password: 'Disinfection-test-2026', administrator: true });
  const klant = await ctx.createUser({ email: 'klant@example.com', password: 'Disinfection-test-2026', rights: { dashboard: true, recordDeviationAction: true } });
  await restrictUser(db, klant, [customerId]);
  const reader = await ctx.createUser({ email: 'reader@example.com', password: 'Disinfection-test-2026', rights: { dashboard: true } });
  await restrictUser(db, reader, [customerId]);
  const other = await ctx.createUser({ email: 'other@example.com', password: 'Disinfection-test-2026', rights: { dashboard: true, recordDeviationAction: true } });
  await restrictUser(db, other, [otherId]);
  for (const name of ['admin', 'klant', 'reader', 'other']) tokens[name] = await ctx.tokenFor(`${name}@example.com`);
});

const record = (body: object, token = tokens.klant) => call(token, 'POST', `${PLACE}/disinfections`, body);
const weekReport = async (): Promise<TLogbookReport> => {
  const response = await call(tokens.klant, 'GET', `${PLACE}/logbook?${WEEK}`);
  expect(response.statusCode).toBe(200);
  return response.json<TLogbookReport>();
};
const section = async (): Promise<TLogbookLocationSection> => (await weekReport()).locations[0];
const outlets = (disinfection: NonNullable<TLogbookLocationSection['disinfections']>[number]) =>
  disinfection.outlets.map(({ nodeName, reached, celsius, minutes, heldMinutes, max }) => [nodeName, reached, celsius, minutes, heldMinutes, max]);

describe('recording a planned disinfection', () => {
  it('is 201 with the record, listed newest first; the period filter keeps those that overlap its local dates', async () => {
    const first = await record({ ...window('05', '08:00', '08:30'), note: '  Boiler op 70 °C gezet, alle tappunten 20 minuten open  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json<TPlannedDisinfection>()).toMatchObject({ from: '2026-10-05T08:00:00.000Z', to: '2026-10-05T08:30:00.000Z', note: 'Boiler op 70 °C gezet, alle tappunten 20 minuten open', recordedBy: 'klant@example.com' });
    // Local times with an offset are the same instants.
    expect((await record({ from: '2026-11-02T09:00:00+01:00', to: '2026-11-02T09:30:00+01:00' })).json()).toMatchObject({ from: '2026-11-02T08:00:00.000Z', note: '' });
    const list = async (query = '') => (await call(tokens.reader, 'GET', `${PLACE}/disinfections${query}`)).json<TPlannedDisinfection[]>().map((row) => row.from);
    expect(await list()).toEqual(['2026-11-02T08:00:00.000Z', '2026-10-05T08:00:00.000Z']);
    expect(await list('?from=2026-10-01&to=2026-10-31')).toEqual(['2026-10-05T08:00:00.000Z']);
    expect(await list('?from=2026-10-06&to=2026-11-30')).toEqual(['2026-11-02T08:00:00.000Z']);
  });

  it('refuses a bad window with the key on its field, and stores nothing', async () => {
    const cases: [object, Record<string, string>][] = [
      [window('05', '08:30', '08:00'), { to: 'validation.disinfectionEndBeforeStart' }],
      [{ from: '2026-10-05T08:00:00Z', to: '2026-10-06T08:00:01Z' }, { to: 'validation.disinfectionTooLong?hours=24' }],
      [{ from: new Date(Date.now() - 10 * MINUTE).toISOString(), to: new Date(Date.now() + 10 * MINUTE).toISOString() }, { to: 'validation.disinfectionInFuture' }],
      [{ from: '2026-10-05 08:00', to: '2026-10-05T08:30:00Z' }, { from: 'validation.dateTime' }],
      [{ ...window('05', '08:00', '08:30'), note: 'x'.repeat(2001) }, { note: 'validation.tooLong?max=2000' }],
    ];
    for (const [body, fields] of cases) {
      const response = await record(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().fields).toEqual(fields);
    }
    // 24 hours exactly is allowed.
    expect((await record({ from: '2026-10-05T08:00:00Z', to: '2026-10-06T08:00:00Z' })).statusCode).toBe(201);
    expect((await queryRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM planned_disinfections`))[0].n).toBe(1);
  });

  it('needs recordDeviationAction (403), and another customer\'s user gets 404 as for an unknown location', async () => {
    expect((await record(window('05', '08:00', '08:30'), tokens.reader)).statusCode).toBe(403);
    expect((await record(window('05', '08:00', '08:30'), tokens.other)).statusCode).toBe(404);
    expect((await call(tokens.other, 'GET', `${PLACE}/disinfections`)).statusCode).toBe(404);
    expect((await call(tokens.klant, 'GET', `/customers/${encodeURIComponent(CUSTOMER)}/locations/Nergens/disinfections`)).statusCode).toBe(404);
    expect((await record(window('05', '08:00', '08:30'), tokens.admin)).statusCode).toBe(201);
  });

  it('a record never changes: UPDATE, DELETE and TRUNCATE of the table fail', async () => {
    await record(window('05', '08:00', '08:30'));
    const db = ctx.database.db;
    for (const statement of [sql`UPDATE planned_disinfections SET note = 'anders'`, sql`DELETE FROM planned_disinfections`, sql`TRUNCATE planned_disinfections`]) {
      await expect(db.execute(statement)).rejects.toThrow();
    }
    const rows = await queryRows<{ note: string }>(db, sql`SELECT note FROM planned_disinfections`);
    expect(rows).toEqual([{ note: '' }]);
  });
});

describe('the logbook report checks a planned disinfection at every hot outlet', () => {
  it('without records: only the disinfections found in the traces (at 70 °C on the 3rd and 4th), no finding', async () => {
    const found = await section();
    expect(found.disinfections?.map(({ source, from, passed }) => [source, from, passed])).toEqual([
      ['detected', '2026-10-03T07:00:00.000Z', true],
      ['detected', '2026-10-04T07:00:00.000Z', true],
    ]);
    expect(found.findings).toEqual([]);
  });

  it('20 minutes at 60 °C at every outlet passes; an outlet that stayed at 58 °C and one at 19 min 59 s did not reach it: deviations', async () => {
    for (const day of ['05', '06', '07']) expect((await record({ ...window(day, '08:00', '08:30'), note: `Desinfectie ${day} oktober` })).statusCode).toBe(201);
    expect((await record({ ...window('04', '08:00', '08:10'), note: 'Boiler op 70 °C' })).statusCode).toBe(201);
    const found = await section();
    const disinfections = found.disinfections ?? [];
    // The detected one of the 4th overlaps the planned one: listed once, as planned.
    expect(disinfections.map(({ source, from, to, passed, note }) => [source, from, to, passed, note])).toEqual([
      ['detected', '2026-10-03T07:00:00.000Z', '2026-10-03T11:00:00.000Z', true, undefined],
      ['planned', '2026-10-04T08:00:00.000Z', '2026-10-04T08:10:00.000Z', true, 'Boiler op 70 °C'],
      ['planned', '2026-10-05T08:00:00.000Z', '2026-10-05T08:30:00.000Z', true, 'Desinfectie 05 oktober'],
      ['planned', '2026-10-06T08:00:00.000Z', '2026-10-06T08:30:00.000Z', false, 'Desinfectie 06 oktober'],
      ['planned', '2026-10-07T08:00:00.000Z', '2026-10-07T08:30:00.000Z', false, 'Desinfectie 07 oktober'],
    ]);
    expect(outlets(disinfections[2])).toEqual([
      ['Douche 1', true, 60, 20, 20, 60],
      ['Douche 2', true, 60, 20, 20, 60],
      ['Keuken', true, 60, 20, 20, 60],
    ]);
    expect(outlets(disinfections[3])).toEqual([
      ['Douche 1', true, 60, 20, 20, 60],
      ['Douche 2', false, 60, 20, 0, 58],
      ['Keuken', true, 60, 20, 20, 60],
    ]);
    expect(outlets(disinfections[4])).toEqual([
      ['Douche 1', true, 60, 20, 20, 60],
      ['Douche 2', true, 60, 20, 20, 60],
      ['Keuken', false, 60, 20, 19.98, 60],
    ]);
    const missed = (found.findings ?? []).filter((finding) => finding.kind === 'disinfectionMissed');
    expect(missed.map(({ nodeName, from, to, bound }) => [nodeName, from, to, bound])).toEqual([
      ['Douche 2', '2026-10-06T08:00:00.000Z', '2026-10-06T08:30:00.000Z', 60],
      ['Keuken', '2026-10-07T08:00:00.000Z', '2026-10-07T08:30:00.000Z', 60],
    ]);
    // Each a deviation record, open until its corrective action is recorded.
    const deviations = await call(tokens.klant, 'GET', `${PLACE}/deviations?kind=disinfectionMissed`);
    expect(deviations.json<TDeviation[]>().map(({ nodeName, channelId, from, state }) => [nodeName, channelId, from, state])).toEqual([
      ['Keuken', 'temperature1', '2026-10-07T08:00:00.000Z', 'open'],
      ['Douche 2', 'temperature1', '2026-10-06T08:00:00.000Z', 'open'],
    ]);
    expect(found.deviations?.filter((deviation) => deviation.kind === 'disinfectionMissed').map((deviation) => deviation.state)).toEqual(['open', 'open']);
    expect(found.verdict).toBe('openDeviations');
    const verdicts = Object.fromEntries(found.channels.filter((channel) => channel.channelId === 'temperature1').map((channel) => [channel.nodeName, channel.verdict]));
    expect(verdicts).toEqual({ 'Douche 1': 'compliant', 'Douche 2': 'deviations', Keuken: 'deviations' });
    // The PDF: a line per disinfection, planned ones with their note.
    const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: await renderLogbookPdf(await weekReport(), 'nl'), encoding: 'utf8' });
    expect(text).toMatch(/06-10-2026 10:00 – 06-10-2026 10:30 \(gepland\): Niet bij elk warm tappunt bereikt · Desinfectie 06 oktober/);
  });

  it('a planned disinfection belongs to the period it starts in', async () => {
    await record({ from: '2026-10-07T21:50:00Z', to: '2026-10-07T22:20:00Z' });
    expect((await section()).disinfections?.filter((entry) => entry.source === 'planned').map((entry) => entry.from)).toEqual(['2026-10-07T21:50:00.000Z']);
    const next = await call(tokens.klant, 'GET', `${PLACE}/logbook?from=2026-10-08&to=2026-10-14`);
    expect(next.json<TLogbookReport>().locations[0].disinfections?.filter((entry) => entry.source === 'planned')).toEqual([]);
  });
});
