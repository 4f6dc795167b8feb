import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TLocationCheckPlans, TOutlet } from '@aquasmart/domain';
import { queryRows } from '../../db/database';
import { caller, insertCustomer, insertDevice, insertLocation, insertProduct, restrictUser } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';

/**
 * The outlet register end to end (docs/outlets.md): outlets added, listed with their checks and due
 * dates, changed and deleted; links to a node's channel and a sample point of the location; 2,000
 * outlets from one CSV in one transaction, and a bad line refusing the whole file; the location's
 * check plans and their overrides; the scope of a customer's own user.
 */
const ctx = useTestContext();
const call = caller(ctx);
let tokens: Record<'admin' | 'klant' | 'reader' | 'other' | 'planner', string>;
let ids: { customerId: number; locationId: number };

const CUSTOMER = 'Zorggroep West';
const PLACE = `/customers/${encodeURIComponent(CUSTOMER)}/locations/${encodeURIComponent('Huize Zonneveld')}`;
const UK_PLACE = `/customers/${encodeURIComponent(CUSTOMER)}/locations/${encodeURIComponent('St Mary')}`;
const OTHER_PLACE = `/customers/${encodeURIComponent('Andere Klant')}/locations/Elders`;
const EUI = '00000000000000A1';
const FLUSHING_EUI = '00000000000000A2';

beforeEach(async () => {
  const db = ctx.database.db;
  const customerId = await insertCustomer(db, CUSTOMER);
  const locationId = await insertLocation(db, customerId, 'Huize Zonneveld');
  await insertLocation(db, customerId, 'St Mary', { rulebook: 'UK', healthcare: true, timeZone: 'Europe/London' });
  const otherId = await insertCustomer(db, 'Andere Klant');
  const otherLocationId = await insertLocation(db, otherId, 'Elders');
  const faucet = await insertProduct(db, 'Spoelkraan', 'Faucet');
  await insertDevice(db, { eui: EUI, customerId, locationId, type: 'V2' });
  await insertDevice(db, { eui: FLUSHING_EUI, customerId, locationId, type: 'V3', flushDeviceId: faucet });
  await insertDevice(db, { eui: '00000000000000B1', customerId: otherId, locationId: otherLocationId, type: 'V2' });
  ids = { customerId, locationId };
  tokens = await ctx.signedInUsers({
    admin: { administrator: true },
    klant: { rights: { dashboard: true, recordChecks: true } },
    reader: { rights: { dashboard: true } },
    other: { rights: { dashboard: true, recordChecks: true } },
    planner: { rights: { dashboard: true, editLocation: true } },
  });
  const userId = async (name: string) => (await queryRows<{ id: number }>(db, sql`SELECT id FROM users WHERE email = ${`${name}@example.com`}`))[0].id;
  await restrictUser(db, await userId('klant'), [customerId]);
  await restrictUser(db, await userId('reader'), [customerId]);
  await restrictUser(db, await userId('other'), [otherId]);
});

