import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TCheckRecord, TDashboardChecks, TDueChecks, TOutlet } from '@aquasmart/domain';
import { queryRows } from '../../db/database';
import { deviceData } from '../../db/schema';
import { caller, insertCustomer, insertDevice, insertLocation } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';
import { signInSamplingUsers } from '../sampling/sampling.fixture';
import { runCheckDueStep } from './check-due';

/**
 * Checks recorded at outlets end to end (docs/outlets.md, "Checks"): done with a reading judged by
 * the rulebook's limit and running time, a deviation opening the outlet's alarm at once (joined by a
 * later one, closed by a reading within the limit), not possible with a reason, the due dates moved
 * by done checks only (a month end), an entry sent twice stored once, the due-checks list, the
 * records kept (outlet and location not deleted), and the scope.
 */
const ctx = useTestContext();
const call = caller(ctx);
let tokens: Record<'admin' | 'klant' | 'reader' | 'other', string>;
let outlets: { douche: TOutlet; tap: TOutlet; tmv: TOutlet; ukHot: TOutlet; elders: TOutlet };

const CUSTOMER = 'Zorggroep West';
const PLACE = `/customers/${encodeURIComponent(CUSTOMER)}/locations/${encodeURIComponent('Huize Zonneveld')}`;
const UK_PLACE = `/customers/${encodeURIComponent(CUSTOMER)}/locations/${encodeURIComponent('St Mary')}`;
const OTHER_PLACE = `/customers/${encodeURIComponent('Andere Klant')}/locations/Elders`;

beforeEach(async () => {
  const db = ctx.database.db;
  const customerId = await insertCustomer(db, CUSTOMER);
  await insertLocation(db, customerId, 'Huize Zonneveld');
  await insertLocation(db, customerId, 'St Mary', { rulebook: 'UK', timeZone: 'Europe/London' });
  const otherId = await insertCustomer(db, 'Andere Klant');
  await insertLocation(db, otherId, 'Elders');
  tokens = await signInSamplingUsers(ctx, customerId, otherId, 'recordChecks');
  const add = async (body: Record<string, unknown>, place = PLACE) => {
    const answer = await call(tokens.admin, 'POST', `${place}/outlets`, body);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<TOutlet>();
  };
  outlets = {
    douche: await add({ name: 'Douche 12', kind: 'shower', water: 'hot', sentinel: 'furthest' }),
    tap: await add({ name: 'Wastafel 3', kind: 'washbasinTap', water: 'cold', sentinel: 'nearest', littleUsed: true }),
    tmv: await add({ name: 'TMV 1', kind: 'tmv', water: 'mixed' }),
    ukHot: await add({ name: 'Sentinel hot', kind: 'sink', water: 'hot', sentinel: 'furthest' }, UK_PLACE),
    elders: await add({ name: 'Elders', kind: 'shower', water: 'hot', sentinel: 'nearest' }, OTHER_PLACE),
  };
});

