import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TDeviation, TLogbookReport } from '@aquasmart/domain';
import { queryRows } from '../../db/database';
import { deviceChannels, deviceData } from '../../db/schema';
import { caller, insertCustomer, insertDevice, insertLocation, restrictUser } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';
import { LOGBOOK_CUSTOMER, LOGBOOK_EUI, LOGBOOK_LOCATION, seedLogbookWorld } from '../logbook/logbook.fixture';
import { createLogbookDaysJob } from '../logbook/logbook-days-job';

/**
 * Deviations as records (docs/logbook.md, "Deviations"), end to end on the known week of
 * logbook.fixture.ts read as the month of October: every kind found and materialised once, the
 * lists, recording actions, the verdicts, the report's list, rights and scope.
 */
const ctx = useTestContext();
const call = caller(ctx);
const tokens: Record<string, string> = {};
const PLACE = `/customers/${encodeURIComponent(LOGBOOK_CUSTOMER)}/locations/${encodeURIComponent(LOGBOOK_LOCATION)}`;
const OCTOBER = 'from=2026-10-01&to=2026-10-31';
let ids: { customerId: number; locationId: number; otherAlarm: number; waterAlarm: number };

async function alarm(values: { kind: string; eui: string; customerId: number; locationId: number; openedAt: string; closedAt: string; resolvedAt?: string; resolution?: string; by?: string }): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`INSERT INTO alarms (kind, device_eui, channel_id, customer_id, location_id, opened_at, closed_at, state, resolved_at, resolution)
        VALUES (${values.kind}, ${values.eui}, '', ${values.customerId}, ${values.locationId}, ${values.openedAt}::timestamptz, ${values.closedAt}::timestamptz,
                ${values.resolvedAt ? 'resolved' : 'new'}, ${values.resolvedAt ?? null}::timestamptz, ${values.resolution ?? null}) RETURNING id`,
  );
  if (values.resolvedAt) await ctx.database.db.execute(sql`INSERT INTO alarm_events (alarm_id, at, action, user_email, note) VALUES (${row.id}, ${values.resolvedAt}::timestamptz, 'resolved', ${values.by ?? null}, ${values.resolution ?? null})`);
  return Number(row.id);
}

beforeEach(async () => {
  const db = ctx.database.db;
  const { customerId, locationId } = await seedLogbookWorld(db);
  const otherId = await insertCustomer(db, 'Andere Klant');
  const elders = await insertLocation(db, otherId, 'Elders');
  await insertDevice(db, { eui: '00000000000000E1', name: 'Elders 1', type: 'V2', customerId: otherId, locationId: elders });
  // The water detection of the week, resolved with its corrective action: the deviation counts as handled.
  const waterAlarm = await alarm({ kind: 'waterDetection', eui: LOGBOOK_EUI, customerId, locationId, openedAt: '2026-10-06T03:00:00Z', closedAt: '2026-10-06T05:00:00Z', resolvedAt: '2026-10-06T08:00:00Z', resolution: 'Lekkende koppeling vervangen', by: 'monteur@example.com' });
  const otherAlarm = await alarm({ kind: 'offline', eui: '00000000000000E1', customerId: otherId, locationId: elders, openedAt: '2026-10-06T03:00:00Z', closedAt: '2026-10-06T09:00:00Z' });
  ids = { customerId, locationId, otherAlarm, waterAlarm };
  await ctx.createUser({ email: 'admin@example.com', password: 'Deviations-test-2026', administrator: true });
  const klant = await ctx.createUser({ email: 'klant@example.com', password: 'Deviations-test-2026', rights: { dashboard: true, recordDeviationAction: true } });
  await restrictUser(db, klant, [customerId]);
  const reader = await ctx.createUser({ email: 'reader@example.com', password: 'Deviations-test-2026', rights: { dashboard: true } });
  await restrictUser(db, reader, [customerId]);
  const other = await ctx.createUser({ email: 'other@example.com', password: 'Deviations-test-2026', rights: { dashboard: true, recordDeviationAction: true } });
  await restrictUser(db, other, [otherId]);
  for (const name of ['admin', 'klant', 'reader', 'other']) tokens[name] = await ctx.tokenFor(`${name}@example.com`);
});

