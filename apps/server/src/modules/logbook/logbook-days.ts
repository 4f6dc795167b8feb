import { sql } from 'drizzle-orm';
import { FAULTY_READING_AT_OR_BELOW, GROWTH_RANGE_CELSIUS, LOGBOOK_GAP_HOURS, PROFILES, type TReadingJudging } from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import { rowsInTurn } from '../../db/turns';
import { column, rowShape } from '../../db/rows';
import { EMPTY_CHANNEL_DAY, EMPTY_NODE_DAY, type TChannelDaySummary, type TClosedRun, type TFaultyRun, type TNodeDaySummary } from './day-stitch';
import { ADVISORY_LOCKS } from '../../db/locks';

/**
 * The logbook's day summaries (docs/logbook.md, "Speed"): the history read per node channel and UTC
 * day, kept in `logbook_days` for days that have ended, so a report reads each day once. A day's
 * summary depends on the limit it was judged by (limit_key). A late reading for a kept day deletes
 * that day's summaries (trigger of 0013_logbook_days.sql); writing summaries holds the advisory lock
 * that trigger shares, so no summary can miss a reading committed while it was being computed.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
export const GAP_MS = LOGBOOK_GAP_HOURS * 60 * 60 * 1000;
/** A day is kept once it ended this long ago: readings still on their way are not yet late. */
export const KEEP_AFTER_MS = 60 * 60 * 1000;
/** Shared by the late-reading trigger (0013_logbook_days.sql). */
/** Channel-days per summarising statement: a few seconds each, so late readings never wait long. */
const CHANNEL_DAYS_PER_CHUNK = 2000;
/** The node-level summary's channel id. */
const NODE_CHANNEL = '';

export interface TJudgedChannel {
  eui: string;
  channelId: string;
  limit: TReadingJudging | null;
}

/**
 * The version of what a channel's day summary holds, part of its key: a summary kept under another
 * version is not read (and the day is summarised again), so a change of meaning never mixes old and
 * new days. 2 (issue 39): every excursion of the day (not only the longest) and growth-range time
 * without the time before a gap. Node summaries ('' channel) are unchanged and keep the key ''.
 */
export const DAY_SUMMARY_VERSION = 2;
/** A channel day summary's key: its version and the limit it was judged by ('v2|atLeast:60', 'v2|' without a limit). */
export const limitKey = (limit: TReadingJudging | null): string => `v${DAY_SUMMARY_VERSION}|${limit ? `${limit.kind}:${limit.celsius}` : ''}`;
const channelKey = (eui: string, channelId: string) => `${eui}/${channelId}`;
/** A kept summary's key: node, channel ('' for the node's messages), limit and day. */
const keptKey = (eui: string, channelId: string, limit: string, day: string) => `${eui}\u0001${channelId}\u0001${limit}\u0001${day}`;

/** A PostgreSQL array literal of texts: one bind parameter however many values (drizzle spreads a JS array into a list). */
export function pgTextArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`).join(',')}}`;
}

/** The UTC day (yyyy-mm-dd) an instant falls on. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const dayStart = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);

/**
 * How much history one statement of a report reads, in node-days (docs/operations-limits.md, "Heavy
 * reports"). PGlite runs a statement on the event loop, at roughly 30 rows a millisecond on the
 * 2-core machine (a day of a 3-channel node at 15 minutes is about 300 temperature readings), so a
 * report reads in pieces of some tens of milliseconds, taking turns with requests (db/turns.ts).
 * - `readings`: the temperature readings and messages summarised from the history;
 * - `kept`: kept day summaries (one row per channel and node a day);
 * - `keptKeys`: which summaries are kept (their keys only, before keeping the missing ones);
 * - `sparse`: the few other messages (flushes, battery, parameter reports) and the audit log.
 * A piece is never smaller than one node over one UTC day (a day's summary is read whole).
 */
export interface TReadSize {
  readings: number;
  kept: number;
  keptKeys: number;
  sparse: number;
}

