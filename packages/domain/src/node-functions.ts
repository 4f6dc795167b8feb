import { CALIBRATION_INTERVALS, FAULTY_READING_AT_OR_BELOW, MULTI_YEAR_CALIBRATION_MS, TEMPERATURE_CHANNEL_COUNT, YEARLY_CALIBRATION_MS, type TDeviceType } from './constants';

/**
 * What a node does, read from its parameters (docs/nodes-screens.md, "The list"): the
 * function icons of the node list (T0-T2 per measuring input, S when flushing is on) and whether
 * a temperature channel is active (its input's measure mode is not 'disabled').
 *
 * - V1: one input; its mode is the system register 2 `mode`; S when register 3 `enabled` is 1.
 * - V2: three inputs in register 2 `inputs[]`; S when the flush register 3 `enabled` is 1.
 * - V3: two inputs in register 1 `inputs[]`; never S (flow switches, no flushing).
 * Without parameters (a node that never reported them) every channel counts as active and there
 * is no S: the list then shows the readings it has rather than dashes.
 */
export interface TNodeParameter {
  register: number;
  value: unknown;
}

export interface TNodeFunctions {
  /** One entry per temperature input: true when it measures (T0, T1, T2). */
  inputs: boolean[];
  /** Flushing (S) is enabled. */
  flush: boolean;
  /** False when the node has no parameters: nothing is known. */
  known: boolean;
}

const SYSTEM_REGISTER: Record<TDeviceType, number> = { V1: 2, V2: 2, V3: 1 };
const FLUSH_REGISTER: Partial<Record<TDeviceType, number>> = { V1: 3, V2: 3 };

function isDeviceType(type: unknown): type is TDeviceType {
  return type === 'V1' || type === 'V2' || type === 'V3';
}

function registerValue(parameters: readonly TNodeParameter[] | null | undefined, register: number): Record<string, unknown> | null {
  const entry = parameters?.find((parameter) => parameter.register === register);
  const value = entry?.value;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function measures(mode: unknown): boolean {
  // The codec stores the enum's name; a raw number 0 is 'disabled' too.
  return mode !== undefined && mode !== null && mode !== 'disabled' && mode !== 0;
}

export function nodeFunctions(type: string | null | undefined, parameters: readonly TNodeParameter[] | null | undefined): TNodeFunctions {
  if (!isDeviceType(type)) return { inputs: [], flush: false, known: false };
  const count = TEMPERATURE_CHANNEL_COUNT[type];
  const system = registerValue(parameters, SYSTEM_REGISTER[type]);
  const flushRegister = FLUSH_REGISTER[type];
  const flushValue = flushRegister === undefined ? null : registerValue(parameters, flushRegister);
  const known = Boolean(parameters && parameters.length > 0);
  let inputs: boolean[];
  if (!system) {
    inputs = Array.from({ length: count }, () => !known);
  } else if (type === 'V1') {
    inputs = [measures(system.mode)];
  } else {
    const list = Array.isArray(system.inputs) ? (system.inputs as unknown[]) : [];
    inputs = Array.from({ length: count }, (_unused, index) => {
      const input = list[index];
      return input !== null && typeof input === 'object' ? measures((input as Record<string, unknown>).mode) : false;
    });
  }
  const flush = flushValue !== null && Number(flushValue.enabled) === 1;
  return { inputs, flush, known };
}

/** The 1-based number of a channel id (`temperature2` -> 2); null when it has none. */
export function channelNumber(channelId: string): number | null {
  const match = /(\d+)$/.exec(channelId);
  return match ? Number(match[1]) : null;
}

/** Whether temperature channel `temperatureN` measures (its input N-1); unknown parameters: true. */
export function isTemperatureChannelActive(functions: TNodeFunctions, channelId: string): boolean {
  if (!functions.known) return true;
  const number = channelNumber(channelId);
  if (number === null) return true;
  return functions.inputs[number - 1] ?? false;
}

/** A reading that means a broken or missing sensor (docs/screens.md, "Constants"). */
export function isFaultyReading(value: number | null | undefined): boolean {
  return typeof value === 'number' && value <= FAULTY_READING_AT_OR_BELOW;
}

export type TCalibrationDue = 'never' | 'due' | 'ok';

/**
 * The calibration state of the node list's calibration column: `never` without a calibration,
 * `due` when the last one is older than the interval (1 year: 365.2425 days; 2 and 3 years: 730
 * days, as the dashboard lists count them, docs/screens.md "Constants"), else `ok`.
 */
export function calibrationDue(lastCalibration: string | number | null | undefined, interval: number | null | undefined, now: number): TCalibrationDue {
  if (lastCalibration === null || lastCalibration === undefined || lastCalibration === '') return 'never';
  const at = typeof lastCalibration === 'number' ? lastCalibration : Date.parse(lastCalibration);
  if (Number.isNaN(at)) return 'never';
  const years = (CALIBRATION_INTERVALS as readonly number[]).includes(interval ?? NaN) ? (interval as number) : 1;
  const window = years === 1 ? YEARLY_CALIBRATION_MS : MULTI_YEAR_CALIBRATION_MS;
  return now - at > window ? 'due' : 'ok';
}
