import { sql } from 'drizzle-orm';
import { FAULTY_READING_AT_OR_BELOW, GROWTH_RANGE_CELSIUS, LOGBOOK_DEFAULT_LOG_INTERVAL_MINUTES, LOGBOOK_GAP_HOURS, PROFILES, type TDeviceType, type TTemperatureLimit } from '@aquasmart/domain';
import { queryRows, type TDbOrTx } from '../../db/database';

/**
 * The logbook's reads (docs/logbook.md). The history is aggregated in SQL: a year of a location's
 * readings is millions of rows, so Node only ever sees per-channel figures, stretches (gaps,
 * excursions, alarms) and the events that are few by nature (flushes, calibrations, changes).
 */

export interface TPeriodBounds {
  start: Date;
  end: Date;
}

/** The instants a period of local dates covers in a time zone: from 00:00 of `from` to 00:00 after `to`. */
export async function periodBounds(db: TDbOrTx, from: string, to: string, timeZone: string): Promise<TPeriodBounds> {
  const [row] = await queryRows<{ start: Date | string; end: Date | string }>(
    db,
    sql`SELECT (${from}::date::timestamp AT TIME ZONE ${timeZone}) AS start, ((${to}::date + 1)::timestamp AT TIME ZONE ${timeZone}) AS "end"`,
  );
  return { start: new Date(row.start), end: new Date(row.end) };
}

export interface TLogbookChannelRow {
  eui: string;
  nodeName: string;
  type: TDeviceType;
  channelId: string;
  channelName: string;
  mode: string | null;
  calibratedAt: Date | null;
  calibrationInterval: number;
  minimumDeviation: number;
  logIntervalMinutes: number;
  supplyVoltageThreshold: number | null;
  /** A faucet (flush device) is fitted: the node can flush. */
  hasFaucet: boolean;
}

/** A PostgreSQL array literal of texts: one bind parameter however many values (drizzle spreads a JS array into a list). */
export function pgTextArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`).join(',')}}`;
}

const SYSTEM_REGISTERS = Object.values(PROFILES).map((profile) => ({ type: profile.type, register: profile.systemRegister }));

