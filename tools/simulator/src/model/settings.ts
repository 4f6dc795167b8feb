import type { TDeviceType, TRegisterValue } from '@aquasmart/domain';
import { DAY_MS, MINUTE_MS } from '../random';

/**
 * How a node behaves according to its registers (layout in docs/payload-format.md and
 * apps/server/src/demo/registers.ts): report intervals, flush schedule, overflow detection.
 * Missing registers or fields fall back to the factory defaults below.
 */

export interface TFlushPeriod {
  /** Minutes of the day (UTC). */
  start: number;
  stop: number;
  /** Flushes in this period; undefined: the register's flushCycles are shared over the periods. */
  flushCycles?: number;
  /** Monday first; undefined: every day. */
  days?: boolean[];
}

export interface TNodeSettings {
  logIntervalMs: number;
  sendIntervalMs: number;
  flush: { cycles: number; durationMs: number; periods: TFlushPeriod[] } | null;
  /** Overflow detection threshold in ohm; 0 = off. */
  overflowThreshold: number;
}

export const FACTORY_LOG_INTERVAL_MIN = 15;
export const FACTORY_SEND_INTERVAL_H = 6;
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function periodsOf(value: unknown, withCycles: boolean): TFlushPeriod[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): TFlushPeriod[] => {
    if (typeof item !== 'object' || item === null) return [];
    const period = item as Record<string, unknown>;
    const start = numberOr(period.start, NaN);
    const stop = numberOr(period.stop, NaN);
    if (!Number.isFinite(start) || !Number.isFinite(stop)) return [];
    const days = period.daysEnabled as Record<string, unknown> | undefined;
    return [
      {
        start,
        stop,
        flushCycles: withCycles ? numberOr(period.flushCycles, 0) : undefined,
        days: days && typeof days === 'object' ? WEEKDAYS.map((day) => days[day] === true) : undefined,
      },
    ];
  });
}

export function settingsOf(type: TDeviceType, registers: ReadonlyMap<number, Record<string, unknown>>): TNodeSettings {
  const first = registers.get(1) ?? {};
  const sendHours = numberOr(type === 'V3' ? first.sendInterval : first.sendinterval, FACTORY_SEND_INTERVAL_H);
  // V3 keeps its log interval in its system register 1 (docs/node-settings.md, decision of 2026-11-26).
  const logMinutes = numberOr(registers.get(type === 'V3' ? 1 : 2)?.logInterval, FACTORY_LOG_INTERVAL_MIN);
  const settings: TNodeSettings = {
    logIntervalMs: Math.max(1, logMinutes) * MINUTE_MS,
    sendIntervalMs: Math.max(1, sendHours) * 60 * MINUTE_MS,
    flush: null,
    overflowThreshold: 0,
  };
  if (type === 'V3') return settings;
  const flush = registers.get(3) ?? {};
  settings.overflowThreshold = numberOr(flush.resistanceThreshold, 0);
  if (numberOr(flush.enabled, 0) === 1) {
    settings.flush = {
      cycles: numberOr(flush.flushCycles, 0),
      durationMs: numberOr(flush.flushtime, 3) * MINUTE_MS,
      periods: type === 'V1' ? periodsOf(flush['flush-periods'], false) : periodsOf(registers.get(4)?.['flush-periods'], true),
    };
  }
  return settings;
}

/** `count` moments evenly spread over [start, stop] minutes (both ends when more than one). */
function spread(start: number, stop: number, count: number): number[] {
  if (count <= 0) return [];
  if (count === 1) return [start];
  const span = stop >= start ? stop - start : stop + 1440 - start;
  return Array.from({ length: count }, (_v, i) => start + (span * i) / (count - 1));
}

/**
 * Epoch ms of the flushes that start on the UTC day beginning at `dayStartMs`: per enabled
 * period (V2: its own count on its days; V1: the register's flushCycles shared over the
 * periods), or flushCycles evenly over 24 hours when there are no periods.
 */
export function flushTimesOfDay(settings: TNodeSettings, dayStartMs: number): number[] {
  const flush = settings.flush;
  if (!flush) return [];
  const weekday = (Math.floor(dayStartMs / DAY_MS) + 3) % 7; // 1970-01-01 was a Thursday; 0 = Monday
  let minutes: number[];
  if (flush.periods.length === 0) {
    minutes = Array.from({ length: Math.max(0, flush.cycles) }, (_v, i) => (1440 * i) / flush.cycles);
  } else {
    const shared = flush.periods.filter((period) => period.flushCycles === undefined).length;
    let sharedIndex = 0;
    minutes = flush.periods.flatMap((period) => {
      if (period.days && !period.days[weekday]) return [];
      let count = period.flushCycles;
      if (count === undefined) {
        count = Math.floor(flush.cycles / shared) + (sharedIndex < flush.cycles % shared ? 1 : 0);
        sharedIndex += 1;
      }
      return spread(period.start, period.stop, count);
    });
  }
  return minutes.map((minute) => dayStartMs + Math.round((minute % 1440) * MINUTE_MS)).sort((a, b) => a - b);
}

/** Registers as a map, later entries of the same register merged over earlier ones. */
export function registerMap(registers: readonly TRegisterValue[]): Map<number, Record<string, unknown>> {
  const map = new Map<number, Record<string, unknown>>();
  for (const entry of registers) map.set(entry.register, { ...(map.get(entry.register) ?? {}), ...entry.value });
  return map;
}
