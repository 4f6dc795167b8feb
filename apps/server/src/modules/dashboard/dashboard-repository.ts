import { sql, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_BUCKETS,
  DASHBOARD_LIST_ALARM_KIND,
  type TAlarmKind,
  type TAlarmState,
  type TDashboard,
  type TDashboardListName,
  type TDashboardListRow,
  type TDashboardListSortField,
  type TFlushAmount,
} from '@aquasmart/domain';
import { queryRows, type TDb, type TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import { containsText } from '../../lib/query';
import { CALIBRATION_INTERVALS_COUNTED, listSource, SUMMARY_LISTS, type TListSource } from './dashboard-lists';
import { bucketNames, countColumns, epochBuckets, timeBuckets } from './dashboard-sql';
import { ensureFreshSnapshot, readSnapshot, type TCustomerCounts } from './dashboard-snapshot';

/**
 * The dashboard's counts and lists in SQL (docs/dashboard.md): the counts from the per-customer
 * summary (dashboard-snapshot.ts) plus the live water detections; the lists page, sort and search
 * in SQL, set-based, never node by node.
 *
 * Scope: `customerIds` null means all customers; the nodes are the assigned ones (customer and
 * location set), as in the node list. An active overflow detection belongs to its node where the
 * node is now, as in GET /overflowLogs (and the menu badge).
 */
export interface TDashboardScope {
  /** null: every customer (administrators, users without a customer list). */
  customerIds: number[] | null;
  /** Administrators also see detections of nodes without a customer (GET /overflowLogs does). */
  unassignedOverflows: boolean;
}

/** An ISO 8601 text in UTC with milliseconds. */
export function isoText(value: SQL): SQL {
  return sql`to_char((${value}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The assigned nodes of the scope, on devices alias `d`. */
export function nodeScope(scope: TDashboardScope): SQL {
  const customers = scope.customerIds === null ? sql`true` : scope.customerIds.length ? sql`d.customer_id IN (${sql.join(scope.customerIds.map((id) => sql`${id}`), sql`, `)})` : sql`false`;
  return sql`(d.customer_id IS NOT NULL AND d.location_id IS NOT NULL AND ${customers})`;
}

/**
 * The overflow logs of the scope, on overflow_logs alias `o`, as GET /overflowLogs: everything for
 * administrators; otherwise the logs of nodes that belong to the scope now, active detections
 * wherever they were written, ended ones only when written for the node's current customer.
 */
export function overflowScope(scope: TDashboardScope): SQL {
  if (scope.customerIds === null && scope.unassignedOverflows) return sql`true`;
  if (scope.customerIds !== null && !scope.customerIds.length) return sql`false`;
  const customers = scope.customerIds === null ? sql`true` : sql`n.customer_id IN (${sql.join(scope.customerIds.map((id) => sql`${id}`), sql`, `)})`;
  return sql`EXISTS (SELECT 1 FROM devices n WHERE n.eui = o.device_eui AND n.customer_id IS NOT NULL AND ${customers} AND (o.state = 'Started' OR o.customer_id = n.customer_id))`;
}

type TTriple = [number, number, number];
const named = <K extends readonly [string, string, string]>(keys: K, values: TTriple) =>
  Object.fromEntries(keys.map((key, index) => [key, values[index]])) as Record<K[number], number>;
const add = (a: TTriple, b: TTriple): TTriple => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const sumOf = (rows: TCustomerCounts[], pick: (row: TCustomerCounts) => TTriple): TTriple => rows.reduce((total, row) => add(total, pick(row)), [0, 0, 0] as TTriple);

/**
 * GET /dashboard for the scope (docs/dashboard.md, "What each count counts"): the counts from the per-customer summary
 * (dashboard-snapshot.ts, at most a minute old), the water detections and battery alarms counted live. Calibration
 * counts only when `withCalibration`.
 */
export async function readDashboard(
  db: TDb,
  scope: TDashboardScope,
  now: number,
  withCalibration: boolean,
  onBackgroundError: (error: unknown) => void = () => undefined,
): Promise<TDashboard> {
  const summary = await readSnapshot(db, scope.customerIds, onBackgroundError);
  const [live] = await rowShape(countColumns(bucketNames('o'))).read(db, sql`SELECT ${timeBuckets(sql`v.at`, 'day', now, sql`true`, 'o')} FROM (${overflowDevices(scope)}) v`);
  // Battery alarms live as well (partial index devices_battery_alarm_idx): a swap takes the node out of the count at once.
  const [batteries] = await rowShape(countColumns(bucketNames('b'))).read(
    db,
    sql`SELECT ${epochBuckets(sql`d.battery_alarm_ts`, 1000, 'month', now, 'b')} FROM devices d WHERE d.battery_alarm_ts > 0 AND ${nodeScope(scope)}`,
  );
  const liveTriple = (prefix: string, row = live): TTriple => [0, 1, 2].map((index) => row?.[`${prefix}${index}`] ?? 0) as TTriple;
  const nodeCount = summary.reduce((total, row) => total + row.nodes, 0);
  const flushers = summary.reduce((total, row) => total + row.flushers, 0);
  return {
    calibration: withCalibration
      ? CALIBRATION_INTERVALS_COUNTED.map((interval) => {
          const [uncalibrated, outOfDate, calibrated] = sumOf(summary, (row) => row.calibration[String(interval)] ?? [0, 0, 0]);
          return { interval, uncalibrated, outOfDate, calibrated };
        })
      : [],
    sensors: named(DASHBOARD_BUCKETS.month.keys, sumOf(summary, (row) => row.sensors)),
    sensorErrors: named(DASHBOARD_BUCKETS.month.keys, sumOf(summary, (row) => row.faulty)),
    batteryAlarm: named(DASHBOARD_BUCKETS.month.keys, liveTriple('b', batteries)),
    locations: named(DASHBOARD_BUCKETS.twoDays.keys, sumOf(summary, (row) => row.locations)),
    sync: named(DASHBOARD_BUCKETS.fiveDays.keys, sumOf(summary, (row) => row.sync)),
    flushAlarm: named(DASHBOARD_BUCKETS.fiveDays.keys, sumOf(summary, (row) => row.flushAlarm)),
    overflowAlarm: named(DASHBOARD_BUCKETS.day.keys, liveTriple('o')),
    type: { logger: nodeCount - flushers, flush: flushers },
    flushesPerWeek: named(['once', 'twoToSeven', 'moreThanSeven'] as const, sumOf(summary, (row) => row.perWeek)),
    incorrectSettings: { incorrect: summary.reduce((total, row) => total + row.incorrect, 0) },
    kwWwMeng: named(['kw', 'ww', 'drain'] as const, sumOf(summary, (row) => row.modes)),
  };
}

/** Devices with an active overflow detection (state Started): eui and the newest detection's time (`at`). */
export function overflowDevices(scope: TDashboardScope): SQL {
  return sql`SELECT o.device_eui AS eui, max(o.ts) AS at FROM overflow_logs o WHERE o.state = 'Started' AND ${overflowScope(scope)} GROUP BY o.device_eui`;
}

export interface TListQuery {
  page: number;
  limit: number;
  sort: { field: TDashboardListSortField; direction: 'asc' | 'desc' };
  search?: string;
  /** Weekly flushes: the minimum number of flushes. */
  min?: number;
}

const TEMPERATURE_CHANNELS = sql`(SELECT coalesce(jsonb_agg(jsonb_build_object('id', c.channel_id, 'name', c.name, 'value', c.value,
    'ts', extract(epoch FROM c.ts)::float8, 'custom', jsonb_strip_nulls(jsonb_build_object('mode', c.custom -> 'mode'))) ORDER BY c.channel_id), '[]'::jsonb)
  FROM device_channels c WHERE c.device_eui = p.eui AND c.type = 'Temperatuur')`;
const PARAMETERS = sql`(SELECT coalesce(jsonb_agg(jsonb_build_object('register', q.register, 'value', q.value) ORDER BY q.register), '[]'::jsonb)
  FROM device_parameters q WHERE q.device_eui = p.eui)`;

/** A list row: times come as ISO text from SQL (isoText), counts and small ints as the driver answers them. */
const listRow = rowShape({
  log_id: column.as<string | null>(),
  eui: column.as<string>(),
  name: column.as<string>(),
  type: column.as<string>(),
  customer: column.as<string | null>(),
  location: column.as<string | null>(),
  date: column.as<string | null>(),
  n: column.nullable(column.number),
  calibration_interval: column.number,
  calibration_ts: column.as<string | null>(),
  voltage: column.as<number | null>(),
  lora_ts: column.as<string | null>(),
  rssi: column.as<number | null>(),
  signal: column.number,
  sync: column.number,
  channels: column.json<TDashboardListRow['channels']>(),
  parameters: column.json<TDashboardListRow['sipp']['parameters']>(),
  alarm: column.nullable(column.json<{ id: number; state: TAlarmState }>()),
});

/**
 * The node's alarm of the list's kind (docs/alarms.md): the active one, else the latest; only one
 * opened under the node's present customer (an alarm of an earlier owner is not this user's).
 */
function listAlarm(kind: TAlarmKind | undefined): SQL {
  if (!kind) return sql`NULL::jsonb`;
  return sql`(SELECT jsonb_build_object('id', a.id, 'state', a.state) FROM alarms a
    WHERE a.device_eui = p.eui AND a.kind = ${kind} AND a.customer_id = p.customer_id
    ORDER BY (a.closed_at IS NOT NULL), a.opened_at DESC, a.id DESC LIMIT 1)`;
}

/** One page of a dashboard list and the number of its rows. */
export async function readListPage(
  db: TDb,
  name: TDashboardListName,
  scope: TDashboardScope,
  now: number,
  query: TListQuery,
  onBackgroundError: (error: unknown) => void = () => undefined,
): Promise<{ rows: TDashboardListRow[]; total: number }> {
  if (SUMMARY_LISTS.includes(name)) await ensureFreshSnapshot(db, onBackgroundError);
  const source: TListSource = listSource(name, { nodes: nodeScope(scope), overflow: overflowScope(scope), now, min: query.min ?? 1 });
  const search = query.search?.trim();
  const searchWhere = search
    ? sql`(${sql.join([sql`d.name`, sql`d.eui`, sql`cu.name`, sql`lo.name`].map((column) => containsText(column, search)), sql` OR `)})`
    : sql`true`;
  const from = sql`${source.from} LEFT JOIN customers cu ON cu.id = ${source.customerColumn} LEFT JOIN locations lo ON lo.id = ${source.locationColumn}`;
  const where = sql`${source.where} AND ${searchWhere}`;
  const direction = sql.raw(query.sort.direction === 'desc' ? 'DESC' : 'ASC');
  const sortExpression = sortColumn(query.sort.field, source);
  const tieBreak = source.logId ? sql`, ${source.logId} ${direction}` : sql``;
  const order =
    query.sort.field === 'name'
      ? sql`lower(d.name) ${direction}, d.name ${direction}, d.eui ${direction}${tieBreak}`
      : sql`${sortExpression} ${direction} ${nullsOrder(query.sort)}, lower(d.name) ASC, d.name ASC, d.eui ASC${tieBreak}`;
  const offset = (query.page - 1) * query.limit;
  // Deep pages (docs/dashboard.md, "Speed"): a list of nodes ordered by their own columns takes its
  // page's EUIs first from the nodes alone (the name order is an index scan, 0007_deep_pages.sql),
  // then the names of customer and location for those 25 rows only.
  const keysFirst = !source.logId && !search && query.sort.field !== 'customer' && query.sort.field !== 'location';
  const pageRows = keysFirst
    ? sql`${where} AND d.eui IN (SELECT d.eui FROM ${source.from} WHERE ${source.where} ORDER BY ${order} LIMIT ${query.limit} OFFSET ${offset})
      ORDER BY ${order} LIMIT ${query.limit}`
    : sql`${where} ORDER BY ${order} LIMIT ${query.limit} OFFSET ${offset}`;
  const page = sql`SELECT ${source.logId ?? sql`NULL::bigint`} AS log_id, d.eui, d.name, d.type, d.customer_id, cu.name AS customer, lo.name AS location,
      ${source.date} AS date_value, ${source.count ?? sql`NULL::int`} AS n, d.calibration_interval, d.calibration_ts, d.battery_voltage AS voltage,
      d.lora_ts, d.rssi, d.signal, d.sync
    FROM ${from} WHERE ${pageRows}`;
  // Page and count are independent: on PostgreSQL they run side by side on two connections.
  const [rows, [counted]] = await Promise.all([
    listRow.read(
      db,
      sql`SELECT p.log_id::text AS log_id, p.eui, p.name, p.type, p.customer, p.location, ${isoText(sql`p.date_value`)} AS date, p.n,
          p.calibration_interval::int AS calibration_interval, ${isoText(sql`p.calibration_ts`)} AS calibration_ts, p.voltage,
          ${isoText(sql`p.lora_ts`)} AS lora_ts, p.rssi, p.signal::int AS signal, p.sync::int AS sync,
          ${TEMPERATURE_CHANNELS} AS channels, ${PARAMETERS} AS parameters, ${listAlarm(DASHBOARD_LIST_ALARM_KIND[name])} AS alarm
        FROM (${page}) p`,
    ),
    queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM ${from} WHERE ${where}`),
  ]);
  return {
    total: Number(counted?.total ?? 0),
    rows: rows.map((row) => ({
      ...(row.log_id ? { _id: row.log_id } : {}),
      eui: row.eui,
      name: row.name,
      type: row.type,
      customer: row.customer,
      location: row.location,
      date: row.date,
      count: row.n,
      calibration: { interval: row.calibration_interval, ts: row.calibration_ts },
      battery: { voltage: row.voltage },
      lora: { ts: row.lora_ts, rssi: row.rssi },
      signal: row.signal,
      sync: row.sync,
      channels: row.channels,
      sipp: { parameters: row.parameters },
      alarm: row.alarm && { id: row.alarm.id, state: row.alarm.state },
    })),
  };
}

