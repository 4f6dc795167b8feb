import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TSamplePoint, TSampleResult, TSamplingPlan } from '@aquasmart/domain';
import { queryRows } from '../../db/database';
import { caller, insertCustomer, insertDevice, insertLocation, type TMethod } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';
import { signInSamplingUsers, type TSamplingTokens } from './sampling.fixture';

/**
 * Sampling end to end (docs/sampling.md): sample points, the plan, results by hand and from a lab's
 * CSV (500 results; a bad line refuses the whole file), the alarm opened on entry, the re-sample and
 * its repeated report, and the scope of a customer's own user.
 */
const ctx = useTestContext();
const call = caller(ctx);
let tokens: TSamplingTokens;
let ids: { customerId: number; locationId: number; otherLocationId: number; deLocationId: number };

const CUSTOMER = 'Zorggroep West';
const PLACE = `/customers/${encodeURIComponent(CUSTOMER)}/locations/${encodeURIComponent('Huize Zonneveld')}`;
const OTHER_PLACE = `/customers/${encodeURIComponent('Andere Klant')}/locations/Elders`;
const DE_PLACE = `/customers/${encodeURIComponent(CUSTOMER)}/locations/Berlin`;
const EUI = '00000000000000A1';

beforeEach(async () => {
  const db = ctx.database.db;
  const customerId = await insertCustomer(db, CUSTOMER);
  const locationId = await insertLocation(db, customerId, 'Huize Zonneveld');
  const deLocationId = await insertLocation(db, customerId, 'Berlin', { rulebook: 'DE', timeZone: 'Europe/Berlin' });
  const otherId = await insertCustomer(db, 'Andere Klant');
  const otherLocationId = await insertLocation(db, otherId, 'Elders');
  await insertDevice(db, { eui: EUI, customerId, locationId, type: 'V2' });
  await insertDevice(db, { eui: '00000000000000B1', customerId: otherId, locationId: otherLocationId, type: 'V2' });
  ids = { customerId, locationId, otherLocationId, deLocationId };
  tokens = await signInSamplingUsers(ctx, customerId, otherId);
});

