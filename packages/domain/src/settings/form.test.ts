import { describe, expect, it } from 'vitest';
import type { TDeviceType } from '../constants';
import { issuesToFields } from '../validation/issues';
import { parseFormNumber } from '../validation/validators';
import { emptyPeriod, registersFromSettingsForm, settingsFormFromRegisters, settingsFormPath, settingsFormPaths, settingsFormSchema, type TSettingsForm, type TStoredParameter } from './form';
import { checkRegisterValues } from './rules';

const WINTER = 60;
const ADMIN = { administrator: true };
const ENGINEER = { administrator: false };
const days = (on: boolean) => ({ monday: on, tuesday: on, wednesday: on, thursday: on, friday: on, saturday: !on, sunday: !on });

const V2: TStoredParameter[] = [
  { register: 1, value: { sendinterval: 6, 'supply-voltage-threshold': 3.1, 'calibration-duration': 5 } },
  {
    register: 2,
    value: {
      logInterval: 15,
      measureInterval: 60,
      inputs: [
        { mode: 'actual', lowAlarm: 55, highAlarm: -102.4 },
        { mode: 'actual', lowAlarm: -102.4, highAlarm: 25 },
        { mode: 'disabled', lowAlarm: -102.4, highAlarm: -102.4 },
      ],
    },
  },
  {
    register: 3,
    value: {
      enabled: 1,
      flushtime: 3,
      flushCycles: 2,
      highTempFlushtime: 10,
      highTempFlushdelay: 30,
      flushStartThreshold: 55,
      measureInterval: 10,
      resistanceThreshold: 100,
      valvePulseLength: 250,
      flushStopThreshold: -102.4,
    },
  },
  { register: 4, value: { 'flush-periods': [{ start: 300, stop: 330, flushCycles: 2, daysEnabled: days(true) }] } },
];

const V1: TStoredParameter[] = [
  { register: 1, value: { sendinterval: 6, 'supply-voltage-threshold': 3.1, 'calibration-duration': 5 } },
  { register: 2, value: { logInterval: 15, measureInterval: 60, mode: 'actual' } },
  {
    register: 3,
    value: { enabled: 0, flushtime: 3, flushCycles: 0, highTempFlushtime: 10, highTempFlushdelay: 30, flushStartThreshold: 25, measureInterval: 10, resistanceThreshold: 0, valvePulseLength: 250, 'flush-periods': [] },
  },
];

const V3: TStoredParameter[] = [
  {
    register: 1,
    value: {
      sendInterval: 6,
      'supply-voltage-threshold': 3.1,
      calibrationDuration: 5,
      inputs: [
        { mode: 'actual', lowAlarm: 55, highAlarm: -102.4, turnOnTime: 0, turnOffTime: 0 },
        { mode: 'actual', lowAlarm: -102.4, highAlarm: 25, turnOnTime: 0, turnOffTime: 0 },
      ],
    },
  },
];

function formOf(type: TDeviceType, saved: TStoredParameter[]) {
  return settingsFormFromRegisters(type, saved, WINTER);
}

function errorsOf(type: TDeviceType, saved: TStoredParameter[], form: TSettingsForm, administrator = true) {
  const result = settingsFormSchema(type, saved, { administrator }).safeParse(form);
  return result.success ? {} : issuesToFields(result.error.issues);
}