/** The temperature channels of the nodes at a location now, with what judging them needs. */
export async function listLocationChannels(db: TDbOrTx, locationId: number): Promise<TLogbookChannelRow[]> {
  const systemRegisters = JSON.stringify(SYSTEM_REGISTERS);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT d.eui, d.name AS node_name, d.type, c.channel_id, c.name AS channel_name, c.custom->>'mode' AS mode, c.calibrated_at,
          d.calibration_interval, d.flush_minimum_temperature_deviation AS minimum_deviation, d.flush_device_id IS NOT NULL AS has_faucet,
          (SELECT CASE WHEN jsonb_typeof(coalesce(p.reported, p.value)->'logInterval') = 'number' THEN (coalesce(p.reported, p.value)->>'logInterval')::float8 END
             FROM device_parameters p JOIN jsonb_to_recordset(${systemRegisters}::jsonb) AS s(type text, register int) ON s.type = d.type AND s.register = p.register
            WHERE p.device_eui = d.eui) AS log_interval,
          (SELECT CASE WHEN jsonb_typeof(coalesce(p.reported, p.value)->'supply-voltage-threshold') = 'number' THEN (coalesce(p.reported, p.value)->>'supply-voltage-threshold')::float8 END
             FROM device_parameters p WHERE p.device_eui = d.eui AND p.register = 1) AS supply_voltage_threshold
        FROM devices d JOIN device_channels c ON c.device_eui = d.eui AND c.type = 'Temperatuur'
       WHERE d.location_id = ${locationId}
       ORDER BY lower(d.name), d.eui, c.channel_id`,
  );
  return rows.map((row) => ({
    eui: String(row.eui),
    nodeName: String(row.node_name),
    type: row.type as TDeviceType,
    channelId: String(row.channel_id),
    channelName: String(row.channel_name),
    mode: (row.mode as string | null) ?? null,
    calibratedAt: row.calibrated_at ? new Date(row.calibrated_at as string) : null,
    calibrationInterval: Number(row.calibration_interval),
    minimumDeviation: Number(row.minimum_deviation),
    logIntervalMinutes: row.log_interval && Number(row.log_interval) > 0 ? Number(row.log_interval) : LOGBOOK_DEFAULT_LOG_INTERVAL_MINUTES,
    supplyVoltageThreshold: row.supply_voltage_threshold === null || row.supply_voltage_threshold === undefined ? null : Number(row.supply_voltage_threshold),
    hasFaucet: row.has_faucet === true,
  }));
}

/** What the temperature query judges each channel by (the domain's limit for its rulebook and mode). */
export interface TChannelJudging {
  eui: string;
  channelId: string;
  limit: TTemperatureLimit | null;
}

export interface TChannelFigures {
  eui: string;
  channelId: string;
  readings: number;
  faultyReadings: number;
  min: number | null;
  mean: number | null;
  max: number | null;
  judged: number;
  outside: number;
  growthRangeHours: number;
}

export interface TStretchRow {
  kind: 'gap' | 'excursion' | 'faulty';
  eui: string;
  channelId: string;
  from: Date;
  /** null: a faulty run still going at the period's end. */
  to: Date | null;
}

/** An instant as ISO text in UTC, so rows of several kinds share text columns. */
const isoText = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const TEMPERATURE_MESSAGE_IDS = [...new Set(Object.values(PROFILES).map((profile) => profile.messageIds.temperature))];
const gapInterval = `${LOGBOOK_GAP_HOURS} hours`;

/**
 * One pass over a location's temperature readings in the period: per channel the figures, and the
 * stretches the report lists (gaps longer than the gap bound between valid readings and at the
 * period's ends, the longest excursion outside the limit, runs of faulty readings). A reading
 * counts for the growth range until the next one, at most the gap bound.
 */
export async function temperatureFigures(db: TDbOrTx, judging: readonly TChannelJudging[], bounds: TPeriodBounds): Promise<{ figures: TChannelFigures[]; stretches: TStretchRow[] }> {
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
                 coalesce(sum(extract(epoch FROM least(coalesce(next_ts, ${bounds.end}::timestamptz), ts + ${gapInterval}::interval) - ts))
                          FILTER (WHERE t > ${GROWTH_RANGE_CELSIUS.above} AND t < ${GROWTH_RANGE_CELSIUS.below}), 0) / 3600 AS growth_hours
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
          -- A run is an ok reading and the readings outside the limit after it: its excursion is those outside.
          SELECT DISTINCT ON (eui, channel_id) eui, channel_id, ex_from, ex_to FROM (
            SELECT eui, channel_id, min(ts) AS ex_from, max(coalesce(next_ts, ${bounds.end}::timestamptz)) AS ex_to
              FROM valid WHERE NOT ok GROUP BY eui, channel_id, run
          ) x ORDER BY eui, channel_id, ex_to - ex_from DESC, ex_from
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

export interface TFlushRow {
  eui: string;
  channel: number;
  at: Date;
  /** Local date of the Monday of the flush's week in the location's time zone. */
  week: string;
  before: number;
  after: number;
}

/** The flushes of a location's nodes in the period (a few per node and day: these come to Node). */
export async function listFlushes(db: TDbOrTx, euis: readonly string[], bounds: TPeriodBounds, timeZone: string): Promise<TFlushRow[]> {
  if (euis.length === 0) return [];
  const flushIds = [...new Set(Object.values(PROFILES).flatMap((profile) => (profile.messageIds.flush === undefined ? [] : [profile.messageIds.flush])))];
  const rows = await queryRows<{ eui: string; channel: number | null; ts: Date | string; week: string; before: number; after: number }>(
    db,
    sql`SELECT device_eui AS eui, CASE WHEN jsonb_typeof(value->'channel') = 'number' THEN (value->>'channel')::int END AS channel, ts,
               to_char(date_trunc('week', ts AT TIME ZONE ${timeZone}), 'YYYY-MM-DD') AS week,
               (value->>'before')::float8 AS before, (value->>'after')::float8 AS after
          FROM device_data
         WHERE device_eui = ANY(${pgTextArray(euis)}::text[]) AND msg_id IN (${sql.raw(flushIds.join(', '))})
           AND ts >= ${bounds.start} AND ts < ${bounds.end}
           AND jsonb_typeof(value->'before') = 'number' AND jsonb_typeof(value->'after') = 'number'
         ORDER BY ts, device_eui`,
  );
  // The demo history's flushes carry no channel: they are channel 1's (docs/payload-format.md).
  return rows.map((row) => ({ eui: row.eui, channel: row.channel ?? 1, at: new Date(row.ts), week: row.week, before: Number(row.before), after: Number(row.after) }));
}

export interface TNodeStretch {
  kind: 'offline' | 'lowBattery' | 'waterDetection';
  eui: string;
  from: Date;
  /** null: still so at the period's end. */
  to: Date | null;
}

/**
 * Node-level alarm stretches in the period, from the history:
 * - offline: more than the gap bound without any message (also from the period's start, and until its end);
 * - low battery: from the first reading below the node's threshold until the next battery swap (the
 *   rule of the stored battery alarm, docs/telemetry.md), or open;
 * - water detection: from a detection message until the next message that says dry, or open.
 */
export async function nodeStretches(db: TDbOrTx, nodes: readonly { eui: string; threshold: number }[], bounds: TPeriodBounds): Promise<TNodeStretch[]> {
  if (nodes.length === 0) return [];
  const list = JSON.stringify(nodes);
  const euis = nodes.map((node) => node.eui);
  const batteryIds = [...new Set(Object.values(PROFILES).map((profile) => profile.messageIds.battery))];
  const overflowIds = [...new Set(Object.values(PROFILES).flatMap((profile) => (profile.messageIds.overflow === undefined ? [] : [profile.messageIds.overflow])))];
  const rows = await queryRows<{ kind: TNodeStretch['kind']; eui: string; from: Date | string; to: Date | string | null }>(
    db,
    sql`WITH node AS MATERIALIZED (SELECT * FROM jsonb_to_recordset(${list}::jsonb) AS x(eui text, threshold float8)),
        messages AS MATERIALIZED (
          SELECT device_eui AS eui, ts, lead(ts) OVER (PARTITION BY device_eui ORDER BY ts) AS next_ts, lag(ts) OVER (PARTITION BY device_eui ORDER BY ts) AS prev_ts
            FROM device_data WHERE device_eui = ANY(${pgTextArray(euis)}::text[]) AND ts >= ${bounds.start} AND ts < ${bounds.end}
        ),
        offline AS (
          SELECT eui, ts AS s_from, next_ts AS s_to FROM messages WHERE next_ts - ts > ${gapInterval}::interval
          UNION ALL SELECT eui, ${bounds.start}::timestamptz, ts FROM messages WHERE prev_ts IS NULL AND ts - ${bounds.start}::timestamptz > ${gapInterval}::interval
          UNION ALL SELECT eui, ts, NULL FROM messages WHERE next_ts IS NULL AND ${bounds.end}::timestamptz - ts > ${gapInterval}::interval
          UNION ALL SELECT n.eui, ${bounds.start}::timestamptz, NULL FROM node n WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.eui = n.eui)
        ),
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
        SELECT 'offline' AS kind, eui, s_from AS "from", s_to AS "to" FROM offline
        UNION ALL SELECT 'lowBattery', eui, s_from, s_to FROM battery
        UNION ALL SELECT 'waterDetection', eui, s_from, s_to FROM wet
        ORDER BY 3, 2`,
  );
  return rows.map((row) => ({ kind: row.kind, eui: row.eui, from: new Date(row.from), to: row.to === null ? null : new Date(row.to) }));
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

/** Calibrations done at the location in the period (the calibration log keeps where it happened). */
export async function listCalibrations(db: TDbOrTx, locationId: number, bounds: TPeriodBounds): Promise<TCalibrationRow[]> {
  const rows = await queryRows<{ ts: Date | string; device_eui: string; channel: string; calibrated: number; measured: number; offset: number; user_email: string | null }>(
    db,
    sql`SELECT ts, device_eui, channel, calibrated, measured, "offset", user_email FROM calibration_logs
         WHERE location_id = ${locationId} AND ts >= ${bounds.start} AND ts < ${bounds.end} ORDER BY ts, device_eui, channel`,
  );
  return rows.map((row) => ({
    at: new Date(row.ts),
    eui: row.device_eui,
    channelId: row.channel,
    reference: Number(row.calibrated),
    measured: Number(row.measured),
    offset: Number(row.offset),
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

/** The audit entries and the nodes' parameter reports in the period. */
export async function listChanges(db: TDbOrTx, euis: readonly string[], bounds: TPeriodBounds): Promise<TChangeRow[]> {
  if (euis.length === 0) return [];
  const reportIds = [...new Set(Object.values(PROFILES).map((profile) => profile.messageIds.parameters))];
  const rows = await queryRows<{ ts: Date | string; eui: string; user_email: string | null; value: Record<string, unknown>; source: 'audit' | 'report' }>(
    db,
    sql`SELECT ts, device_eui AS eui, user_email, value, 'audit' AS source FROM audit_logs
         WHERE device_eui = ANY(${pgTextArray(euis)}::text[]) AND ts >= ${bounds.start} AND ts < ${bounds.end}
        UNION ALL
        SELECT ts, device_eui, NULL, value, 'report' FROM device_data
         WHERE device_eui = ANY(${pgTextArray(euis)}::text[]) AND msg_id IN (${sql.raw(reportIds.join(', '))})
           AND ts >= ${bounds.start} AND ts < ${bounds.end}
        ORDER BY 1, 2`,
  );
  return rows.map((row) => ({ at: new Date(row.ts), eui: row.eui, user: row.user_email, value: row.value, source: row.source }));
}

/** The last calibration of each channel before the period's end: the calibration log, else the channel's own date. */
export async function lastCalibrations(db: TDbOrTx, euis: readonly string[], end: Date): Promise<Map<string, Date>> {
  if (euis.length === 0) return new Map();
  const rows = await queryRows<{ eui: string; channel_id: string; last: Date | string | null }>(
    db,
    sql`SELECT c.device_eui AS eui, c.channel_id,
               greatest((SELECT max(l.ts) FROM calibration_logs l WHERE l.device_eui = c.device_eui AND l.channel = c.channel_id AND l.ts < ${end}),
                        CASE WHEN c.calibrated_at < ${end} THEN c.calibrated_at END) AS last
          FROM device_channels c WHERE c.device_eui = ANY(${pgTextArray(euis)}::text[]) AND c.type = 'Temperatuur'`,
  );
  return new Map(rows.filter((row) => row.last !== null).map((row) => [`${row.eui}/${row.channel_id}`, new Date(row.last as string)]));
}