export const REPORT_READ_SIZE: TReadSize = { readings: 2, kept: 100, keptKeys: 400, sparse: 200 };

export interface TReadPiece {
  euis: string[];
  from: number;
  to: number;
}

/** Nodes in groups of `size` (at least 1), in their order. */
export function nodeGroups<T>(nodes: readonly T[], size: number): T[][] {
  const per = Math.max(1, Math.floor(size));
  const groups: T[][] = [];
  for (let index = 0; index < nodes.length; index += per) groups.push(nodes.slice(index, index + per));
  return groups;
}

/**
 * A read of `nodes` nodes over [from, to) in time slices of about `nodeDays` node-days: whole UTC
 * days (the first and last may be parts of a day), at least one day each, in time order.
 */
export function timeSlices(nodes: number, from: number, to: number, nodeDays: number): { from: number; to: number }[] {
  if (to <= from) return [];
  if (nodes * ((to - from) / DAY_MS) <= nodeDays) return [{ from, to }];
  const daysPerSlice = Math.max(1, Math.floor(nodeDays / Math.max(1, nodes)));
  const slices: { from: number; to: number }[] = [];
  for (let cursor = from; cursor < to; ) {
    const next = Math.min(to, (Math.floor(cursor / DAY_MS) + daysPerSlice) * DAY_MS);
    slices.push({ from: cursor, to: next });
    cursor = next;
  }
  return slices;
}

/**
 * A read of nodes over [from, to) in pieces of about `nodeDays` node-days: the time slices above,
 * and within each slice groups of nodes (at least one). The pieces cover every node and instant once.
 */
export function readPieces(euis: readonly string[], from: number, to: number, nodeDays: number): TReadPiece[] {
  if (euis.length === 0) return [];
  return timeSlices(euis.length, from, to, nodeDays).flatMap((slice) =>
    nodeGroups(euis, nodeDays / ((slice.to - slice.from) / DAY_MS)).map((group) => ({ euis: group, from: slice.from, to: slice.to })),
  );
}

export interface TDayPlan {
  /** UTC days wholly inside the period that ended before the keep bound: read from logbook_days. */
  keptDays: string[];
  /** The rest of the period, read from the history: [from, to) in ms. */
  rawRanges: { from: number; to: number }[];
}

/** Which parts of a period come from kept summaries and which from the history. */
export function planDays(start: number, end: number, now: number): TDayPlan {
  const keptDays: string[] = [];
  const rawRanges: { from: number; to: number }[] = [];
  const keepUntil = Math.min(end, now - KEEP_AFTER_MS);
  let cursor = start;
  let day = Math.ceil(start / DAY_MS) * DAY_MS;
  if (day > cursor && day <= end) {
    rawRanges.push({ from: cursor, to: Math.min(day, end) });
    cursor = day;
  }
  for (; day + DAY_MS <= keepUntil; day += DAY_MS) {
    keptDays.push(utcDay(day));
    cursor = day + DAY_MS;
  }
  if (cursor < end) rawRanges.push({ from: cursor, to: end });
  return { keptDays, rawRanges };
}

const TEMPERATURE_MESSAGE_IDS = [...new Set(Object.values(PROFILES).map((profile) => profile.messageIds.temperature))];
const gapInterval = `${LOGBOOK_GAP_HOURS} hours`;
const epochMs = (column: string) => sql.raw(`(extract(epoch FROM ${column}) * 1000)::float8`);

const figure = column.nullable(column.number);
/** A row of summarizeChannelDays: `k` says which figures a..j hold (a day's, a gap's, an excursion's, a faulty run's). */
const channelDayRow = rowShape({
  k: column.as<string>(),
  eui: column.as<string>(),
  channel_id: column.as<string>(),
  day: column.as<string>(),
  a: figure,
  b: figure,
  c: figure,
  d: figure,
  e: figure,
  f: figure,
  g: figure,
  h: figure,
  i: figure,
  j: figure,
});

