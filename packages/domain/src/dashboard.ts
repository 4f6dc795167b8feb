import { z } from 'zod';
import { dashboardListSegment } from './dashboard-routes';
import { ZAlarmRef } from './alarms/api';
import type { TAlarmKind } from './alarms/kinds';
import { CALIBRATION_INTERVALS, DAY_MS, MULTI_YEAR_CALIBRATION_MS, OFFLINE_AFTER_MS, YEARLY_CALIBRATION_MS } from './constants';

/**
 * The dashboard (docs/dashboard.md): its answer, its twelve lists and the rules that put a node
 * into a count. The server counts in SQL with these constants; tests hold the SQL to these
 * functions at every boundary.
 */

export const HOUR_MS = 3_600_000;
/** The message id of a flush in the history (V1 and V2; V3 has no flushing). */
export const FLUSH_MESSAGE_ID = 50;
/** Flushes are counted over the last 7 days (`GET /devices/byFlushAmount`). */
export const WEEKLY_FLUSH_WINDOW_MS = 7 * DAY_MS;
/** The weekly-flush list keeps nodes with at least this many flushes (docs/screens.md, "Constants"). */
export const WEEKLY_FLUSH_MINIMUM = 1;

/**
 * Time buckets: an age at or under the first bound is the first bucket, at or under the second
 * the second, anything older (or unknown) the third.
 */
export const DASHBOARD_BUCKETS = {
  /** sensors (offline nodes by time since last heard), sensorErrors, batteryAlarm */
  month: { bounds: [7 * DAY_MS, 30 * DAY_MS], keys: ['lastWeek', 'lastMonth', 'moreThanAMonth'] },
  /** locations: offline locations by the last uplink of any of their nodes */
  twoDays: { bounds: [24 * HOUR_MS, 48 * HOUR_MS], keys: ['lastDay', 'lastTwoDays', 'moreThanTwoDays'] },
  /** sync (pending since), flushAlarm */
  fiveDays: { bounds: [24 * HOUR_MS, 5 * DAY_MS], keys: ['lastDay', 'lastFiveDays', 'moreThanFiveDays'] },
  /** overflowAlarm */
  day: { bounds: [12 * HOUR_MS, 24 * HOUR_MS], keys: ['lastHalfDay', 'lastDay', 'moreThanADay'] },
} as const;
export type TBucketName = keyof typeof DASHBOARD_BUCKETS;

/** 0, 1 or 2: the bucket of an age in milliseconds; null (unknown) is the oldest. */
export function bucketIndex(ageMs: number | null, bucket: TBucketName): 0 | 1 | 2 {
  if (ageMs === null) return 2;
  const [first, second] = DASHBOARD_BUCKETS[bucket].bounds;
  return ageMs <= first ? 0 : ageMs <= second ? 1 : 2;
}

/** Offline: no uplink for more than 6 hours, or never one. */
export function isOffline(loraTsMs: number | null, now: number): boolean {
  return loraTsMs === null || now - loraTsMs > OFFLINE_AFTER_MS;
}

/** The window of a calibration interval: 365.2425 days for yearly, 730 days for two- and three-yearly. */
export function calibrationWindowMs(interval: number): number {
  return interval === 1 ? YEARLY_CALIBRATION_MS : MULTI_YEAR_CALIBRATION_MS;
}

export type TCalibrationCount = 'uncalibrated' | 'outOfDate' | 'calibrated';
/** Which calibration count a node is in; missing is uncalibrated, older than the window or with possible sensor drift (docs/calibration.md, "Drift") out of date. */
export function calibrationCount(calibrationMs: number | null, interval: number, now: number, drift = false): TCalibrationCount {
  if (calibrationMs === null) return 'uncalibrated';
  if (drift) return 'outOfDate';
  return now - calibrationMs > calibrationWindowMs(interval) ? 'outOfDate' : 'calibrated';
}

