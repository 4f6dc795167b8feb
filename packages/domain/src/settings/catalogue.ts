import type { TDeviceType } from '../constants';
import type { TNumberRule } from '../validation/validators';
import { FLUSH_REGISTER, SETTING_RULES, SYSTEM_REGISTER } from './rules';

/**
 * Every single-valued setting of a node, in the order the settings tab and the editor show them:
 * which register and field hold it per type, its rule, and whether only administrators change
 * it (send interval, battery threshold, measure intervals, valve pulse, overflow, calibration
 * duration: docs/node-settings.md). Inputs and flush periods are lists and handled apart.
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

/** number: a number under its rule; toggle: on/off stored as 1/0 (flush) or 100/0 (overflow); mode: a measure mode. */
export type TSettingKind = 'number' | 'flushToggle' | 'overflowToggle' | 'mode';

export interface TSetting {
  id: TSettingId;
  types: readonly TDeviceType[];
  register: (type: TDeviceType) => number;
  field: (type: TDeviceType) => string;
  kind: TSettingKind;
  rule?: TNumberRule;
  unit?: string;
  adminOnly: boolean;
}

const V1_V2 = ['V1', 'V2'] as const;
const ALL = ['V1', 'V2', 'V3'] as const;
const system = (type: TDeviceType) => SYSTEM_REGISTER[type];
const flush = () => FLUSH_REGISTER;
const named = (name: string) => () => name;

export const SETTINGS: readonly TSetting[] = [
  { id: 'logInterval', types: ALL, register: system, field: named('logInterval'), kind: 'number', rule: SETTING_RULES.logInterval, unit: 'min', adminOnly: false },
  { id: 'mode', types: ['V1'], register: system, field: named('mode'), kind: 'mode', adminOnly: false },
  { id: 'flushEnabled', types: V1_V2, register: flush, field: named('enabled'), kind: 'flushToggle', adminOnly: false },
  { id: 'flushtime', types: V1_V2, register: flush, field: named('flushtime'), kind: 'number', rule: SETTING_RULES.flushtime, unit: 'min', adminOnly: false },
  { id: 'flushCycles', types: ['V1'], register: flush, field: named('flushCycles'), kind: 'number', rule: SETTING_RULES.flushCycles, adminOnly: false },
  { id: 'highTempFlushtime', types: V1_V2, register: flush, field: named('highTempFlushtime'), kind: 'number', rule: SETTING_RULES.highTempFlushtime, adminOnly: false },
  { id: 'highTempFlushdelay', types: V1_V2, register: flush, field: named('highTempFlushdelay'), kind: 'number', rule: SETTING_RULES.highTempFlushdelay, adminOnly: false },
  { id: 'flushStartThreshold', types: V1_V2, register: flush, field: named('flushStartThreshold'), kind: 'number', rule: SETTING_RULES.flushThreshold, unit: '°C', adminOnly: false },
  { id: 'flushStopThreshold', types: ['V2'], register: flush, field: named('flushStopThreshold'), kind: 'number', rule: SETTING_RULES.flushThreshold, unit: '°C', adminOnly: false },
  { id: 'sendInterval', types: ALL, register: () => 1, field: (type) => (type === 'V3' ? 'sendInterval' : 'sendinterval'), kind: 'number', rule: SETTING_RULES.sendInterval, unit: 'h', adminOnly: true },
  { id: 'supplyVoltageThreshold', types: ALL, register: () => 1, field: named('supply-voltage-threshold'), kind: 'number', rule: SETTING_RULES.supplyVoltageThreshold, unit: 'V', adminOnly: true },
  {
    id: 'calibrationDuration',
    types: ALL,
    register: () => 1,
    field: (type) => (type === 'V3' ? 'calibrationDuration' : 'calibration-duration'),
    kind: 'number',
    rule: SETTING_RULES.calibrationDuration,
    unit: 'min',
    adminOnly: true,
  },
  { id: 'measureInterval', types: ALL, register: system, field: named('measureInterval'), kind: 'number', rule: SETTING_RULES.measureInterval, unit: 's', adminOnly: true },
  { id: 'flushMeasureInterval', types: V1_V2, register: flush, field: named('measureInterval'), kind: 'number', rule: SETTING_RULES.flushMeasureInterval, adminOnly: true },
  { id: 'valvePulseLength', types: V1_V2, register: flush, field: named('valvePulseLength'), kind: 'number', rule: SETTING_RULES.valvePulseLength, unit: 'ms', adminOnly: true },
  { id: 'overflowDetection', types: V1_V2, register: flush, field: named('resistanceThreshold'), kind: 'overflowToggle', adminOnly: true },
];

export const settingsOf = (type: TDeviceType) => SETTINGS.filter((setting) => setting.types.includes(type));

/** The register holding the inputs (V2, V3) and the one holding the flush periods (V1, V2), if any. */
export const INPUTS_REGISTER: Partial<Record<TDeviceType, number>> = { V2: 2, V3: 1 };
export const PERIODS_REGISTER: Partial<Record<TDeviceType, number>> = { V1: 3, V2: 4 };
export const INPUT_COUNT: Record<TDeviceType, number> = { V1: 0, V2: 3, V3: 2 };