/** Empty values last in both directions, except a calibration never done: the oldest, first going up. */
function nullsOrder(sort: TListQuery['sort']): SQL {
  return sql.raw(sort.field === 'calibration' && sort.direction !== 'desc' ? 'NULLS FIRST' : 'NULLS LAST');
}

function sortColumn(field: TDashboardListSortField, source: TListSource): SQL {
  switch (field) {
    case 'date':
      return source.date;
    case 'count':
      return source.count ?? sql`NULL::int`;
    case 'name':
      return sql`lower(d.name)`;
    case 'customer':
      return sql`lower(cu.name)`;
    case 'location':
      return sql`lower(lo.name)`;
    case 'type':
      return sql`d.type`;
    case 'calibration':
      return sql`d.calibration_ts`;
    case 'lastOnline':
      return sql`d.lora_ts`;
    case 'signal':
      return sql`d.signal`;
    case 'sync':
      return sql`d.sync`;
    case 'voltage':
      return sql`d.battery_voltage`;
  }
}

const flushAmountRow = rowShape({ eui: column.as<string>(), name: column.as<string>(), customer: column.as<string | null>(), location: column.as<string | null>(), n: column.number });

/** GET /devices/byFlushAmount: nodes of the scope with at least `min` flushes in the last 7 days (from the summary), fewest first. */
export async function readFlushAmounts(
  db: TDb,
  scope: TDashboardScope,
  min: number,
  onBackgroundError: (error: unknown) => void = () => undefined,
): Promise<TFlushAmount[]> {
  await ensureFreshSnapshot(db, onBackgroundError);
  const rows = await flushAmountRow.read(
    db,
    sql`SELECT d.eui, d.name, cu.name AS customer, lo.name AS location, w.weekly_flushes AS n
      FROM dashboard_nodes w JOIN devices d ON d.eui = w.device_eui
      LEFT JOIN customers cu ON cu.id = d.customer_id LEFT JOIN locations lo ON lo.id = d.location_id
      WHERE w.weekly_flushes > 0 AND w.weekly_flushes >= ${min} AND ${nodeScope(scope)} ORDER BY w.weekly_flushes ASC, lower(d.name) ASC, d.eui ASC`,
  );
  return rows.map((row) => ({ eui: row.eui, name: row.name, customer: row.customer, location: row.location, flushesPerWeek: row.n }));
}

/** The id of a customer by name within the scope, or null (outside the scope is the same as unknown). */
export async function findCustomerId(db: TDbOrTx, name: string, scope: TDashboardScope): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(db, sql`SELECT id FROM customers WHERE name = ${name}`);
  if (!row) return null;
  if (scope.customerIds !== null && !scope.customerIds.includes(row.id)) return null;
  return row.id;
}

/**
 * DELETE /overflowLogs/{_id}: ends the detection (state Stopped); the log stays in the node's
 * history. Answers false when no such log is in the scope.
 */
export async function stopOverflowLog(db: TDbOrTx, id: number, scope: TDashboardScope): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE overflow_logs o SET state = 'Stopped' WHERE o.id = ${id} AND ${overflowScope(scope)} RETURNING o.id::text AS id`,
  );
  if (rows.length) return true;
  // Not Started any more is fine (204 again); unknown or outside the scope is not.
  return false;
}