/** Battery alarm ts is seconds, flush alarm ts milliseconds; 0 is no alarm. Answers the alarm time in ms, or null. */
export function batteryAlarmMs(ts: number | null | undefined): number | null {
  return ts && ts > 0 ? ts * 1000 : null;
}
export function flushAlarmMs(ts: number | null | undefined): number | null {
  return ts && ts > 0 ? ts : null;
}

export type TWeeklyFlushCount = 'once' | 'twoToSeven' | 'moreThanSeven';
/** The flushes-per-week count of a node with n flushes in the last 7 days; null for none. */
export function weeklyFlushCount(n: number): TWeeklyFlushCount | null {
  if (n < 1) return null;
  return n === 1 ? 'once' : n <= 7 ? 'twoToSeven' : 'moreThanSeven';
}

/** Channel modes as the kwWwMeng count names them. */
export const CHANNEL_MODE_COUNT = { KW: 'kw', WW: 'ww', 'Meng/uittap': 'drain' } as const;

const zMonth = z.object({ lastWeek: z.number().int(), lastMonth: z.number().int(), moreThanAMonth: z.number().int() });
const zFiveDays = z.object({ lastDay: z.number().int(), lastFiveDays: z.number().int(), moreThanFiveDays: z.number().int() });

/** GET /dashboard (docs/dashboard.md, "What each count counts"). */
export const ZDashboard = z.object({
  calibration: z.array(
    z.object({ interval: z.number().int(), uncalibrated: z.number().int(), outOfDate: z.number().int(), calibrated: z.number().int() }),
  ),
  sensors: zMonth,
  sensorErrors: zMonth,
  batteryAlarm: zMonth,
  locations: z.object({ lastDay: z.number().int(), lastTwoDays: z.number().int(), moreThanTwoDays: z.number().int() }),
  sync: zFiveDays,
  flushAlarm: zFiveDays,
  overflowAlarm: z.object({ lastHalfDay: z.number().int(), lastDay: z.number().int(), moreThanADay: z.number().int() }),
  type: z.object({ logger: z.number().int(), flush: z.number().int() }),
  flushesPerWeek: z.object({ once: z.number().int(), twoToSeven: z.number().int(), moreThanSeven: z.number().int() }),
  incorrectSettings: z.object({ incorrect: z.number().int() }),
  kwWwMeng: z.object({ kw: z.number().int(), ww: z.number().int(), drain: z.number().int() }),
});
export type TDashboard = z.infer<typeof ZDashboard>;
export const DASHBOARD_CALIBRATION_INTERVALS = CALIBRATION_INTERVALS;

/** The twelve lists (names as in the customer-scoped routes). */
export const DASHBOARD_LIST_NAMES = [
  'annualCalibrations',
  'biennialCalibrations',
  'triennialCalibrations',
  'faultySensors',
  'flushAlarms',
  'lowBatteries',
  'nodes',
  'offlineNodes',
  'overflowDetections',
  'synchronizations',
  'weeklyFlushes',
  'incorrectSettings',
] as const;
export type TDashboardListName = (typeof DASHBOARD_LIST_NAMES)[number];

/**
 * The alarm kind behind a dashboard list (docs/alarms.md): its rows carry the node's alarm of that
 * kind (`alarm: { id, state }`), so the list shows the handling state and offers acknowledge.
 */
export const DASHBOARD_LIST_ALARM_KIND: Partial<Record<TDashboardListName, TAlarmKind>> = {
  faultySensors: 'faultySensor',
  flushAlarms: 'flushAlarm',
  lowBatteries: 'lowBattery',
  offlineNodes: 'offline',
  overflowDetections: 'waterDetection',
  incorrectSettings: 'settingsNotTaken',
};

/** The calibration lists and their interval; they need calibrationData (or administrator). */
export const CALIBRATION_LIST_INTERVAL: Partial<Record<TDashboardListName, 1 | 2 | 3>> = {
  annualCalibrations: 1,
  biennialCalibrations: 2,
  triennialCalibrations: 3,
};
export function isCalibrationList(name: TDashboardListName): boolean {
  return CALIBRATION_LIST_INTERVAL[name] !== undefined;
}

