import { FAULTY_READING_AT_OR_BELOW, isDeviceType, isTemperatureChannelActive, messageIdOf, nodeFunctions, type TDevice } from '@aquasmart/domain';

/**
 * The pure part of the #chart tab (docs/nodes-screens.md, "Chart"): the date range and its shortcuts,
 * the history request, and history rows turned into chart series. No React, no ECharts: the
 * chart component only draws what these functions return.
 */

/** Days are local calendar days written `YYYY-MM-DD`, as `<input type="date">` reads and writes them. */
export type TDay = string;
export interface TDayRange {
  from: TDay;
  to: TDay;
}

/** The end date includes the whole day: its midnight plus 86399 seconds (docs/nodes-screens.md, "Chart"). */
export const END_OF_DAY_SECONDS = 86_399;

/** Shortcuts in days relative to today (docs/nodes-screens.md, "Chart"). */
export const RANGE_SHORTCUTS = {
  thisWeek: { from: -7, to: 0 },
  lastWeek: { from: -14, to: -7 },
  thisMonth: { from: -31, to: 0 },
  lastMonth: { from: -62, to: -31 },
} as const;
export type TRangeShortcut = keyof typeof RANGE_SHORTCUTS;
export const DEFAULT_SHORTCUT: TRangeShortcut = 'thisWeek';

const pad = (value: number) => String(value).padStart(2, '0');

export function dayOf(date: Date): TDay {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight of a day; null for text that is not a real date. */
export function dayStart(day: TDay): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayOf(date) === day ? date : null;
}

export function addDays(day: TDay, days: number): TDay {
  const start = dayStart(day);
  if (!start) return day;
  start.setDate(start.getDate() + days);
  return dayOf(start);
}

export function shortcutRange(shortcut: TRangeShortcut, now: Date): TDayRange {
  const today = dayOf(now);
  return { from: addDays(today, RANGE_SHORTCUTS[shortcut].from), to: addDays(today, RANGE_SHORTCUTS[shortcut].to) };
}

/** The shortcut a range equals today, if any (to show it as chosen). */
export function shortcutOf(range: TDayRange, now: Date): TRangeShortcut | null {
  const names = Object.keys(RANGE_SHORTCUTS) as TRangeShortcut[];
  return names.find((name) => {
    const candidate = shortcutRange(name, now);
    return candidate.from === range.from && candidate.to === range.to;
  }) ?? null;
}

/** A chosen end date cannot pass today (the picker's maximum); a start date cannot either. */
export function clampDay(day: TDay, now: Date): TDay {
  const today = dayOf(now);
  return day > today ? today : day;
}

/**
 * The range in seconds since the epoch, as `value.timestamp` is stored: from the start day's
 * midnight to the end day's midnight + 86399 s. Null when a date is missing or the range is reversed.
 */
export function rangeSeconds(range: TDayRange): { from: number; to: number } | null {
  const from = dayStart(range.from);
  const to = dayStart(range.to);
  if (!from || !to || from > to) return null;
  return { from: Math.floor(from.getTime() / 1000), to: Math.floor(to.getTime() / 1000) + END_OF_DAY_SECONDS };
}

/** The history messages the chart reads per type (docs/payload-format.md); flush events where the type has them. */
export function chartMessageIds(type: string): { temperature: number; battery: number; flush?: number } | null {
  if (!isDeviceType(type)) return null;
  const deviceType = type;
  const temperature = messageIdOf(deviceType, 'temperature');
  const battery = messageIdOf(deviceType, 'battery');
  if (temperature === undefined || battery === undefined) return null;
  const flush = messageIdOf(deviceType, 'flush');
  return flush === undefined ? { temperature, battery } : { temperature, battery, flush };
}

/** The `conditions` of GET /devices/{eui}/data for the chart: the messages and the value.timestamp range. */
export function chartConditions(ids: { temperature: number; battery: number; flush?: number }, seconds: { from: number; to: number }): string {
  const msgIds = [ids.temperature, ids.battery, ...(ids.flush === undefined ? [] : [ids.flush])];
  return JSON.stringify({ msgId: { $in: msgIds }, 'value.timestamp': { $gte: seconds.from, $lte: seconds.to } });
}

// ---------------------------------------------------------------- which channels are drawn

/** Temperature channels whose input is not switched off (the domain's rule, as the node list uses it). */
export function activeTemperatureChannels(device: Pick<TDevice, 'type' | 'sipp' | 'channels'>): { id: string; name: string }[] {
  const functions = nodeFunctions(device.type, device.sipp.parameters);
  return device.channels
    .filter((channel) => /^temperature\d+$/.test(channel.id))
    .filter((channel) => isTemperatureChannelActive(functions, channel.id))
    .map((channel) => ({ id: channel.id, name: channel.name }));
}

// ---------------------------------------------------------------- rows -> series

export type TPoint = [number, number | null];
export interface TFlushPoint {
  at: number;
  before: number | null;
  after: number | null;
  channel: number | null;
}
export interface TChartSeries {
  temperatures: { id: string; name: string; points: TPoint[] }[];
  battery: TPoint[];
  flushes: TFlushPoint[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
/** A reading at or below -100 (no sensor, -102.4) is a gap in the line, not a plunge that flattens the scale. */
const reading = (value: unknown) => {
  const number = numberOrNull(value);
  return number === null || number <= FAULTY_READING_AT_OR_BELOW ? null : number;
};

/**
 * History rows (`projection=value`: temperature `{ timestamp, temperature1..n }`, battery
 * `{ timestamp, voltage }`, flush `{ timestamp, before, after, channel }`; timestamp in seconds)
 * to one line per drawn channel, the battery line and the flush events, in time order.
 * Rows are told apart by their fields, since the projection leaves out msgId.
 */
export function rowsToSeries(rows: readonly { value?: unknown }[], channels: readonly { id: string; name: string }[]): TChartSeries {
  const temperatures = channels.map((channel) => ({ id: channel.id, name: channel.name, points: [] as TPoint[] }));
  const battery: TPoint[] = [];
  const flushes: TFlushPoint[] = [];
  for (const row of rows) {
    const value = row.value;
    if (!isRecord(value)) continue;
    const seconds = numberOrNull(value.timestamp);
    if (seconds === null) continue;
    const at = seconds * 1000;
    if ('before' in value || 'after' in value) {
      flushes.push({ at, before: reading(value.before), after: reading(value.after), channel: numberOrNull(value.channel) });
    } else if ('voltage' in value) {
      battery.push([at, numberOrNull(value.voltage)]);
    } else {
      for (const series of temperatures) if (series.id in value) series.points.push([at, reading(value[series.id])]);
    }
  }
  const byTime = (a: TPoint, b: TPoint) => a[0] - b[0];
  for (const series of temperatures) if (!isSorted(series.points)) series.points.sort(byTime);
  if (!isSorted(battery)) battery.sort(byTime);
  flushes.sort((a, b) => a.at - b.at);
  return { temperatures, battery, flushes };
}

function isSorted(points: readonly TPoint[]): boolean {
  for (let index = 1; index < points.length; index += 1) if (points[index][0] < points[index - 1][0]) return false;
  return true;
}

/** Number of readings drawn (for the summary line under the chart). */
export function pointCount(series: TChartSeries): number {
  return series.temperatures.reduce((sum, line) => sum + line.points.filter((point) => point[1] !== null).length, 0);
}
