import { NO_SENSOR_VALUE } from '@aquasmart/domain';
import { DAY_MS } from './random';
import type { TChannelPlan, TNodePlan } from './plan';

/*
 * Register layout of the demo settings (docs/node-settings.md: registers per type and their ranges). The real
 * codec in the domain package replaces this; until then this is the shape the demo writes.
 *
 * V1
 *   1  { sendinterval: h 1-24, 'supply-voltage-threshold': V 0-5, 'calibration-duration': min 0-15 }
 *   2  system: { logInterval: min 1-60, measureInterval: s 0-120, mode: disabled|actual|average|maximum }
 *   3  flush:  { enabled: 1|0, flushtime: 1-60, flushCycles: per 24 h 0-50, highTempFlushtime: 0-120,
 *               highTempFlushdelay: 0-120, flushStartThreshold: °C -102.4-100, measureInterval: 1-120,
 *               resistanceThreshold: 100 (overflow detection on) | 0, valvePulseLength: ms 0-1250 step 5,
 *               'flush-periods': [{ start, stop }] }  (UTC minutes of the day)
 * V2
 *   1  as V1
 *   2  system: { logInterval, measureInterval, inputs: [{ mode, lowAlarm, highAlarm }] x3 }
 *   3  flush:  as V1 register 3 plus flushStopThreshold, without 'flush-periods'
 *   4  periods: { 'flush-periods': [{ start, stop, flushCycles: 0-50,
 *               daysEnabled: { monday, tuesday, wednesday, thursday, friday, saturday, sunday } }] }
 * V3
 *   1  system: { sendInterval, 'supply-voltage-threshold', calibrationDuration,
 *               inputs: [{ mode, lowAlarm, highAlarm, turnOnTime: s 0-240, turnOffTime: s 0-240 }] x2 }
 *
 * Alarm thresholds that are off hold the sentinel: 0 for V1, -102.4 for V2 and V3.
 * sendinterval is the status and battery report interval (6 h, as in the demo history).
 */

export interface TRegisterRow {
  register: number;
  value: Record<string, unknown>;
  status: 'saved' | 'pending';
  reported: Record<string, unknown> | null;
  updatedAt: Date;
}

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const SUPPLY_VOLTAGE_THRESHOLD = 3.1;
const OFF = NO_SENSOR_VALUE;

function input(channel: TChannelPlan, v3: boolean): Record<string, unknown> {
  const mode = channel.disabled ? 'disabled' : channel.mode === 'Meng/uittap' ? 'maximum' : 'actual';
  const lowAlarm = channel.mode === 'WW' ? 55 : OFF;
  const highAlarm = channel.mode === 'KW' ? 25 : OFF;
  return v3 ? { mode, lowAlarm, highAlarm, turnOnTime: 0, turnOffTime: 0 } : { mode, lowAlarm, highAlarm };
}

function periodMinutes(node: TNodePlan): { start: number; stop: number } {
  const flush = node.flush!;
  const start = (flush.firstQuarter * 15 - 60 + 1440) % 1440;
  return { start, stop: (start + ((flush.perDay - 1) * 1440) / flush.perDay + 15) % 1440 };
}

function flushRegister(node: TNodePlan): Record<string, unknown> {
  const flush = node.flush;
  const first = node.channels[0];
  const value: Record<string, unknown> = {
    enabled: flush ? 1 : 0,
    flushtime: 3,
    flushCycles: flush ? flush.perDay : 0,
    highTempFlushtime: 10,
    highTempFlushdelay: 30,
    flushStartThreshold: first.mode === 'WW' ? 55 : first.mode === 'KW' ? 25 : OFF,
    measureInterval: 10,
    resistanceThreshold: node.overflow ? 100 : 0,
    valvePulseLength: 250,
  };
  if (node.type === 'V2') return { ...value, flushStopThreshold: first.mode === 'KW' ? 20 : OFF };
  return { ...value, 'flush-periods': flush ? [periodMinutes(node)] : [] };
}

function v2Periods(node: TNodePlan): Record<string, unknown> {
  const flush = node.flush;
  if (!flush) return { 'flush-periods': [] };
  const daysEnabled = Object.fromEntries(DAYS.map((day, i) => [day, ((flush.daysMask >> i) & 1) === 1]));
  return { 'flush-periods': [{ ...periodMinutes(node), flushCycles: flush.perDay, daysEnabled }] };
}

/** The registers as they were last saved, before pending and incorrect states are applied. */
function savedValues(node: TNodePlan): Map<number, Record<string, unknown>> {
  const system = { sendinterval: 6, 'supply-voltage-threshold': SUPPLY_VOLTAGE_THRESHOLD, 'calibration-duration': 5 };
  if (node.type === 'V3') {
    return new Map([
      [1, { sendInterval: 6, 'supply-voltage-threshold': SUPPLY_VOLTAGE_THRESHOLD, calibrationDuration: 5, inputs: node.channels.map((c) => input(c, true)), logInterval: 15, measureInterval: 60 }],
    ]);
  }
  if (node.type === 'V1') {
    return new Map([
      [1, system],
      [2, { logInterval: 15, measureInterval: 60, mode: 'actual' }],
      [3, flushRegister(node)],
    ]);
  }
  return new Map([
    [1, system],
    [2, { logInterval: 15, measureInterval: 60, inputs: node.channels.map((c) => input(c, false)) }],
    [3, flushRegister(node)],
    [4, v2Periods(node)],
  ]);
}

/** device_parameters rows of a node: saved ones, one pending change, or reported values that differ. */
export function buildRegisters(node: TNodePlan, nowMs: number): TRegisterRow[] {
  if (node.params.state === 'none') return [];
  const savedAt = new Date(Math.min(node.registeredMs + 2 * DAY_MS, nowMs - 15 * DAY_MS));
  const rows: TRegisterRow[] = [...savedValues(node)].map(([register, value]) => ({ register, value, status: 'saved', reported: value, updatedAt: savedAt }));
  if (node.params.state === 'pending') {
    const row = rows.find((r) => r.register === (node.type === 'V3' ? 1 : 3))!;
    row.value = node.type === 'V3' ? { ...row.value, sendInterval: 4 } : { ...row.value, flushtime: 5, highTempFlushtime: 15 };
    row.status = 'pending';
    row.updatedAt = new Date(nowMs - node.params.pendingAgeMs);
  }
  if (node.params.incorrect) {
    const row = rows.find((r) => r.register === (node.type === 'V3' ? 1 : 2))!;
    row.reported = node.type === 'V3' ? { ...row.value, sendInterval: 24 } : { ...row.value, logInterval: 60 };
  }
  return rows;
}

/** What registration sends (docs/nodes.md, "Registration presets"). */
export function buildPresets(node: TNodePlan): { register: number; value: Record<string, unknown> }[] {
  const modes = node.channels.map((c) => ({ mode: (input(c, false) as { mode: string }).mode }));
  if (node.type === 'V3') return [{ register: 1, value: { inputs: modes } }];
  if (node.type === 'V1') return [{ register: 2, value: { mode: 'actual' } }, { register: 3, value: { resistanceThreshold: 0 } }];
  return [{ register: 2, value: { inputs: modes } }, { register: 3, value: { resistanceThreshold: 0 } }];
}

/** -1 without parameters, 0 when one is not saved, 1 otherwise (docs/telemetry.md, "Processing and alarms": parameter report). */
export function syncOf(rows: TRegisterRow[]): number {
  if (rows.length === 0) return -1;
  return rows.some((row) => row.status !== 'saved') ? 0 : 1;
}