/** Day summaries of channels' readings in [from, to), per channel key and UTC day (days without readings absent). */
export async function summarizeChannelDays(db: TDbOrTx, channels: readonly TJudgedChannel[], from: number, to: number): Promise<Map<string, Map<string, TChannelDaySummary>>> {
  const result = new Map<string, Map<string, TChannelDaySummary>>();
  if (channels.length === 0 || to <= from) return result;
  const list = JSON.stringify(channels.map((channel) => ({ eui: channel.eui, channel_id: channel.channelId, kind: channel.limit?.kind ?? null, celsius: channel.limit?.celsius ?? null })));
  const euis = [...new Set(channels.map((channel) => channel.eui))];
  const rows = await channelDayRow.readInTurn(
    db,
    sql`WITH channel AS MATERIALIZED (
          SELECT * FROM jsonb_to_recordset(${list}::jsonb) AS x(eui text, channel_id text, kind text, celsius float8)
        ), raw AS MATERIALIZED (
          SELECT ch.eui, ch.channel_id, ch.kind, ch.celsius AS limit_c, d.ts, to_char(d.ts AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, (d.value->>ch.channel_id)::float8 AS t
            FROM device_data d JOIN channel ch ON ch.eui = d.device_eui
           WHERE d.device_eui = ANY(${pgTextArray(euis)}::text[])
             AND d.ts >= ${new Date(from)} AND d.ts < ${new Date(to)}
             AND d.msg_id IN (${sql.raw(TEMPERATURE_MESSAGE_IDS.join(', '))})
             AND jsonb_typeof(d.value->ch.channel_id) = 'number'
        ), valid AS MATERIALIZED (
          SELECT eui, channel_id, day, ts, t,
                 CASE kind WHEN 'atLeast' THEN t >= limit_c WHEN 'atMost' THEN t <= limit_c WHEN 'below' THEN t < limit_c WHEN 'outsideGrowthRange' THEN NOT (t > ${GROWTH_RANGE_CELSIUS.above} AND t < ${GROWTH_RANGE_CELSIUS.below}) END AS ok,
                 lead(ts) OVER w AS next_ts,
                 count(*) FILTER (WHERE CASE kind WHEN 'atLeast' THEN t >= limit_c WHEN 'atMost' THEN t <= limit_c WHEN 'below' THEN t < limit_c WHEN 'outsideGrowthRange' THEN NOT (t > ${GROWTH_RANGE_CELSIUS.above} AND t < ${GROWTH_RANGE_CELSIUS.below}) END) OVER w AS run,
                 t > ${GROWTH_RANGE_CELSIUS.above} AND t < ${GROWTH_RANGE_CELSIUS.below} AS growth
            FROM raw WHERE t > ${FAULTY_READING_AT_OR_BELOW}
          WINDOW w AS (PARTITION BY eui, channel_id, day ORDER BY ts)
        ), faulty_runs AS (
          -- A run of faulty readings ends at the reading after its last one (a valid one); run 0 holds the day's first reading.
          SELECT eui, channel_id, day, run, min(ts) AS f_from, (array_agg(next_raw ORDER BY ts DESC))[1] AS f_to FROM (
            SELECT eui, channel_id, day, ts, t <= ${FAULTY_READING_AT_OR_BELOW} AS faulty,
                   count(*) FILTER (WHERE t > ${FAULTY_READING_AT_OR_BELOW}) OVER w AS run, lead(ts) OVER w AS next_raw
              FROM raw WINDOW w AS (PARTITION BY eui, channel_id, day ORDER BY ts)
          ) x WHERE faulty GROUP BY eui, channel_id, day, run
        ), excursion_runs AS (
          -- Run k: the readings from the k-th reading within the limit on; its excursion is those outside, until the next valid reading.
          SELECT eui, channel_id, day, run, min(ts) AS ex_from, max(next_ts) AS ex_to, bool_or(next_ts IS NULL) AS open
            FROM valid WHERE NOT ok GROUP BY eui, channel_id, day, run
        )
        SELECT 'day' AS k, eui, channel_id, day, count(*)::float8 AS a, sum(t) AS b, min(t) AS c, max(t) AS d,
               count(ok)::float8 AS e, (count(*) FILTER (WHERE ok = false))::float8 AS f,
               coalesce(sum(extract(epoch FROM next_ts - ts)) FILTER (WHERE growth AND next_ts - ts <= ${gapInterval}::interval), 0)::float8 AS g,
               ${epochMs('min(ts)')} AS h, ${epochMs('max(ts)')} AS i, CASE WHEN (array_agg(growth ORDER BY ts DESC))[1] THEN 1 ELSE 0 END::float8 AS j
          FROM valid GROUP BY eui, channel_id, day
        UNION ALL
        SELECT 'gap', eui, channel_id, day, ${epochMs('ts')}, ${epochMs('next_ts')}, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
          FROM valid WHERE next_ts - ts > ${gapInterval}::interval
        UNION ALL
        SELECT 'excursion', eui, channel_id, day, ${epochMs('ex_from')}, CASE WHEN open THEN NULL ELSE ${epochMs('ex_to')} END, run::float8, NULL, NULL, NULL, NULL, NULL, NULL, NULL
          FROM excursion_runs
        UNION ALL
        SELECT 'faulty', eui, channel_id, day, ${epochMs('f_from')}, ${epochMs('f_to')}, run::float8, NULL, NULL, NULL, NULL, NULL, NULL, NULL
          FROM faulty_runs
        UNION ALL
        SELECT 'faultyCount', eui, channel_id, day, count(*)::float8, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
          FROM raw WHERE t <= ${FAULTY_READING_AT_OR_BELOW} GROUP BY eui, channel_id, day
        ORDER BY 1, 2, 3, 4, 5`,
  );
  const summaryOf = (eui: string, channelId: string, day: string): TChannelDaySummary => {
    const key = channelKey(eui, channelId);
    let days = result.get(key);
    if (!days) result.set(key, (days = new Map()));
    let summary = days.get(day);
    if (!summary) days.set(day, (summary = { ...EMPTY_CHANNEL_DAY, gaps: [], excursionsInner: [], faultyRuns: [] }));
    return summary;
  };
  // A figure this kind of row always fills.
  const num = (value: number | null) => value ?? 0;
  for (const row of rows) {
    const summary = summaryOf(row.eui, row.channel_id, row.day);
    switch (row.k) {
      case 'day':
        Object.assign(summary, {
          readings: num(row.a),
          sum: num(row.b),
          min: row.c,
          max: row.d,
          judged: num(row.e),
          outside: num(row.f),
          growthInnerSeconds: num(row.g),
          first: row.h,
          last: row.i,
          lastInGrowthRange: num(row.j) === 1,
        });
        break;
      case 'gap':
        summary.gaps.push({ from: num(row.a), to: num(row.b) });
        break;
      case 'excursion': {
        const run = { from: num(row.a), to: row.b };
        if (num(row.c) === 0) summary.excursionLead = run;
        else if (run.to === null) summary.excursionTrail = run.from;
        else summary.excursionsInner.push(run as TClosedRun);
        break;
      }
      case 'faulty':
        summary.faultyRuns.push({ from: num(row.a), to: row.b, continues: num(row.c) === 0 } satisfies TFaultyRun);
        break;
      case 'faultyCount':
        summary.faulty = num(row.a);
        break;
    }
  }
  return result;
}

