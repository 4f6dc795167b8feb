import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { FAULTY_READING_AT_OR_BELOW, GROWTH_RANGE_CELSIUS, LOGBOOK_GAP_HOURS, PROFILES } from '@aquasmart/domain';
import { queryRows, type TDbOrTx } from '../../db/database';
import { deviceData } from '../../db/schema';
import { insertCustomer, insertDevice, insertLocation } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';
import { DAY_SUMMARY_VERSION, keepPeriodDays, limitKey, planDays, pgTextArray, readPieces, timeSlices, utcDay, type TReadSize } from './logbook-days';
import { createLogbookDaysJob } from './logbook-days-job';
import { LOGBOOK_EUI, seedLogbookWorld } from './logbook.fixture';
import { historyFigures, type TChannelFigures, type TChannelJudging, type TPeriodBounds, type TStretchRow } from './logbook-repository';

const ctx = useTestContext();

const isoText = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const TEMPERATURE_MESSAGE_IDS = [...new Set(Object.values(PROFILES).map((profile) => profile.messageIds.temperature))];
const gapInterval = `${LOGBOOK_GAP_HOURS} hours`;

/**
 * The one-pass query the day summaries replaced (kept here as the oracle they must agree with): one pass over a location's temperature readings in the period: per channel the figures, and the
 * stretches the report lists (gaps longer than the gap bound between valid readings and at the
 * period's ends, every excursion outside the limit, runs of faulty readings). A reading counts for
 * the growth range until the next one (or the period's end), unless that is a gap: then nothing.
 */