/** Sort fields of the lists: the node list's plus `date` (the list's own time) and `count` (weekly flushes). */
export const DASHBOARD_LIST_SORT_FIELDS = ['date', 'count', 'name', 'customer', 'location', 'type', 'calibration', 'lastOnline', 'signal', 'sync', 'voltage'] as const;
export type TDashboardListSortField = (typeof DASHBOARD_LIST_SORT_FIELDS)[number];

/** Each list's default order (docs/dashboard.md, Lists): newest first, weekly flushes ascending, ... */
export const DASHBOARD_LIST_DEFAULT_SORT: Record<TDashboardListName, { field: TDashboardListSortField; direction: 'asc' | 'desc' }> = {
  annualCalibrations: { field: 'calibration', direction: 'asc' },
  biennialCalibrations: { field: 'calibration', direction: 'asc' },
  triennialCalibrations: { field: 'calibration', direction: 'asc' },
  faultySensors: { field: 'date', direction: 'desc' },
  flushAlarms: { field: 'date', direction: 'desc' },
  lowBatteries: { field: 'date', direction: 'desc' },
  nodes: { field: 'name', direction: 'asc' },
  offlineNodes: { field: 'lastOnline', direction: 'desc' },
  overflowDetections: { field: 'date', direction: 'desc' },
  synchronizations: { field: 'date', direction: 'desc' },
  weeklyFlushes: { field: 'count', direction: 'asc' },
  incorrectSettings: { field: 'name', direction: 'asc' },
};

const zChannel = z.object({
  id: z.string(),
  name: z.string(),
  value: z.number().nullable(),
  ts: z.number().nullable(),
  custom: z.object({ mode: z.string().optional() }),
});

/**
 * A row of a dashboard list: the node (what the node cells need) and the list's own `date` (ISO)
 * and `count`; overflow rows carry the log's `_id` (for the delete).
 */
export const ZDashboardListRow = z.object({
  _id: z.string().optional(),
  eui: z.string(),
  name: z.string(),
  type: z.string(),
  customer: z.string().nullable(),
  location: z.string().nullable(),
  date: z.string().nullable(),
  count: z.number().int().nullable(),
  calibration: z.object({ interval: z.number().int(), ts: z.string().nullable() }),
  battery: z.object({ voltage: z.number().nullable() }),
  lora: z.object({ ts: z.string().nullable(), rssi: z.number().nullable() }),
  signal: z.number().int(),
  sync: z.number().int(),
  channels: z.array(zChannel),
  sipp: z.object({ parameters: z.array(z.object({ register: z.number().int(), value: z.unknown() })) }),
  /** The node's alarm of the list's kind (docs/alarms.md); null when none, and on lists without an alarm kind. */
  alarm: ZAlarmRef.nullable(),
});
export type TDashboardListRow = z.infer<typeof ZDashboardListRow>;

/** GET /devices/byFlushAmount: nodes with at least `min` flushes in the last 7 days. */
export const ZFlushAmount = z.object({
  eui: z.string(),
  name: z.string(),
  customer: z.string().nullable(),
  location: z.string().nullable(),
  flushesPerWeek: z.number().int(),
});
export type TFlushAmount = z.infer<typeof ZFlushAmount>;

/** Signal levels of the faulty list are 0-3 (docs/dashboard.md, Lists): level 4 shows as 3. */
export function faultyListSignal(level: number): number {
  return Math.max(0, Math.min(3, level));
}

/** The screen address of a list: under /dashboard, or under the customer's page. */
export function dashboardListScreen(name: TDashboardListName, customer?: string): string {
  return customer === undefined
    ? `/dashboard/${dashboardListSegment(name, 'global')}`
    : `/customers/${encodeURIComponent(customer)}/dashboard/${dashboardListSegment(name, 'customer')}`;
}

/** The list a screen address names (the last segment, either spelling). */
export function dashboardListFromSegment(segment: string): TDashboardListName | null {
  const name = segment === 'IncorrectSettings' ? 'incorrectSettings' : segment;
  return (DASHBOARD_LIST_NAMES as readonly string[]).includes(name) ? (name as TDashboardListName) : null;
}