async function addPoint(token: string, body: Record<string, unknown>, place = PLACE): Promise<TSamplePoint> {
  const answer = await call(token, 'POST', `${place}/sample-points`, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

const result = (samplePointId: number, sampleId: string, count: number | null, extra: Record<string, unknown> = {}) => ({
  samplePointId,
  sampleId,
  takenAt: '2026-03-31T09:15:00+02:00',
  lab: 'Lab Noord',
  accreditation: 'RvA L 123',
  waterCelsius: 41.5,
  counts: [{ species: 'Legionella spp.', count, detectionLimit: count === null ? 100 : null, unit: 'kve/l' }],
  ...extra,
});

async function enter(token: string, body: Record<string, unknown>, place = PLACE): Promise<TSampleResult> {
  const answer = await call(token, 'POST', `${place}/sample-results`, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

const alarmsOf = (pointId: number) =>
  queryRows<{ id: number; kind: string; closed_at: string | null; details: Record<string, unknown>; customer_id: number; location_id: number }>(
    ctx.database.db,
    sql`SELECT id::int AS id, kind, closed_at::text AS closed_at, details, customer_id, location_id FROM alarms WHERE sample_point_id = ${pointId} AND kind = 'legionella' ORDER BY id`,
  );
const stepsOf = (alarmId: number) => queryRows<{ action: string }>(ctx.database.db, sql`SELECT action FROM alarm_events WHERE alarm_id = ${alarmId} ORDER BY at, id`);
const storedResults = async () => (await queryRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM sample_results`))[0].n;

describe('sample points', () => {
  it('adds, lists with due dates, changes and deletes points; a node link must be a node of the location with that channel', async () => {
    const douche = await addPoint(tokens.klant, { name: 'Douche kamer 12', role: 'hot', priority: true, eui: EUI.toLowerCase(), channelId: 'temperature1' });
    expect(douche).toMatchObject({ name: 'Douche kamer 12', role: 'hot', priority: true, eui: EUI, channelId: 'temperature1', latest: null, customer: CUSTOMER });
    // Never sampled: due from the day it joined the plan.
    expect(douche.due).toMatchObject({ resampleDue: null, state: 'due' });
    expect(douche.due.nextDue).toBe(douche.due.routineDue);
    await addPoint(tokens.klant, { name: 'Keuken', role: 'cold' });
    const list = await call(tokens.reader, 'GET', `${PLACE}/sample-points`);
    expect(list.json<TSamplePoint[]>().map((point) => point.name)).toEqual(['Douche kamer 12', 'Keuken']);

    expect((await call(tokens.klant, 'POST', `${PLACE}/sample-points`, { name: 'Keuken', role: 'cold' })).json()).toMatchObject({ statusCode: 400, fields: { name: 'validation.samplePointNameTaken' } });
    expect((await call(tokens.klant, 'POST', `${PLACE}/sample-points`, { name: 'Elders', role: 'cold', eui: '00000000000000B1' })).json()).toMatchObject({ fields: { eui: 'validation.nodeNotHere' } });
    expect((await call(tokens.klant, 'POST', `${PLACE}/sample-points`, { name: 'Vier', role: 'cold', eui: EUI, channelId: 'temperature4' })).json()).toMatchObject({ fields: { channelId: 'validation.channelUnknown' } });
    expect((await call(tokens.klant, 'POST', `${PLACE}/sample-points`, { name: 'Los', role: 'lauw' })).statusCode).toBe(400);

    const changed = await call(tokens.klant, 'PATCH', `/sample-points/${douche.id}`, { name: 'Douche 12', eui: null });
    expect(changed.json()).toMatchObject({ name: 'Douche 12', eui: null, channelId: null, priority: true });
    expect((await call(tokens.klant, 'DELETE', `/sample-points/${douche.id}`)).statusCode).toBe(204);
    expect((await call(tokens.klant, 'GET', `${PLACE}/sample-points`)).json<TSamplePoint[]>().map((point) => point.name)).toEqual(['Keuken']);
  });

  it('imports points from a CSV in one go; a bad line names its line and field and adds nothing', async () => {
    const good = 'Naam;Rol;Prioriteit;Node;Kanaal\r\nDouche 1;warm;ja;' + EUI + ';temperature2\r\nKeuken;koud;nee;;\r\n';
    const answer = await call(tokens.klant, 'POST', `${PLACE}/sample-points/import`, { csv: good });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ imported: 2, points: [{ name: 'Douche 1', role: 'hot', priority: true, eui: EUI, channelId: 'temperature2' }, { name: 'Keuken', role: 'cold', priority: false }] });
    const bad = 'name,role\nBad 1,hot\nBad 2,lukewarm\n';
    const refused = await ctx.app.inject({ method: 'POST', url: `/api/v1${PLACE}/sample-points/import`, headers: { 'x-access-token': tokens.klant, 'content-type': 'text/csv' }, payload: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ key: 'errors.csvRow', params: { line: 3, field: 'role' }, fields: { role: 'validation.oneOf' } });
    const again = await call(tokens.klant, 'POST', `${PLACE}/sample-points/import`, { csv: 'name;role\nKeuken;cold\n' });
    expect(again.json()).toMatchObject({ params: { line: 2, field: 'name' }, fields: { name: 'validation.samplePointNameTaken' } });
    expect((await call(tokens.klant, 'GET', `${PLACE}/sample-points`)).json<TSamplePoint[]>()).toHaveLength(2);
  });

  it('a point with results is kept, and so is its location', async () => {
    const point = await addPoint(tokens.admin, { name: 'Douche', role: 'hot' }, DE_PLACE);
    await enter(tokens.admin, result(point.id, 'M-1', 40), DE_PLACE);
    expect((await call(tokens.admin, 'DELETE', `/sample-points/${point.id}`)).json()).toMatchObject({ statusCode: 409, key: 'errors.samplePointHasResults' });
    expect((await call(tokens.admin, 'DELETE', DE_PLACE)).json()).toMatchObject({ statusCode: 409, key: 'errors.locationHasSamplePoints', params: { samplePoints: 1 } });
  });
});

describe('the plan', () => {
  it("takes the rulebook's interval, the location's own when set, and NL's points by taps", async () => {
    expect((await call(tokens.reader, 'GET', `${PLACE}/sampling-plan`)).json<TSamplingPlan>()).toMatchObject({
      rulebook: 'NL',
      intervalMonths: null,
      effectiveIntervalMonths: 6,
      intervalSource: 'rulebook',
      effectiveResampleWithinDays: 30,
      requiredPoints: null,
      points: 0,
    });
    const changed = await call(tokens.klant, 'PATCH', `${PLACE}/sampling-plan`, { intervalMonths: 12, taps: 120, resampleWithinDays: 14 });
    expect(changed.json()).toMatchObject({ effectiveIntervalMonths: 12, intervalSource: 'location', requiredPoints: 6, effectiveResampleWithinDays: 14 });
    expect((await call(tokens.klant, 'PATCH', `${PLACE}/sampling-plan`, { intervalMonths: null })).json()).toMatchObject({ effectiveIntervalMonths: 6, taps: 120 });
    expect((await call(tokens.klant, 'PATCH', `${PLACE}/sampling-plan`, { intervalMonths: 0 })).statusCode).toBe(400);
    expect((await call(tokens.reader, 'PATCH', `${PLACE}/sampling-plan`, { intervalMonths: 3 })).statusCode).toBe(403);
    expect((await call(tokens.admin, 'GET', `${DE_PLACE}/sampling-plan`)).json()).toMatchObject({ rulebook: 'DE', effectiveIntervalMonths: 12 });
    expect((await call(tokens.admin, 'PATCH', `${DE_PLACE}/sampling-plan`, { deUse: 'commercial' })).json()).toMatchObject({ effectiveIntervalMonths: 36 });
  });
});

describe('results and the legal step', () => {
  it('a result above 1,000 kve/l opens a critical alarm on entry, names the ILT, prepares the notification and a re-sample', async () => {
    const point = await addPoint(tokens.klant, { name: 'Douche kamer 12', role: 'hot', priority: true });
    const entered = await enter(tokens.klant, result(point.id, 'M-1', 1200));
    expect(entered).toMatchObject({
      verdict: 'report',
      legalStep: 'reportIlt',
      severity: 'critical',
      rulebook: 'NL',
      highestPerLitre: 1200,
      resample: false,
      resampleDue: '2026-04-30',
      takenAt: '2026-03-31T07:15:00.000Z',
      method: 'ISO 11731',
      counts: [{ species: 'Legionella spp.', serogroup: null, count: 1200, detectionLimit: null, unit: 'kve/l' }],
      source: 'form',
      enteredBy: 'klant@example.com',
      notification: { legalStep: 'reportIlt', authority: 'ILT', repeated: false },
    });
    expect(entered.notification?.text.nl).toContain('1.200 kve/l Legionella vastgesteld (1.200 per liter)');
    expect(entered.notification?.text.nl).toContain('Direct melden aan de ILT');
    expect(entered.notification?.text.de).toContain('Legionellen');
    const [alarm] = await alarmsOf(point.id);
    expect(alarm).toMatchObject({ id: entered.alarmId, kind: 'legionella', closed_at: null, customer_id: ids.customerId, location_id: ids.locationId });
    expect(alarm.details).toMatchObject({ severity: 'critical', legalStep: 'reportIlt', perLitre: 1200, sampleId: 'M-1', pointName: 'Douche kamer 12' });
    // The alarm is in the alarms' API, for the customer's user too.
    expect((await call(tokens.klant, 'GET', `/alarms/${alarm.id}`)).json()).toMatchObject({ kind: 'legionella', locationId: ids.locationId, closedAt: null });
    // The point is due for its re-sample.
    const [listed] = (await call(tokens.klant, 'GET', `${PLACE}/sample-points`)).json<TSamplePoint[]>();
    expect(listed.due).toMatchObject({ resampleDue: '2026-04-30', routineDue: '2026-09-30' });
    expect(listed.latest).toMatchObject({ sampleId: 'M-1', verdict: 'report' });
    expect((await call(tokens.reader, 'GET', `/sample-results/${entered.id}`)).json()).toEqual(entered);
  });

  it('a re-sample still above 1,000 repeats the report on the same alarm; a compliant one ends the condition', async () => {
    const point = await addPoint(tokens.klant, { name: 'Douche', role: 'hot' });
    const first = await enter(tokens.klant, result(point.id, 'M-1', 1200));
    const again = await enter(tokens.klant, result(point.id, 'M-2', 3000, { takenAt: '2026-04-14T10:00:00+02:00' }));
    expect(again).toMatchObject({ verdict: 'report', resample: true, alarmId: first.alarmId, notification: { repeated: true, authority: 'ILT' } });
    expect(again.notification?.subject.nl).toMatch(/^Herhaalde melding/);
    expect((await stepsOf(first.alarmId as number)).map((step) => step.action)).toEqual(['opened', 'observed']);
    const clean = await enter(tokens.klant, result(point.id, 'M-3', null, { takenAt: '2026-05-01T10:00:00+02:00' }));
    expect(clean).toMatchObject({ verdict: 'compliant', legalStep: 'none', resample: true, alarmId: null, notification: null, resampleDue: null });
    const [alarm] = await alarmsOf(point.id);
    expect(alarm.closed_at).not.toBeNull();
    expect((await stepsOf(alarm.id)).map((step) => step.action)).toEqual(['opened', 'observed', 'closed']);
    // Back to the routine interval from the compliant re-sample.
    expect((await call(tokens.klant, 'GET', `${PLACE}/sample-points`)).json<TSamplePoint[]>()[0].due).toMatchObject({ resampleDue: null, routineDue: '2026-11-01' });
  });

  it('100 kve/l is measures (a warning); a re-sample above 1,000 makes the open alarm critical', async () => {
    const point = await addPoint(tokens.klant, { name: 'Douche', role: 'hot' });
    const below = await enter(tokens.klant, result(point.id, 'M-0', 99));
    expect(below).toMatchObject({ verdict: 'compliant', alarmId: null });
    const measures = await enter(tokens.klant, result(point.id, 'M-1', 100, { takenAt: '2026-04-01T09:00:00+02:00' }));
    expect(measures).toMatchObject({ verdict: 'exceeded', legalStep: 'measures', severity: 'warning', notification: { authority: null, legalStep: 'measures' } });
    expect((await alarmsOf(point.id))[0].details).toMatchObject({ severity: 'warning' });
    const worse = await enter(tokens.klant, result(point.id, 'M-2', 1001, { takenAt: '2026-04-10T09:00:00+02:00' }));
    expect(worse).toMatchObject({ verdict: 'report', alarmId: measures.alarmId, notification: { repeated: false } });
    expect((await alarmsOf(point.id))[0].details).toMatchObject({ severity: 'critical', legalStep: 'reportIlt' });
  });

  it('resolving the alarm of a report threshold needs the action taken and when the authority was told', async () => {
    const point = await addPoint(tokens.klant, { name: 'Douche', role: 'hot' });
    const entered = await enter(tokens.klant, result(point.id, 'M-1', 5000));
    const resolve = (body: Record<string, unknown>) => call(tokens.admin, 'POST', `/alarms/${entered.alarmId}/resolve`, body);
    expect((await resolve({ note: 'Boiler thermisch gedesinfecteerd (70 °C)' })).json()).toMatchObject({ statusCode: 400, fields: { authorityToldAt: 'validation.authorityToldRequired' } });
    expect((await resolve({ authorityToldAt: '2026-03-31T12:00:00+02:00' })).statusCode).toBe(400);
    const resolved = await resolve({ note: 'Boiler thermisch gedesinfecteerd (70 °C)', authorityToldAt: '2026-03-31T12:00:00+02:00' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ state: 'resolved', resolution: 'Boiler thermisch gedesinfecteerd (70 °C)', details: { authorityToldAt: '2026-03-31T10:00:00.000Z', legalStep: 'reportIlt' } });
    // Handled, and the re-sample is still above 1,000: a new alarm asks for handling and the ILT again; the handled one closes.
    const still = await enter(tokens.klant, result(point.id, 'M-1b', 2000, { takenAt: '2026-04-14T10:00:00+02:00' }));
    expect(still).toMatchObject({ verdict: 'report', notification: { repeated: true, authority: 'ILT' } });
    expect(still.alarmId).not.toBe(entered.alarmId);
    expect((await call(tokens.admin, 'GET', `/alarms/${still.alarmId}`)).json()).toMatchObject({ state: 'new', closedAt: null, details: { legalStep: 'reportIlt' } });
    expect((await stepsOf(entered.alarmId as number)).map((step) => step.action)).toEqual(['opened', 'resolved', 'closed']);
    // A warning (measures) needs the action only.
    const other = await addPoint(tokens.klant, { name: 'Keuken', role: 'cold' });
    const measures = await enter(tokens.klant, result(other.id, 'M-2', 300));
    expect((await call(tokens.admin, 'POST', `/alarms/${measures.alarmId}/resolve`, { note: 'Leiding gespoeld' })).statusCode).toBe(200);
  });

  it('Germany: 100 KBE/100 ml is 1,000 per litre, reported to the Gesundheitsamt', async () => {
    const point = await addPoint(tokens.admin, { name: 'Dusche 1', role: 'hot' }, DE_PLACE);
    const entered = await enter(tokens.admin, { ...result(point.id, 'P-1', 100), counts: [{ count: 100, unit: 'KBE/100 ml' }] }, DE_PLACE);
    expect(entered).toMatchObject({ verdict: 'report', legalStep: 'reportGesundheitsamt', highestPerLitre: 1000, severity: 'critical', notification: { authority: 'Gesundheitsamt' } });
    expect(entered.counts).toEqual([{ species: 'Legionella spp.', serogroup: null, count: 100, detectionLimit: null, unit: 'KBE/100 ml' }]);
    expect(entered.notification?.text.de).toContain('100 KBE/100 ml Legionellen festgestellt (1.000 je Liter)');
  });

  it('refuses an unknown point, a sample id entered before, a time in the future', async () => {
    const point = await addPoint(tokens.klant, { name: 'Douche', role: 'hot' });
    await enter(tokens.klant, result(point.id, 'M-1', 10));
    expect((await call(tokens.klant, 'POST', `${PLACE}/sample-results`, result(point.id, 'M-1', 10))).json()).toMatchObject({ statusCode: 400, fields: { sampleId: 'validation.sampleIdTaken' } });
    expect((await call(tokens.klant, 'POST', `${PLACE}/sample-results`, result(point.id + 100, 'M-2', 10))).json()).toMatchObject({ fields: { samplePointId: 'validation.samplePointUnknown' } });
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await call(tokens.klant, 'POST', `${PLACE}/sample-results`, result(point.id, 'M-3', 10, { takenAt: future }))).json()).toMatchObject({ fields: { takenAt: 'validation.takenAtInFuture' } });
    expect((await call(tokens.klant, 'POST', `${PLACE}/sample-results`, { ...result(point.id, 'M-4', 10), counts: [{ count: 10, unit: 'mg/l' }] })).statusCode).toBe(400);
    expect(await storedResults()).toBe(1);
  });
});

describe("the lab's CSV", () => {
  const HEADER = 'Monsternummer;Tappunt;Datum;Laboratorium;Accreditatie;Methode;Watertemperatuur;Soort;Serogroep;Resultaat;Eenheid;Aantoonbaarheidsgrens';
  /** 500 results, one line each: every 50th at "Douche hoog" with 1,500 kve/l, the rest over 10 points below 100 or not detected. */
  function labFile(): string {
    const lines = [HEADER];
    for (let index = 0; index < 500; index += 1) {
      const day = String(1 + (index % 28)).padStart(2, '0');
      const high = index % 50 === 0;
      const count = high ? '1.500' : index % 3 === 0 ? '<100' : String(index % 90);
      const point = high ? 'Douche hoog' : `Tappunt ${index % 10}`;
      lines.push(`M-${index};${point};2026-02-${day} 09:${String(index % 60).padStart(2, '0')};Lab Noord;RvA L 123;ISO 11731;${(40 + (index % 10) / 10).toFixed(1).replace('.', ',')};Legionella spp.;;${count};kve/l;`);
    }
    return lines.join('\r\n');
  }

  beforeEach(async () => {
    await call(tokens.klant, 'POST', `${PLACE}/sample-points/import`, { csv: ['name;role', 'Douche hoog;hot', ...Array.from({ length: 10 }, (_unused, index) => `Tappunt ${index};${index % 2 ? 'cold' : 'hot'}`)].join('\n') });
  });

  it('one malformed line among 500 is reported with its line and field, and nothing is imported', async () => {
    const file = labFile();
    const lines = file.split('\r\n');
    lines[250] = lines[250].replace(/;[^;]*;kve\/l;$/, ';veel;kve/l;');
    const refused = await ctx.app.inject({ method: 'POST', url: `/api/v1${PLACE}/sample-results/import`, headers: { 'x-access-token': tokens.klant, 'content-type': 'text/csv' }, payload: lines.join('\r\n') });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ key: 'errors.csvRow', params: { line: 251, field: 'count' }, fields: { count: 'validation.number' } });
    expect(await storedResults()).toBe(0);
    expect((await queryRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM alarms`))[0].n).toBe(0);
  });

  it('a line naming a point the location does not have refuses the whole file at its line', async () => {
    const lines = labFile().split('\r\n');
    lines[400] = lines[400].replace(/;Tappunt \d;/, ';Tappunt 99;');
    const refused = await call(tokens.klant, 'POST', `${PLACE}/sample-results/import`, { csv: lines.join('\n') });
    expect(refused.json()).toMatchObject({ statusCode: 400, params: { line: 401, field: 'point' }, fields: { point: 'validation.samplePointUnknown' } });
    expect(await storedResults()).toBe(0);
  });

  it('imports 500 results in one transaction with their alarms; the same file again is refused at its first line', async () => {
    const answer = await call(tokens.klant, 'POST', `${PLACE}/sample-results/import`, { csv: labFile() });
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json<{ imported: number; alarms: { verdict: string; alarmId: number }[] }>();
    expect(report.imported).toBe(500);
    // Every 50th line is 1,500 kve/l at "Douche hoog": ten reports; the first (in time) opens the alarm, the others join it.
    expect(report.alarms).toHaveLength(10);
    expect(new Set(report.alarms.map((entry) => entry.alarmId)).size).toBe(1);
    expect(await storedResults()).toBe(500);
    const page = await call(tokens.reader, 'GET', `${PLACE}/sample-results?limit=20&verdict=report`);
    expect(page.headers['x-total-count']).toBe('10');
    expect(page.json<TSampleResult[]>().every((row) => row.source === 'csv' && row.verdict === 'report')).toBe(true);
    const notDetected = (await call(tokens.reader, 'GET', `${PLACE}/sample-results?limit=500`)).json<TSampleResult[]>().find((row) => row.sampleId === 'M-3');
    expect(notDetected).toMatchObject({ verdict: 'compliant', counts: [{ count: null, detectionLimit: 100 }], waterCelsius: 40.3, takenAt: '2026-02-04T08:03:00.000Z' });
    const again = await call(tokens.klant, 'POST', `${PLACE}/sample-results/import`, { csv: labFile() });
    expect(again.json()).toMatchObject({ statusCode: 400, params: { line: 2, field: 'sampleId' } });
    expect(await storedResults()).toBe(500);
  });
});

