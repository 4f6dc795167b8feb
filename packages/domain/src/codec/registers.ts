import { MEASURE_MODES, NO_SENSOR_VALUE } from '../constants';
import { ByteWriter, type ByteReader } from './bytes';
import { CodecRangeError, decodeField, encodeField, type TField } from './fields';
import type { TDeviceProfile, TRegisterValue } from './types';

/**
 * Register layouts and ranges (docs/node-settings.md) and the register sequence that settings downlinks
 * and parameter reports carry: per register one byte with its number, then its record
 * (docs/payload-format.md, "Register encoding").
 */

type TNumberOptions = { min: number; max: number; unit?: string; description: string };

const u8 = (options: TNumberOptions): TField => ({ kind: 'number', wire: 'u8', ...options });
const u16 = (options: TNumberOptions): TField => ({ kind: 'number', wire: 'u16', ...options });
/** °C with one decimal as a signed 16-bit count of tenths. */
const celsius = (min: number, description: string): TField => ({
  kind: 'number',
  wire: 'i16',
  divisor: 10,
  min,
  max: 100,
  unit: '°C',
  description,
});
const record = (fields: readonly (readonly [string, TField])[]): Extract<TField, { kind: 'record' }> => ({ kind: 'record', partial: true, fields });

const sendInterval = u8({ min: 1, max: 24, unit: 'h', description: 'status and battery report interval, integer 1-24 h' });
const supplyVoltageThreshold: TField = {
  kind: 'number',
  wire: 'u16',
  divisor: 1000,
  min: 0,
  max: 5,
  unit: 'V',
  description: 'low battery voltage, 0-5 V with at most 3 decimals (millivolts on the wire)',
};
const calibrationDuration = u8({ min: 0, max: 15, unit: 'min', description: 'calibration duration, integer 0-15 min' });
const logInterval = u8({ min: 1, max: 60, unit: 'min', description: 'log interval, integer 1-60 min' });
const systemMeasureInterval = u8({ min: 0, max: 120, unit: 's', description: 'measure interval, integer 0-120 s' });
const mode: TField = { kind: 'enum', values: MEASURE_MODES, description: `measure mode: ${MEASURE_MODES.map((m, i) => `${i} ${m}`).join(', ')}` };
/** Minutes of the day (UTC), as the settings screen stores them. */
const minuteOfDay = (what: string) => u16({ min: 0, max: 1439, unit: 'min', description: `${what}, minute of the day (UTC) 0-1439` });
const flushCycles = u8({ min: 0, max: 50, description: 'flushes per 24 h, integer 0-50' });

/** Register 1 of V1 and V2. */
export const REGISTER_1_V1_V2 = record([
  ['sendinterval', sendInterval],
  ['supply-voltage-threshold', supplyVoltageThreshold],
  ['calibration-duration', calibrationDuration],
]);

/** Alarm thresholds: the off sentinel is 0 for V1 and -102.4 (NO_SENSOR_VALUE) for V2 and V3. */
const alarm = (which: string) => celsius(NO_SENSOR_VALUE, `${which} alarm, -102.4-100 °C with 1 decimal; -102.4 = off`);

export const V2_INPUT = record([
  ['mode', mode],
  ['lowAlarm', alarm('lower')],
  ['highAlarm', alarm('upper')],
]);

export const V3_INPUT = record([
  ...V2_INPUT.fields,
  ['turnOnTime', u8({ min: 0, max: 240, unit: 's', description: 'flow switch turn-on time, integer 0-240 s' })],
  ['turnOffTime', u8({ min: 0, max: 240, unit: 's', description: 'flow switch turn-off time, integer 0-240 s' })],
]);

export const V1_SYSTEM = record([
  ['logInterval', logInterval],
  ['measureInterval', systemMeasureInterval],
  ['mode', mode],
]);

export const V2_SYSTEM = record([
  ['logInterval', logInterval],
  ['measureInterval', systemMeasureInterval],
  ['inputs', { kind: 'list', item: V2_INPUT, max: 3, description: 'the three inputs' }],
]);

/** Most periods a register may hold: keeps a full register within one 51-byte downlink. */
export const MAX_FLUSH_PERIODS = 8;