async function onePassTemperatureFigures(db: TDbOrTx, judging: readonly TChannelJudging[], bounds: TPeriodBounds): Promise<{ figures: TChannelFigures[]; stretches: TStretchRow[] }> {
  if (judging.length === 0) return { figures: [], stretches: [] };
  const channels = JSON.stringify(judging.map((channel) => ({ eui: channel.eui, channel_id: channel.channelId, kind: channel.limit?.kind ?? null, celsius: channel.limit?.celsius ?? null })));
  const euis = [...new Set(judging.map((channel) => channel.eui))];
  const rows = await queryRows<{ row_kind: string; eui: string; channel_id: string; a: string; b: string | null; c: string | null; d: string | null; e: string | null; f: string; g: string; h: string }>(
    db,
    sql`WITH channel AS MATERIALIZED (
          SELECT * FROM jsonb_to_recordset(${channels}::jsonb) AS x(eui text, channel_id text, kind text, celsius float8)
        ), raw AS MATERIALIZED (
          SELECT ch.eui, ch.channel_id, ch.kind, ch.celsius AS limit_c, d.ts, (d.value->>ch.channel_id)::float8 AS t
            FROM device_data d JOIN channel ch ON ch.eui = d.device_eui
           WHERE d.device_eui = ANY(${pgTextArray(euis)}::text[]) AND d.ts >= ${bounds.start} AND d.ts < ${bounds.end}
             AND d.msg_id IN (${sql.raw(TEMPERATURE_MESSAGE_IDS.join(', '))})
             AND jsonb_typeof(d.value->ch.channel_id) = 'number'
        ), valid AS MATERIALIZED (
          SELECT eui, channel_id, ts, t,
                 CASE kind WHEN 'atLeast' THEN t >= limit_c WHEN 'atMost' THEN t <= limit_c WHEN 'below' THEN t < limit_c END AS ok,
                 lead(ts) OVER w AS next_ts, lag(ts) OVER w AS prev_ts,
                 -- The excursions' runs, in the same pass (ok is null for every reading of a channel without a limit, or for none).
                 count(*) FILTER (WHERE CASE kind WHEN 'atLeast' THEN t >= limit_c WHEN 'atMost' THEN t <= limit_c WHEN 'below' THEN t < limit_c END) OVER w AS run
            FROM raw WHERE t > ${FAULTY_READING_AT_OR_BELOW}
          WINDOW w AS (PARTITION BY eui, channel_id ORDER BY ts)
        ), faulty_counts AS (
          SELECT eui, channel_id, count(*)::int AS faulty FROM raw WHERE t <= ${FAULTY_READING_AT_OR_BELOW} GROUP BY eui, channel_id
        ), valid_figures AS (
          SELECT eui, channel_id,
                 count(*)::int AS readings, min(t) AS min_t, avg(t) AS mean_t, max(t) AS max_t,
                 count(ok)::int AS judged, count(*) FILTER (WHERE ok = false)::int AS outside,
                 coalesce(sum(extract(epoch FROM coalesce(next_ts, ${bounds.end}::timestamptz) - ts))
                          FILTER (WHERE t > ${GROWTH_RANGE_CELSIUS.above} AND t < ${GROWTH_RANGE_CELSIUS.below}
                                    AND coalesce(next_ts, ${bounds.end}::timestamptz) - ts <= ${gapInterval}::interval), 0) / 3600 AS growth_hours
            FROM valid GROUP BY eui, channel_id
        ), figures AS (
          SELECT ch.eui, ch.channel_id, coalesce(v.readings, 0) AS readings, v.min_t, v.mean_t, v.max_t, coalesce(v.judged, 0) AS judged,
                 coalesce(v.outside, 0) AS outside, coalesce(v.growth_hours, 0) AS growth_hours, coalesce(f.faulty, 0) AS faulty
            FROM channel ch
            LEFT JOIN valid_figures v ON v.eui = ch.eui AND v.channel_id = ch.channel_id
            LEFT JOIN faulty_counts f ON f.eui = ch.eui AND f.channel_id = ch.channel_id
        ), gaps AS (
          SELECT eui, channel_id, ts AS gap_from, next_ts AS gap_to FROM valid WHERE next_ts - ts > ${gapInterval}::interval
          UNION ALL
          SELECT eui, channel_id, ${bounds.start}::timestamptz, ts FROM valid WHERE prev_ts IS NULL AND ts - ${bounds.start}::timestamptz > ${gapInterval}::interval
          UNION ALL
          SELECT eui, channel_id, ts, ${bounds.end}::timestamptz FROM valid WHERE next_ts IS NULL AND ${bounds.end}::timestamptz - ts > ${gapInterval}::interval
          UNION ALL
          SELECT ch.eui, ch.channel_id, ${bounds.start}::timestamptz, ${bounds.end}::timestamptz FROM channel ch
           WHERE NOT EXISTS (SELECT 1 FROM valid v WHERE v.eui = ch.eui AND v.channel_id = ch.channel_id)
        ), excursions AS (
          -- A run is an ok reading and the readings outside the limit after it: its excursion is those outside (every one).
          SELECT eui, channel_id, min(ts) AS ex_from, max(coalesce(next_ts, ${bounds.end}::timestamptz)) AS ex_to
            FROM valid WHERE NOT ok GROUP BY eui, channel_id, run
        ), faulty_runs AS (
          -- A run of faulty readings ends at the reading after its last one, which is a valid one (none: still faulty).
          SELECT eui, channel_id, min(ts) AS f_from, (array_agg(next_raw ORDER BY ts DESC))[1] AS f_to FROM (
            SELECT eui, channel_id, ts, t <= ${FAULTY_READING_AT_OR_BELOW} AS faulty,
                   count(*) FILTER (WHERE t > ${FAULTY_READING_AT_OR_BELOW}) OVER (PARTITION BY eui, channel_id ORDER BY ts) AS run,
                   lead(ts) OVER (PARTITION BY eui, channel_id ORDER BY ts) AS next_raw
              FROM raw
          ) x WHERE faulty GROUP BY eui, channel_id, run
        )
        SELECT 'figures' AS row_kind, eui, channel_id, readings::text AS a, faulty::text AS b, min_t::text AS c, mean_t::text AS d, max_t::text AS e,
               judged::text AS f, outside::text AS g, growth_hours::text AS h FROM figures
        UNION ALL SELECT 'gap', eui, channel_id, ${isoText('gap_from')}, ${isoText('gap_to')}, NULL, NULL, NULL, NULL, NULL, NULL FROM gaps
        UNION ALL SELECT 'excursion', eui, channel_id, ${isoText('ex_from')}, ${isoText('ex_to')}, NULL, NULL, NULL, NULL, NULL, NULL FROM excursions
        UNION ALL SELECT 'faulty', eui, channel_id, ${isoText('f_from')}, ${isoText('f_to')}, NULL, NULL, NULL, NULL, NULL, NULL FROM faulty_runs`,
  );
  const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  const figures: TChannelFigures[] = [];
  const stretches: TStretchRow[] = [];
  for (const row of rows) {
    if (row.row_kind === 'figures') {
      figures.push({
        eui: row.eui,
        channelId: row.channel_id,
        readings: Number(row.a),
        faultyReadings: Number(row.b),
        min: num(row.c),
        mean: num(row.d),
        max: num(row.e),
        judged: Number(row.f),
        outside: Number(row.g),
        growthRangeHours: Number(row.h),
      });
    } else {
      stretches.push({ kind: row.row_kind as TStretchRow['kind'], eui: row.eui, channelId: row.channel_id, from: new Date(row.a), to: row.b === null ? null : new Date(row.b) });
    }
  }
  stretches.sort((a, b) => a.from.getTime() - b.from.getTime());
  return { figures, stretches };
}