const nodeDayRow = rowShape({ k: column.as<string>(), eui: column.as<string>(), day: column.as<string>(), a: column.number, b: column.number });

/** Day summaries of nodes' messages (of any kind) in [from, to), per node and UTC day. */
export async function summarizeNodeDays(db: TDbOrTx, euis: readonly string[], from: number, to: number): Promise<Map<string, Map<string, TNodeDaySummary>>> {
  const result = new Map<string, Map<string, TNodeDaySummary>>();
  if (euis.length === 0 || to <= from) return result;
  const rows = await nodeDayRow.readInTurn(
    db,
    sql`WITH messages AS MATERIALIZED (
          SELECT device_eui AS eui, ts, day, lead(ts) OVER (PARTITION BY device_eui, day ORDER BY ts) AS next_ts FROM (
            SELECT device_eui, ts, to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM device_data
             WHERE device_eui = ANY(${pgTextArray(euis)}::text[]) AND ts >= ${new Date(from)} AND ts < ${new Date(to)}
          ) x
        )
        SELECT 'day' AS k, eui, day, ${epochMs('min(ts)')} AS a, ${epochMs('max(ts)')} AS b FROM messages GROUP BY eui, day
        UNION ALL
        SELECT 'gap', eui, day, ${epochMs('ts')}, ${epochMs('next_ts')} FROM messages WHERE next_ts - ts > ${gapInterval}::interval
        ORDER BY 1, 2, 3, 4`,
  );
  for (const row of rows) {
    let days = result.get(row.eui);
    if (!days) result.set(row.eui, (days = new Map()));
    let summary = days.get(row.day);
    if (!summary) days.set(row.day, (summary = { ...EMPTY_NODE_DAY, gaps: [] }));
    if (row.k === 'day') Object.assign(summary, { first: row.a, last: row.b });
    else summary.gaps.push({ from: row.a, to: row.b });
  }
  return result;
}

