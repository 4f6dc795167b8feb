import { DEVICE_TYPES, NO_SENSOR_VALUE, type TDeviceType } from '../constants';
import type { SETTING_GROUPS } from '../rights/catalogue';
import type { TNumberRule } from '../validation/validators';
import { inputsRegisterOf, periodsRegisterOf, perType, PROFILES, typesWhere } from '../device-types';
import { SETTING_RULES } from './rules';

/**
 * Every single-valued setting of a node, in the order the settings tab and the editor show them:
 * which types have it and which register and field hold it (from the type's profile), its rule,
 * and its setting group: who may change it (docs/node-settings.md; the groups of the rights
 * catalogue: `system` is administrators' only). Inputs and flush periods are lists and handled apart.
 */
export type TSettingId =
  | 'logInterval'
  | 'mode'
  | 'flushEnabled'
  | 'flushtime'
  | 'flushCycles'
  | 'highTempFlushtime'
  | 'highTempFlushdelay'
  | 'flushStartThreshold'
  | 'flushStopThreshold'
  | 'sendInterval'
  | 'supplyVoltageThreshold'
  | 'calibrationDuration'
  | 'measureInterval'
  | 'flushMeasureInterval'
  | 'valvePulseLength'
  | 'overflowDetection';

/** The units settings are in (docs/node-settings.md, "Rules per setting"). */
export type TSettingUnit = 'min' | 'h' | 's' | 'ms' | 'V' | '°C';

/** number: a number under its rule; toggle: on/off stored as 1/0 (flush) or 100/0 (overflow); mode: a measure mode. */
export type TSettingKind = 'number' | 'flushToggle' | 'overflowToggle' | 'mode';

export type TSettingGroup = keyof typeof SETTING_GROUPS;

interface TSettingSpec {
  id: TSettingId;
  types: readonly TDeviceType[];
  register: (type: TDeviceType) => number;
  field: (type: TDeviceType) => string;
  kind: TSettingKind;
  rule?: TNumberRule;
  /** The unit the value is in, shown after it ("3 min", "55,0 °C"); none for a count (flushes per 24 h). */
  unit?: TSettingUnit;
  /** The value that means "off", shown as "Uit" (the flush temperatures' -102.4, the "no sensor" value). */
  off?: number;
  group: TSettingGroup;
}

export interface TSetting extends TSettingSpec {
  /** Group `system`: only administrators change it. */
  adminOnly: boolean;
}

const ALL = DEVICE_TYPES;
const FLUSHING = typesWhere((profile) => profile.flush !== null);
const ONE_MODE = typesWhere((profile) => profile.inputs.kind === 'mode');
/** A faucet whose periods have no flush count of their own: the register's flushCycles counts. */
const REGISTER_FLUSH_COUNT = typesWhere((profile) => profile.flush !== null && !profile.flush.periods.weekly);
const STOP_THRESHOLD = typesWhere((profile) => profile.flush?.stopThreshold === true);

const system = (type: TDeviceType) => PROFILES[type].systemRegister;
function flush(type: TDeviceType): number {
  const faucet = PROFILES[type].flush;
  if (!faucet) throw new Error(`${type} has no faucet`);
  return faucet.register;
}
const named = (name: string) => () => name;

/** A flush start or stop temperature at the "no sensor" value is off: flushing never starts or stops on temperature. */
export const FLUSH_THRESHOLD_OFF = NO_SENSOR_VALUE;

