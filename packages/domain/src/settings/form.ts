import { z } from 'zod';
import { MEASURE_MODES, type TDeviceType } from '../constants';
import { MAX_FLUSH_PERIODS } from '../codec/registers';
import { MESSAGE } from '../validation/message-key';
import { checkNumber, parseFormNumber, type TNumberRule } from '../validation/validators';
import { hasTurnTimes, weeklyPeriods } from '../device-types';
import { INPUT_COUNT, INPUTS_REGISTER, PERIODS_REGISTER, SETTINGS, settingsOf, type TSetting, type TSettingId } from './catalogue';
import { clockToMinutes, minutesToClock, periodToLocal, periodToUtc } from './periods';
import { sameValue } from './same-value';
import { ALARM_OFF, alarmRule, FLUSH_OFF, FLUSH_ON, OVERFLOW_OFF, OVERFLOW_ON, SETTING_RULES, WEEKDAYS, type TDaysEnabled } from './rules';

/**
 * The settings editor's form (docs/node-settings.md, Screens): the registers of a node
 * as texts and switches, converted back into the registers that changed. Numbers are typed as
 * text (a Dutch user types a comma); an alarm that is off is an empty field; period times are
 * local "HH:MM" (stored as UTC minutes, see periods.ts).
 */
export interface TInputForm {
  mode: string;
  lowAlarm: string;
  highAlarm: string;
  turnOnTime: string;
  turnOffTime: string;
}

export interface TPeriodForm {
  start: string;
  stop: string;
  flushCycles: string;
  days: TDaysEnabled;
}

export type TSettingsForm = { [id in TSettingId]: id extends 'flushEnabled' | 'overflowDetection' ? boolean : string } & {
  inputs: TInputForm[];
  periods: TPeriodForm[];
};

export interface TStoredParameter {
  register: number;
  value: unknown;
}

export interface TRegisterChange {
  register: number;
  value: Record<string, unknown>;
}

type TRecord = Record<string, unknown>;
const isRecord = (value: unknown): value is TRecord => typeof value === 'object' && value !== null && !Array.isArray(value);

function registerValues(parameters: readonly TStoredParameter[]): Map<number, TRecord> {
  return new Map(parameters.map((parameter) => [parameter.register, isRecord(parameter.value) ? parameter.value : {}]));
}

/** A number as the form shows it: '' when unknown; with the reader's decimal separator (parseFormNumber takes both). */
const numberText = (value: unknown, separator = '.'): string => (typeof value === 'number' && Number.isFinite(value) ? String(value).replace('.', separator) : '');
const alarmText = (value: unknown, type: TDeviceType, separator: string): string => (value === ALARM_OFF[type] ? '' : numberText(value, separator));


export const EMPTY_DAYS: TDaysEnabled = Object.fromEntries(WEEKDAYS.map((day) => [day, false])) as TDaysEnabled;
const ALL_DAYS: TDaysEnabled = Object.fromEntries(WEEKDAYS.map((day) => [day, true])) as TDaysEnabled;

export function emptyPeriod(): TPeriodForm {
  return { start: '', stop: '', flushCycles: '1', days: { ...ALL_DAYS } };
}

function readDays(value: unknown): TDaysEnabled {
  if (!isRecord(value)) return { ...EMPTY_DAYS };
  return Object.fromEntries(WEEKDAYS.map((day) => [day, value[day] === true])) as TDaysEnabled;
}

/**
 * The form of a node's saved registers; periods in local time (`offsetMinutes` ahead of UTC),
 * decimals with `decimalSeparator` (a Dutch reader: ',').
 */