describe("the lab's CSV in another layout, through a mapping", () => {
  // A lab whose own export names no column as we do: the mapping says which of theirs is which.
  const FILE = [
    'Analysenr,Monsterlocatie,Bemonsterd op,Uitvoerend lab,Legionella pneumophila (kve/l),Maat,Serotype,Opmerking',
    'LN-1,Douche hoog,2026-02-03 09:00,Lab Oost,1.500,kve/l,SG 1,',
    'LN-1,Douche hoog,2026-02-03 09:00,Lab Oost,<100,kve/l,SG 2-14,',
    'LN-2,Keuken,2026-02-03 09:20,Lab Oost,n.d.,kve/l,,herhaling',
  ].join('\n');
  const MAPPING = { sampleId: 'Analysenr', point: 'Monsterlocatie', takenAt: 'Bemonsterd op', lab: 'Uitvoerend lab', count: 'Legionella pneumophila (kve/l)', unit: 'Maat', serogroup: 'serotype' };

  beforeEach(async () => {
    await call(tokens.klant, 'POST', `${PLACE}/sample-points/import`, { csv: 'name;role\nDouche hoog;hot\nKeuken;cold\n' });
  });

  it('imports the file with its counts, serogroups and verdicts', async () => {
    const answer = await call(tokens.klant, 'POST', `${PLACE}/sample-results/import`, { csv: FILE, mapping: MAPPING });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ imported: 2, alarms: [{ sampleId: 'LN-1', verdict: 'report' }] });
    const rows = (await call(tokens.reader, 'GET', `${PLACE}/sample-results`)).json<TSampleResult[]>();
    expect(rows.find((row) => row.sampleId === 'LN-1')).toMatchObject({
      pointName: 'Douche hoog',
      lab: 'Lab Oost',
      takenAt: '2026-02-03T08:00:00.000Z',
      counts: [
        { serogroup: 'SG 1', count: 1500, unit: 'kve/l' },
        { serogroup: 'SG 2-14', count: null, detectionLimit: 100, unit: 'kve/l' },
      ],
    });
    expect(rows.find((row) => row.sampleId === 'LN-2')).toMatchObject({ pointName: 'Keuken', verdict: 'compliant', counts: [{ count: null, serogroup: null }] });
  });

  it('without the mapping the file is refused for its first missing column', async () => {
    expect((await call(tokens.klant, 'POST', `${PLACE}/sample-results/import`, { csv: FILE })).json()).toMatchObject({ statusCode: 400, key: 'errors.csvRow', params: { line: 1, field: 'sampleId' } });
  });

  it.each([
    ['an unknown field', { ...MAPPING, legionella: 'Maat' }, 'mapping.legionella', 'validation.mappingFieldUnknown'],
    ['a header the file does not have', { ...MAPPING, count: 'Resultaat' }, 'mapping.count', 'validation.mappingHeaderMissing'],
    ['one header for two fields', { ...MAPPING, accreditation: 'Uitvoerend lab' }, 'mapping.accreditation', 'validation.mappingHeaderTwice'],
  ])('refuses %s with the field, importing nothing', async (_name, mapping, field, key) => {
    const refused = await call(tokens.klant, 'POST', `${PLACE}/sample-results/import`, { csv: FILE, mapping });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ key: 'errors.badRequest', fields: { [field]: key }, params: { field } });
    expect(await storedResults()).toBe(0);
  });
});