const SPECS: readonly TSettingSpec[] = [
  { id: 'logInterval', types: ALL, register: system, field: named('logInterval'), kind: 'number', rule: SETTING_RULES.logInterval, unit: 'min', group: 'inputs' },
  { id: 'mode', types: ONE_MODE, register: system, field: named('mode'), kind: 'mode', group: 'inputs' },
  { id: 'flushEnabled', types: FLUSHING, register: flush, field: named('enabled'), kind: 'flushToggle', group: 'flush' },
  { id: 'flushtime', types: FLUSHING, register: flush, field: named('flushtime'), kind: 'number', rule: SETTING_RULES.flushtime, unit: 'min', group: 'flush' },
  { id: 'flushCycles', types: REGISTER_FLUSH_COUNT, register: flush, field: named('flushCycles'), kind: 'number', rule: SETTING_RULES.flushCycles, group: 'flush' },
  { id: 'highTempFlushtime', types: FLUSHING, register: flush, field: named('highTempFlushtime'), kind: 'number', rule: SETTING_RULES.highTempFlushtime, unit: 'min', group: 'flush' },
  { id: 'highTempFlushdelay', types: FLUSHING, register: flush, field: named('highTempFlushdelay'), kind: 'number', rule: SETTING_RULES.highTempFlushdelay, unit: 'min', group: 'flush' },
  { id: 'flushStartThreshold', types: FLUSHING, register: flush, field: named('flushStartThreshold'), kind: 'number', rule: SETTING_RULES.flushThreshold, unit: '°C', off: FLUSH_THRESHOLD_OFF, group: 'flush' },
  { id: 'flushStopThreshold', types: STOP_THRESHOLD, register: flush, field: named('flushStopThreshold'), kind: 'number', rule: SETTING_RULES.flushThreshold, unit: '°C', off: FLUSH_THRESHOLD_OFF, group: 'flush' },
  {
    id: 'sendInterval',
    types: ALL,
    register: () => 1,
    field: (type) => PROFILES[type].fieldNames.sendInterval,
    kind: 'number',
    rule: SETTING_RULES.sendInterval,
    unit: 'h',
    group: 'system',
  },
  { id: 'supplyVoltageThreshold', types: ALL, register: () => 1, field: named('supply-voltage-threshold'), kind: 'number', rule: SETTING_RULES.supplyVoltageThreshold, unit: 'V', group: 'system' },
  {
    id: 'calibrationDuration',
    types: ALL,
    register: () => 1,
    field: (type) => PROFILES[type].fieldNames.calibrationDuration,
    kind: 'number',
    rule: SETTING_RULES.calibrationDuration,
    unit: 'min',
    group: 'system',
  },
  { id: 'measureInterval', types: ALL, register: system, field: named('measureInterval'), kind: 'number', rule: SETTING_RULES.measureInterval, unit: 's', group: 'system' },
  { id: 'flushMeasureInterval', types: FLUSHING, register: flush, field: named('measureInterval'), kind: 'number', rule: SETTING_RULES.flushMeasureInterval, unit: 's', group: 'system' },
  { id: 'valvePulseLength', types: FLUSHING, register: flush, field: named('valvePulseLength'), kind: 'number', rule: SETTING_RULES.valvePulseLength, unit: 'ms', group: 'system' },
  { id: 'overflowDetection', types: FLUSHING, register: flush, field: named('resistanceThreshold'), kind: 'overflowToggle', group: 'system' },
];

export const SETTINGS: readonly TSetting[] = SPECS.map((spec) => ({ ...spec, adminOnly: spec.group === 'system' }));

export const settingsOf = (type: TDeviceType) => SETTINGS.filter((setting) => setting.types.includes(type));

/** Whether a stored value of a setting means off (a flush temperature at -102.4). */
export function isSettingOff(setting: Pick<TSetting, 'off'>, value: unknown): boolean {
  return setting.off !== undefined && value === setting.off;
}

/**
 * The units of an input's fields (V2, V3): the alarms in °C (off at ALARM_OFF), the V3 flow switch
 * times in seconds.
 */
export const INPUT_UNITS = { lowAlarm: '°C', highAlarm: '°C', turnOnTime: 's', turnOffTime: 's' } as const satisfies Record<string, TSettingUnit>;

/** The register holding the inputs (V2, V3) and the one holding the flush periods (V1, V2), if any. */
export const INPUTS_REGISTER = perType((profile) => inputsRegisterOf(profile.type));
export const PERIODS_REGISTER = perType((profile) => periodsRegisterOf(profile.type));
/** Inputs with their own mode and alarms (V1's one mode is a setting of its own). */
export const INPUT_COUNT = perType((profile) => (profile.inputs.kind === 'list' ? profile.temperatureChannels : 0));

/**
 * The setting group of a field of a register, which decides who may change it: the group of the
 * setting held there (the same field in the same register is the same setting, also where the
 * screen does not show it for this type, as V2's register-wide flushCycles), the inputs list and
 * the flush periods by their register; anything else is `system`, the administrators' group.
 */
export function settingGroupOf(type: TDeviceType, register: number, field: string): TSettingGroup {
  if (field === 'inputs' && register === INPUTS_REGISTER[type]) return 'inputs';
  if (field === 'flush-periods' && register === PERIODS_REGISTER[type]) return 'flush';
  return settingAt(type, register, field)?.group ?? 'system';
}

/**
 * The single-valued setting a field of a register holds for a type (the same field in the same
 * register of another type counts, as V2's register-wide flushCycles); undefined for anything else.
 */
export function settingAt(type: TDeviceType, register: number, field: string): TSetting | undefined {
  const held = (setting: TSetting, holder: TDeviceType) => setting.register(holder) === register && setting.field(holder) === field;
  return settingsOf(type).find((setting) => held(setting, type)) ?? SETTINGS.find((setting) => setting.types.some((holder) => held(setting, holder)));
}