const FLUSH_FIELDS: readonly (readonly [string, TField])[] = [
  ['enabled', u8({ min: 0, max: 1, description: 'flush on (1) or off (0)' })],
  ['flushtime', u8({ min: 1, max: 60, description: 'flush duration, integer 1-60' })],
  ['flushCycles', flushCycles],
  ['highTempFlushtime', u8({ min: 0, max: 120, description: 'high temperature flush duration, integer 0-120' })],
  ['highTempFlushdelay', u8({ min: 0, max: 120, description: 'flush wait interval, integer 0-120' })],
  ['flushStartThreshold', celsius(NO_SENSOR_VALUE, 'flush start temperature, -102.4-100 °C with 1 decimal')],
  ['measureInterval', u8({ min: 1, max: 120, description: 'measure interval during flush, integer 1-120' })],
  [
    'resistanceThreshold',
    u16({ min: 0, max: 1000, unit: 'Ω', description: 'overflow detection threshold, integer 0-1000 Ω; 0 = off, the portal sets 100 for on' }),
  ],
  [
    'valvePulseLength',
    { kind: 'number', wire: 'u8', factor: 5, min: 0, max: 1250, unit: 'ms', description: 'valve pulse length, 0-1250 ms in steps of 5 (wire: ms / 5)' },
  ],
];

export const V1_FLUSH = record([
  ...FLUSH_FIELDS,
  [
    'flush-periods',
    {
      kind: 'list',
      max: MAX_FLUSH_PERIODS,
      description: `flush periods, at most ${MAX_FLUSH_PERIODS}`,
      item: { kind: 'record', partial: false, fields: [['start', minuteOfDay('period start')], ['stop', minuteOfDay('period stop')]] },
    },
  ],
]);

export const V2_FLUSH = record([...FLUSH_FIELDS, ['flushStopThreshold', celsius(NO_SENSOR_VALUE, 'flush stop temperature, -102.4-100 °C with 1 decimal')]]);

export const V2_PERIODS = record([
  [
    'flush-periods',
    {
      kind: 'list',
      max: MAX_FLUSH_PERIODS,
      description: `flush periods, at most ${MAX_FLUSH_PERIODS}`,
      item: {
        kind: 'record',
        partial: false,
        fields: [
          ['start', minuteOfDay('period start')],
          ['stop', minuteOfDay('period stop')],
          ['flushCycles', u8({ min: 0, max: 50, description: 'period flush count, integer 0-50' })],
          ['daysEnabled', { kind: 'days', description: 'days on which the period flushes: bit 0 monday ... bit 6 sunday' }],
        ],
      },
    },
  ],
]);

export const V3_SYSTEM = record([
  ['sendInterval', sendInterval],
  ['supply-voltage-threshold', supplyVoltageThreshold],
  ['calibrationDuration', calibrationDuration],
  ['inputs', { kind: 'list', item: V3_INPUT, max: 2, description: 'the two inputs' }],
  // Bits 4 and 5, after the fields of the first layout, so frames without them are unchanged (docs/node-settings.md).
  ['logInterval', logInterval],
  ['measureInterval', systemMeasureInterval],
]);

function layoutOf(profile: TDeviceProfile, register: unknown): Extract<TField, { kind: 'record' }> {
  const layout = typeof register === 'number' ? profile.registers[register] : undefined;
  if (!layout) {
    const known = Object.keys(profile.registers).join(', ');
    throw new CodecRangeError(`${profile.type} register ${String(register)}`, `unknown register (${profile.type} has ${known})`);
  }
  return layout;
}

/** Appends one register (number byte + record); throws CodecRangeError on a value that does not fit. */
export function encodeRegister(profile: TDeviceProfile, entry: TRegisterValue, out: ByteWriter): void {
  const layout = layoutOf(profile, entry.register);
  out.u8(entry.register);
  encodeField(layout, entry.value, `${profile.type} register ${entry.register}`, out);
}

export function encodeRegisterBytes(profile: TDeviceProfile, entry: TRegisterValue): Uint8Array {
  const out = new ByteWriter();
  encodeRegister(profile, entry, out);
  return out.toBytes();
}

/** Reads registers up to the end of the message; at least one. Throws on bad or truncated bytes. */
export function decodeRegisters(profile: TDeviceProfile, input: ByteReader): TRegisterValue[] {
  if (input.remaining === 0) throw new CodecRangeError(`${profile.type} registers`, 'no register in the message');
  const registers: TRegisterValue[] = [];
  while (input.remaining > 0) {
    const register = input.u8();
    const layout = layoutOf(profile, register);
    const value = decodeField(layout, input, `${profile.type} register ${register}`) as Record<string, unknown>;
    registers.push({ register, value });
  }
  return registers;
}
