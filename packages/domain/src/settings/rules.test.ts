import { describe, expect, it } from 'vitest';
import type { TDeviceType } from '../constants';
import { encodeDownlink } from '../codec';
import { checkRegisterValues } from './rules';

/**
 * The settings validation table (docs/node-settings.md, "Rules per setting"), row by row, on both sides of each bound:
 * what the server's parameter routes refuse (400 naming the field) and the editor shows.
 */
const RANGE = (min: number, max: number) => `validation.range?min=${encodeURIComponent(min)}&max=${max}`;
const INTEGER = 'validation.integer';
const DECIMALS = (n: number) => `validation.decimals?N=${n}`;

type TCase = [setting: string, type: TDeviceType, register: number, value: Record<string, unknown>, field: string, expected: string | null];

const ROWS: TCase[] = [
  // log interval: integer 1 to 60 min
  ['log interval', 'V1', 2, { logInterval: 0 }, 'logInterval', RANGE(1, 60)],
  ['log interval', 'V1', 2, { logInterval: 1 }, 'logInterval', null],
  ['log interval', 'V2', 2, { logInterval: 60 }, 'logInterval', null],
  // V3 has them too, in its system register 1 (docs/node-settings.md, decision of 2026-11-26)
  ['log interval', 'V3', 1, { logInterval: 61 }, 'logInterval', RANGE(1, 60)],
  ['log interval', 'V3', 1, { logInterval: 60 }, 'logInterval', null],
  ['measure interval', 'V3', 1, { measureInterval: 121 }, 'measureInterval', RANGE(0, 120)],
  ['measure interval', 'V3', 1, { measureInterval: 0 }, 'measureInterval', null],
  ['log interval', 'V2', 2, { logInterval: 61 }, 'logInterval', RANGE(1, 60)],
  ['log interval', 'V2', 2, { logInterval: 15.5 }, 'logInterval', INTEGER],
  // lower and upper alarm: 1 decimal, V2 and V3 -102.4 to 100
  ['lower alarm', 'V2', 2, { inputs: [{ lowAlarm: -102.5 }] }, 'inputs.0.lowAlarm', RANGE(-102.4, 100)],
  ['lower alarm', 'V2', 2, { inputs: [{ lowAlarm: -102.4 }] }, 'inputs.0.lowAlarm', null],
  ['upper alarm', 'V2', 2, { inputs: [{ mode: 'actual' }, { highAlarm: 100 }] }, 'inputs.1.highAlarm', null],
  ['upper alarm', 'V2', 2, { inputs: [{ mode: 'actual' }, { mode: 'actual' }, { highAlarm: 100.1 }] }, 'inputs.2.highAlarm', RANGE(-102.4, 100)],
  ['upper alarm', 'V3', 1, { inputs: [{ highAlarm: 55.25 }] }, 'inputs.0.highAlarm', DECIMALS(1)],
  ['upper alarm', 'V3', 1, { inputs: [{ highAlarm: 55.5 }] }, 'inputs.0.highAlarm', null],
  // turn on and turn off time (V3): integer 0 to 240 s
  ['turn on time', 'V3', 1, { inputs: [{ turnOnTime: -1 }] }, 'inputs.0.turnOnTime', RANGE(0, 240)],
  ['turn on time', 'V3', 1, { inputs: [{ turnOnTime: 0 }] }, 'inputs.0.turnOnTime', null],
  ['turn off time', 'V3', 1, { inputs: [{ mode: 'actual' }, { turnOffTime: 240 }] }, 'inputs.1.turnOffTime', null],
  ['turn off time', 'V3', 1, { inputs: [{ mode: 'actual' }, { turnOffTime: 241 }] }, 'inputs.1.turnOffTime', RANGE(0, 240)],
  ['turn time on V2', 'V2', 2, { inputs: [{ turnOnTime: 5 }] }, 'inputs.0.turnOnTime', 'validation.invalid'],
  // flush duration: integer 1 to 60
  ['flush duration', 'V1', 3, { flushtime: 0 }, 'flushtime', RANGE(1, 60)],
  ['flush duration', 'V1', 3, { flushtime: 1 }, 'flushtime', null],
  ['flush duration', 'V2', 3, { flushtime: 60 }, 'flushtime', null],
  ['flush duration', 'V2', 3, { flushtime: 61 }, 'flushtime', RANGE(1, 60)],
  // flushes per 24 h (V1): integer 0 to 50
  ['flushes per 24 h', 'V1', 3, { flushCycles: -1 }, 'flushCycles', RANGE(0, 50)],
  ['flushes per 24 h', 'V1', 3, { flushCycles: 0 }, 'flushCycles', null],
  ['flushes per 24 h', 'V1', 3, { flushCycles: 50 }, 'flushCycles', null],
  ['flushes per 24 h', 'V1', 3, { flushCycles: 51 }, 'flushCycles', RANGE(0, 50)],
  // high temperature flush duration: integer 0 to 120
  ['high temperature flush duration', 'V1', 3, { highTempFlushtime: 120 }, 'highTempFlushtime', null],
  ['high temperature flush duration', 'V1', 3, { highTempFlushtime: 121 }, 'highTempFlushtime', RANGE(0, 120)],
  ['high temperature flush duration', 'V2', 3, { highTempFlushtime: -1 }, 'highTempFlushtime', RANGE(0, 120)],
  // flush wait interval: integer 0 to 120
  ['flush wait interval', 'V2', 3, { highTempFlushdelay: 0 }, 'highTempFlushdelay', null],
  ['flush wait interval', 'V2', 3, { highTempFlushdelay: 121 }, 'highTempFlushdelay', RANGE(0, 120)],
  ['flush wait interval', 'V2', 3, { highTempFlushdelay: 2.5 }, 'highTempFlushdelay', INTEGER],
  // flush start and stop temperature: 1 decimal, -102.4 to 100
  ['flush start temperature', 'V1', 3, { flushStartThreshold: -102.4 }, 'flushStartThreshold', null],
  ['flush start temperature', 'V1', 3, { flushStartThreshold: -102.5 }, 'flushStartThreshold', RANGE(-102.4, 100)],
  ['flush stop temperature', 'V2', 3, { flushStopThreshold: 100 }, 'flushStopThreshold', null],
  ['flush stop temperature', 'V2', 3, { flushStopThreshold: 100.1 }, 'flushStopThreshold', RANGE(-102.4, 100)],
  ['flush stop temperature', 'V2', 3, { flushStopThreshold: 20.05 }, 'flushStopThreshold', DECIMALS(1)],
  ['flush stop temperature on V1', 'V1', 3, { flushStopThreshold: 20 }, 'flushStopThreshold', 'validation.invalid'],
  // period flush count (V2): integer 0 to 50
  ['period flush count', 'V2', 4, { 'flush-periods': [{ start: 0, stop: 60, flushCycles: 0, daysEnabled: days() }] }, 'flush-periods.0.flushCycles', null],
  ['period flush count', 'V2', 4, { 'flush-periods': [{ start: 0, stop: 60, flushCycles: 50, daysEnabled: days() }] }, 'flush-periods.0.flushCycles', null],
  ['period flush count', 'V2', 4, { 'flush-periods': [{ start: 0, stop: 60, flushCycles: 51, daysEnabled: days() }] }, 'flush-periods.0.flushCycles', RANGE(0, 50)],
  ['period flush count', 'V2', 4, { 'flush-periods': [{ start: 0, stop: 60, flushCycles: -1, daysEnabled: days() }] }, 'flush-periods.0.flushCycles', RANGE(0, 50)],
  // period start and stop time: required (UTC minutes 0 to 1439)
  ['period start', 'V1', 3, { 'flush-periods': [{ stop: 60 }] }, 'flush-periods.0.start', 'validation.required'],
  ['period stop', 'V2', 4, { 'flush-periods': [{ start: 0, flushCycles: 1, daysEnabled: days() }] }, 'flush-periods.0.stop', 'validation.required'],
  ['period start', 'V1', 3, { 'flush-periods': [{ start: 1439, stop: 0 }] }, 'flush-periods.0.start', null],
  ['period start', 'V1', 3, { 'flush-periods': [{ start: 1440, stop: 0 }] }, 'flush-periods.0.start', RANGE(0, 1439)],
  ['period days', 'V2', 4, { 'flush-periods': [{ start: 0, stop: 60, flushCycles: 1 }] }, 'flush-periods.0.daysEnabled', 'validation.required'],
  // send interval: integer 1 to 24 hours
  ['send interval', 'V1', 1, { sendinterval: 0 }, 'sendinterval', RANGE(1, 24)],
  ['send interval', 'V2', 1, { sendinterval: 1 }, 'sendinterval', null],
  ['send interval', 'V3', 1, { sendInterval: 24 }, 'sendInterval', null],
  ['send interval', 'V3', 1, { sendInterval: 25 }, 'sendInterval', RANGE(1, 24)],
  // low battery voltage: up to 3 decimals, 0 to 5 V
  ['low battery voltage', 'V1', 1, { 'supply-voltage-threshold': -0.001 }, 'supply-voltage-threshold', RANGE(0, 5)],
  ['low battery voltage', 'V1', 1, { 'supply-voltage-threshold': 0 }, 'supply-voltage-threshold', null],
  ['low battery voltage', 'V2', 1, { 'supply-voltage-threshold': 3.125 }, 'supply-voltage-threshold', null],
  ['low battery voltage', 'V2', 1, { 'supply-voltage-threshold': 3.1255 }, 'supply-voltage-threshold', DECIMALS(3)],
  ['low battery voltage', 'V3', 1, { 'supply-voltage-threshold': 5 }, 'supply-voltage-threshold', null],
  ['low battery voltage', 'V3', 1, { 'supply-voltage-threshold': 5.001 }, 'supply-voltage-threshold', RANGE(0, 5)],
  // measure interval: integer 0 to 120 s
  ['measure interval', 'V1', 2, { measureInterval: 0 }, 'measureInterval', null],
  ['measure interval', 'V1', 2, { measureInterval: 120 }, 'measureInterval', null],
  ['measure interval', 'V2', 2, { measureInterval: 121 }, 'measureInterval', RANGE(0, 120)],
  ['measure interval', 'V2', 2, { measureInterval: -1 }, 'measureInterval', RANGE(0, 120)],
  // measure interval during flush: integer 1 to 120
  ['measure interval during flush', 'V1', 3, { measureInterval: 0 }, 'measureInterval', RANGE(1, 120)],
  ['measure interval during flush', 'V1', 3, { measureInterval: 1 }, 'measureInterval', null],
  ['measure interval during flush', 'V2', 3, { measureInterval: 120 }, 'measureInterval', null],
  ['measure interval during flush', 'V2', 3, { measureInterval: 121 }, 'measureInterval', RANGE(1, 120)],
  // valve pulse length: integer 0 to 1250 ms, multiple of 5
  ['valve pulse length', 'V1', 3, { valvePulseLength: 0 }, 'valvePulseLength', null],
  ['valve pulse length', 'V1', 3, { valvePulseLength: 1250 }, 'valvePulseLength', null],
  ['valve pulse length', 'V1', 3, { valvePulseLength: 1255 }, 'valvePulseLength', RANGE(0, 1250)],
  ['valve pulse length', 'V2', 3, { valvePulseLength: 252 }, 'valvePulseLength', 'validation.multipleOf?N=5'],
  ['valve pulse length', 'V2', 3, { valvePulseLength: 255 }, 'valvePulseLength', null],
  ['valve pulse length', 'V2', 3, { valvePulseLength: -5 }, 'valvePulseLength', RANGE(0, 1250)],
  // calibration duration: integer 0 to 15 min
  ['calibration duration', 'V1', 1, { 'calibration-duration': 0 }, 'calibration-duration', null],
  ['calibration duration', 'V2', 1, { 'calibration-duration': 15 }, 'calibration-duration', null],
  ['calibration duration', 'V3', 1, { calibrationDuration: 16 }, 'calibrationDuration', RANGE(0, 15)],
  ['calibration duration', 'V3', 1, { calibrationDuration: -1 }, 'calibrationDuration', RANGE(0, 15)],
  // switches: flush 1/0, overflow detection threshold 0 to 1000 (the portal writes 100 or 0)
  ['flush on', 'V1', 3, { enabled: 1 }, 'enabled', null],
  ['flush off', 'V2', 3, { enabled: 0 }, 'enabled', null],
  ['flush other', 'V2', 3, { enabled: 2 }, 'enabled', 'validation.oneOf'],
  ['overflow on', 'V1', 3, { resistanceThreshold: 100 }, 'resistanceThreshold', null],
  ['overflow off', 'V2', 3, { resistanceThreshold: 0 }, 'resistanceThreshold', null],
  ['measure mode', 'V1', 2, { mode: 'average' }, 'mode', null],
  ['measure mode', 'V1', 2, { mode: 'sometimes' }, 'mode', 'validation.oneOf'],
  ['unknown field', 'V1', 1, { colour: 'red' }, 'colour', 'validation.invalid'],
];

