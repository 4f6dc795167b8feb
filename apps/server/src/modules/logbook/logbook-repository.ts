import { sql } from 'drizzle-orm';
import { FAULTY_READING_AT_OR_BELOW, LOGBOOK_DEFAULT_LOG_INTERVAL_MINUTES, PROFILES, type TDeviceType, type TReading, type TReadingJudging } from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import { stitchChannelDays, stitchNodeDays, type TStitchedChannel } from './day-stitch';
import { DAY_MS, GAP_MS, REPORT_READ_SIZE, nodeGroups, periodDays, pgTextArray, timeSlices, type TReadSize } from './logbook-days';
import { ALARM_HANDLING_JOINS } from './alarm-handling-sql';

export { pgTextArray } from './logbook-days';

/**
 * The logbook's reads (docs/logbook.md). The history is aggregated in SQL: a year of a location's
 * readings is millions of rows, so Node only ever sees per-channel figures, stretches (gaps,
 * excursions, alarms) and the events that are few by nature (flushes, calibrations, changes).
 * Every statement takes its turn with requests (db/turns.ts), and the reads that grow with the
 * period and the nodes are made in pieces of `TReadSize` (logbook-days.ts): time slices where the
 * rows come back in time order, groups of nodes where a node's rows belong together.
 */

export interface TPeriodBounds {
  start: Date;
  end: Date;
}

const boundsRow = rowShape({ start: column.date, end: column.date });

/** The instants a period of local dates covers in a time zone: from 00:00 of `from` to 00:00 after `to`. */
export async function periodBounds(db: TDbOrTx, from: string, to: string, timeZone: string): Promise<TPeriodBounds> {
  const [row] = await boundsRow.readInTurn(
    db,
    sql`SELECT (${from}::date::timestamp AT TIME ZONE ${timeZone}) AS start, ((${to}::date + 1)::timestamp AT TIME ZONE ${timeZone}) AS "end"`,
  );
  return { start: row.start, end: row.end };
}

/** A node's time at the location within the period, and the log interval it kept in each part of it. */
export interface TPlacement {
  /** The node's first and last moment at the location within the period. */
  start: Date;
  end: Date;
  /** The log interval in force from `from` to `to` (minutes), in time order; together they cover the node's time there. */
  intervals: { from: Date; to: Date; minutes: number }[];
}

export interface TLogbookChannelRow {
  eui: string;
  nodeName: string;
  type: TDeviceType;
  channelId: string;
  channelName: string;
  mode: string | null;
  /** The channel's own role as it was (migration 0029); null: derived from the mode. */
  role: string | null;
  /** The channel's own calibration date as it was (the calibration log is read apart). */
  calibratedAt: Date | null;
  calibrationInterval: number;
  minimumDeviation: number;
  supplyVoltageThreshold: number | null;
  /** A faucet (flush device) is fitted: the node can flush. */
  hasFaucet: boolean;
  placement: TPlacement;
}

/** What device_versions keeps of a node (migration 0024_device_versions.sql). */
interface TDeviceVersionState {
  name: string;
  type: TDeviceType;
  calibrationInterval: number;
  minimumDeviation: number;
  hasFaucet: boolean;
  parameters: Record<string, unknown>;
  channels: { id: string; name: string; mode: string | null; role?: string | null; calibratedAt: string | null }[];
}

const versionRow = rowShape({
  eui: column.as<string>(),
  from: column.date,
  to: column.date,
  state: column.json<TDeviceVersionState>(),
});