async function addOutlet(token: string, body: Record<string, unknown>, place = PLACE): Promise<TOutlet> {
  const answer = await call(token, 'POST', `${place}/outlets`, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

const storedOutlets = async () => (await queryRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM outlets`))[0].n;
const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });

describe('the outlet register', () => {
  it('adds, lists with the checks in force and their due dates, changes and deletes outlets', async () => {
    const douche = await addOutlet(tokens.klant, { name: 'Douche 1.12', room: 'Kamer 12', floor: '1', kind: 'shower', water: 'mixed', sentinel: 'furthest', littleUsed: true, eui: EUI.toLowerCase(), channelId: 'temperature1' });
    expect(douche).toMatchObject({ name: 'Douche 1.12', room: 'Kamer 12', floor: '1', kind: 'shower', water: 'mixed', sentinel: 'furthest', littleUsed: true, eui: EUI, channelId: 'temperature1', samplePointId: null, flushedByNode: false, customer: CUSTOMER });
    // Never checked: every check due from the day it joined the register.
    expect(douche.checks.map((check) => check.check).sort()).toEqual(['littleUsedFlush', 'sentinelTemperature', 'showerheadDescaling']);
    expect(douche.checks.every((check) => check.nextDue === today() && check.lastDone === null && check.state === 'due')).toBe(true);

    const tap = await addOutlet(tokens.planner, { name: 'Wastafel 3', kind: 'washbasinTap', water: 'cold' });
    expect(tap).toMatchObject({ room: null, floor: null, sentinel: 'none', littleUsed: false, checks: [] });
    const list = await call(tokens.reader, 'GET', `${PLACE}/outlets`);
    expect(list.json<TOutlet[]>().map((outlet) => outlet.name)).toEqual(['Douche 1.12', 'Wastafel 3']);

    const changed = await call(tokens.klant, 'PATCH', `/outlets/${douche.id}`, { name: 'Douche 12', eui: null, littleUsed: false, room: null });
    expect(changed.json()).toMatchObject({ name: 'Douche 12', eui: null, channelId: null, littleUsed: false, room: null, floor: '1', sentinel: 'furthest' });
    expect(changed.json<TOutlet>().checks.map((check) => check.check).sort()).toEqual(['sentinelTemperature', 'showerheadDescaling']);
    expect((await call(tokens.klant, 'DELETE', `/outlets/${tap.id}`)).statusCode).toBe(204);
    expect((await call(tokens.klant, 'GET', `${PLACE}/outlets`)).json<TOutlet[]>().map((outlet) => outlet.name)).toEqual(['Douche 12']);
  });

  it('refuses with the field: a name taken, a node elsewhere, an unknown channel, a sample point elsewhere or of another outlet', async () => {
    const point = (await call(tokens.admin, 'POST', `${PLACE}/sample-points`, { name: 'Douche hoog', role: 'hot' })).json<{ id: number }>();
    const elsewhere = (await call(tokens.admin, 'POST', `${OTHER_PLACE}/sample-points`, { name: 'Elders', role: 'hot' })).json<{ id: number }>();
    const first = await addOutlet(tokens.klant, { name: 'Douche', kind: 'shower', water: 'hot', samplePointId: point.id });
    expect(first.samplePointId).toBe(point.id);
    const refuse = async (body: Record<string, unknown>) => (await call(tokens.klant, 'POST', `${PLACE}/outlets`, { kind: 'sink', water: 'hot', ...body })).json();
    expect(await refuse({ name: 'Douche' })).toMatchObject({ statusCode: 400, fields: { name: 'validation.outletNameTaken' } });
    expect(await refuse({ name: 'A', eui: '00000000000000B1' })).toMatchObject({ fields: { eui: 'validation.nodeNotHere' } });
    expect(await refuse({ name: 'B', eui: EUI, channelId: 'temperature4' })).toMatchObject({ fields: { channelId: 'validation.channelUnknown' } });
    expect(await refuse({ name: 'C', samplePointId: elsewhere.id })).toMatchObject({ fields: { samplePointId: 'validation.samplePointNotHere' } });
    expect(await refuse({ name: 'D', samplePointId: point.id })).toMatchObject({ fields: { samplePointId: 'validation.samplePointLinked' } });
    expect(await refuse({ name: 'E', kind: 'bath' })).toMatchObject({ statusCode: 400, fields: { kind: 'validation.oneOf' } });
    expect(await refuse({ name: 'F', channelId: 'temperature1' })).toMatchObject({ fields: { eui: 'validation.required' } });
    // Changing the outlet that holds the point keeps it; a deleted point leaves the outlet unlinked.
    expect((await call(tokens.klant, 'PATCH', `/outlets/${first.id}`, { samplePointId: point.id, room: 'Bad' })).json()).toMatchObject({ samplePointId: point.id, room: 'Bad' });
    expect((await call(tokens.admin, 'DELETE', `/sample-points/${point.id}`)).statusCode).toBe(204);
    expect((await call(tokens.klant, 'GET', `${PLACE}/outlets`)).json<TOutlet[]>()[0].samplePointId).toBeNull();
    expect(await storedOutlets()).toBe(1);
  });

  it('a little-used outlet on a flushing node has no flushing check: the node does the duty', async () => {
    const flushed = await addOutlet(tokens.klant, { name: 'Spoelkraan', kind: 'washbasinTap', water: 'cold', littleUsed: true, eui: FLUSHING_EUI, channelId: 'temperature1' });
    expect(flushed).toMatchObject({ flushedByNode: true, checks: [] });
    const unlinked = await call(tokens.klant, 'PATCH', `/outlets/${flushed.id}`, { eui: null });
    expect(unlinked.json()).toMatchObject({ flushedByNode: false, checks: [{ check: 'littleUsedFlush' }] });
  });
});

describe('the CSV import', () => {
  const header = 'Naam;Ruimte;Verdieping;Soort;Water;Sentinel;Weinig gebruikt;Node;Kanaal\n';
  const line = (n: number) => `Tappunt ${n};Kamer ${n % 50};${n % 5};${['douche', 'wastafel', 'aanrecht', 'TMV'][n % 4]};${['warm', 'koud', 'gemengd'][n % 3]};${n % 100 === 0 ? 'verst' : ''};${n % 7 === 0 ? 'ja' : 'nee'};;\n`;
  const file = (count: number, change?: (n: number) => string | null) => header + Array.from({ length: count }, (_unused, index) => change?.(index + 1) ?? line(index + 1)).join('');

  it('imports 2,000 outlets in one transaction', async () => {
    const answer = await call(tokens.klant, 'POST', `${PLACE}/outlets/import`, { csv: file(2000) });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ imported: 2000 });
    const outlets = (await call(tokens.reader, 'GET', `${PLACE}/outlets`)).json<TOutlet[]>();
    expect(outlets).toHaveLength(2000);
    expect(outlets.find((outlet) => outlet.name === 'Tappunt 100')).toMatchObject({ room: 'Kamer 0', floor: '0', kind: 'shower', water: 'cold', sentinel: 'furthest', littleUsed: false });
    expect(outlets.find((outlet) => outlet.name === 'Tappunt 7')).toMatchObject({ kind: 'tmv', water: 'cold', littleUsed: true, checks: [{ check: 'tmvService' }, { check: 'littleUsedFlush' }] });
  });

  it.each([
    ['a bad cell on line 1,501', (n: number) => (n === 1500 ? 'Tappunt 1500;;;bad;warm;;;;\n' : null), { line: 1501, field: 'kind' }, { kind: 'validation.oneOf' }],
    ['a name twice', (n: number) => (n === 1999 ? 'Tappunt 3;;;douche;warm;;;;\n' : null), { line: 2000, field: 'name' }, { name: 'validation.outletNameTaken' }],
    ['a node of another location', (n: number) => (n === 2 ? 'Tappunt 2;;;douche;warm;;;00000000000000B1;\n' : null), { line: 3, field: 'eui' }, { eui: 'validation.nodeNotHere' }],
    ['a channel the node lacks', (n: number) => (n === 4 ? `Tappunt 4;;;douche;warm;;;${EUI};temperature9\n` : null), { line: 5, field: 'channelId' }, { channelId: 'validation.channelUnknown' }],
  ])('refuses the whole file for %s, naming its line and column', async (_name, change, params, fields) => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1${PLACE}/outlets/import`,
      headers: { 'x-access-token': tokens.klant, 'content-type': 'text/csv' },
      payload: file(2000, change),
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ key: 'errors.csvRow', params, fields });
    expect(await storedOutlets()).toBe(0);
  });

  it('links sample points by name; an unknown one, or one another outlet holds, refuses the file', async () => {
    await call(tokens.admin, 'POST', `${PLACE}/sample-points`, { name: 'Douche hoog', role: 'hot' });
    const good = `name,kind,water,eui,channelId,samplePoint\nDouche 1,shower,hot,${EUI},temperature2,Douche hoog\nKeuken,sink,cold,,,\n`;
    expect((await call(tokens.klant, 'POST', `${PLACE}/outlets/import`, { csv: good })).json()).toEqual({ imported: 2 });
    const outlets = (await call(tokens.klant, 'GET', `${PLACE}/outlets`)).json<TOutlet[]>();
    expect(outlets[0]).toMatchObject({ name: 'Douche 1', eui: EUI, channelId: 'temperature2' });
    expect(outlets[0].samplePointId).not.toBeNull();
    const unknown = await call(tokens.klant, 'POST', `${PLACE}/outlets/import`, { csv: 'name,kind,water,samplePoint\nX,sink,hot,Nergens\n' });
    expect(unknown.json()).toMatchObject({ params: { line: 2, field: 'samplePoint' }, fields: { samplePoint: 'validation.samplePointNotHere' } });
    const held = await call(tokens.klant, 'POST', `${PLACE}/outlets/import`, { csv: 'name,kind,water,samplePoint\nY,sink,hot,Douche hoog\n' });
    expect(held.json()).toMatchObject({ params: { line: 2, field: 'samplePoint' }, fields: { samplePoint: 'validation.samplePointLinked' } });
    expect(await storedOutlets()).toBe(2);
  });

  it('a header without a required column is refused on line 1', async () => {
    expect((await call(tokens.klant, 'POST', `${PLACE}/outlets/import`, { csv: 'name,kind\nX,sink\n' })).json()).toMatchObject({ key: 'errors.csvRow', params: { line: 1, field: 'water' } });
  });
});

