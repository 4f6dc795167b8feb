import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { customers, devices, locations } from '../../db/schema';
import { insertProduct } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';
import { LOGBOOK_EUI, LOGBOOK_LOCATION, LOGBOOK_PERIOD, seedLogbookWorld } from './logbook.fixture';
import { buildReport, changeDetails, reportCustomer, reportLocation, weeksOf } from './logbook-report';
import { contentHashMatches, longReportReads, makeReport, plainReportReads, type TLogbookSubject } from './logbook-service';
import { queryRows, type TDb } from '../../db/database';
import type { TReadSize } from './logbook-days';

const ctx = useTestContext();
let subject: TLogbookSubject;
const NOW = new Date('2026-11-26T12:00:00Z');

beforeEach(async () => {
  const db = ctx.database.db;
  const { customerId, locationId } = await seedLogbookWorld(db);
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  const [location] = await db.select().from(locations).where(eq(locations.id, locationId));
  subject = { scope: 'location', customer, location };
});

describe('the logbook report of a known week', () => {
  it('header, period in the location time zone, rulebook from the country, verdict', async () => {
    const report = await makeReport(ctx.database.db, subject, LOGBOOK_PERIOD, 'admin@example.com', NOW);
    expect(report.period).toEqual({ from: '2026-10-05', to: '2026-10-12', timeZone: 'Europe/Amsterdam', start: '2026-10-04T22:00:00.000Z', end: '2026-10-12T22:00:00.000Z' });
    expect(report.generatedBy).toBe('admin@example.com');
    expect(report.generatedAt).toBe(NOW.toISOString());
    expect(report.number).toBeNull();
    expect(report.customer).toMatchObject({ name: 'Gemeente Logboek', city: 'Utrecht' });
    const [section] = report.locations;
    expect(section.location).toMatchObject({ name: 'Sporthal Noord', address: 'Sportlaan 5', timeZone: 'Europe/Amsterdam' });
    expect(section.rulebook).toMatchObject({ id: 'NL', source: 'country', hot: { kind: 'atLeast', celsius: 60 }, cold: { kind: 'atMost', celsius: 25 }, flushEveryHours: 168 });
    // Deviations found and none handled yet (docs/logbook.md, "Deviations").
    expect(section.verdict).toBe('openDeviations');
    expect(report.verdict).toBe('openDeviations');
    expect(section.nodes).toBe(1);
    expect(report.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(contentHashMatches(report)).toBe(true);
    expect(contentHashMatches({ ...report, generatedBy: 'someone@else.nl' })).toBe(false);
  });

  it('temperatures: readings, coverage, the gap, min/mean/max, limit share, growth range, longest excursion', async () => {
    const [section] = (await makeReport(ctx.database.db, subject, LOGBOOK_PERIOD, 'a', NOW)).locations;
    const [hot, cold, empty] = section.channels;
    const gap = { from: '2026-10-06T23:45:00.000Z', to: '2026-10-07T08:00:00.000Z', hours: 8.25 };
    expect(hot).toMatchObject({
      channelId: 'temperature1', channelName: 'Warm', mode: 'WW', limit: { kind: 'atLeast', celsius: 60 },
      readings: 736, expectedReadings: 768, coverage: 0.9583, faultyReadings: 0, gaps: [gap],
      min: 45, mean: 61.8, max: 62, withinLimitShare: 0.9891, readingsOutsideLimit: 8, growthRangeHours: 2,
      longestExcursion: { from: '2026-10-08T10:00:00.000Z', to: '2026-10-08T12:00:00.000Z', hours: 2 },
      flushDuty: true, flushes: 3, flushesProved: 2, flushesFailed: 1, missedFlushes: [], verdict: 'deviations',
      hoursThere: 192,
    });
    // Every excursion with its duration class (issue 39), not only the longest.
    expect(hot.excursions).toEqual([{ from: '2026-10-08T10:00:00.000Z', to: '2026-10-08T12:00:00.000Z', hours: 2, durationClass: 'underTwoDays' }]);
    expect(cold).toMatchObject({
      channelId: 'temperature2', mode: 'KW', limit: { kind: 'atMost', celsius: 25 }, readings: 736, min: 15, mean: 15, max: 15,
      withinLimitShare: 1, readingsOutsideLimit: 0, growthRangeHours: 0, longestExcursion: null, gaps: [gap],
      // No flush reported on it: the faucet flushes channel 1's outlet, so no duty here.
      flushDuty: false, flushes: 0, missedFlushes: [], verdict: 'compliant',
    });
    expect(empty).toMatchObject({
      channelId: 'temperature3', mode: null, limit: null, readings: 0, coverage: 0, faultyReadings: 736, min: null, mean: null, max: null,
      withinLimitShare: null, flushDuty: false, missedFlushes: [], verdict: 'insufficientData',
      gaps: [{ from: '2026-10-04T22:00:00.000Z', to: '2026-10-12T22:00:00.000Z', hours: 192 }],
    });
  });

  it('flushes per week against the duty, and the flush that did not prove itself', async () => {
    const [section] = (await makeReport(ctx.database.db, subject, LOGBOOK_PERIOD, 'a', NOW)).locations;
    expect(section.flushWeeks.map(({ channelId, week, flushes, proved, failed, required }) => [channelId, week, flushes, proved, failed, required])).toEqual([
      ['temperature1', '2026-10-05', 3, 2, 1, 1],
      ['temperature1', '2026-10-12', 0, 0, 0, 0],
    ]);
    expect(section.failedFlushes).toEqual([{ eui: LOGBOOK_EUI, nodeName: 'Douche 1', channelId: 'temperature1', at: '2026-10-10T12:00:00.000Z', before: 54, after: 55 }]);
  });

  it('alarms from the history: faulty sensor, water detection, offline, low battery until the swap, weak flush', async () => {
    const [section] = (await makeReport(ctx.database.db, subject, LOGBOOK_PERIOD, 'a', NOW)).locations;
    expect(section.alarms.map(({ kind, channelId, from, to, hours }) => [kind, channelId, from, to, hours])).toEqual([
      ['faultySensor', 'temperature3', '2026-10-04T22:00:00.000Z', null, 192],
      ['waterDetection', null, '2026-10-06T03:00:00.000Z', '2026-10-06T05:00:00.000Z', 2],
      ['offline', null, '2026-10-06T23:45:00.000Z', '2026-10-07T08:00:00.000Z', 8.25],
      ['lowBattery', null, '2026-10-09T03:00:00.000Z', '2026-10-09T10:00:00.000Z', 7],
      ['flushAlarm', 'temperature1', '2026-10-10T12:00:00.000Z', '2026-10-10T12:00:00.000Z', 0],
    ]);
  });

  it('alarm records show who acknowledged and resolved a deviation and how; settings not taken come from the records', async () => {
    const db = ctx.database.db;
    const record = async (kind: string, channelId: string, openedAt: string, closedAt: string | null, steps: [string, string, string | null][], resolution: string | null) => {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO alarms (kind, device_eui, channel_id, customer_id, location_id, opened_at, closed_at, state, resolution)
            VALUES (${kind}, ${LOGBOOK_EUI}, ${channelId}, ${subject.customer.id}, ${subject.scope === 'location' ? subject.location.id : null}, ${openedAt}::timestamptz, ${closedAt}::timestamptz,
                    ${resolution ? 'resolved' : 'acknowledged'}, ${resolution}) RETURNING id`,
      );
      for (const [action, email, at] of steps) await db.execute(sql`INSERT INTO alarm_events (alarm_id, at, action, user_email) VALUES (${row.id}, ${at ?? openedAt}::timestamptz, ${action}, ${email})`);
    };
    await record('flushAlarm', '', '2026-10-10T12:00:00Z', null, [['acknowledged', 'monteur@example.com', '2026-10-10T13:00:00Z'], ['resolved', 'planner@example.com', '2026-10-11T09:00:00Z']], 'Kraan vervangen');
    // Another channel's faulty sensor: not this deviation's record.
    await record('faultySensor', 'temperature1', '2026-10-05T00:00:00Z', '2026-10-05T01:00:00Z', [['acknowledged', 'other@example.com', null]], null);
    await record('settingsNotTaken', '', '2026-10-01T00:00:00Z', '2026-10-09T12:30:00Z', [['acknowledged', 'monteur@example.com', '2026-10-08T08:00:00Z']], null);
    const [section] = (await makeReport(db, subject, LOGBOOK_PERIOD, 'a', NOW)).locations;
    const byKind = (kind: string) => section.alarms.find((alarm) => alarm.kind === kind);
    // Who and when, each apart from the note (issue 39).
    expect(byKind('flushAlarm')?.handling).toEqual({
      acknowledgedBy: 'monteur@example.com',
      acknowledgedAt: '2026-10-10T13:00:00.000Z',
      resolvedBy: 'planner@example.com',
      resolvedAt: '2026-10-11T09:00:00.000Z',
      note: 'Kraan vervangen',
    });
    expect(byKind('faultySensor')).toMatchObject({ channelId: 'temperature3', handling: null });
    expect(byKind('offline')?.handling).toBeNull();
    expect(byKind('settingsNotTaken')).toMatchObject({
      from: '2026-10-04T22:00:00.000Z',
      to: '2026-10-09T12:30:00.000Z',
      hours: 110.5,
      handling: { acknowledgedBy: 'monteur@example.com', acknowledgedAt: '2026-10-08T08:00:00.000Z', resolvedBy: null, resolvedAt: null, note: null },
    });
  });

  it('the sustained-temperature alarm comes from its records, per channel, with its handling (issue 39)', async () => {
    const db = ctx.database.db;
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO alarms (kind, device_eui, channel_id, customer_id, location_id, opened_at, closed_at, state, resolution)
          VALUES ('temperature', ${LOGBOOK_EUI}, 'temperature1', ${subject.customer.id}, ${subject.scope === 'location' ? subject.location.id : null},
                  '2026-10-08T10:30:00Z'::timestamptz, '2026-10-08T12:00:00Z'::timestamptz, 'resolved', 'Circulatiepomp herstart') RETURNING id`,
    );
    await db.execute(sql`INSERT INTO alarm_events (alarm_id, at, action, user_email) VALUES (${row.id}, '2026-10-08T10:40:00Z'::timestamptz, 'acknowledged', 'monteur@example.com')`);
    await db.execute(sql`INSERT INTO alarm_events (alarm_id, at, action, user_email) VALUES (${row.id}, '2026-10-08T12:10:00Z'::timestamptz, 'resolved', 'monteur@example.com')`);
    // One still open on another channel, nobody handled it.
    await db.execute(
      sql`INSERT INTO alarms (kind, device_eui, channel_id, customer_id, location_id, opened_at, state)
          VALUES ('temperature', ${LOGBOOK_EUI}, 'temperature2', ${subject.customer.id}, ${subject.scope === 'location' ? subject.location.id : null}, '2026-10-12T06:00:00Z'::timestamptz, 'new')`,
    );
    const [section] = (await makeReport(db, subject, LOGBOOK_PERIOD, 'a', NOW)).locations;
    expect(section.alarms.filter((alarm) => alarm.kind === 'temperature')).toEqual([
      {
        kind: 'temperature',
        eui: LOGBOOK_EUI,
        nodeName: 'Douche 1',
        channelId: 'temperature1',
        from: '2026-10-08T10:30:00.000Z',
        to: '2026-10-08T12:00:00.000Z',
        hours: 1.5,
        handling: { acknowledgedBy: 'monteur@example.com', acknowledgedAt: '2026-10-08T10:40:00.000Z', resolvedBy: 'monteur@example.com', resolvedAt: '2026-10-08T12:10:00.000Z', note: 'Circulatiepomp herstart' },
      },
      { kind: 'temperature', eui: LOGBOOK_EUI, nodeName: 'Douche 1', channelId: 'temperature2', from: '2026-10-12T06:00:00.000Z', to: null, hours: 16, handling: null },
    ]);
  });

  it('a partial week asks its share of the flushes (4 of 7 days: 1), not 0 (issue 39)', async () => {
    const [section] = (await makeReport(ctx.database.db, subject, { from: '2026-10-08', to: '2026-10-12' }, 'a', NOW)).locations;
    expect(section.flushWeeks.map(({ channelId, week, required }) => [channelId, week, required])).toEqual([
      ['temperature1', '2026-10-05', 1],
      ['temperature1', '2026-10-12', 0],
    ]);
  });

  it('calibration status per channel and the calibration done in the period', async () => {
    const [section] = (await makeReport(ctx.database.db, subject, LOGBOOK_PERIOD, 'a', NOW)).locations;
    expect(section.calibrationStatus.map(({ channelId, lastCalibrated, intervalYears, overdue }) => [channelId, lastCalibrated, intervalYears, overdue])).toEqual([
      ['temperature1', '2026-10-08T09:00:00.000Z', 2, false],
      ['temperature2', null, 2, true],
      ['temperature3', null, 2, true],
    ]);
    // A local date: the calibration's date two years on (issue 39; the dashboard's 730.49 days gave 2028-10-07 21:46).
    expect(section.calibrationStatus[0].due).toBe('2028-10-08');
    expect(section.calibrations).toEqual([
      { at: '2026-10-08T09:00:00.000Z', eui: LOGBOOK_EUI, nodeName: 'Douche 1', channelId: 'temperature1', reference: 62, measured: 61.5, offset: 0.5, user: 'monteur@example.com' },
    ]);
  });

  it('changes: settings sent with who, the battery swap, the settings the node confirmed', async () => {
    const [section] = (await makeReport(ctx.database.db, subject, LOGBOOK_PERIOD, 'a', NOW)).locations;
    expect(section.changes.map(({ at, kind, user, details, settings }) => [at, kind, user, details, settings])).toEqual([
      // The setting by the catalogue's id, written in words by each output ('Loginterval: 15 min → 15 min').
      ['2026-10-09T08:00:00.000Z', 'settings', 'planner@example.com', '', [{ setting: 'logInterval', from: 15, to: 15 }]],
      ['2026-10-09T10:00:00.000Z', 'batterySwap', 'monteur@example.com', '', undefined],
      ['2026-10-09T12:30:00.000Z', 'settingsConfirmed', null, 'registers 2', undefined],
    ]);
  });

  it('a node with a faucet that reported no flush has the duty on channel 1 (the whole period missed); without a faucet none', async () => {
    const db = ctx.database.db;
    await db.execute(sql`DELETE FROM device_data WHERE msg_id = 50`);
    const duties = async () =>
      (await makeReport(db, subject, LOGBOOK_PERIOD, 'a', NOW)).locations[0].channels.map((channel) => [channel.channelId, channel.flushDuty, channel.missedFlushes.length]);
    expect(await duties()).toEqual([['temperature1', false, 0], ['temperature2', false, 0], ['temperature3', false, 0]]);
    const faucet = await insertProduct(db, 'Kraan', 'Faucet');
    await db.update(devices).set({ flushDeviceId: faucet }).where(eq(devices.eui, LOGBOOK_EUI));
    expect(await duties()).toEqual([['temperature1', true, 1], ['temperature2', false, 0], ['temperature3', false, 0]]);
  });

  it('a location rulebook and healthcare change the limits and the verdicts (UK healthcare: hot at least 55)', async () => {
    const db = ctx.database.db;
    await db.update(locations).set({ rulebook: 'UK', healthcare: true }).where(eq(locations.id, subject.scope === 'location' ? subject.location.id : 0));
    const [location] = await db.select().from(locations).where(eq(locations.name, 'Sporthal Noord'));
    const [section] = (await makeReport(db, { ...subject, location } as TLogbookSubject, LOGBOOK_PERIOD, 'a', NOW)).locations;
    expect(section.rulebook).toMatchObject({ id: 'UK', source: 'location', hot: { kind: 'atLeast', celsius: 55 }, cold: { kind: 'below', celsius: 20 } });
    // 45 °C misses 55 as it missed 60; the failed flush (55.0 after) now proves itself: 55 is at least 55.
    expect(section.channels[0]).toMatchObject({ readingsOutsideLimit: 8, flushesProved: 3, flushesFailed: 0 });
    expect(section.failedFlushes).toEqual([]);
    // HSG274 / HTM 04-01: little-used outlets in healthcare twice a week, as at most 84 hours between flushes.
    expect(section.rulebook.flushEveryHours).toBe(84);
    expect(section.flushWeeks.map(({ week, required }) => [week, required])).toEqual([
      ['2026-10-05', 2],
      ['2026-10-12', 0],
    ]);
    // 10-05 12:00 to 10-09 12:00 is 96 hours: over 84.
    expect(section.channels[0].missedFlushes.map((stretch) => stretch.hours)).toEqual([96]);
  });

  it('the DE rulebook asks a flush every 72 hours: the 96 hours between the first two flushes are a missed duty', async () => {
    const db = ctx.database.db;
    await db.update(customers).set({ rulebook: 'DE' }).where(eq(customers.id, subject.customer.id));
    const [customer] = await db.select().from(customers).where(eq(customers.id, subject.customer.id));
    const [section] = (await makeReport(db, { ...subject, customer }, LOGBOOK_PERIOD, 'a', NOW)).locations;
    expect(section.rulebook).toMatchObject({ id: 'DE', source: 'customer', hot: { kind: 'atLeast', celsius: 55 }, flushEveryHours: 72 });
    expect(section.channels[0].missedFlushes).toEqual([{ from: '2026-10-05T12:00:00.000Z', to: '2026-10-09T12:00:00.000Z', hours: 96 }]);
    expect(section.flushWeeks.map((week) => [week.week, week.required])).toEqual([['2026-10-05', 2], ['2026-10-12', 0]]);
  });

  it('the same history gives the same hash; a period in the future or too long is refused with the field', async () => {
    const db = ctx.database.db;
    const first = await makeReport(db, subject, LOGBOOK_PERIOD, 'a', NOW);
    const second = await makeReport(db, subject, LOGBOOK_PERIOD, 'a', NOW);
    expect(second.sha256).toBe(first.sha256);
    await expect(makeReport(db, subject, { from: '2026-11-27', to: '2026-11-30' }, 'a', NOW)).rejects.toMatchObject({ statusCode: 400, fields: { from: 'validation.periodInFuture' } });
    await expect(makeReport(db, subject, { from: '2025-01-01', to: '2026-01-03' }, 'a', NOW)).rejects.toMatchObject({ statusCode: 400, fields: { to: 'validation.periodTooLong?days=367' } });
  });
});

describe('a period that runs on past now', () => {
  it('is judged until now: expected readings, gaps and flush duty stop at now; the header keeps the whole period', async () => {
    const now = new Date('2026-10-08T22:00:00Z'); // end of local 2026-10-08: 4 of the 8 days
    const report = await makeReport(ctx.database.db, subject, LOGBOOK_PERIOD, 'a', now);
    expect(report.period.end).toBe('2026-10-12T22:00:00.000Z');
    const [hot, cold] = report.locations[0].channels;
    expect(hot).toMatchObject({ expectedReadings: 384, readings: 352, coverage: 0.9167 });
    expect(cold.missedFlushes).toEqual([]); // 96 hours without a flush: within the week
    expect(report.locations[0].flushWeeks.filter((week) => week.channelId === 'temperature1').map((week) => [week.week, week.required])).toEqual([['2026-10-05', 1]]); // 4 of its 7 days so far: its share, 1 (issue 39)
  });
});

describe('longReportReads (PostgreSQL in app.ts)', () => {
  it('reads in a transaction whose statements may take 2 minutes, and gives the same report', async () => {
    const db = ctx.database.db;
    const reads = longReportReads(db);
    const seen = await reads(async (tx) => {
      const [row] = await queryRows<{ statement_timeout: string }>(tx, sql`SHOW statement_timeout`);
      return { timeout: row.statement_timeout } as never;
    });
    expect(seen).toEqual({ timeout: '2min' });
    const plain = await makeReport(db, subject, LOGBOOK_PERIOD, 'a', NOW);
    expect((await makeReport(db, subject, LOGBOOK_PERIOD, 'a', NOW, reads)).sha256).toBe(plain.sha256);
  });
});

/**
 * A database handle that counts the statements run through it, checks that no two run at once and
 * that the event loop turned (a setImmediate ticker ran) between the end of one and the start of the next.
 */
function watchedHandle(db: TDb) {
  const seen = { statements: 0, mostAtOnce: 0, withoutTurn: 0 };
  let turns = 0;
  let ticking = true;
  const tick = () => {
    turns += 1;
    if (ticking) setImmediate(tick);
  };
  tick();
  let running = 0;
  let turnsAtLastEnd: number | null = null;
  const handle = new Proxy(db, {
    get(target, property) {
      if (property !== 'execute') return Reflect.get(target, property, target);
      return async (query: Parameters<TDb['execute']>[0]) => {
        if (turns === turnsAtLastEnd) seen.withoutTurn += 1;
        running += 1;
        seen.mostAtOnce = Math.max(seen.mostAtOnce, running);
        try {
          return await target.execute(query);
        } finally {
          running -= 1;
          seen.statements += 1;
          turnsAtLastEnd = turns;
        }
      };
    },
  });
  return { handle, seen, stop: () => (ticking = false) };
}

/** One node over one UTC day per statement. */
const SMALLEST_READS: TReadSize = { readings: 1, kept: 1, keptKeys: 1, sparse: 1 };

describe('a report reads in turns and in pieces (docs/operations-limits.md, "Heavy reports")', () => {
  it('two reports at once: one statement at a time, the event loop turning before each', async () => {
    const watched = watchedHandle(ctx.database.db);
    const reads = plainReportReads(watched.handle);
    const [first, second] = await Promise.all([1, 2].map(() => makeReport(watched.handle, subject, LOGBOOK_PERIOD, 'a', NOW, reads)));
    watched.stop();
    expect(first.sha256).toBe(second.sha256);
    expect(watched.seen.statements).toBeGreaterThan(20);
    expect(watched.seen.mostAtOnce).toBe(1);
    expect(watched.seen.withoutTurn).toBe(0);
  });

  it('the same report in the smallest pieces, from the history and from kept days, in more statements', async () => {
    const db = ctx.database.db;
    const [location] = await db.select().from(locations).where(eq(locations.name, LOGBOOK_LOCATION));
    const args = { scope: 'location' as const, customer: reportCustomer(subject.customer), locations: [reportLocation(location)], period: LOGBOOK_PERIOD, generatedBy: 'a', now: NOW };
    const count = async (readSize?: TReadSize) => {
      const watched = watchedHandle(ctx.database.db);
      const report = await buildReport(watched.handle, { ...args, readSize });
      watched.stop();
      return { report, statements: watched.seen.statements };
    };
    for (const source of ['history', 'kept days']) {
      if (source === 'kept days') await makeReport(ctx.database.db, subject, LOGBOOK_PERIOD, 'a', NOW);
      const usual = await count();
      const smallest = await count(SMALLEST_READS);
      expect(smallest.report).toEqual(usual.report);
      expect(smallest.statements).toBeGreaterThan(usual.statements);
    }
  });
});

describe('weeksOf', () => {
  it.each([
    ['2026-10-05', '2026-10-12', [['2026-10-05', 7], ['2026-10-12', 1]]],
    ['2026-11-01', '2026-11-30', [['2026-10-26', 1], ['2026-11-02', 7], ['2026-11-09', 7], ['2026-11-16', 7], ['2026-11-23', 7], ['2026-11-30', 1]]],
    ['2026-11-04', '2026-11-04', [['2026-11-02', 1]]],
  ] as const)('%s to %s', (from, to, weeks) => {
    expect(weeksOf(from, to).map(({ week, days }) => [week, days])).toEqual(weeks);
  });
});

describe('changeDetails', () => {
  it.each([
    [{ action: 'move', changes: { location: ['Hal', 'Kelder'] } }, 'audit', 'move', 'location: Hal → Kelder'],
    [{ action: 'channel', channel: 'temperature1', changes: { name: ['T1', 'Boiler'] } }, 'audit', 'channel', 'temperature1; name: T1 → Boiler'],
    [{ action: 'register', changes: { name: [null, 'Douche'] } }, 'audit', 'register', 'name: - → Douche'],
    [{ registers: [{ register: 1 }, { register: 4 }] }, 'report', 'settingsConfirmed', 'registers 1, 4'],
  ] as const)('%j', (value, source, kind, details) => {
    expect(changeDetails({ at: new Date(), eui: 'x', user: null, value, source })).toEqual({ kind, details });
  });
});