function days() {
  return { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false, sunday: false };
}

describe('checkRegisterValues: the settings validation table', () => {
  it.each(ROWS)('%s (%s register %i) %j -> %s: %s', (_setting, type, register, value, field, expected) => {
    const fields = checkRegisterValues(type, [{ register, value }]);
    expect(fields[`0.value.${field}`] ?? null).toBe(expected);
    if (expected === null) expect(fields).toEqual({});
  });

  it('every value it accepts, the codec can send (the two agree at the bounds)', () => {
    for (const [, type, register, value, , expected] of ROWS) {
      if (expected !== null) continue;
      expect(() => encodeDownlink(type, [{ register, value }]), `${type} ${register} ${JSON.stringify(value)}`).not.toThrow();
    }
  });

  it('names a register the type does not have, by its place in the body', () => {
    expect(checkRegisterValues('V3', [{ register: 1, value: {} }, { register: 2, value: { logInterval: 5 } }])).toEqual({ '1.register': 'validation.oneOf?values=1' });
    expect(checkRegisterValues('V1', [{ register: 4, value: {} }])).toEqual({ '0.register': 'validation.oneOf?values=1%2C%202%2C%203' });
  });

  it('names every bad field of several registers at once', () => {
    const fields = checkRegisterValues('V2', [
      { register: 2, value: { logInterval: 0, inputs: [{ mode: 'actual', lowAlarm: 200 }] } },
      { register: 3, value: { valvePulseLength: 3 } },
    ]);
    expect(Object.keys(fields).sort()).toEqual(['0.value.inputs.0.lowAlarm', '0.value.logInterval', '1.value.valvePulseLength']);
  });

  it('refuses more inputs than the type has', () => {
    expect(checkRegisterValues('V3', [{ register: 1, value: { inputs: [{ mode: 'actual' }, { mode: 'actual' }, {}] } }])).toEqual({ '0.value.inputs': 'validation.tooLong?max=2' });
  });
});