/** A summary without its empty fields (zero, null, false, []): most kept days hold little, and a year is read at once. */
export function compactSummary(summary: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(summary).filter(([, value]) => !(value === 0 || value === null || value === false || (Array.isArray(value) && value.length === 0))));
}

const keptRow = rowShape({
  device_eui: column.as<string>(),
  day: column.as<string>(),
  channel_id: column.as<string>(),
  limit_key: column.as<string>(),
  summary: column.json<TChannelDaySummary | TNodeDaySummary>(),
});

/** The kept summaries of the nodes (their channels under any limit, and the nodes) on the given days, by keptKey; read in pieces of `nodeDays`. */
async function readKept(db: TDbOrTx, euis: readonly string[], days: readonly string[], nodeDays: number): Promise<Map<string, TChannelDaySummary | TNodeDaySummary>> {
  const kept = new Map<string, TChannelDaySummary | TNodeDaySummary>();
  if (days.length === 0) return kept;
  for (const piece of readPieces(euis, dayStart(days[0]), dayStart(days[days.length - 1]) + DAY_MS, nodeDays)) {
    const rows = await keptRow.readInTurn(
      db,
      sql`SELECT device_eui, to_char(day, 'YYYY-MM-DD') AS day, channel_id, limit_key, summary FROM logbook_days
           WHERE device_eui = ANY(${pgTextArray(piece.euis)}::text[]) AND day >= ${utcDay(piece.from)}::date AND day <= ${utcDay(piece.to - 1)}::date`,
    );
    for (const row of rows) {
      kept.set(keptKey(row.device_eui, row.channel_id, row.limit_key, row.day), row.channel_id === NODE_CHANNEL ? { ...EMPTY_NODE_DAY, ...row.summary } : { ...EMPTY_CHANNEL_DAY, ...row.summary });
    }
  }
  return kept;
}

/** Which summaries of the nodes are kept on the given days (keptKey), without reading them; in pieces of `nodeDays`. */
async function keptKeys(db: TDbOrTx, euis: readonly string[], days: readonly string[], nodeDays: number): Promise<Set<string>> {
  const keys = new Set<string>();
  if (days.length === 0) return keys;
  for (const piece of readPieces(euis, dayStart(days[0]), dayStart(days[days.length - 1]) + DAY_MS, nodeDays)) {
    const rows = await rowsInTurn<{ device_eui: string; day: string; channel_id: string; limit_key: string }>(
      db,
      sql`SELECT device_eui, to_char(day, 'YYYY-MM-DD') AS day, channel_id, limit_key FROM logbook_days
           WHERE device_eui = ANY(${pgTextArray(piece.euis)}::text[]) AND day >= ${utcDay(piece.from)}::date AND day <= ${utcDay(piece.to - 1)}::date`,
    );
    for (const row of rows) keys.add(keptKey(row.device_eui, row.channel_id, row.limit_key, row.day));
  }
  return keys;
}