describe('rights and scope', () => {
  it("a customer's own user works on their locations only; others' are 404; reading needs no right, entering does", async () => {
    const mine = await addPoint(tokens.klant, { name: 'Douche', role: 'hot' });
    const theirs = await addPoint(tokens.other, { name: 'Douche', role: 'hot' }, OTHER_PLACE);
    const theirResult = await enter(tokens.other, result(theirs.id, 'X-1', 2000), OTHER_PLACE);
    const refused: { method: TMethod; url: string; body?: unknown }[] = [
      { method: 'GET', url: `${OTHER_PLACE}/sample-points` },
      { method: 'GET', url: `${OTHER_PLACE}/sample-results` },
      { method: 'GET', url: `${OTHER_PLACE}/sampling-plan` },
      { method: 'POST', url: `${OTHER_PLACE}/sample-points`, body: { name: 'X', role: 'cold' } },
      { method: 'POST', url: `${OTHER_PLACE}/sample-results`, body: result(theirs.id, 'X-2', 10) },
      { method: 'PATCH', url: `/sample-points/${theirs.id}`, body: { name: 'Mine now' } },
      { method: 'DELETE', url: `/sample-points/${theirs.id}` },
      { method: 'GET', url: `/sample-results/${theirResult.id}` },
      { method: 'GET', url: `/alarms/${theirResult.alarmId}` },
    ];
    for (const { method, url, body } of refused) {
      expect((await call(tokens.klant, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    // A point of another location is unknown here, even by id.
    expect((await call(tokens.admin, 'POST', `${PLACE}/sample-results`, result(theirs.id, 'X-3', 10))).json()).toMatchObject({ fields: { samplePointId: 'validation.samplePointUnknown' } });
    expect((await call(tokens.reader, 'GET', `${PLACE}/sample-points`)).statusCode).toBe(200);
    expect((await call(tokens.reader, 'POST', `${PLACE}/sample-results`, result(mine.id, 'M-1', 10))).statusCode).toBe(403);
    expect((await call(tokens.reader, 'POST', `${PLACE}/sample-points`, { name: 'X', role: 'cold' })).statusCode).toBe(403);
    expect((await call(tokens.admin, 'GET', `/sample-results/${theirResult.id}`)).statusCode).toBe(200);
    expect(await storedResults()).toBe(1);
  });
});