export function settingsFormFromRegisters(type: TDeviceType, parameters: readonly TStoredParameter[], offsetMinutes: number, decimalSeparator = '.'): TSettingsForm {
  const registers = registerValues(parameters);
  const form: Record<string, unknown> = {};
  for (const setting of settingsOf(type)) {
    const stored = registers.get(setting.register(type))?.[setting.field(type)];
    if (setting.kind === 'flushToggle') form[setting.id] = stored === FLUSH_ON;
    else if (setting.kind === 'overflowToggle') form[setting.id] = typeof stored === 'number' && stored > 0;
    else if (setting.kind === 'mode') form[setting.id] = typeof stored === 'string' ? stored : '';
    else form[setting.id] = numberText(stored, decimalSeparator);
  }
  for (const setting of SETTINGS) {
    if (!(setting.id in form)) form[setting.id] = setting.kind === 'flushToggle' || setting.kind === 'overflowToggle' ? false : '';
  }

  const inputsRegister = INPUTS_REGISTER[type];
  const storedInputs = inputsRegister !== undefined ? registers.get(inputsRegister)?.inputs : undefined;
  const inputs: TInputForm[] = [];
  for (let index = 0; index < INPUT_COUNT[type]; index++) {
    const input = Array.isArray(storedInputs) && isRecord(storedInputs[index]) ? (storedInputs[index] as TRecord) : {};
    inputs.push({
      mode: typeof input.mode === 'string' ? input.mode : '',
      lowAlarm: alarmText(input.lowAlarm, type, decimalSeparator),
      highAlarm: alarmText(input.highAlarm, type, decimalSeparator),
      turnOnTime: numberText(input.turnOnTime),
      turnOffTime: numberText(input.turnOffTime),
    });
  }

  const periodsRegister = PERIODS_REGISTER[type];
  const storedPeriods = periodsRegister !== undefined ? registers.get(periodsRegister)?.['flush-periods'] : undefined;
  const periods = (Array.isArray(storedPeriods) ? storedPeriods.filter(isRecord) : []).map((period): TPeriodForm => {
    const local = periodToLocal(
      { start: Number(period.start) || 0, stop: Number(period.stop) || 0, daysEnabled: weeklyPeriods(type) ? readDays(period.daysEnabled) : undefined },
      offsetMinutes,
    );
    return { start: minutesToClock(local.start), stop: minutesToClock(local.stop), flushCycles: numberText(period.flushCycles), days: local.daysEnabled ?? { ...ALL_DAYS } };
  });

  return { ...(form as Omit<TSettingsForm, 'inputs' | 'periods'>), inputs, periods };
}

/**
 * A number field: empty is allowed only where the node's value is unknown too (nothing is sent
 * then); otherwise the rule of the validation table.
 */
function zFormNumber(rule: TNumberRule, required: boolean) {
  return z.string().superRefine((text, ctx) => {
    const value = parseFormNumber(text);
    if (value === null) {
      if (required) ctx.addIssue({ code: 'custom', message: MESSAGE.required });
      return;
    }
    const failure = checkNumber(value, rule);
    if (failure) ctx.addIssue({ code: 'custom', message: failure });
  });
}

/** An alarm threshold: empty means off. */
const zFormAlarm = (rule: TNumberRule) => zFormNumber(rule, false);

const zClock = () =>
  z.string().superRefine((text, ctx) => {
    if (text.trim() === '') ctx.addIssue({ code: 'custom', message: MESSAGE.required });
    else if (clockToMinutes(text) === null) ctx.addIssue({ code: 'custom', message: MESSAGE.invalid });
  });

const zMode = (required: boolean) =>
  z.string().refine((value) => (value === '' ? !required : (MEASURE_MODES as readonly string[]).includes(value)), { error: MESSAGE.required });

/**
 * The editor's schema for a node type. `saved` are the node's registers: a field whose value is
 * known must stay filled in. Fields of other types and the administrators' block for others pass
 * unchecked (they are not shown and not sent).
 */