/** Every day of a period for channels and nodes: kept summaries where there are, the history elsewhere. */
export async function periodDays(
  db: TDbOrTx,
  channels: readonly TJudgedChannel[],
  euis: readonly string[],
  start: number,
  end: number,
  now = Date.now(),
  size: TReadSize = REPORT_READ_SIZE,
): Promise<{ channels: Map<string, TChannelDaySummary[]>; nodes: Map<string, TNodeDaySummary[]> }> {
  const plan = planDays(start, end, now);
  const keptOf = await readKept(db, euis, plan.keptDays, size.kept);
  const missingChannels = new Set<string>();
  const missingNodes = new Set<string>();
  let missingFrom = Infinity;
  let missingTo = -Infinity;
  for (const day of plan.keptDays) {
    for (const channel of channels) {
      if (!keptOf.has(keptKey(channel.eui, channel.channelId, limitKey(channel.limit), day))) {
        missingChannels.add(channelKey(channel.eui, channel.channelId));
        missingFrom = Math.min(missingFrom, dayStart(day));
        missingTo = Math.max(missingTo, dayStart(day) + DAY_MS);
      }
    }
    for (const eui of euis) {
      if (!keptOf.has(keptKey(eui, NODE_CHANNEL, '', day))) {
        missingNodes.add(eui);
        missingFrom = Math.min(missingFrom, dayStart(day));
        missingTo = Math.max(missingTo, dayStart(day) + DAY_MS);
      }
    }
  }
  // What is not kept is read from the history: the period's unkept ends and days nobody summarised yet.
  const rawChannel = new Map<string, Map<string, TChannelDaySummary>>();
  const rawNode = new Map<string, Map<string, TNodeDaySummary>>();
  const merge = <T>(into: Map<string, Map<string, T>>, from: Map<string, Map<string, T>>) => {
    for (const [key, days] of from) {
      const target = into.get(key) ?? new Map<string, T>();
      for (const [day, summary] of days) target.set(day, summary);
      into.set(key, target);
    }
  };
  // In pieces of whole UTC days and groups of nodes: a day's summary is the same whichever piece reads it.
  const summarize = async (ofChannels: readonly TJudgedChannel[], ofNodes: readonly string[], from: number, to: number) => {
    const nodes = [...new Set([...ofChannels.map((channel) => channel.eui), ...ofNodes])];
    for (const piece of readPieces(nodes, from, to, size.readings)) {
      const inPiece = new Set(piece.euis);
      merge(rawChannel, await summarizeChannelDays(db, ofChannels.filter((channel) => inPiece.has(channel.eui)), piece.from, piece.to));
      merge(rawNode, await summarizeNodeDays(db, ofNodes.filter((eui) => inPiece.has(eui)), piece.from, piece.to));
    }
  };
  for (const range of plan.rawRanges) await summarize(channels, euis, range.from, range.to);
  if (missingTo > missingFrom) {
    await summarize(channels.filter((channel) => missingChannels.has(channelKey(channel.eui, channel.channelId))), [...missingNodes], missingFrom, missingTo);
  }

  const rawDays = (from: number, to: number) => {
    const days: string[] = [];
    for (let day = Math.floor(from / DAY_MS) * DAY_MS; day < to; day += DAY_MS) days.push(utcDay(day));
    return days;
  };
  const allDays = [...new Set([...plan.rawRanges.flatMap((range) => rawDays(range.from, range.to)), ...plan.keptDays])].sort();
  const keptSet = new Set(plan.keptDays);
  const channelDays = new Map<string, TChannelDaySummary[]>();
  for (const channel of channels) {
    const key = channelKey(channel.eui, channel.channelId);
    const raw = rawChannel.get(key);
    const list: TChannelDaySummary[] = [];
    for (const day of allDays) {
      const summary = (keptSet.has(day) ? (keptOf.get(keptKey(channel.eui, channel.channelId, limitKey(channel.limit), day)) as TChannelDaySummary | undefined) : undefined) ?? raw?.get(day);
      if (summary) list.push(summary);
    }
    channelDays.set(key, list);
  }
  const nodeDays = new Map<string, TNodeDaySummary[]>();
  for (const eui of euis) {
    const raw = rawNode.get(eui);
    const list: TNodeDaySummary[] = [];
    for (const day of allDays) {
      const summary = (keptSet.has(day) ? keptOf.get(keptKey(eui, NODE_CHANNEL, '', day)) : undefined) ?? raw?.get(day);
      if (summary) list.push(summary);
    }
    nodeDays.set(eui, list);
  }
  return { channels: channelDays, nodes: nodeDays };
}