const numberField = (register: unknown, field: string): number | null => {
  const value = register && typeof register === 'object' ? (register as Record<string, unknown>)[field] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/** The log interval a version's settings give (its system register's `logInterval`), else the logbook's default. */
function logIntervalOf(state: TDeviceVersionState): number {
  const register = PROFILES[state.type]?.systemRegister;
  const minutes = register === undefined ? null : numberField(state.parameters[String(register)], 'logInterval');
  return minutes !== null && minutes > 0 ? minutes : LOGBOOK_DEFAULT_LOG_INTERVAL_MINUTES;
}

/**
 * The temperature channels of the nodes that were at a location during the period, as they were
 * (device_versions): each node from the moment it was placed there until it left, within the
 * period; its names, modes, faucet, calibration interval and threshold as they were at the end of
 * that time; its log interval as it was in each part of it. What is changed, registered or moved
 * after the period does not change it. A node that left and came back within the period counts
 * from its first arrival to its last departure.
 */
export async function listPeriodChannels(db: TDbOrTx, locationId: number, bounds: TPeriodBounds): Promise<TLogbookChannelRow[]> {
  const rows = await versionRow.readInTurn(
    db,
    sql`WITH versions AS (
          SELECT v.device_eui, v.valid_from, v.location_id, v.state,
                 lead(v.valid_from) OVER (PARTITION BY v.device_eui ORDER BY v.valid_from) AS valid_to
            FROM device_versions v
           WHERE v.device_eui IN (SELECT DISTINCT device_eui FROM device_versions WHERE location_id = ${locationId})
        )
        SELECT device_eui AS eui, greatest(valid_from, ${bounds.start}::timestamptz) AS "from",
               least(coalesce(valid_to, 'infinity'::timestamptz), ${bounds.end}::timestamptz) AS "to", state
          FROM versions
         WHERE location_id = ${locationId} AND valid_from < ${bounds.end} AND coalesce(valid_to, 'infinity'::timestamptz) > ${bounds.start}
         ORDER BY device_eui, valid_from`,
  );
  const nodes = new Map<string, { placement: TPlacement; state: TDeviceVersionState }>();
  for (const row of rows) {
    if (row.to.getTime() <= row.from.getTime()) continue;
    const interval = { from: row.from, to: row.to, minutes: logIntervalOf(row.state) };
    const node = nodes.get(row.eui);
    if (node) {
      node.placement.end = row.to;
      node.placement.intervals.push(interval);
      node.state = row.state;
    } else nodes.set(row.eui, { placement: { start: row.from, end: row.to, intervals: [interval] }, state: row.state });
  }
  const ordered = [...nodes.entries()].sort(([euiA, a], [euiB, b]) => {
    const nameA = a.state.name.toLowerCase();
    const nameB = b.state.name.toLowerCase();
    return nameA < nameB ? -1 : nameA > nameB ? 1 : euiA < euiB ? -1 : euiA > euiB ? 1 : 0;
  });
  return ordered.flatMap(([eui, { placement, state }]) =>
    state.channels.map((channel) => ({
      eui,
      nodeName: state.name,
      type: state.type,
      channelId: channel.id,
      channelName: channel.name,
      mode: channel.mode,
      role: channel.role ?? null,
      calibratedAt: channel.calibratedAt ? new Date(channel.calibratedAt) : null,
      calibrationInterval: state.calibrationInterval,
      minimumDeviation: state.minimumDeviation,
      supplyVoltageThreshold: numberField(state.parameters['1'], 'supply-voltage-threshold'),
      hasFaucet: state.hasFaucet === true,
      placement,
    })),
  );
}

/** The readings a channel should have sent while it was there: each part of its time over the log interval of that part. */
export function expectedReadingsOf(placement: TPlacement): number {
  const minutes = placement.intervals.reduce((sum, part) => sum + (part.to.getTime() - part.from.getTime()) / 60_000 / part.minutes, 0);
  return Math.max(1, Math.round(minutes));
}

/** What the temperature query judges each channel by (the domain's readingJudging for its rulebook, role and mode). */
export interface TChannelJudging {
  eui: string;
  channelId: string;
  limit: TReadingJudging | null;
}

/** A channel's figures over the period (the stitched day summaries without their stretches). */
export type TChannelFigures = { eui: string; channelId: string } & Omit<TStitchedChannel, 'gaps' | 'excursion' | 'excursions' | 'faultyRuns'>;

export interface TStretchRow {
  kind: 'gap' | 'excursion' | 'faulty';
  eui: string;
  channelId: string;
  from: Date;
  /** null: a faulty run still going at the period's end. */
  to: Date | null;
}

/**
 * Per channel the figures, and the stretches the report lists (gaps longer than the gap bound between
 * valid readings and at the period's ends, the longest excursion outside the limit, runs of faulty
 * readings), and per node the offline stretches (no message for longer than the gap bound), from
 * the period's day summaries (logbook-days.ts, stitched by day-stitch.ts). A reading counts for the
 * growth range until the next one, at most the gap bound.
 */
export async function historyFigures(
  db: TDbOrTx,
  judging: readonly TChannelJudging[],
  bounds: TPeriodBounds,
  size: TReadSize = REPORT_READ_SIZE,
  warm?: { channels: ReadonlySet<string>; celsius: number },
): Promise<{ figures: TChannelFigures[]; stretches: TStretchRow[]; offline: TNodeStretch[]; warmDays: number[] }> {
  const euis = [...new Set(judging.map((channel) => channel.eui))];
  const start = bounds.start.getTime();
  const end = bounds.end.getTime();
  const days = await periodDays(db, judging, euis, start, end, Date.now(), size);
  const figures: TChannelFigures[] = [];
  const stretches: TStretchRow[] = [];
  // The UTC days on which a watched channel (a hot outlet) reached `warm.celsius`: where a thermal disinfection may be.
  const warmDays = new Set<number>();
  for (const channel of judging) {
    const summaries = days.channels.get(`${channel.eui}/${channel.channelId}`) ?? [];
    if (warm?.channels.has(`${channel.eui}/${channel.channelId}`)) {
      for (const day of summaries) if (day.max !== null && day.max >= warm.celsius && day.first !== null) warmDays.add(Math.floor(day.first / DAY_MS) * DAY_MS);
    }
    const stitched = stitchChannelDays(summaries, start, end, GAP_MS);
    const { eui, channelId } = channel;
    figures.push({
      eui,
      channelId,
      readings: stitched.readings,
      faultyReadings: stitched.faultyReadings,
      min: stitched.min,
      mean: stitched.mean,
      max: stitched.max,
      judged: stitched.judged,
      outside: stitched.outside,
      growthRangeHours: stitched.growthRangeHours,
    });
    for (const gap of stitched.gaps) stretches.push({ kind: 'gap', eui, channelId, from: new Date(gap.from), to: new Date(gap.to) });
    for (const run of stitched.excursions) stretches.push({ kind: 'excursion', eui, channelId, from: new Date(run.from), to: new Date(run.to) });
    for (const run of stitched.faultyRuns) stretches.push({ kind: 'faulty', eui, channelId, from: new Date(run.from), to: run.to === null ? null : new Date(run.to) });
  }
  stretches.sort((a, b) => a.from.getTime() - b.from.getTime());
  const offline = euis.flatMap((eui) =>
    stitchNodeDays(days.nodes.get(eui) ?? [], start, end, GAP_MS).map((run): TNodeStretch => ({ kind: 'offline', eui, from: new Date(run.from), to: run.to === null ? null : new Date(run.to) })),
  );
  return { figures, stretches, offline, warmDays: [...warmDays].sort((a, b) => a - b) };
}

const readingRow = rowShape({ eui: column.as<string>(), channel_id: column.as<string>(), at: column.number, t: column.number });

/**
 * The valid readings of a few channels in a few short ranges (the days a thermal disinfection may
 * be on: a handful of node-days), per channel key in time order.
 */
export async function readingsIn(db: TDbOrTx, channels: readonly { eui: string; channelId: string }[], ranges: readonly { from: number; to: number }[]): Promise<Map<string, TReading[]>> {
  const result = new Map<string, TReading[]>();
  if (channels.length === 0) return result;
  const euis = [...new Set(channels.map((channel) => channel.eui))];
  const list = JSON.stringify(channels.map((channel) => ({ eui: channel.eui, channel_id: channel.channelId })));
  const temperatureIds = [...new Set(Object.values(PROFILES).map((profile) => profile.messageIds.temperature))];
  for (const range of ranges) {
    const rows = await readingRow.readInTurn(
      db,
      sql`WITH channel AS MATERIALIZED (SELECT * FROM jsonb_to_recordset(${list}::jsonb) AS x(eui text, channel_id text))
          SELECT ch.eui, ch.channel_id, (extract(epoch FROM d.ts) * 1000)::float8 AS at, (d.value->>ch.channel_id)::float8 AS t
            FROM device_data d JOIN channel ch ON ch.eui = d.device_eui
           WHERE d.device_eui = ANY(${pgTextArray(euis)}::text[]) AND d.ts >= ${new Date(range.from)} AND d.ts < ${new Date(range.to)}
             AND d.msg_id IN (${sql.raw(temperatureIds.join(', '))}) AND jsonb_typeof(d.value->ch.channel_id) = 'number'
             AND (d.value->>ch.channel_id)::float8 > ${FAULTY_READING_AT_OR_BELOW}
           ORDER BY d.ts, ch.eui, ch.channel_id`,
    );
    for (const row of rows) {
      const key = `${row.eui}/${row.channel_id}`;
      const readings = result.get(key) ?? [];
      readings.push({ at: row.at, celsius: row.t });
      result.set(key, readings);
    }
  }
  return result;
}

export interface TFlushRow {
  eui: string;
  channel: number;
  at: Date;
  /** Local date of the Monday of the flush's week in the location's time zone. */
  week: string;
  before: number;
  after: number;
}

const flushRow = rowShape({
  eui: column.as<string>(),
  channel: column.as<number | null>(),
  ts: column.date,
  week: column.as<string>(),
  before: column.number,
  after: column.number,
});

/** The flushes of a location's nodes in the period (a few per node and day: these come to Node), in time slices of `size.sparse`. */
export async function listFlushes(db: TDbOrTx, euis: readonly string[], bounds: TPeriodBounds, timeZone: string, size: TReadSize = REPORT_READ_SIZE): Promise<TFlushRow[]> {
  if (euis.length === 0) return [];
  const flushIds = [...new Set(Object.values(PROFILES).flatMap((profile) => (profile.messageIds.flush === undefined ? [] : [profile.messageIds.flush])))];
  const flushes: TFlushRow[] = [];
  // Slices in time order of rows in time order: the whole period's order.
  for (const slice of timeSlices(euis.length, bounds.start.getTime(), bounds.end.getTime(), size.sparse)) {
    const rows = await flushRow.readInTurn(
      db,
      sql`SELECT device_eui AS eui, CASE WHEN jsonb_typeof(value->'channel') = 'number' THEN (value->>'channel')::int END AS channel, ts,
                 to_char(date_trunc('week', ts AT TIME ZONE ${timeZone}), 'YYYY-MM-DD') AS week,
                 (value->>'before')::float8 AS before, (value->>'after')::float8 AS after
            FROM device_data
           WHERE device_eui = ANY(${pgTextArray(euis)}::text[]) AND msg_id IN (${sql.raw(flushIds.join(', '))})
             AND ts >= ${new Date(slice.from)} AND ts < ${new Date(slice.to)}
             AND jsonb_typeof(value->'before') = 'number' AND jsonb_typeof(value->'after') = 'number'
           ORDER BY ts, device_eui`,
    );
    // The demo history's flushes carry no channel: they are channel 1's (docs/payload-format.md).
    for (const row of rows) flushes.push({ eui: row.eui, channel: row.channel ?? 1, at: row.ts, week: row.week, before: row.before, after: row.after });
  }
  return flushes;
}

export interface TNodeStretch {
  kind: 'offline' | 'lowBattery' | 'waterDetection';
  eui: string;
  from: Date;
  /** null: still so at the period's end. */
  to: Date | null;
}

/**
 * Node-level alarm stretches in the period from the history's few non-temperature messages (offline
 * comes with historyFigures):
 * - low battery: from the first reading below the node's threshold until the next battery swap (the
 *   rule of the stored battery alarm, docs/telemetry.md), or open;
 * - water detection: from a detection message until the next message that says dry, or open.
 * Both follow a node over the whole period, so they are read in groups of nodes (`size.sparse`
 * node-days each), in order of start and node.
 */
export async function nodeStretches(db: TDbOrTx, nodes: readonly { eui: string; threshold: number }[], bounds: TPeriodBounds, size: TReadSize = REPORT_READ_SIZE): Promise<TNodeStretch[]> {
  const spanDays = Math.max(1, (bounds.end.getTime() - bounds.start.getTime()) / DAY_MS);
  const stretches: TNodeStretch[] = [];
  for (const group of nodeGroups(nodes, size.sparse / spanDays)) stretches.push(...(await groupStretches(db, group, bounds)));
  // A node's stretches come from one group, in the statement's order; across groups by start, then node.
  return stretches.sort((a, b) => a.from.getTime() - b.from.getTime() || (a.eui < b.eui ? -1 : a.eui > b.eui ? 1 : 0));
}

const nodeStretchRow = rowShape({ kind: column.as<TNodeStretch['kind']>(), eui: column.as<string>(), from: column.date, to: column.nullable(column.date) });

async function groupStretches(db: TDbOrTx, nodes: readonly { eui: string; threshold: number }[], bounds: TPeriodBounds): Promise<TNodeStretch[]> {
  const list = JSON.stringify(nodes);
  const euis = nodes.map((node) => node.eui);
  const batteryIds = [...new Set(Object.values(PROFILES).map((profile) => profile.messageIds.battery))];
  const overflowIds = [...new Set(Object.values(PROFILES).flatMap((profile) => (profile.messageIds.overflow === undefined ? [] : [profile.messageIds.overflow])))];
  const rows = await nodeStretchRow.readInTurn(
    db,
    sql`WITH node AS MATERIALIZED (SELECT * FROM jsonb_to_recordset(${list}::jsonb) AS x(eui text, threshold float8)),
        low AS (
          SELECT d.device_eui AS eui, d.ts,
                 (SELECT min(a.ts) FROM audit_logs a WHERE a.device_eui = d.device_eui AND a.value->>'action' = 'batterySwap' AND a.ts > d.ts) AS swap_ts
            FROM device_data d JOIN node n ON n.eui = d.device_eui
           WHERE d.device_eui = ANY(${pgTextArray(euis)}::text[]) AND d.msg_id IN (${sql.raw(batteryIds.join(', '))})
             AND d.ts >= ${bounds.start} AND d.ts < ${bounds.end}
             AND jsonb_typeof(d.value->'voltage') = 'number' AND (d.value->>'voltage')::float8 < n.threshold
        ),
        battery AS (SELECT eui, min(ts) AS s_from, swap_ts AS s_to FROM low GROUP BY eui, swap_ts),
        overflow AS (
          SELECT device_eui AS eui, ts, (value->>'detected')::boolean AS wet,
                 count(*) FILTER (WHERE NOT (value->>'detected')::boolean) OVER (PARTITION BY device_eui ORDER BY ts) AS run,
                 lead(ts) OVER (PARTITION BY device_eui ORDER BY ts) AS next_ts
            FROM device_data WHERE device_eui = ANY(${pgTextArray(euis)}::text[]) AND msg_id IN (${sql.raw(overflowIds.join(', '))})
             AND ts >= ${bounds.start} AND ts < ${bounds.end} AND jsonb_typeof(value->'detected') = 'boolean'
        ),
        -- A wet run ends at the message after its last wet one, which says dry (none: still wet).
        wet AS (SELECT eui, min(ts) AS s_from, (array_agg(next_ts ORDER BY ts DESC))[1] AS s_to FROM overflow WHERE wet GROUP BY eui, run)
        SELECT 'lowBattery' AS kind, eui, s_from AS "from", s_to AS "to" FROM battery
        UNION ALL SELECT 'waterDetection', eui, s_from, s_to FROM wet
        ORDER BY 3, 2`,
  );
  return rows.map((row) => ({ kind: row.kind, eui: row.eui, from: row.from, to: row.to }));
}

export interface TCalibrationRow {
  at: Date;
  eui: string;
  channelId: string;
  reference: number;
  measured: number;
  offset: number;
  user: string | null;
}

const calibrationRow = rowShape({
  ts: column.date,
  device_eui: column.as<string>(),
  channel: column.as<string>(),
  calibrated: column.number,
  measured: column.number,
  offset: column.number,
  user_email: column.as<string | null>(),
});

/** Calibrations done at the location in the period (the calibration log keeps where it happened). */
export async function listCalibrations(db: TDbOrTx, locationId: number, bounds: TPeriodBounds): Promise<TCalibrationRow[]> {
  const rows = await calibrationRow.readInTurn(
    db,
    sql`SELECT ts, device_eui, channel, calibrated, measured, "offset", user_email FROM calibration_logs
         WHERE location_id = ${locationId} AND ts >= ${bounds.start} AND ts < ${bounds.end} ORDER BY ts, device_eui, channel`,
  );
  return rows.map((row) => ({
    at: row.ts,
    eui: row.device_eui,
    channelId: row.channel,
    reference: row.calibrated,
    measured: row.measured,
    offset: row.offset,
    user: row.user_email,
  }));
}

export interface TChangeRow {
  at: Date;
  eui: string;
  user: string | null;
  value: Record<string, unknown>;
  /** 'audit' for what people did; 'report' for a parameter report of the node (settings confirmed). */
  source: 'audit' | 'report';
}

const changeRow = rowShape({
  ts: column.date,
  eui: column.as<string>(),
  user_email: column.as<string | null>(),
  value: column.json<Record<string, unknown>>(),
  source: column.as<'audit' | 'report'>(),
});

/** The audit entries and the nodes' parameter reports in the period, in time slices of `size.sparse`. */
export async function listChanges(db: TDbOrTx, euis: readonly string[], bounds: TPeriodBounds, size: TReadSize = REPORT_READ_SIZE): Promise<TChangeRow[]> {
  if (euis.length === 0) return [];
  const reportIds = [...new Set(Object.values(PROFILES).map((profile) => profile.messageIds.parameters))];
  const changes: TChangeRow[] = [];
  for (const slice of timeSlices(euis.length, bounds.start.getTime(), bounds.end.getTime(), size.sparse)) {
    const from = new Date(slice.from);
    const to = new Date(slice.to);
    const rows = await changeRow.readInTurn(
      db,
      sql`SELECT ts, device_eui AS eui, user_email, value, 'audit' AS source FROM audit_logs
           WHERE device_eui = ANY(${pgTextArray(euis)}::text[]) AND ts >= ${from} AND ts < ${to}
          UNION ALL
          SELECT ts, device_eui, NULL, value, 'report' FROM device_data
           WHERE device_eui = ANY(${pgTextArray(euis)}::text[]) AND msg_id IN (${sql.raw(reportIds.join(', '))})
             AND ts >= ${from} AND ts < ${to}
          ORDER BY 1, 2`,
    );
    for (const row of rows) changes.push({ at: row.ts, eui: row.eui, user: row.user_email, value: row.value, source: row.source });
  }
  return changes;
}

const lastCalibrationRow = rowShape({ eui: column.as<string>(), channel: column.as<string>(), last: column.date });

/**
 * The last calibration of each channel before the period's end: the calibration log, else the
 * channel's own date as it was (`calibratedAt` of listPeriodChannels; a later calibration overwrites
 * the channel's date, never the log).
 */
export async function lastCalibrations(db: TDbOrTx, channels: readonly { eui: string; channelId: string; calibratedAt: Date | null }[], end: Date): Promise<Map<string, Date>> {
  if (channels.length === 0) return new Map();
  const euis = [...new Set(channels.map((channel) => channel.eui))];
  const rows = await lastCalibrationRow.readInTurn(
    db,
    sql`SELECT device_eui AS eui, channel, max(ts) AS last FROM calibration_logs
         WHERE device_eui = ANY(${pgTextArray(euis)}::text[]) AND ts < ${end} GROUP BY device_eui, channel`,
  );
  const logged = new Map(rows.map((row) => [`${row.eui}/${row.channel}`, row.last]));
  const last = new Map<string, Date>();
  for (const channel of channels) {
    const key = `${channel.eui}/${channel.channelId}`;
    const own = channel.calibratedAt && channel.calibratedAt < end ? channel.calibratedAt : null;
    const fromLog = logged.get(key) ?? null;
    const latest = own && fromLog ? (own > fromLog ? own : fromLog) : (own ?? fromLog);
    if (latest) last.set(key, latest);
  }
  return last;
}

export interface TAlarmRecordRow {
  id: number;
  kind: string;
  eui: string;
  /** null for kinds without a channel. */
  channelId: string | null;
  openedAt: Date;
  closedAt: Date | null;
  acknowledgedBy: string | null;
  acknowledgedAt: Date | null;
  resolvedBy: string | null;
  resolvedAt: Date | null;
  resolution: string | null;
}

const alarmRecordRow = rowShape({
  id: column.number,
  kind: column.as<string>(),
  eui: column.as<string>(),
  channel_id: column.as<string>(),
  opened_at: column.date,
  closed_at: column.nullable(column.date),
  acknowledged_by: column.as<string | null>(),
  acknowledged_at: column.nullable(column.date),
  resolved_by: column.as<string | null>(),
  resolved_at: column.nullable(column.date),
  resolution: column.as<string | null>(),
});

/**
 * The nodes' alarm records (docs/alarms.md) that overlap the period, with who acknowledged and who
 * resolved them and the corrective action (from the timeline, which keeps the e-mail address even
 * when the user is gone): the report's alarms show how each deviation was dealt with.
 */
export async function listAlarmRecords(db: TDbOrTx, euis: readonly string[], bounds: TPeriodBounds): Promise<TAlarmRecordRow[]> {
  if (euis.length === 0) return [];
  const rows = await alarmRecordRow.readInTurn(
    db,
    sql`SELECT a.id, a.kind, a.device_eui AS eui, a.channel_id, a.opened_at, a.closed_at, a.resolution,
               ack.user_email AS acknowledged_by, ack.at AS acknowledged_at, res.user_email AS resolved_by, res.at AS resolved_at
          FROM alarms a ${ALARM_HANDLING_JOINS}
         WHERE a.device_eui = ANY(${pgTextArray(euis)}::text[]) AND a.opened_at < ${bounds.end} AND (a.closed_at IS NULL OR a.closed_at >= ${bounds.start})
         ORDER BY a.opened_at, a.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    eui: row.eui,
    channelId: row.channel_id === '' ? null : row.channel_id,
    openedAt: row.opened_at,
    closedAt: row.closed_at,
    acknowledgedBy: row.acknowledged_by,
    acknowledgedAt: row.acknowledged_at,
    resolvedBy: row.resolved_by,
    resolvedAt: row.resolved_at,
    resolution: row.resolution,
  }));
}

const placeVersionRow = rowShape({ kind: column.as<'c' | 'l'>(), place_id: column.number, state: column.json<Record<string, unknown>>() });

/**
 * A customer's and its locations' data as it was at `at` (place_versions, migration 0028): name,
 * address, country, rulebook, healthcare premises and time zone. A place without a version before
 * `at` (made later) keeps what it has now.
 */
export async function placesAsOf(db: TDbOrTx, customerId: number, locationIds: readonly number[], at: Date): Promise<{ customer: Record<string, unknown> | null; locations: Map<number, Record<string, unknown>> }> {
  const rows = await placeVersionRow.readInTurn(
    db,
    sql`SELECT DISTINCT ON (kind, place_id) kind, place_id, state FROM place_versions
         WHERE ((kind = 'c' AND place_id = ${customerId}) OR (kind = 'l' AND place_id = ANY(${`{${locationIds.join(',')}}`}::int[])))
           AND valid_from < ${at}
         ORDER BY kind, place_id, valid_from DESC`,
  );
  return {
    customer: rows.find((row) => row.kind === 'c')?.state ?? null,
    locations: new Map(rows.filter((row) => row.kind === 'l').map((row) => [row.place_id, row.state])),
  };
}