const report = async (token = tokens.klant, period = OCTOBER): Promise<TLogbookReport> => {
  const response = await call(token, 'GET', `${PLACE}/logbook?${period}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};
const list = async (token: string, path = `${PLACE}/deviations`) => {
  const response = await call(token, 'GET', path);
  return { status: response.statusCode, rows: response.json<TDeviation[]>(), total: Number(response.headers['x-total-count']) };
};
const stored = async () => (await queryRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM deviations`))[0].n;
const ACTION = { cause: 'Boiler stond op 45 °C na onderhoud', action: 'Boiler op 65 °C gezet, tappunt 5 minuten gespoeld', actedAt: '2026-11-02T10:00:00+01:00' };

describe('deviations as records', () => {
  it('a month with each kind of deviation: found, materialised once, open, the alarm resolved one handled', async () => {
    const [section] = (await report()).locations;
    const kinds = new Set(section.deviations?.map((deviation) => deviation.alarmKind ? `alarm:${deviation.alarmKind}` : deviation.kind));
    for (const kind of ['growthRangeTooLong', 'failedFlush', 'missedFlush', 'gap', 'calibrationOverdue', 'alarm:waterDetection', 'alarm:offline', 'alarm:lowBattery', 'alarm:flushAlarm', 'alarm:faultySensor']) {
      expect(kinds, kind).toContain(kind);
    }
    // The hot line is an outlet (WW): its resting water is judged by how long it stood in the growth range. The reading at
    // 30 °C after the week stood there to the month's end, past the week the rulebook allows: one deviation, not an excursion.
    expect(section.deviations?.some((deviation) => deviation.kind === 'excursion' && deviation.channelId === 'temperature1')).toBe(false);
    expect(section.deviations?.find((deviation) => deviation.kind === 'growthRangeTooLong' && deviation.channelId === 'temperature1')).toMatchObject({ eui: LOGBOOK_EUI, from: '2026-10-12T22:00:00.000Z', to: '2026-10-31T23:00:00.000Z', state: 'open', handling: null });
    expect(section.deviations?.find((deviation) => deviation.kind === 'gap' && deviation.channelId === 'temperature1')).toMatchObject({ from: '2026-09-30T22:00:00.000Z', to: '2026-10-04T21:45:00.000Z' });
    expect(section.deviations?.find((deviation) => deviation.kind === 'calibrationOverdue')).toMatchObject({ channelId: 'temperature2', from: '2026-09-30T22:00:00.000Z', to: null });
    // The flush of 10-10 was the last: from then to the month's end the duty was missed.
    expect(section.deviations?.find((deviation) => deviation.kind === 'missedFlush')).toMatchObject({ channelId: 'temperature1', from: '2026-10-10T12:00:00.000Z', to: '2026-10-31T23:00:00.000Z' });
    const water = section.deviations?.find((deviation) => deviation.alarmKind === 'waterDetection');
    expect(water).toMatchObject({ state: 'handled', handling: { source: 'alarm', cause: null, action: 'Lekkende koppeling vervangen', by: 'monteur@example.com', at: '2026-10-06T08:00:00.000Z', alarmId: ids.waterAlarm } });
    expect(section.verdict).toBe('openDeviations');
    expect(await stored()).toBe(section.deviations?.length);
  });

  it('materialising again writes no second record: the same report twice, its PDF, and a week inside the month', async () => {
    await report();
    const count = await stored();
    const before = await queryRows<{ id: number; updated_at: string }>(ctx.database.db, sql`SELECT id, updated_at::text FROM deviations ORDER BY id`);
    await report();
    expect((await call(tokens.klant, 'GET', `${PLACE}/logbook/pdf?${OCTOBER}`)).statusCode).toBe(200);
    expect(await stored()).toBe(count);
    // Nothing about them changed, so no row was written.
    expect(await queryRows(ctx.database.db, sql`SELECT id, updated_at::text FROM deviations ORDER BY id`)).toEqual(before);
    // A week inside the month finds the same failed flush and alarms: the same records. Its hot line stood in the growth
    // range for less than a week in it: no deviation for that.
    const week = (await report(tokens.klant, 'from=2026-10-05&to=2026-10-12')).locations[0].deviations ?? [];
    expect(week.some((deviation) => deviation.kind === 'failedFlush')).toBe(true);
    expect(week.some((deviation) => deviation.kind === 'growthRangeTooLong')).toBe(false);
    expect(await stored()).toBe(count);
    await report(tokens.klant, 'from=2026-10-05&to=2026-10-12');
    expect(await stored()).toBe(count);
    // The sensorless channel's gap of the week started at the week's start, inside the month's gap: it continues that record.
    expect((await queryRows(ctx.database.db, sql`SELECT id FROM deviations WHERE kind = 'gap' AND channel_id = 'temperature3'`)).length).toBe(1);
  });

  it('the days job records the month so far once it kept the ended days, before anyone opens the logbook; again it writes nothing', async () => {
    expect(await stored()).toBe(0);
    const errors: unknown[] = [];
    const job = createLogbookDaysJob({ db: ctx.database.db, log: { error: (object) => errors.push(object) }, now: () => new Date('2026-10-20T10:00:00Z') });
    while ((await job.step()) > 0) {
      // every location, every missing day
    }
    expect(errors).toEqual([]);
    const rows = await list(tokens.klant);
    // (The hot line's rest in the growth range from the 12th is exactly the week the rulebook allows by the 19th's end: no deviation yet.)
    expect(rows.rows.map((row) => row.kind)).toEqual(expect.arrayContaining(['failedFlush', 'gap', 'calibrationOverdue', 'alarm']));
    expect(rows.rows.some((row) => row.kind === 'growthRangeTooLong')).toBe(false);
    // The month of 1 to 19 October: the failed flush of the 10th and the missed duty after it (to the 19th's end).
    expect(rows.rows.find((row) => row.kind === 'missedFlush')).toMatchObject({ from: '2026-10-10T12:00:00.000Z', to: '2026-10-19T22:00:00.000Z' });
    const count = await stored();
    // Nothing new to keep: nothing new to record.
    while ((await job.step()) > 0) {
      // again
    }
    expect(await stored()).toBe(count);
    // The month's report later finds the same records (the missed duty now runs to the month's end: one record, a later end).
    await report();
    expect((await queryRows(ctx.database.db, sql`SELECT id FROM deviations WHERE kind = 'missedFlush'`)).length).toBe(1);
  });

  it('lists a location\'s deviations open first with a total, filtered by state, kind and period', async () => {
    await report();
    const all = await list(tokens.klant);
    expect(all.status).toBe(200);
    expect(all.total).toBe(all.rows.length);
    const states = all.rows.map((row) => row.state);
    expect(states.indexOf('handled')).toBe(states.lastIndexOf('open') + 1);
    expect(all.rows.at(-1)).toMatchObject({ alarmKind: 'waterDetection', state: 'handled', customer: LOGBOOK_CUSTOMER, location: LOGBOOK_LOCATION });
    expect((await list(tokens.klant, `${PLACE}/deviations?state=handled`)).rows.map((row) => row.alarmKind)).toEqual(['waterDetection']);
    expect((await list(tokens.klant, `${PLACE}/deviations?state=open`)).total).toBe(all.total - 1);
    const gaps = await list(tokens.klant, `${PLACE}/deviations?kind=gap`);
    expect(gaps.rows.length).toBeGreaterThan(0);
    expect(gaps.rows.every((row) => row.kind === 'gap')).toBe(true);
    const page = await list(tokens.klant, `${PLACE}/deviations?limit=2&page=2`);
    expect(page.rows).toHaveLength(2);
    expect(page.total).toBe(all.total);
    expect(page.rows.map((row) => row.id)).toEqual(all.rows.slice(2, 4).map((row) => row.id));
    // Only what overlaps 6 and 7 October (local dates).
    const days = await list(tokens.klant, `${PLACE}/deviations?from=2026-10-06&to=2026-10-07`);
    expect(days.rows.every((row) => row.from < '2026-10-07T22:00:00.000Z' && (row.to === null || row.to >= '2026-10-05T22:00:00.000Z'))).toBe(true);
    expect(days.rows.some((row) => row.kind === 'excursion')).toBe(false);
    expect((await list(tokens.klant, `/customers/${encodeURIComponent(LOGBOOK_CUSTOMER)}/deviations`)).total).toBe(all.total);
    expect((await call(tokens.klant, 'GET', `${PLACE}/deviations?kind=nothing`)).statusCode).toBe(400);
  });

  it('recording an action handles it; a correction is a new action and the latest counts; the table refuses UPDATE', async () => {
    await report();
    const excursion = (await list(tokens.klant, `${PLACE}/deviations?kind=growthRangeTooLong`)).rows.find((row) => row.channelId === 'temperature1') as TDeviation;
    const answer = await call(tokens.klant, 'POST', `/deviations/${excursion.id}/actions`, ACTION);
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ state: 'handled', handling: { source: 'action', cause: ACTION.cause, action: ACTION.action, at: '2026-11-02T09:00:00.000Z', by: 'klant@example.com' } });
    const corrected = await call(tokens.admin, 'POST', `/deviations/${excursion.id}/actions`, { ...ACTION, action: 'Boiler op 65 °C gezet', alarmId: ids.waterAlarm });
    expect(corrected.statusCode).toBe(201);
    const deviation: TDeviation = corrected.json();
    expect(deviation.actions.map((action) => [action.by, action.action])).toEqual([
      ['klant@example.com', ACTION.action],
      ['admin@example.com', 'Boiler op 65 °C gezet'],
    ]);
    expect(deviation.handling).toMatchObject({ by: 'admin@example.com', action: 'Boiler op 65 °C gezet', alarmId: ids.waterAlarm });
    // The report lists it with the latest action.
    const [section] = (await report()).locations;
    expect(section.deviations?.find((row) => row.kind === 'growthRangeTooLong' && row.channelId === 'temperature1')).toMatchObject({ state: 'handled', handling: { cause: ACTION.cause, action: 'Boiler op 65 °C gezet', by: 'admin@example.com' } });
    for (const statement of [sql`UPDATE deviation_actions SET action = 'x'`, sql`UPDATE deviation_actions SET action = 'x' WHERE false`, sql`DELETE FROM deviation_actions`, sql`TRUNCATE deviation_actions`]) {
      const error = await ctx.database.system.execute(statement).then(
        () => null,
        (failure: Error) => failure,
      );
      expect(String((error?.cause as Error | undefined)?.message ?? error?.message)).toMatch(/deviation_actions is insert-only: (UPDATE|DELETE|TRUNCATE) is not allowed/);
    }
    expect((await call(tokens.reader, 'GET', `/deviations/${excursion.id}`)).json().actions).toHaveLength(2);
  });

  it('the verdict: open deviations, then deviations all handled once every one has its action; compliant without any', async () => {
    expect((await report()).verdict).toBe('openDeviations');
    const open = (await list(tokens.admin, `${PLACE}/deviations?state=open&limit=500`)).rows;
    for (const deviation of open) {
      expect((await call(tokens.klant, 'POST', `/deviations/${deviation.id}/actions`, ACTION)).statusCode).toBe(201);
    }
    const handled = await report();
    expect(handled.locations[0].deviations?.every((deviation) => deviation.state === 'handled')).toBe(true);
    expect(handled.locations[0].verdict).toBe('deviationsHandled');
    expect(handled.verdict).toBe('deviationsHandled');
    // The CSV says so on the location line and lists the deviations with their actions.
    const csv = (await call(tokens.klant, 'GET', `${PLACE}/logbook/csv?${OCTOBER}&language=en`)).body;
    expect(csv).toMatch(/\r\nlocation;Sporthal Noord;[^\r\n]*;Deviations, all handled;/);
    expect(csv.split('\r\n').filter((line) => line.startsWith('deviation;')).length).toBe(handled.locations[0].deviations?.length);

    // A location whose one node read every 15 minutes within the limit, calibrated, no faucet: compliant, no deviations.
    const db = ctx.database.db;
    const pool = await insertLocation(db, ids.customerId, 'Zwembad');
    await insertDevice(db, { eui: '00000000000000C1', name: 'Boiler', type: 'V1', customerId: ids.customerId, locationId: pool, calibrationInterval: 2 });
    await db.update(deviceChannels).set({ custom: { mode: 'WW', attachments: [] }, calibratedAt: new Date('2026-10-01T00:00:00Z') }).where(and(eq(deviceChannels.deviceEui, '00000000000000C1'), eq(deviceChannels.channelId, 'temperature1')));
    const rows = [];
    for (let ms = Date.UTC(2026, 10, 1, 23); ms <= Date.UTC(2026, 10, 3, 23); ms += 15 * 60_000) rows.push({ deviceEui: '00000000000000C1', ts: new Date(ms), msgId: 34, value: { timestamp: ms / 1000, temperature1: 62 } });
    await db.insert(deviceData).values(rows);
    const clean = await call(tokens.klant, 'GET', `/customers/${encodeURIComponent(LOGBOOK_CUSTOMER)}/locations/Zwembad/logbook?from=2026-11-02&to=2026-11-03`);
    expect(clean.json().locations[0]).toMatchObject({ verdict: 'compliant', deviations: [] });
    expect(clean.json().verdict).toBe('compliant');
  });

  it('bad input: 400 with the message key on the field, nothing stored', async () => {
    await report();
    const [deviation] = (await list(tokens.klant, `${PLACE}/deviations?kind=growthRangeTooLong`)).rows;
    const post = (body: unknown) => call(tokens.klant, 'POST', `/deviations/${deviation.id}/actions`, body);
    const cases: [unknown, Record<string, string>][] = [
      [{ ...ACTION, cause: '' }, { cause: 'validation.required' }],
      [{ ...ACTION, action: undefined }, { action: 'validation.required' }],
      [{ ...ACTION, actedAt: 'gisteren' }, { actedAt: 'validation.dateTime' }],
      [{ ...ACTION, actedAt: '2099-01-01T00:00:00Z' }, { actedAt: 'validation.actedAtInFuture' }],
      [{ ...ACTION, actedAt: '2026-10-01T00:00:00Z' }, { actedAt: `validation.actedAtBeforeDeviation?from=${encodeURIComponent(deviation.from)}` }],
      [{ ...ACTION, alarmId: ids.otherAlarm }, { alarmId: 'validation.alarmNotHere' }],
      [{ ...ACTION, alarmId: 999_999 }, { alarmId: 'validation.alarmNotHere' }],
    ];
    for (const [body, fields] of cases) {
      const answer = await post(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().fields).toEqual(fields);
    }
    expect((await queryRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM deviation_actions`))[0].n).toBe(0);
  });

  it('rights and scope: the customer\'s own user acts on its location; another customer\'s is a 404; without the right 403', async () => {
    await report();
    const [deviation] = (await list(tokens.admin, `${PLACE}/deviations?kind=growthRangeTooLong`)).rows;
    expect((await call(tokens.reader, 'GET', `${PLACE}/deviations`)).statusCode).toBe(200);
    expect((await call(tokens.reader, 'POST', `/deviations/${deviation.id}/actions`, ACTION)).statusCode).toBe(403);
    expect((await call(tokens.other, 'GET', `${PLACE}/deviations`)).statusCode).toBe(404);
    expect((await call(tokens.other, 'GET', `/customers/${encodeURIComponent(LOGBOOK_CUSTOMER)}/deviations`)).statusCode).toBe(404);
    expect((await call(tokens.other, 'GET', `/deviations/${deviation.id}`)).statusCode).toBe(404);
    expect((await call(tokens.other, 'POST', `/deviations/${deviation.id}/actions`, ACTION)).statusCode).toBe(404);
    expect((await call(tokens.klant, 'GET', `/deviations/999999`)).statusCode).toBe(404);
    expect((await call(tokens.klant, 'POST', `/deviations/${deviation.id}/actions`, ACTION)).statusCode).toBe(201);
    // The other customer's own list is theirs alone.
    expect((await list(tokens.other, '/customers/Andere%20Klant/deviations')).rows).toEqual([]);
  });
});