/**
 * Keeps the summaries of the period's ended days that are not kept yet (docs/logbook.md, "Speed").
 * Each chunk of days is read and written in one transaction holding the lock the late-reading
 * trigger shares. Returns the number of summaries written.
 */
export async function keepPeriodDays(db: TDb, channels: readonly TJudgedChannel[], euis: readonly string[], start: number, end: number, now = Date.now(), statementTimeoutMs?: number): Promise<number> {
  const { keptDays } = planDays(start, end, now);
  if (keptDays.length === 0 || (channels.length === 0 && euis.length === 0)) return 0;
  const have = await keptKeys(db, euis, keptDays, REPORT_READ_SIZE.keptKeys);
  const missingDays = keptDays.filter(
    (day) =>
      channels.some((channel) => !have.has(keptKey(channel.eui, channel.channelId, limitKey(channel.limit), day))) ||
      euis.some((eui) => !have.has(keptKey(eui, NODE_CHANNEL, '', day))),
  );
  const daysPerChunk = Math.max(1, Math.floor(CHANNEL_DAYS_PER_CHUNK / Math.max(1, channels.length)));
  let written = 0;
  for (let index = 0; index < missingDays.length; ) {
    // A chunk is a run of consecutive missing days.
    const chunk = [missingDays[index]];
    while (chunk.length < daysPerChunk && missingDays[index + chunk.length] && dayStart(missingDays[index + chunk.length]) === dayStart(chunk[chunk.length - 1]) + DAY_MS) {
      chunk.push(missingDays[index + chunk.length]);
    }
    index += chunk.length;
    const from = dayStart(chunk[0]);
    const to = dayStart(chunk[chunk.length - 1]) + DAY_MS;
    written += await db.transaction(async (tx) => {
      if (statementTimeoutMs) await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${statementTimeoutMs}`));
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.logbookDays})`);
      const channelSummaries = await summarizeChannelDays(tx, channels, from, to);
      const nodeSummaries = await summarizeNodeDays(tx, euis, from, to);
      const rows: { device_eui: string; day: string; channel_id: string; limit_key: string; summary: unknown }[] = [];
      for (const day of chunk) {
        for (const channel of channels) {
          const summary = channelSummaries.get(channelKey(channel.eui, channel.channelId))?.get(day) ?? EMPTY_CHANNEL_DAY;
          rows.push({ device_eui: channel.eui, day, channel_id: channel.channelId, limit_key: limitKey(channel.limit), summary: compactSummary(summary) });
        }
        for (const eui of euis) rows.push({ device_eui: eui, day, channel_id: NODE_CHANNEL, limit_key: '', summary: compactSummary(nodeSummaries.get(eui)?.get(day) ?? EMPTY_NODE_DAY) });
      }
      for (let offset = 0; offset < rows.length; offset += 5000) {
        await tx.execute(
          sql`INSERT INTO logbook_days (device_eui, day, channel_id, limit_key, summary)
              SELECT device_eui, day, channel_id, limit_key, summary FROM jsonb_to_recordset(${JSON.stringify(rows.slice(offset, offset + 5000))}::jsonb)
                AS x(device_eui text, day date, channel_id text, limit_key text, summary jsonb)
              ON CONFLICT (device_eui, day, channel_id, limit_key) DO UPDATE SET summary = excluded.summary, computed_at = now()`,
        );
      }
      return rows.length;
    });
  }
  return written;
}

