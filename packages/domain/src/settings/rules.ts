import { z } from 'zod';
import { MEASURE_MODES, NO_SENSOR_VALUE, type TDeviceType } from '../constants';
import { MAX_FLUSH_PERIODS } from '../codec/registers';
import { perType, registersOf } from '../device-types';
import type { TDeviceProfile } from '../device-types/profile';
import { MESSAGE, messageKey } from '../validation/message-key';
import { zNumber, zOneOf, type TNumberRule } from '../validation/validators';

/**
 * The settings validation table of the specification (docs/node-settings.md, "Rules per
 * setting"): one rule per setting, used by the settings editor and by the server's
 * parameter routes, so both refuse the same values with the same message keys.
 */
export const SETTING_RULES = {
  logInterval: { min: 1, max: 60, integer: true },
  /** Lower and upper alarm of V1: one decimal, 0 to 100 (0 is off). */
  alarmV1: { min: 0, max: 100, decimals: 1 },
  /** Lower and upper alarm of V2 and V3: one decimal, -102.4 to 100 (-102.4 is off). */
  alarm: { min: NO_SENSOR_VALUE, max: 100, decimals: 1 },
  turnTime: { min: 0, max: 240, integer: true },
  flushtime: { min: 1, max: 60, integer: true },
  flushCycles: { min: 0, max: 50, integer: true },
  highTempFlushtime: { min: 0, max: 120, integer: true },
  highTempFlushdelay: { min: 0, max: 120, integer: true },
  flushThreshold: { min: NO_SENSOR_VALUE, max: 100, decimals: 1 },
  periodFlushCycles: { min: 0, max: 50, integer: true },
  sendInterval: { min: 1, max: 24, integer: true },
  supplyVoltageThreshold: { min: 0, max: 5, decimals: 3 },
  measureInterval: { min: 0, max: 120, integer: true },
  flushMeasureInterval: { min: 1, max: 120, integer: true },
  valvePulseLength: { min: 0, max: 1250, integer: true, multipleOf: 5 },
  calibrationDuration: { min: 0, max: 15, integer: true },
  /** Minutes of the day (UTC) a period starts or stops. */
  minuteOfDay: { min: 0, max: 1439, integer: true },
  /** Overflow detection: the threshold in ohm the codec accepts; the portal writes 100 (on) or 0 (off). */
  resistanceThreshold: { min: 0, max: 1000, integer: true },
} as const satisfies Record<string, TNumberRule>;

/** What an alarm threshold holds when it is off: 0 for V1, -102.4 for V2 and V3 (docs/node-settings.md). */
export const ALARM_OFF: Record<TDeviceType, number> = { V1: 0, V2: NO_SENSOR_VALUE, V3: NO_SENSOR_VALUE };
const ALARM_RULES: Record<TDeviceType, TNumberRule> = { V1: SETTING_RULES.alarmV1, V2: SETTING_RULES.alarm, V3: SETTING_RULES.alarm };
export const alarmRule = (type: TDeviceType): TNumberRule => ALARM_RULES[type];

/** Flush on and off, overflow detection on and off, as the registers hold them. */
export const FLUSH_ON = 1;
export const FLUSH_OFF = 0;
export const OVERFLOW_ON = 100;
export const OVERFLOW_OFF = 0;

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type TWeekday = (typeof WEEKDAYS)[number];
export type TDaysEnabled = Record<TWeekday, boolean>;

/** The register with the measuring settings (V1, V2: 2; V3: 1). */
export const SYSTEM_REGISTER = perType((profile) => profile.systemRegister);
/** Registers each type has (docs/node-settings.md, "Registers per type"). */
export const SETTING_REGISTERS = perType((profile): readonly number[] => registersOf(profile.type));

const number = (rule: TNumberRule) => zNumber(rule);
const zDays = z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, z.boolean({ error: MESSAGE.required })])) as Record<TWeekday, z.ZodBoolean>, {
  error: MESSAGE.required,
});
const zList = <T extends z.ZodType>(item: T, max: number) => z.array(item, { error: MESSAGE.required }).max(max, { error: messageKey(MESSAGE.tooLong, { max }) });

const zInput = (profile: TDeviceProfile) => {
  const base = {
    mode: zOneOf(MEASURE_MODES),
    lowAlarm: number(alarmRule(profile.type)),
    highAlarm: number(alarmRule(profile.type)),
  };
  const turnTimes = profile.inputs.kind === 'list' && profile.inputs.turnTimes;
  return (turnTimes ? z.object({ ...base, turnOnTime: number(SETTING_RULES.turnTime), turnOffTime: number(SETTING_RULES.turnTime) }) : z.object(base)).partial().strict();
};