/** The offline part of the one-pass node query the day summaries replaced (the oracle). */
async function onePassOffline(db: TDbOrTx, euis: readonly string[], bounds: TPeriodBounds) {
  const list = JSON.stringify(euis.map((eui) => ({ eui })));
  const rows = await queryRows<{ eui: string; from: string; to: string | null }>(
    db,
    sql`WITH node AS MATERIALIZED (SELECT * FROM jsonb_to_recordset(${list}::jsonb) AS x(eui text)),
        messages AS MATERIALIZED (
          SELECT device_eui AS eui, ts, lead(ts) OVER (PARTITION BY device_eui ORDER BY ts) AS next_ts, lag(ts) OVER (PARTITION BY device_eui ORDER BY ts) AS prev_ts
            FROM device_data WHERE device_eui = ANY(${pgTextArray(euis)}::text[]) AND ts >= ${bounds.start} AND ts < ${bounds.end}
        ), offline AS (
          SELECT eui, ts AS s_from, next_ts AS s_to FROM messages WHERE next_ts - ts > ${gapInterval}::interval
          UNION ALL SELECT eui, ${bounds.start}::timestamptz, ts FROM messages WHERE prev_ts IS NULL AND ts - ${bounds.start}::timestamptz > ${gapInterval}::interval
          UNION ALL SELECT eui, ts, NULL FROM messages WHERE next_ts IS NULL AND ${bounds.end}::timestamptz - ts > ${gapInterval}::interval
          UNION ALL SELECT n.eui, ${bounds.start}::timestamptz, NULL FROM node n WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.eui = n.eui)
        )
        SELECT eui, ${isoText('s_from')} AS "from", ${isoText('s_to')} AS "to" FROM offline ORDER BY 2, 1`,
  );
  return rows.map((row) => ({ kind: 'offline', eui: row.eui, from: new Date(row.from), to: row.to === null ? null : new Date(row.to) }));
}

/** A small deterministic random source (mulberry32), so a failing history can be made again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const QUARTER = 15 * 60_000;
const HOUR = 60 * 60_000;

/**
 * A history with everything that can cross a day's end: gaps of 5 to 20 hours, hot water dipping
 * under its limit for hours, faulty runs, a channel without a limit, a node silent for a whole day.
 */
async function seedRandomHistory(seed: number, start: number, end: number): Promise<TChannelJudging[]> {
  const db = ctx.database.db;
  const next = random(seed);
  const customerId = await insertCustomer(db, `Klant ${seed}`);
  const locationId = await insertLocation(db, customerId, `Locatie ${seed}`);
  const euis = [`00000000000${String(seed).padStart(3, '0')}A1`, `00000000000${String(seed).padStart(3, '0')}B2`];
  const rows: (typeof deviceData.$inferInsert)[] = [];
  for (const [index, eui] of euis.entries()) {
    await insertDevice(db, { eui, type: 'V2', customerId, locationId });
    let hotBad = false;
    let faulty = false;
    // The second node is silent over a whole UTC day in the middle.
    const silent = { from: Math.ceil(start / 86_400_000) * 86_400_000 + 86_400_000, to: Math.ceil(start / 86_400_000) * 86_400_000 + 2 * 86_400_000 + 3 * HOUR };
    for (let ms = start - 3 * HOUR; ms < end + 3 * HOUR; ms += QUARTER) {
      if (index === 1 && ms >= silent.from && ms < silent.to) continue;
      if (next() < 0.004) {
        ms += Math.floor(5 + next() * 15) * HOUR; // a gap of 5 to 20 hours
        continue;
      }
      if (next() < 0.03) hotBad = !hotBad;
      if (next() < 0.01) faulty = !faulty;
      const hot = hotBad ? 40 + next() * 19.9 : 60 + next() * 5;
      const cold = next() < 0.1 ? 25 + next() * 3 : 10 + next() * 15;
      rows.push({
        deviceEui: eui,
        ts: new Date(ms),
        msgId: 42,
        value: { timestamp: ms / 1000, temperature1: faulty ? -102.4 : Math.round(hot * 10) / 10, temperature2: Math.round(cold * 10) / 10, temperature3: 20 + next() * 40 },
      });
      if (next() < 0.02) rows.push({ deviceEui: eui, ts: new Date(ms + 60_000), msgId: 40, value: { voltage: 3.6 } });
    }
  }
  for (let offset = 0; offset < rows.length; offset += 500) await db.insert(deviceData).values(rows.slice(offset, offset + 500));
  return euis.flatMap((eui) => [
    { eui, channelId: 'temperature1', limit: { kind: 'atLeast' as const, celsius: 60 } },
    { eui, channelId: 'temperature2', limit: { kind: 'atMost' as const, celsius: 25 } },
    { eui, channelId: 'temperature3', limit: null },
  ]);
}

