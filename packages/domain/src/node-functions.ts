import { CALIBRATION_INTERVALS, FAULTY_READING_AT_OR_BELOW, MULTI_YEAR_CALIBRATION_MS, YEARLY_CALIBRATION_MS } from './constants';
import { isDeviceType, PROFILES } from './device-types';

/**
 * What a node does, read from its parameters (docs/nodes-screens.md, "The list"): the
 * function icons of the node list (T0-T2 per measuring input, S when flushing is on) and whether
 * a temperature channel is active (its input's measure mode is not 'disabled').
 *
 * Per the type's profile (device-types): the inputs' modes are the system register's `mode` (V1:
 * register 2) or its `inputs[]` (V2: register 2, V3: register 1); S when the faucet's register
 * (V1, V2: 3) has `enabled` 1; a node without a faucet (V3) is never S.
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
  const profile = PROFILES[type];
  const count = profile.temperatureChannels;
  const system = registerValue(parameters, profile.systemRegister);
  const flushRegister = profile.flush?.register;
  const flushValue = flushRegister === undefined ? null : registerValue(parameters, flushRegister);
  const known = Boolean(parameters && parameters.length > 0);
  let inputs: boolean[];
  if (!system) {
    inputs = Array.from({ length: count }, () => !known);
  } else if (profile.inputs.kind === 'mode') {
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
 * days, as the dashboard lists count them, docs/screens.md "Constants") or when a channel has
 * possible sensor drift (`drift`, docs/calibration.md "Drift": a reason more, the spec's dates stay),
 * else `ok`.
 */
export function calibrationDue(lastCalibration: string | number | null | undefined, interval: number | null | undefined, now: number, drift = false): TCalibrationDue {
  if (lastCalibration === null || lastCalibration === undefined || lastCalibration === '') return 'never';
  const at = typeof lastCalibration === 'number' ? lastCalibration : Date.parse(lastCalibration);
  if (Number.isNaN(at)) return 'never';
  if (drift) return 'due';
  const years = (CALIBRATION_INTERVALS as readonly number[]).includes(interval ?? NaN) ? (interval as number) : 1;
  const window = years === 1 ? YEARLY_CALIBRATION_MS : MULTI_YEAR_CALIBRATION_MS;
  return now - at > window ? 'due' : 'ok';
}