export function settingsFormSchema(type: TDeviceType, saved: readonly TStoredParameter[], { administrator }: { administrator: boolean }) {
  const registers = registerValues(saved);
  const known = (setting: TSetting) => registers.get(setting.register(type))?.[setting.field(type)] !== undefined;
  const shape: Record<string, z.ZodType> = {};
  for (const setting of SETTINGS) {
    const applies = setting.types.includes(type) && (administrator || !setting.adminOnly);
    if (!applies || setting.kind === 'flushToggle' || setting.kind === 'overflowToggle') shape[setting.id] = z.any();
    else if (setting.kind === 'mode') shape[setting.id] = zMode(known(setting));
    else shape[setting.id] = zFormNumber(setting.rule!, known(setting));
  }
  const inputsRegister = INPUTS_REGISTER[type];
  const storedInputs = inputsRegister !== undefined ? registers.get(inputsRegister)?.inputs : undefined;
  const inputKnown = (index: number, field: string) => Array.isArray(storedInputs) && isRecord(storedInputs[index]) && (storedInputs[index])[field] !== undefined;
  const alarm = alarmRule(type);
  shape.inputs = z.array(z.any()).superRefine((inputs: TInputForm[], ctx) => {
    inputs.forEach((input, index) => {
      const checks: [keyof TInputForm, z.ZodType][] = [
        ['mode', zMode(inputKnown(index, 'mode'))],
        ['lowAlarm', zFormAlarm(alarm)],
        ['highAlarm', zFormAlarm(alarm)],
      ];
      if (hasTurnTimes(type)) checks.push(['turnOnTime', zFormNumber(SETTING_RULES.turnTime, inputKnown(index, 'turnOnTime'))], ['turnOffTime', zFormNumber(SETTING_RULES.turnTime, inputKnown(index, 'turnOffTime'))]);
      for (const [field, schema] of checks) {
        const result = schema.safeParse(input[field]);
        if (!result.success) ctx.addIssue({ code: 'custom', path: [index, field], message: result.error.issues[0].message });
      }
    });
  });
  shape.periods = z
    .array(z.any())
    .max(MAX_FLUSH_PERIODS)
    .superRefine((periods: TPeriodForm[], ctx) => {
      periods.forEach((period, index) => {
        const checks: [keyof TPeriodForm, z.ZodType][] = [
          ['start', zClock()],
          ['stop', zClock()],
        ];
        if (weeklyPeriods(type)) checks.push(['flushCycles', zFormNumber(SETTING_RULES.periodFlushCycles, true)]);
        for (const [field, schema] of checks) {
          const result = schema.safeParse(period[field]);
          if (!result.success) ctx.addIssue({ code: 'custom', path: [index, field], message: result.error.issues[0].message });
        }
        // A weekly period (V2) without a weekday never flushes: refused, not sent (docs/node-settings.md).
        if (weeklyPeriods(type) && !WEEKDAYS.some((day) => period.days?.[day])) ctx.addIssue({ code: 'custom', path: [index, 'days'], message: MESSAGE.noDays });
      });
    });
  return z.object(shape) as unknown as z.ZodType<TSettingsForm, TSettingsForm>;
}

const same = sameValue;

/**
 * The registers a save sends (POST /devices/{eui}/parameters): per register only the fields whose
 * value changed; registers without a change are left out. Alarms that are empty go back to the
 * off sentinel, switches to 1/0 and 100/0, period times to UTC minutes with shifted weekdays.
 * Settings of the administrators' block are only sent by administrators.
 */