describe('check plans', () => {
  it("the rulebook's plans with their sources; a location's overrides switch a check off or set its own period", async () => {
    await addOutlet(tokens.klant, { name: 'TMV 1', kind: 'tmv', water: 'mixed' });
    await addOutlet(tokens.klant, { name: 'Douche', kind: 'shower', water: 'hot', sentinel: 'nearest' });
    const plans = (await call(tokens.reader, 'GET', `${PLACE}/check-plans`)).json<TLocationCheckPlans>();
    expect(plans).toMatchObject({ rulebook: 'NL', healthcare: false });
    expect(plans.plans.find((plan) => plan.check === 'sentinelTemperature')).toMatchObject({ on: true, period: { unit: 'months', count: 1 }, periodSource: 'rulebook', runningSeconds: { hot: 60, cold: 120 }, borrowed: true, outlets: 1 });
    expect(plans.plans.find((plan) => plan.check === 'littleUsedFlush')).toMatchObject({ period: { unit: 'days', count: 7 }, borrowed: false, outlets: 0 });

    const changed = await call(tokens.klant, 'PATCH', `${PLACE}/check-plans`, { overrides: [{ check: 'tmvService', off: true }, { check: 'showerheadDescaling', period: { unit: 'months', count: 1 } }] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<TLocationCheckPlans>().plans.find((plan) => plan.check === 'tmvService')).toMatchObject({ on: false, outlets: 1 });
    expect(changed.json<TLocationCheckPlans>().plans.find((plan) => plan.check === 'showerheadDescaling')).toMatchObject({ on: true, period: { unit: 'months', count: 1 }, periodSource: 'location', rulebookPeriod: { unit: 'months', count: 3 } });
    const outlets = (await call(tokens.klant, 'GET', `${PLACE}/outlets`)).json<TOutlet[]>();
    expect(outlets.find((outlet) => outlet.name === 'TMV 1')?.checks).toEqual([]);

    // Back to the rulebook's plan: off false and no period; checks not named stay as they were.
    const back = await call(tokens.planner, 'PATCH', `${PLACE}/check-plans`, { overrides: [{ check: 'tmvService', off: false, period: null }] });
    expect(back.json<TLocationCheckPlans>().plans.find((plan) => plan.check === 'tmvService')).toMatchObject({ on: true, periodSource: 'rulebook' });
    expect(back.json<TLocationCheckPlans>().plans.find((plan) => plan.check === 'showerheadDescaling')).toMatchObject({ periodSource: 'location' });
    expect((await call(tokens.klant, 'PATCH', `${PLACE}/check-plans`, { overrides: [{ check: 'tmvService', period: { unit: 'months', count: 61 } }] })).statusCode).toBe(400);
    expect((await call(tokens.klant, 'PATCH', `${PLACE}/check-plans`, { overrides: [{ check: 'tmvService' }, { check: 'tmvService', off: true }] })).json()).toMatchObject({ statusCode: 400 });
  });

  it('UK healthcare premises: the little-used outlets flushed every 3 days, HSG274 the source of its own figures', async () => {
    const plans = (await call(tokens.admin, 'GET', `${UK_PLACE}/check-plans`)).json<TLocationCheckPlans>();
    expect(plans).toMatchObject({ rulebook: 'UK', healthcare: true });
    expect(plans.plans.find((plan) => plan.check === 'littleUsedFlush')).toMatchObject({ period: { unit: 'days', count: 3 } });
    expect(plans.plans.every((plan) => !plan.borrowed)).toBe(true);
  });
});

describe('scope and rights', () => {
  it("a customer's user without recordChecks reads and may not write; another customer's user gets 404", async () => {
    const outlet = await addOutlet(tokens.klant, { name: 'Douche', kind: 'shower', water: 'hot' });
    expect((await call(tokens.reader, 'GET', `${PLACE}/outlets`)).statusCode).toBe(200);
    expect((await call(tokens.reader, 'GET', `/outlets/${outlet.id}`)).json()).toMatchObject({ id: outlet.id, name: 'Douche', checks: [{ check: 'showerheadDescaling' }] });
    expect((await call(tokens.other, 'GET', `/outlets/${outlet.id}`)).statusCode).toBe(404);
    expect((await call(tokens.reader, 'POST', `${PLACE}/outlets`, { name: 'X', kind: 'sink', water: 'hot' })).statusCode).toBe(403);
    expect((await call(tokens.reader, 'PATCH', `/outlets/${outlet.id}`, { name: 'X' })).statusCode).toBe(403);
    expect((await call(tokens.reader, 'PATCH', `${PLACE}/check-plans`, { overrides: [] })).statusCode).toBe(403);
    expect((await call(tokens.other, 'GET', `${PLACE}/outlets`)).statusCode).toBe(404);
    expect((await call(tokens.other, 'GET', `${PLACE}/check-plans`)).statusCode).toBe(404);
    expect((await call(tokens.other, 'POST', `${PLACE}/outlets`, { name: 'X', kind: 'sink', water: 'hot' })).statusCode).toBe(404);
    expect((await call(tokens.other, 'POST', `${PLACE}/outlets/import`, { csv: 'name,kind,water\nX,sink,hot\n' })).statusCode).toBe(404);
    expect((await call(tokens.other, 'PATCH', `/outlets/${outlet.id}`, { name: 'X' })).statusCode).toBe(404);
    expect((await call(tokens.other, 'DELETE', `/outlets/${outlet.id}`)).statusCode).toBe(404);
    expect((await call(tokens.klant, 'PATCH', '/outlets/999999', { name: 'X' })).statusCode).toBe(404);
    expect(await storedOutlets()).toBe(1);
  });

  it('a deleted location takes its outlets and check plans with it', async () => {
    await addOutlet(tokens.admin, { name: 'Tank', kind: 'coldTank', water: 'cold' }, UK_PLACE);
    await call(tokens.admin, 'PATCH', `${UK_PLACE}/check-plans`, { overrides: [{ check: 'coldTankInspection', off: true }] });
    expect((await call(tokens.admin, 'DELETE', UK_PLACE)).statusCode).toBe(204);
    expect(await storedOutlets()).toBe(0);
    expect((await queryRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM outlet_check_overrides`))[0].n).toBe(0);
    expect(ids.customerId).toBeGreaterThan(0);
  });
});