describe('settings editor form', () => {
  it('loads a V2 node: off alarms empty, switches on, periods in local time', () => {
    const form = formOf('V2', V2);
    expect(form.inputs.map((input) => [input.mode, input.lowAlarm, input.highAlarm])).toEqual([
      ['actual', '55', ''],
      ['actual', '', '25'],
      ['disabled', '', ''],
    ]);
    expect([form.flushEnabled, form.overflowDetection, form.flushStopThreshold, form.supplyVoltageThreshold, form.logInterval]).toEqual([true, true, '-102.4', '3.1', '15']);
    expect(form.periods).toEqual([{ start: '06:00', stop: '06:30', flushCycles: '2', days: days(true) }]);
  });

  it('shows decimals with the reader\'s separator and reads them back unchanged', () => {
    const form = settingsFormFromRegisters('V2', V2, WINTER, ',');
    expect([form.supplyVoltageThreshold, form.flushStopThreshold]).toEqual(['3,1', '-102,4']);
    expect(registersFromSettingsForm('V2', form, V2, WINTER, ADMIN)).toEqual([]);
  });

  it.each([
    ['V1', V1],
    ['V2', V2],
    ['V3', V3],
  ] as const)('an unchanged %s form is valid and sends nothing', (type, saved) => {
    const form = formOf(type, saved);
    expect(errorsOf(type, saved, form)).toEqual({});
    expect(registersFromSettingsForm(type, form, saved, WINTER, ADMIN)).toEqual([]);
  });

  it('sends only the registers and fields that changed, alarms emptied go back to the sentinel', () => {
    const form = formOf('V2', V2);
    form.logInterval = '5';
    form.inputs[0].lowAlarm = '';
    form.inputs[1].highAlarm = '24,5';
    const changes = registersFromSettingsForm('V2', form, V2, WINTER, ADMIN);
    expect(changes).toEqual([
      {
        register: 2,
        value: {
          logInterval: 5,
          inputs: [
            { mode: 'actual', lowAlarm: -102.4, highAlarm: -102.4 },
            { mode: 'actual', lowAlarm: -102.4, highAlarm: 24.5 },
            { mode: 'disabled', lowAlarm: -102.4, highAlarm: -102.4 },
          ],
        },
      },
    ]);
    expect(checkRegisterValues('V2', changes)).toEqual({});
  });

  it('writes flush off as 0, overflow detection off as 0 and on as 100', () => {
    const form = formOf('V2', V2);
    form.flushEnabled = false;
    form.overflowDetection = false;
    expect(registersFromSettingsForm('V2', form, V2, WINTER, ADMIN)).toEqual([{ register: 3, value: { enabled: 0, resistanceThreshold: 0 } }]);
    const v1 = formOf('V1', V1);
    v1.flushEnabled = true;
    v1.overflowDetection = true;
    expect(registersFromSettingsForm('V1', v1, V1, WINTER, ADMIN)).toEqual([{ register: 3, value: { enabled: 1, resistanceThreshold: 100 } }]);
  });

  it('keeps a threshold set by other means while overflow detection stays on', () => {
    const saved = V2.map((entry) => (entry.register === 3 ? { ...entry, value: { ...(entry.value as object), resistanceThreshold: 250 } } : entry));
    const form = formOf('V2', saved);
    expect(form.overflowDetection).toBe(true);
    expect(registersFromSettingsForm('V2', form, saved, WINTER, ADMIN)).toEqual([]);
  });

  it('stores a local period in UTC minutes and shifts its weekdays over midnight', () => {
    const form = formOf('V2', V2);
    form.periods = [{ start: '00:30', stop: '01:15', flushCycles: '3', days: { ...days(false), monday: true, saturday: false, sunday: false } }];
    expect(registersFromSettingsForm('V2', form, V2, WINTER, ADMIN)).toEqual([
      {
        register: 4,
        value: {
          'flush-periods': [
            { start: 1410, stop: 15, flushCycles: 3, daysEnabled: { monday: false, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: true } },
          ],
        },
      },
    ]);
    const v1 = formOf('V1', V1);
    v1.periods = [{ ...emptyPeriod(), start: '08:00', stop: '09:00' }];
    expect(registersFromSettingsForm('V1', v1, V1, 120, ADMIN)).toEqual([{ register: 3, value: { 'flush-periods': [{ start: 360, stop: 420 }] } }]);
  });

  it('never sends the administrators block for an engineer, even when the form holds a change', () => {
    const form = formOf('V3', V3);
    form.sendInterval = '12';
    form.inputs[1].turnOnTime = '30';
    expect(registersFromSettingsForm('V3', form, V3, WINTER, ENGINEER)).toEqual([
      {
        register: 1,
        value: {
          inputs: [
            { mode: 'actual', lowAlarm: 55, highAlarm: -102.4, turnOnTime: 0, turnOffTime: 0 },
            { mode: 'actual', lowAlarm: -102.4, highAlarm: 25, turnOnTime: 30, turnOffTime: 0 },
          ],
        },
      },
    ]);
    expect(registersFromSettingsForm('V3', form, V3, WINTER, ADMIN)[0].value.sendInterval).toBe(12);
    // and does not check it either: it is not on the engineer's screen
    form.sendInterval = '99';
    expect(errorsOf('V3', V3, form, false)).toEqual({});
    expect(errorsOf('V3', V3, form, true)).toEqual({ sendInterval: 'validation.range?min=1&max=24' });
  });

  it('names each field that breaks the table', () => {
    const form = formOf('V2', V2);
    form.logInterval = '0';
    form.flushtime = '';
    form.valvePulseLength = '252';
    form.supplyVoltageThreshold = '3,1255';
    form.inputs[2].highAlarm = '100.1';
    form.periods = [{ start: '', stop: '25:00', flushCycles: '51', days: days(true) }];
    expect(errorsOf('V2', V2, form)).toEqual({
      logInterval: 'validation.range?min=1&max=60',
      flushtime: 'validation.required',
      valvePulseLength: 'validation.multipleOf?N=5',
      supplyVoltageThreshold: 'validation.decimals?N=3',
      'inputs.2.highAlarm': 'validation.range?min=-102.4&max=100',
      'periods.0.start': 'validation.required',
      'periods.0.stop': 'validation.invalid',
      'periods.0.flushCycles': 'validation.range?min=0&max=50',
    });
  });

  it('refuses a V2 period without weekdays (it would never flush); V1 periods have no days', () => {
    const none = { monday: false, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false };
    const form = formOf('V2', V2);
    form.periods = [{ start: '06:00', stop: '06:30', flushCycles: '2', days: none }, { start: '07:00', stop: '07:30', flushCycles: '1', days: { ...none, sunday: true } }];
    expect(errorsOf('V2', V2, form)).toEqual({ 'periods.0.days': 'validation.noDays' });
    const v1 = formOf('V1', V1);
    v1.periods = [{ start: '06:00', stop: '06:30', flushCycles: '', days: none }];
    expect(errorsOf('V1', V1, v1)).toEqual({});
  });

  it('lets a value the node never reported stay empty, and then sends nothing for it', () => {
    // A node just registered: only the presets are known.
    const saved: TStoredParameter[] = [{ register: 2, value: { mode: 'actual' } }, { register: 3, value: { resistanceThreshold: 0 } }];
    const form = formOf('V1', saved);
    expect(form.logInterval).toBe('');
    expect(errorsOf('V1', saved, form)).toEqual({});
    form.flushtime = '4';
    expect(registersFromSettingsForm('V1', form, saved, WINTER, ADMIN)).toEqual([{ register: 3, value: { flushtime: 4 } }]);
  });

  it.each([
    ['12', 12],
    ['12,5', 12.5],
    [' -0.5 ', -0.5],
    ['', null],
    ['12a', Number.NaN],
    ['1,2,3', Number.NaN],
  ] as const)('reads %j as %j', (text, value) => {
    expect(parseFormNumber(text)).toEqual(value);
  });
});