/**
 * The UTC day of each node's first message, the earliest of them: where its kept days begin (an
 * index probe per node on `device_data (device_eui, ts)`, whatever the history's length).
 */
export async function firstHistoryDay(db: TDbOrTx, euis: readonly string[]): Promise<number | null> {
  if (euis.length === 0) return null;
  const [row] = await rowsInTurn<{ first: string | null }>(
    db,
    sql`SELECT to_char(min(first) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS first FROM (
          SELECT (SELECT d.ts FROM device_data d WHERE d.device_eui = e.eui ORDER BY d.ts LIMIT 1) AS first
            FROM unnest(${pgTextArray(euis)}::text[]) AS e(eui)
        ) x`,
  );
  return row?.first ? dayStart(row.first) : null;
}

/**
 * The ended days since `from` that lack a summary of one of the channels (under its current limit)
 * or nodes, oldest first: asked by key (a count per day of the kept keys that match, an index-only
 * scan), no summary is read. One statement over the location's kept rows of the range: about 40 ms
 * for a year of 50 nodes on PostgreSQL (docs/logbook.md, "Speed").
 */
export async function daysMissing(db: TDbOrTx, channels: readonly TJudgedChannel[], euis: readonly string[], from: number, now: number): Promise<string[]> {
  const { keptDays } = planDays(from, now, now);
  if (keptDays.length === 0 || euis.length === 0) return [];
  const keys = [
    ...channels.map((channel) => ({ device_eui: channel.eui, channel_id: channel.channelId, limit_key: limitKey(channel.limit) })),
    ...euis.map((eui) => ({ device_eui: eui, channel_id: NODE_CHANNEL, limit_key: '' })),
  ];
  const rows = await rowsInTurn<{ day: string; n: number | string }>(
    db,
    sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(*) AS n
          FROM logbook_days d
         WHERE d.device_eui = ANY(${pgTextArray(euis)}::text[]) AND d.day >= ${keptDays[0]}::date AND d.day <= ${keptDays[keptDays.length - 1]}::date
           AND (d.device_eui, d.channel_id, d.limit_key) IN (SELECT * FROM jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) AS k(device_eui text, channel_id text, limit_key text))
         GROUP BY d.day`,
  );
  const complete = new Set(rows.filter((row) => Number(row.n) >= keys.length).map((row) => row.day));
  return keptDays.filter((day) => !complete.has(day));
}

/**
 * Keeps the newest days of the nodes' whole history that lack a summary, at most about `budget`
 * summaries (channel-days and node-days), in keepPeriodDays' short transactions (docs/logbook.md,
 * "Speed": the background backfill). Returns the summaries written and whether days are still
 * missing; nothing remembers where it stopped: the next call asks again which days are missing.
 */
export async function keepMissingDays(
  db: TDb,
  channels: readonly TJudgedChannel[],
  euis: readonly string[],
  now: number,
  budget: number,
  statementTimeoutMs?: number,
): Promise<{ written: number; more: boolean }> {
  const first = await firstHistoryDay(db, euis);
  if (first === null) return { written: 0, more: false };
  const missing = await daysMissing(db, channels, euis, first, now);
  if (missing.length === 0) return { written: 0, more: false };
  const perDay = channels.length + euis.length;
  const take = missing.slice(-Math.max(1, Math.floor(budget / perDay)));
  // Every missing day between the first and the last taken is taken: keepPeriodDays keeps only those.
  const written = await keepPeriodDays(db, channels, euis, dayStart(take[0]), dayStart(take[take.length - 1]) + DAY_MS, now, statementTimeoutMs);
  return { written, more: take.length < missing.length };
}