const roundFigures = (figures: TChannelFigures[]) =>
  figures
    .map((figure) => ({ ...figure, mean: figure.mean === null ? null : Math.round(figure.mean * 1e6) / 1e6, growthRangeHours: Math.round(figure.growthRangeHours * 1e6) / 1e6 }))
    .sort((a, b) => `${a.eui}/${a.channelId}`.localeCompare(`${b.eui}/${b.channelId}`));
const sortStretches = <T extends { kind: string; eui: string; from: Date }>(stretches: T[]) =>
  [...stretches].sort((a, b) => a.from.getTime() - b.from.getTime() || a.eui.localeCompare(b.eui) || a.kind.localeCompare(b.kind) || ('channelId' in a && 'channelId' in b ? String(a.channelId).localeCompare(String(b.channelId)) : 0));

describe('the day summaries give what one pass over the period gives', () => {
  // Local periods in Europe/Amsterdam: their ends are not UTC midnights.
  const periods = [
    { seed: 11, start: Date.UTC(2026, 9, 4, 22), end: Date.UTC(2026, 9, 9, 22) },
    { seed: 12, start: Date.UTC(2026, 10, 1, 23), end: Date.UTC(2026, 10, 6, 23) },
    { seed: 13, start: Date.UTC(2026, 8, 30, 22, 0), end: Date.UTC(2026, 9, 3, 22) },
  ];
  it.each(periods)('history $seed: from the history, then from kept days, and after a late reading', async ({ seed, start, end }) => {
    const db = ctx.database.db;
    const judging = await seedRandomHistory(seed, start, end);
    const euis = [...new Set(judging.map((channel) => channel.eui))];
    const bounds = { start: new Date(start), end: new Date(end) };
    const oracle = await onePassTemperatureFigures(db, judging, bounds);
    const oracleOffline = await onePassOffline(db, euis, bounds);
    expect(oracle.stretches.filter((stretch) => stretch.kind === 'excursion').length).toBeGreaterThan(0);
    expect(oracle.stretches.filter((stretch) => stretch.kind === 'gap').length).toBeGreaterThan(0);
    expect(oracle.stretches.filter((stretch) => stretch.kind === 'faulty').length).toBeGreaterThan(0);

    const fromHistory = await historyFigures(db, judging, bounds);
    expect(roundFigures(fromHistory.figures)).toEqual(roundFigures(oracle.figures));
    expect(sortStretches(fromHistory.stretches)).toEqual(sortStretches(oracle.stretches));
    expect(sortStretches(fromHistory.offline)).toEqual(sortStretches(oracleOffline));
    // Read a node and a UTC day at a time: the same figures, in the same order.
    expect(await historyFigures(db, judging, bounds, SMALLEST_READS)).toEqual(fromHistory);

    const written = await keepPeriodDays(db, judging, euis, start, end);
    expect(written).toBeGreaterThan(0);
    expect(await keepPeriodDays(db, judging, euis, start, end)).toBe(0);
    const fromKept = await historyFigures(db, judging, bounds);
    expect(roundFigures(fromKept.figures)).toEqual(roundFigures(oracle.figures));
    expect(sortStretches(fromKept.stretches)).toEqual(sortStretches(oracle.stretches));
    expect(sortStretches(fromKept.offline)).toEqual(sortStretches(oracleOffline));
    expect(await historyFigures(db, judging, bounds, SMALLEST_READS)).toEqual(fromKept);

    // A late reading for a kept day forgets that node's summaries of the day, and the figures follow it.
    const lateDay = planDays(start, end, Date.now()).keptDays[1];
    const late = Date.parse(`${lateDay}T12:07:00Z`);
    const before = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM logbook_days WHERE device_eui = ${euis[0]} AND day = ${lateDay}::date`);
    expect(before[0].n).toBe(4);
    await db.insert(deviceData).values({ deviceEui: euis[0], ts: new Date(late), msgId: 42, value: { temperature1: 30, temperature2: 30, temperature3: 30 } });
    const after = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM logbook_days WHERE device_eui = ${euis[0]} AND day = ${lateDay}::date`);
    expect(after[0].n).toBe(0);
    const oracleAfter = await onePassTemperatureFigures(db, judging, bounds);
    const fromKeptAfter = await historyFigures(db, judging, bounds);
    expect(roundFigures(fromKeptAfter.figures)).toEqual(roundFigures(oracleAfter.figures));
    expect(sortStretches(fromKeptAfter.stretches)).toEqual(sortStretches(oracleAfter.stretches));
    expect(fromKeptAfter.figures.find((figure) => figure.eui === euis[0] && figure.channelId === 'temperature1')?.readings).toBe(
      (oracle.figures.find((figure) => figure.eui === euis[0] && figure.channelId === 'temperature1')?.readings ?? 0) + 1,
    );
  });
});