export function registersFromSettingsForm(
  type: TDeviceType,
  form: TSettingsForm,
  saved: readonly TStoredParameter[],
  offsetMinutes: number,
  { administrator }: { administrator: boolean },
): TRegisterChange[] {
  const registers = registerValues(saved);
  const changes = new Map<number, TRecord>();
  const put = (register: number, field: string, value: unknown) => {
    if (same(registers.get(register)?.[field], value)) return;
    changes.set(register, { ...(changes.get(register) ?? {}), [field]: value });
  };

  for (const setting of settingsOf(type)) {
    if (setting.adminOnly && !administrator) continue;
    const register = setting.register(type);
    const field = setting.field(type);
    const entered = form[setting.id];
    if (setting.kind === 'flushToggle') {
      // Off is what the switch shows for a node that never reported it: not a change.
      if (entered || registers.get(register)?.[field] !== undefined) put(register, field, entered ? FLUSH_ON : FLUSH_OFF);
    }
    else if (setting.kind === 'overflowToggle') {
      const stored = registers.get(register)?.[field];
      const wasOn = typeof stored === 'number' && stored > 0;
      // A threshold an engineer set by other means stays as it is while detection stays on.
      if (Boolean(entered) !== wasOn) put(register, field, entered ? OVERFLOW_ON : OVERFLOW_OFF);
    } else if (setting.kind === 'mode') {
      if (entered !== '') put(register, field, entered);
    } else {
      const value = parseFormNumber(String(entered));
      if (value !== null) put(register, field, value);
    }
  }

  const inputsRegister = INPUTS_REGISTER[type];
  if (inputsRegister !== undefined) {
    const storedInputs = registers.get(inputsRegister)?.inputs;
    const inputs = form.inputs.slice(0, INPUT_COUNT[type]).map((input, index) => {
      const stored = Array.isArray(storedInputs) && isRecord(storedInputs[index]) ? (storedInputs[index]) : {};
      const next: TRecord = { ...stored };
      if (input.mode !== '') next.mode = input.mode;
      next.lowAlarm = parseFormNumber(input.lowAlarm) ?? ALARM_OFF[type];
      next.highAlarm = parseFormNumber(input.highAlarm) ?? ALARM_OFF[type];
      if (hasTurnTimes(type)) {
        for (const field of ['turnOnTime', 'turnOffTime'] as const) {
          const value = parseFormNumber(input[field]);
          if (value !== null) next[field] = value;
        }
      }
      return next;
    });
    put(inputsRegister, 'inputs', inputs);
  }

  const periodsRegister = PERIODS_REGISTER[type];
  if (periodsRegister !== undefined) {
    const periods = form.periods.map((period) => {
      const local = { start: clockToMinutes(period.start) ?? 0, stop: clockToMinutes(period.stop) ?? 0 };
      if (!weeklyPeriods(type)) return periodToUtc(local, offsetMinutes);
      const utc = periodToUtc({ ...local, daysEnabled: period.days }, offsetMinutes);
      return { start: utc.start, stop: utc.stop, flushCycles: parseFormNumber(period.flushCycles) ?? 0, daysEnabled: utc.daysEnabled };
    });
    const stored = registers.get(periodsRegister)?.['flush-periods'];
    // A node without a period list keeps none until one is added.
    if (periods.length > 0 || Array.isArray(stored)) put(periodsRegister, 'flush-periods', periods);
  }

  return [...changes].sort(([a], [b]) => a - b).map(([register, value]) => ({ register, value }));
}

/**
 * The editor's field for a field the server names in its 400 (`0.value.logInterval`,
 * `1.value.inputs.2.lowAlarm`, `0.value.flush-periods.0.start`), given the registers that were
 * sent; null when the editor has no such field.
 */
export function settingsFormPath(type: TDeviceType, sent: readonly { register: number }[], serverPath: string): string | null {
  const [index, part, field, ...rest] = serverPath.split('.');
  const register = sent[Number(index)]?.register;
  if (register === undefined || part !== 'value' || field === undefined) return null;
  if (field === 'inputs' && register === INPUTS_REGISTER[type]) return ['inputs', ...rest].join('.');
  if (field === 'flush-periods' && register === PERIODS_REGISTER[type]) return ['periods', ...rest].join('.').replace(/\.daysEnabled$/, '.days');
  const setting = settingsOf(type).find((candidate) => candidate.register(type) === register && candidate.field(type) === field);
  return setting && rest.length === 0 ? setting.id : null;
}

/** Every path of the editor's form a server error may point at, for a type. */
export function settingsFormPaths(type: TDeviceType): string[] {
  const paths: string[] = settingsOf(type).map((setting) => setting.id);
  for (let index = 0; index < INPUT_COUNT[type]; index++) paths.push(...['mode', 'lowAlarm', 'highAlarm', 'turnOnTime', 'turnOffTime'].map((field) => `inputs.${index}.${field}`));
  if (PERIODS_REGISTER[type] !== undefined) {
    for (let index = 0; index < MAX_FLUSH_PERIODS; index++) paths.push(...['start', 'stop', 'flushCycles', 'days'].map((field) => `periods.${index}.${field}`));
  }
  return paths;
}