async function record(body: Record<string, unknown>, place = PLACE, token = tokens.klant): Promise<TCheckRecord> {
  const answer = await call(token, 'POST', `${place}/checks`, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

const alarmsOf = (outletId: number) =>
  queryRows<{ id: number; kind: string; closed_at: string | null; details: Record<string, unknown>; location_id: number }>(
    ctx.database.db,
    sql`SELECT id::int AS id, kind, closed_at::text AS closed_at, details, location_id FROM alarms WHERE outlet_id = ${outletId} ORDER BY id`,
  );
const stepsOf = (alarmId: number) => queryRows<{ action: string }>(ctx.database.db, sql`SELECT action FROM alarm_events WHERE alarm_id = ${alarmId} ORDER BY at, id`);
const storedChecks = async () => (await queryRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM outlet_checks`))[0].n;
const dueOf = async (outletId: number, place = PLACE) => (await call(tokens.reader, 'GET', `${place}/outlets`)).json<TOutlet[]>().find((outlet) => outlet.id === outletId)?.checks;

describe('recording a check', () => {
  it('a sentinel reading within the limit: judged, recorded with who and when, the next due date a month on', async () => {
    const check = await record({ outletId: outlets.douche.id, check: 'sentinelTemperature', outcome: 'done', celsius: 61.2, ranSeconds: 45, note: 'Na 45 s' });
    expect(check).toMatchObject({
      outletName: 'Douche 12',
      check: 'sentinelTemperature',
      outcome: 'done',
      celsius: 61.2,
      ranSeconds: 45,
      allowedSeconds: 60,
      rulebook: 'NL',
      limit: { kind: 'atLeast', celsius: 60 },
      verdict: 'withinLimit',
      deviation: false,
      alarmId: null,
      note: 'Na 45 s',
      recordedBy: 'klant@example.com',
    });
    const due = (await dueOf(outlets.douche.id))?.find((entry) => entry.check === 'sentinelTemperature');
    expect(due?.lastDone).not.toBeNull();
    expect(due?.state).toBe('planned');
    expect(due && due.nextDue > (due.lastDone as string)).toBe(true);
  });

  it('a reading outside the limit opens the outlet\'s deviation alarm at once; a second joins it; one within the limit closes it', async () => {
    const cold = await record({ outletId: outlets.tap.id, check: 'sentinelTemperature', outcome: 'done', celsius: 26.5, ranSeconds: 120 });
    expect(cold).toMatchObject({ verdict: 'outsideLimit', deviation: true, limit: { kind: 'atMost', celsius: 25 } });
    expect(cold.alarmId).not.toBeNull();
    const [alarm] = await alarmsOf(outlets.tap.id);
    expect(alarm).toMatchObject({ id: cold.alarmId, kind: 'checkDeviation', closed_at: null, details: { outletName: 'Wastafel 3', celsius: 26.5, verdict: 'outsideLimit', checkId: cold.id } });

    const again = await record({ outletId: outlets.tap.id, check: 'sentinelTemperature', outcome: 'done', celsius: 27 });
    expect(again.alarmId).toBe(cold.alarmId);
    expect((await stepsOf(cold.alarmId as number)).map((step) => step.action)).toEqual(['opened', 'observed']);

    const fine = await record({ outletId: outlets.tap.id, check: 'sentinelTemperature', outcome: 'done', celsius: 18, ranSeconds: 60 });
    expect(fine).toMatchObject({ verdict: 'withinLimit', alarmId: null });
    expect((await alarmsOf(outlets.tap.id))[0].closed_at).not.toBeNull();
    expect((await stepsOf(cold.alarmId as number)).map((step) => step.action)).toEqual(['opened', 'observed', 'closed']);
  });

  it('UK: hot at 52 °C only after 90 s of running misses the one-minute test: a deviation', async () => {
    const late = await record({ outletId: outlets.ukHot.id, check: 'sentinelTemperature', outcome: 'done', celsius: 52, ranSeconds: 90 }, UK_PLACE);
    expect(late).toMatchObject({ verdict: 'notWithinTime', deviation: true, allowedSeconds: 60, limit: { kind: 'atLeast', celsius: 50 }, rulebook: 'UK' });
    expect((await alarmsOf(outlets.ukHot.id))[0]).toMatchObject({ kind: 'checkDeviation', details: { verdict: 'notWithinTime', allowedSeconds: 60 } });
    const inTime = await record({ outletId: outlets.ukHot.id, check: 'sentinelTemperature', outcome: 'done', celsius: 50, ranSeconds: 60 }, UK_PLACE);
    expect(inTime.verdict).toBe('withinLimit');
  });

  it('a check without a reading (TMV service) is done without one; not possible needs a reason and moves no due date', async () => {
    expect(await record({ outletId: outlets.tmv.id, check: 'tmvService', outcome: 'done', note: 'Cartridge vervangen' })).toMatchObject({ celsius: null, verdict: null, limit: null, deviation: false });
    const notPossible = await record({ outletId: outlets.douche.id, check: 'showerheadDescaling', outcome: 'notPossible', reason: 'Kamer bezet' });
    expect(notPossible).toMatchObject({ outcome: 'notPossible', reason: 'Kamer bezet' });
    const due = (await dueOf(outlets.douche.id))?.find((entry) => entry.check === 'showerheadDescaling');
    expect(due).toMatchObject({ lastDone: null, state: 'due' });
    expect((await call(tokens.klant, 'POST', `${PLACE}/checks`, { outletId: outlets.douche.id, check: 'showerheadDescaling', outcome: 'notPossible' })).json()).toMatchObject({
      statusCode: 400,
      fields: { reason: 'validation.reasonRequired' },
    });
  });

  it.each([
    ['an outlet of another location', () => ({ outletId: outlets.elders.id, check: 'sentinelTemperature', outcome: 'done', celsius: 60 }), { outletId: 'validation.outletUnknown' }],
    ['a check not planned at the outlet', () => ({ outletId: outlets.tmv.id, check: 'sentinelTemperature', outcome: 'done', celsius: 40 }), { check: 'validation.checkNotPlanned' }],
    ['a sentinel check done without its reading', () => ({ outletId: outlets.douche.id, check: 'sentinelTemperature', outcome: 'done' }), { celsius: 'validation.readingRequired' }],
    ['a time in the future', () => ({ outletId: outlets.tmv.id, check: 'tmvService', outcome: 'done', doneAt: '2099-01-01T10:00:00+01:00' }), { doneAt: 'validation.doneAtInFuture' }],
    ['a reading above 100 °C', () => ({ outletId: outlets.douche.id, check: 'sentinelTemperature', outcome: 'done', celsius: 101 }), { celsius: 'validation.range?min=-10&max=100' }],
  ])('refuses %s with its field, storing nothing', async (_name, body, fields) => {
    const answer = await call(tokens.klant, 'POST', `${PLACE}/checks`, body());
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ fields });
    expect(await storedChecks()).toBe(0);
  });

  it('the same entry sent twice (a retry, the offline queue) is stored once and answered the same', async () => {
    const body = { outletId: outlets.tap.id, check: 'sentinelTemperature', outcome: 'done', celsius: 30, entryId: '6f1c7a52-2b7e-4c39-9d0b-8f3f7b1c2d4e' };
    const first = await record(body);
    const second = await call(tokens.klant, 'POST', `${PLACE}/checks`, body);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first);
    expect(await storedChecks()).toBe(1);
    expect(await alarmsOf(outlets.tap.id)).toHaveLength(1);
  });
});

describe('the sensor checked by hand', () => {
  it('pairs the manual reading with the node\'s nearest reading within 15 minutes; more than 1.5 °C apart is possible drift', async () => {
    const db = ctx.database.db;
    const [place] = await queryRows<{ customer_id: number; location_id: number }>(db, sql`SELECT customer_id, id AS location_id FROM locations WHERE name = 'Huize Zonneveld'`);
    const eui = '00000000000000D1';
    await insertDevice(db, { eui, customerId: place.customer_id, locationId: place.location_id, type: 'V2' });
    const linked = (await call(tokens.admin, 'POST', `${PLACE}/outlets`, { name: 'Douche sensor', kind: 'shower', water: 'hot', sentinel: 'nearest', eui, channelId: 'temperature2' })).json<TOutlet>();
    const at = (iso: string) => new Date(iso);
    await db.insert(deviceData).values([
      { deviceEui: eui, ts: at('2026-11-02T09:00:00Z'), msgId: 42, value: { temperature1: 20, temperature2: 60 } },
      { deviceEui: eui, ts: at('2026-11-02T09:15:00Z'), msgId: 42, value: { temperature1: 20, temperature2: -102.4 } },
      { deviceEui: eui, ts: at('2026-11-03T09:00:00Z'), msgId: 42, value: { temperature1: 20, temperature2: 58.4 } },
    ]);
    const reading = (celsius: number, doneAt: string) => record({ outletId: linked.id, check: 'sentinelTemperature', outcome: 'done', celsius, ranSeconds: 30, doneAt });
    // 10 minutes after the node's 60.0 (its faulty reading at 09:15 is not paired): 61.5 is 1.5 apart, no drift.
    expect(await reading(61.5, '2026-11-02T09:10:00Z')).toMatchObject({ node: { eui, channelId: 'temperature2', celsius: 60, at: '2026-11-02T09:00:00.000Z' }, drift: false });
    expect(await reading(61.6, '2026-11-02T09:10:00Z')).toMatchObject({ node: { celsius: 60 }, drift: true });
    expect(await reading(60, '2026-11-03T08:45:00Z')).toMatchObject({ node: { celsius: 58.4 }, drift: true });
    // Nothing within 15 minutes: no pair.
    expect(await reading(60, '2026-11-03T09:16:00Z')).toMatchObject({ node: null, drift: null });
    // A check without a reading is not paired.
    expect((await record({ outletId: linked.id, check: 'showerheadDescaling', outcome: 'done' })).drift).toBeNull();
  });
});

describe('overdue checks (the checkOverdue alarm)', () => {
  it('opens on an outlet with a check past its date, with the overdue checks; closes when done, switched off or the outlet deleted; safe to repeat', async () => {
    const db = ctx.database.db;
    await db.execute(sql`UPDATE outlets SET created_at = now() - interval '3 days'`);
    const step = () => db.transaction((tx) => runCheckDueStep(tx, new Date()));
    expect(await step()).toEqual({ opened: 5, closed: 0 });
    expect(await step()).toEqual({ opened: 0, closed: 0 });
    const overdueOf = async (outletId: number) => (await queryRows<{ id: number; kind: string; closed_at: string | null; details: Record<string, unknown> }>(db, sql`SELECT id::int AS id, kind, closed_at::text AS closed_at, details FROM alarms WHERE outlet_id = ${outletId} AND kind = 'checkOverdue' ORDER BY id`));
    const [douche] = await overdueOf(outlets.douche.id);
    expect(douche.details).toMatchObject({ outletName: 'Douche 12', checks: [{ check: 'sentinelTemperature', lastDone: null }, { check: 'showerheadDescaling', lastDone: null }] });

    // The TMV serviced: its alarm closes in the check's transaction.
    await record({ outletId: outlets.tmv.id, check: 'tmvService', outcome: 'done' });
    expect((await overdueOf(outlets.tmv.id))[0].closed_at).not.toBeNull();
    // Done for one of the douche's two checks: still overdue, still open.
    await record({ outletId: outlets.douche.id, check: 'showerheadDescaling', outcome: 'done' });
    expect((await overdueOf(outlets.douche.id))[0].closed_at).toBeNull();
    // Not possible moves nothing either.
    await record({ outletId: outlets.douche.id, check: 'sentinelTemperature', outcome: 'notPossible', reason: 'Geen toegang' });
    expect((await overdueOf(outlets.douche.id))[0].closed_at).toBeNull();
    // The location switches the sentinel check off: closed at once.
    await call(tokens.klant, 'PATCH', `${PLACE}/check-plans`, { overrides: [{ check: 'sentinelTemperature', off: true }] });
    expect((await overdueOf(outlets.douche.id))[0].closed_at).not.toBeNull();
    // The tap (no checks recorded) deleted: its alarm closes with it.
    expect((await call(tokens.klant, 'DELETE', `/outlets/${outlets.tap.id}`)).statusCode).toBe(204);
    const [tap] = await overdueOf(outlets.tap.id);
    expect(tap.closed_at).not.toBeNull();
    const steps = await queryRows<{ details: Record<string, unknown> }>(db, sql`SELECT details FROM alarm_events WHERE alarm_id = ${tap.id} AND action = 'closed'`);
    expect(steps[0].details).toEqual({ reason: 'outletDeleted' });
    expect(await step()).toEqual({ opened: 0, closed: 0 });
  });
});

describe('due checks of a location', () => {
  it('a monthly check done 31 January is due 28 February; overdue first, with the counts', async () => {
    await record({ outletId: outlets.douche.id, check: 'sentinelTemperature', outcome: 'done', celsius: 62, doneAt: '2026-01-31T10:00:00+01:00' });
    const due = (await call(tokens.reader, 'GET', `${PLACE}/due-checks`)).json<TDueChecks>();
    const sentinel = due.checks.find((entry) => entry.outletId === outlets.douche.id && entry.check === 'sentinelTemperature');
    expect(sentinel).toMatchObject({ outletName: 'Douche 12', lastDone: '2026-01-31', nextDue: '2026-02-28', state: 'overdue' });
    expect(due.checks[0]).toEqual(sentinel);
    // Douche: sentinel, descaling; tap: sentinel, flushing; TMV: service.
    expect(due.checks).toHaveLength(5);
    expect(due.counts.overdue + due.counts.due + due.counts.planned).toBe(5);
    expect(due.counts.overdue).toBe(1);
    const overdue = (await call(tokens.reader, 'GET', `${PLACE}/due-checks?state=overdue`)).json<TDueChecks>();
    expect(overdue.checks.map((entry) => entry.check)).toEqual(['sentinelTemperature']);
  });
});

describe('the dashboard', () => {
  it("counts and lists the overdue and due checks of the caller's customers; another customer is a 404", async () => {
    await ctx.database.db.execute(sql`UPDATE outlets SET created_at = now() - interval '3 days' WHERE name = 'TMV 1'`);
    const mine = (await call(tokens.reader, 'GET', '/dashboard/checks')).json<TDashboardChecks>();
    // Zonneveld: douche 2, tap 2, TMV 1; St Mary: 1 (Elders, with 2, is another customer's).
    expect(mine).toMatchObject({ outlets: 4, checks: 6, overdue: 1, due: 5 });
    expect(mine.rows[0]).toMatchObject({ outletName: 'TMV 1', check: 'tmvService', state: 'overdue', customer: CUSTOMER, location: 'Huize Zonneveld' });
    expect((await call(tokens.admin, 'GET', '/dashboard/checks')).json<TDashboardChecks>()).toMatchObject({ outlets: 5, checks: 8 });
    expect((await call(tokens.admin, 'GET', `/dashboard/checks?customer=${encodeURIComponent('Andere Klant')}`)).json<TDashboardChecks>()).toMatchObject({ outlets: 1, checks: 2 });
    expect((await call(tokens.reader, 'GET', `/dashboard/checks?customer=${encodeURIComponent('Andere Klant')}`)).statusCode).toBe(404);
  });
});

describe('records kept, scope and rights', () => {
  it('an outlet with checks and its location are kept (409); the list pages newest first', async () => {
    await record({ outletId: outlets.tmv.id, check: 'tmvService', outcome: 'done', doneAt: '2026-02-01T10:00:00+01:00' });
    await record({ outletId: outlets.tmv.id, check: 'tmvService', outcome: 'done' });
    expect((await call(tokens.klant, 'DELETE', `/outlets/${outlets.tmv.id}`)).json()).toMatchObject({ statusCode: 409, key: 'errors.outletHasChecks', params: { checks: 2 } });
    expect((await call(tokens.admin, 'DELETE', PLACE)).json()).toMatchObject({ statusCode: 409, key: 'errors.locationHasChecks' });
    const list = await call(tokens.reader, 'GET', `${PLACE}/checks?limit=1`);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json<TCheckRecord[]>()).toHaveLength(1);
    expect(list.json<TCheckRecord[]>()[0].doneAt > '2026-02-02').toBe(true);
  });

  it("a reader may not record; another customer's user gets 404", async () => {
    const body = { outletId: outlets.tmv.id, check: 'tmvService', outcome: 'done' };
    expect((await call(tokens.reader, 'POST', `${PLACE}/checks`, body)).statusCode).toBe(403);
    expect((await call(tokens.other, 'POST', `${PLACE}/checks`, body)).statusCode).toBe(404);
    expect((await call(tokens.other, 'GET', `${PLACE}/checks`)).statusCode).toBe(404);
    expect((await call(tokens.other, 'GET', `${PLACE}/due-checks`)).statusCode).toBe(404);
    expect(await storedChecks()).toBe(0);
    await record({ outletId: outlets.elders.id, check: 'sentinelTemperature', outcome: 'done', celsius: 58 }, OTHER_PLACE, tokens.other);
  });
});