/** The smallest pieces a report reads in: one node over one UTC day per statement. */
const SMALLEST_READS: TReadSize = { readings: 1, kept: 1, keptKeys: 1, sparse: 1 };

describe('a report reads in pieces', () => {
  const at = (text: string) => Date.parse(text);
  const iso = (ms: number) => new Date(ms).toISOString().replace(':00.000Z', 'Z');
  it.each([
    { name: 'what fits in one piece stays one', nodes: 2, from: '2026-10-04T22:00Z', to: '2026-10-05T22:00Z', nodeDays: 4, slices: [['2026-10-04T22:00Z', '2026-10-05T22:00Z']] },
    {
      name: 'a local week of 50 nodes at 120 node-days: two UTC days a slice, the ends parts of a day',
      nodes: 50, from: '2026-10-04T22:00Z', to: '2026-10-11T22:00Z', nodeDays: 120,
      slices: [['2026-10-04T22:00Z', '2026-10-06T00:00Z'], ['2026-10-06T00:00Z', '2026-10-08T00:00Z'], ['2026-10-08T00:00Z', '2026-10-10T00:00Z'], ['2026-10-10T00:00Z', '2026-10-11T22:00Z']],
    },
    { name: 'more nodes than node-days: a day a slice', nodes: 50, from: '2026-10-05T00:00Z', to: '2026-10-07T00:00Z', nodeDays: 2, slices: [['2026-10-05T00:00Z', '2026-10-06T00:00Z'], ['2026-10-06T00:00Z', '2026-10-07T00:00Z']] },
  ])('time slices: $name', ({ nodes, from, to, nodeDays, slices }) => {
    expect(timeSlices(nodes, at(from), at(to), nodeDays).map((slice) => [iso(slice.from), iso(slice.to)])).toEqual(slices);
  });

  it.each([
    { nodes: 50, from: '2026-10-31T00:00Z', to: '2026-10-31T23:00Z', nodeDays: 2, pieces: 25, most: 2 },
    { nodes: 50, from: '2026-09-30T22:00Z', to: '2026-10-01T00:00Z', nodeDays: 2, pieces: 3, most: 24 },
    // The two hours of the first day in one piece, then a node a day.
    { nodes: 7, from: '2026-10-04T22:00Z', to: '2026-10-11T22:00Z', nodeDays: 1, pieces: 1 + 6 * 7 + 7, most: 7 },
    { nodes: 3, from: '2026-10-04T22:00Z', to: '2026-10-11T22:00Z', nodeDays: 120, pieces: 1, most: 3 },
  ])('pieces of $nodes nodes from $from to $to at $nodeDays node-days: every node and instant once', ({ nodes, from, to, nodeDays, pieces: count, most }) => {
    const euis = Array.from({ length: nodes }, (_, index) => `EUI${String(index).padStart(3, '0')}`);
    const pieces = readPieces(euis, at(from), at(to), nodeDays);
    expect(pieces).toHaveLength(count);
    expect(Math.max(...pieces.map((piece) => piece.euis.length))).toBe(most);
    for (const eui of euis) {
      // Each node's pieces follow each other without gap or overlap from the start to the end.
      const own = pieces.filter((piece) => piece.euis.includes(eui));
      expect(own[0].from).toBe(at(from));
      expect(own[own.length - 1].to).toBe(at(to));
      own.slice(1).forEach((piece, index) => expect(piece.from).toBe(own[index].to));
    }
    // A piece ends on a UTC midnight or at the end: a day's summary is never split.
    for (const piece of pieces) expect(piece.to === at(to) || piece.to % 86_400_000 === 0).toBe(true);
  });
});