/** A weekly period has weekdays and its own flush count; otherwise the flush register's flushCycles counts. */
const zPeriod = (weekly: boolean) => {
  const times = { start: number(SETTING_RULES.minuteOfDay), stop: number(SETTING_RULES.minuteOfDay) };
  return (weekly ? z.object({ ...times, flushCycles: number(SETTING_RULES.periodFlushCycles), daysEnabled: zDays }) : z.object(times)).strict();
};

const FLUSH_SHAPE = {
  enabled: zOneOf([FLUSH_OFF, FLUSH_ON] as const),
  flushtime: number(SETTING_RULES.flushtime),
  flushCycles: number(SETTING_RULES.flushCycles),
  highTempFlushtime: number(SETTING_RULES.highTempFlushtime),
  highTempFlushdelay: number(SETTING_RULES.highTempFlushdelay),
  flushStartThreshold: number(SETTING_RULES.flushThreshold),
  measureInterval: number(SETTING_RULES.flushMeasureInterval),
  resistanceThreshold: number(SETTING_RULES.resistanceThreshold),
  valvePulseLength: number(SETTING_RULES.valvePulseLength),
};

/**
 * The fields of each register of a type, from its profile: register 1 (send interval, battery
 * threshold, calibration duration), the system register (intervals, and the one mode or the
 * inputs), the faucet's register and its periods.
 */
function registerShapes(profile: TDeviceProfile): Record<number, z.ZodRawShape> {
  const shapes: Record<number, z.ZodRawShape> = {};
  const add = (register: number, shape: z.ZodRawShape) => (shapes[register] = { ...shapes[register], ...shape });
  add(1, {
    [profile.fieldNames.sendInterval]: number(SETTING_RULES.sendInterval),
    'supply-voltage-threshold': number(SETTING_RULES.supplyVoltageThreshold),
    [profile.fieldNames.calibrationDuration]: number(SETTING_RULES.calibrationDuration),
  });
  add(profile.systemRegister, {
    logInterval: number(SETTING_RULES.logInterval),
    measureInterval: number(SETTING_RULES.measureInterval),
    ...(profile.inputs.kind === 'mode' ? { mode: zOneOf(MEASURE_MODES) } : { inputs: zList(zInput(profile), profile.temperatureChannels) }),
  });
  if (profile.flush) {
    add(profile.flush.register, { ...FLUSH_SHAPE, ...(profile.flush.stopThreshold ? { flushStopThreshold: number(SETTING_RULES.flushThreshold) } : {}) });
    add(profile.flush.periods.register, { 'flush-periods': zList(zPeriod(profile.flush.periods.weekly), MAX_FLUSH_PERIODS) });
  }
  return shapes;
}

/**
 * The value of each register per type, every field optional (a register may be sent in part; the
 * server merges it over the saved value) and no unknown fields.
 */
export const REGISTER_SCHEMAS = perType(
  (profile): Record<number, z.ZodType<Record<string, unknown>>> =>
    Object.fromEntries(Object.entries(registerShapes(profile)).map(([register, shape]) => [Number(register), z.object(shape).partial().strict()])),
);

/**
 * Checks registers sent to a node against the validation table. Answers `{ field: message key }`
 * (empty when all is well) with the field paths of the request body: `<index>.value.<field...>`,
 * or `<index>.register` for a register the type does not have.
 */
export function checkRegisterValues(type: TDeviceType, entries: readonly { register: number; value: unknown }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  entries.forEach((entry, index) => {
    const schema = REGISTER_SCHEMAS[type][entry.register];
    if (!schema) {
      fields[`${index}.register`] = messageKey(MESSAGE.oneOf, { values: SETTING_REGISTERS[type].join(', ') });
      return;
    }
    const result = schema.safeParse(entry.value);
    if (result.success) return;
    for (const issue of result.error.issues) {
      const unknownKeys = issue.code === 'unrecognized_keys' ? issue.keys : [];
      const paths = unknownKeys.length ? unknownKeys.map((key) => [...issue.path, key]) : [issue.path];
      for (const path of paths) {
        const name = [String(index), 'value', ...path.map(String)].join('.');
        if (!(name in fields)) fields[name] = unknownKeys.length ? MESSAGE.invalid : issue.message;
      }
    }
  });
  return fields;
}