describe('settingsFormPath: the server names a body field, the editor marks its own', () => {
  const sent = [{ register: 2 }, { register: 3 }, { register: 4 }];
  it.each([
    ['0.value.logInterval', 'logInterval'],
    ['0.value.measureInterval', 'measureInterval'],
    ['1.value.measureInterval', 'flushMeasureInterval'],
    ['1.value.resistanceThreshold', 'overflowDetection'],
    ['0.value.inputs.2.lowAlarm', 'inputs.2.lowAlarm'],
    ['2.value.flush-periods.0.start', 'periods.0.start'],
    ['2.value.flush-periods.1.daysEnabled', 'periods.1.days'],
    ['1.value.colour', null],
    ['3.value.logInterval', null],
    ['0.register', null],
  ])('%s -> %s', (path, expected) => {
    expect(settingsFormPath('V2', sent, path)).toBe(expected);
  });

  it('knows every path it can answer', () => {
    const paths = settingsFormPaths('V2');
    for (const path of ['logInterval', 'flushMeasureInterval', 'inputs.2.lowAlarm', 'periods.0.start', 'periods.1.days']) expect(paths).toContain(path);
    expect(settingsFormPaths('V3')).not.toContain('periods.0.start');
  });
});

describe('registersFromSettingsForm: a save sends only what changed', () => {
  // PostgreSQL's jsonb (and PGlite's) keeps keys by length, then bytes: a period comes back as
  // { stop, start, daysEnabled, flushCycles } with its weekdays friday, monday, sunday, ...
  const jsonbDays = (on: boolean) => ({ friday: on, monday: on, sunday: !on, tuesday: on, saturday: !on, thursday: on, wednesday: on });
  const asStored = (parameters: TStoredParameter[], register: number, value: Record<string, unknown>) =>
    parameters.map((parameter) => (parameter.register === register ? { register, value } : parameter));

  it('V2: changing only the log interval leaves register 4 (periods read back in jsonb key order) unsent', () => {
    const stored = asStored(V2, 4, { 'flush-periods': [{ stop: 330, start: 300, daysEnabled: jsonbDays(true), flushCycles: 2 }] });
    const form = settingsFormFromRegisters('V2', stored, WINTER);
    expect(registersFromSettingsForm('V2', { ...form, logInterval: '10' }, stored, WINTER, ENGINEER)).toEqual([{ register: 2, value: { logInterval: 10 } }]);
  });

  it('V1: changing only the log interval leaves register 3 (its periods in jsonb key order) unsent', () => {
    const flush = V1.find((parameter) => parameter.register === 3)!.value as Record<string, unknown>;
    const stored = asStored(V1, 3, { ...flush, 'flush-periods': [{ stop: 1410, start: 1380 }, { stop: 330, start: 300 }] });
    const form = settingsFormFromRegisters('V1', stored, WINTER);
    expect(registersFromSettingsForm('V1', { ...form, logInterval: '10' }, stored, WINTER, ENGINEER)).toEqual([{ register: 2, value: { logInterval: 10 } }]);
  });

  it('a period that really changed is still sent whole', () => {
    const stored = asStored(V2, 4, { 'flush-periods': [{ stop: 330, start: 300, daysEnabled: jsonbDays(true), flushCycles: 2 }] });
    const form = settingsFormFromRegisters('V2', stored, WINTER);
    const changes = registersFromSettingsForm('V2', { ...form, periods: [{ ...form.periods[0], flushCycles: '3' }] }, stored, WINTER, ENGINEER);
    expect(changes.map((change) => change.register)).toEqual([4]);
  });
});