describe('which days are kept', () => {
  const day = (text: string) => Date.parse(text);
  it.each([
    { name: 'a local week: its UTC days inside, the two ends from the history', start: '2026-10-04T22:00:00Z', end: '2026-10-11T22:00:00Z', now: '2026-11-01T00:00:00Z', kept: 6, raw: [['2026-10-04T22:00:00Z', '2026-10-05T00:00:00Z'], ['2026-10-11T00:00:00Z', '2026-10-11T22:00:00Z']] },
    { name: 'UTC midnights: every day kept', start: '2026-10-05T00:00:00Z', end: '2026-10-07T00:00:00Z', now: '2026-11-01T00:00:00Z', kept: 2, raw: [] },
    { name: 'a day that ended 59 minutes ago is read from the history', start: '2026-10-05T00:00:00Z', end: '2026-10-07T00:00:00Z', now: '2026-10-07T00:59:00Z', kept: 1, raw: [['2026-10-06T00:00:00Z', '2026-10-07T00:00:00Z']] },
    { name: 'a day that ended an hour ago is kept', start: '2026-10-05T00:00:00Z', end: '2026-10-07T00:00:00Z', now: '2026-10-07T01:00:00Z', kept: 2, raw: [] },
    { name: 'a period inside one day', start: '2026-10-05T03:00:00Z', end: '2026-10-05T09:00:00Z', now: '2026-11-01T00:00:00Z', kept: 0, raw: [['2026-10-05T03:00:00Z', '2026-10-05T09:00:00Z']] },
  ])('$name', ({ start, end, now, kept, raw }) => {
    const plan = planDays(day(start), day(end), day(now));
    expect(plan.keptDays).toHaveLength(kept);
    if (kept > 0) expect(plan.keptDays[0]).toBe(utcDay(Math.ceil(day(start) / 86_400_000) * 86_400_000));
    expect(plan.rawRanges.map((range) => [new Date(range.from).toISOString().replace('.000', ''), new Date(range.to).toISOString().replace('.000', '')])).toEqual(raw);
  });
});

describe('the history index of the few non-temperature messages', () => {
  it('holds every message id of the node profiles except the temperature readings', () => {
    const migration = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations/0013_logbook_days.sql'), 'utf8');
    const listed = /device_data_sparse_idx[^;]*"msg_id" IN \(([^)]*)\)/.exec(migration)?.[1].split(',').map((id) => Number(id.trim()));
    const temperature = new Set(Object.values(PROFILES).map((profile) => profile.messageIds.temperature));
    const others = [...new Set(Object.values(PROFILES).flatMap((profile) => Object.values(profile.messageIds)))].filter((id) => !temperature.has(id)).sort((a, b) => a - b);
    expect(listed).toEqual(others);
  });
});

describe('the job that keeps every ended day', () => {
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  /** Kept summaries per node and day that match the channels' current keys. */
  const keptPerDay = (db: TDbOrTx) =>
    queryRows<{ eui: string; day: string; n: number }>(
      db,
      sql`SELECT device_eui AS eui, to_char(day, 'YYYY-MM-DD') AS day, count(*)::int AS n FROM logbook_days GROUP BY device_eui, day ORDER BY device_eui, day`,
    );
  /** Steps until the job rests (0), at most `max`; answers how many steps did work. */
  async function run(job: ReturnType<typeof createLogbookDaysJob>, max = 200): Promise<number> {
    for (let steps = 0; steps < max; steps += 1) if ((await job.step()) === 0) return steps;
    throw new Error('the job did not rest');
  }

  it('keeps the days before today for every channel and the node, back to the first message, once', async () => {
    const db = ctx.database.db;
    await seedLogbookWorld(db);
    const job = createLogbookDaysJob({ db, log, now: () => new Date('2026-10-10T05:00:00Z') });
    expect(await run(job)).toBeGreaterThan(0);
    const kept = (await keptPerDay(db)).filter((row) => row.eui === LOGBOOK_EUI);
    // Three temperature channels and the node's messages, per day, from the history's first day to yesterday.
    expect(kept.map((row) => row.n)).toEqual(kept.map(() => 4));
    expect(kept.at(-1)?.day).toBe('2026-10-09');
    const [first] = await queryRows<{ day: string }>(db, sql`SELECT to_char(min(ts) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM device_data WHERE device_eui = ${LOGBOOK_EUI}`);
    expect(kept[0].day).toBe(first.day);
    const before = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM logbook_days`);
    // Another round finds nothing missing and writes nothing.
    await run(job);
    expect(await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM logbook_days`)).toEqual(before);
  });

  it('walks back through 40 days of history in small steps, then keeps a day a late reading made it forget', async () => {
    const db = ctx.database.db;
    const now = Date.parse('2026-10-20T05:00:00Z');
    const start = Date.parse('2026-09-08T00:00:00Z');
    const channels = [...(await seedRandomHistory(7, start, now - 4 * HOUR)), ...(await seedRandomHistory(8, start + 3 * 86_400_000, now - 4 * HOUR))];
    const euis = [...new Set(channels.map((channel) => channel.eui))];
    // A small budget, so the job has to come back to a location over many steps.
    const job = createLogbookDaysJob({ db, log, now: () => new Date(now), perStep: 60 });
    const steps = await run(job, 400);
    expect(steps).toBeGreaterThan(10);

    const expected = (eui: string) => {
      const from = eui.includes('007') ? start - 3 * HOUR : start + 3 * 86_400_000 - 3 * HOUR;
      const days: string[] = [];
      // Each location from its nodes' first message (3 hours before the history's start) to yesterday.
      for (let day = Math.floor(from / 86_400_000) * 86_400_000; day < Date.parse('2026-10-20T00:00:00Z'); day += 86_400_000) days.push(utcDay(day));
      return days;
    };
    const kept = await keptPerDay(db);
    for (const eui of euis) {
      const rows = kept.filter((row) => row.eui === eui);
      expect(rows.map((row) => row.day), eui).toEqual(expected(eui));
      // Three channels and the node's messages each day.
      expect(new Set(rows.map((row) => row.n)), eui).toEqual(new Set([4]));
    }
    expect(expected(euis[0]).length).toBeGreaterThanOrEqual(40);

    // A late reading for a day a month ago: the trigger forgets that node's day; the next round keeps it again.
    await db.insert(deviceData).values({ deviceEui: euis[0], ts: new Date('2026-09-20T12:07:00Z'), msgId: 42, value: { temperature1: 61, temperature2: 12, temperature3: 30 } });
    expect((await keptPerDay(db)).find((row) => row.eui === euis[0] && row.day === '2026-09-20')).toBeUndefined();
    await run(job);
    expect((await keptPerDay(db)).find((row) => row.eui === euis[0] && row.day === '2026-09-20')).toEqual({ eui: euis[0], day: '2026-09-20', n: 4 });
    const [summary] = await queryRows<{ readings: number }>(
      db,
      sql`SELECT (summary->>'readings')::int AS readings FROM logbook_days WHERE device_eui = ${euis[0]} AND day = '2026-09-20' AND channel_id = 'temperature1'`,
    );
    // The late reading is in the day kept again.
    const [history] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM device_data WHERE device_eui = ${euis[0]} AND ts >= '2026-09-20T00:00:00Z' AND ts < '2026-09-21T00:00:00Z' AND msg_id = 42 AND (value->>'temperature1')::float8 > -100`,
    );
    expect(summary.readings).toBe(history.n);
  });
});

describe('hours in the growth range never count a gap, and every excursion is kept (issue 39, day summaries v2)', () => {
  /** 15-minute readings of one channel from `from` (ms), each [hours after from, °C]; a V2 node at a location of its own. */
  async function seedReadings(seed: number, from: number, readings: readonly [number, number][]): Promise<TChannelJudging[]> {
    const db = ctx.database.db;
    const customerId = await insertCustomer(db, `Klant ${seed}`);
    const locationId = await insertLocation(db, customerId, `Locatie ${seed}`);
    const eui = `00000000000${String(seed).padStart(3, '0')}C3`;
    await insertDevice(db, { eui, type: 'V2', customerId, locationId });
    await db.insert(deviceData).values(readings.map(([hours, celsius]) => ({ deviceEui: eui, ts: new Date(from + hours * HOUR), msgId: 42, value: { temperature1: celsius } })));
    return [{ eui, channelId: 'temperature1', limit: { kind: 'atLeast' as const, celsius: 60 } }];
  }

  it('a reading in 25-50 °C before a gap of 9.25 hours counts nothing; one before 6 hours counts them; from the history and from kept days', async () => {
    const db = ctx.database.db;
    const start = Date.UTC(2026, 8, 1);
    const end = Date.UTC(2026, 8, 4);
    // Day 1: 40 °C at 10:00, then nothing until 19:15 (9.25 h: a gap). Day 2: 40 °C at 10:00, 60 °C at 16:00 (6 h: no gap).
    // Day 3: 40 °C at 10:00 and 10:15 (a quarter), then 61 °C.
    const judging = await seedReadings(71, start, [
      [0, 61],
      [10, 40],
      [19.25, 61],
      [23.75, 61],
      [34, 40],
      [40, 61],
      [47.75, 61],
      [58, 40],
      [58.25, 40],
      [58.5, 61],
      [71.75, 61],
    ]);
    const bounds = { start: new Date(start), end: new Date(end) };
    const fromHistory = await historyFigures(db, judging, bounds);
    // 0 (before the gap) + 6 + 0.5 hours; before issue 39 the gap counted 6 hours more (12.5).
    expect(fromHistory.figures[0].growthRangeHours).toBeCloseTo(6.5, 9);
    // The 9.25 hours are listed as a gap, not as time in the range.
    expect(fromHistory.stretches.filter((stretch) => stretch.kind === 'gap').map((gap) => [gap.from.toISOString(), gap.to?.toISOString()])).toContainEqual([
      '2026-09-01T10:00:00.000Z',
      '2026-09-01T19:15:00.000Z',
    ]);
    // Three excursions (every one, not only the longest), the first across the gap.
    expect(fromHistory.stretches.filter((stretch) => stretch.kind === 'excursion').map((run) => [run.from.toISOString(), run.to?.toISOString()])).toEqual([
      ['2026-09-01T10:00:00.000Z', '2026-09-01T19:15:00.000Z'],
      ['2026-09-02T10:00:00.000Z', '2026-09-02T16:00:00.000Z'],
      ['2026-09-03T10:00:00.000Z', '2026-09-03T10:30:00.000Z'],
    ]);
    await keepPeriodDays(db, judging, [judging[0].eui], start, end);
    expect(await historyFigures(db, judging, bounds)).toEqual(fromHistory);
  });

  it('a summary kept under the version before (its old key) is not read: the day is summarised again under v2', async () => {
    const db = ctx.database.db;
    const start = Date.UTC(2026, 8, 10);
    const end = Date.UTC(2026, 8, 11);
    const judging = await seedReadings(72, start, [
      [1, 61],
      [2, 40],
      [9.5, 61],
    ]);
    const eui = judging[0].eui;
    // What an older portal kept: the day under the key without a version, with growth time counted into the gap.
    await db.execute(
      sql`INSERT INTO logbook_days (device_eui, day, channel_id, limit_key, summary) VALUES (${eui}, '2026-09-10', 'temperature1', 'atLeast:60', ${JSON.stringify({ readings: 3, growthInnerSeconds: 21600 })}::jsonb)`,
    );
    expect(limitKey(judging[0].limit)).toBe(`v${DAY_SUMMARY_VERSION}|atLeast:60`);
    expect(DAY_SUMMARY_VERSION).toBe(2);
    const bounds = { start: new Date(start), end: new Date(end) };
    expect((await historyFigures(db, judging, bounds)).figures[0].growthRangeHours).toBe(0);
    expect(await keepPeriodDays(db, judging, [eui], start, end)).toBe(2);
    const keys = await queryRows<{ limit_key: string }>(db, sql`SELECT limit_key FROM logbook_days WHERE device_eui = ${eui} AND channel_id = 'temperature1' ORDER BY limit_key`);
    expect(keys.map((row) => row.limit_key)).toEqual(['atLeast:60', 'v2|atLeast:60']);
    expect((await historyFigures(db, judging, bounds)).figures[0].growthRangeHours).toBe(0);
  });
});
