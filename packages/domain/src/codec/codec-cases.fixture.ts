import type { TDeviceType } from '../constants';
import type { TRegisterValue, TUplinkMessage } from './types';

/**
 * Example messages and registers per device type, shared by the codec tests (round trips,
 * truncation, fuzz seeds). Values follow apps/server/src/demo/registers.ts; each register also
 * appears at the low and high ends of every range and as a partial write (registration presets).
 */

const ALL_DAYS = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };
const NO_DAYS = { monday: false, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false };
const WORKING_DAYS = { ...ALL_DAYS, saturday: false, sunday: false };

const REGISTER_1_LOW = { sendinterval: 1, 'supply-voltage-threshold': 0, 'calibration-duration': 0 };
const REGISTER_1_HIGH = { sendinterval: 24, 'supply-voltage-threshold': 5, 'calibration-duration': 15 };
const REGISTER_1_DEMO = { sendinterval: 6, 'supply-voltage-threshold': 3.1, 'calibration-duration': 5 };

const FLUSH_DEMO = {
  enabled: 1,
  flushtime: 3,
  flushCycles: 2,
  highTempFlushtime: 10,
  highTempFlushdelay: 30,
  flushStartThreshold: 55,
  measureInterval: 10,
  resistanceThreshold: 100,
  valvePulseLength: 250,
};
const FLUSH_LOW = {
  enabled: 0,
  flushtime: 1,
  flushCycles: 0,
  highTempFlushtime: 0,
  highTempFlushdelay: 0,
  flushStartThreshold: -102.4,
  measureInterval: 1,
  resistanceThreshold: 0,
  valvePulseLength: 0,
};
const FLUSH_HIGH = {
  enabled: 1,
  flushtime: 60,
  flushCycles: 50,
  highTempFlushtime: 120,
  highTempFlushdelay: 120,
  flushStartThreshold: 100,
  measureInterval: 120,
  resistanceThreshold: 1000,
  valvePulseLength: 1250,
};
const V1_PERIODS_FULL = Array.from({ length: 8 }, (_p, i) => ({ start: i * 180, stop: i === 7 ? 1439 : i * 180 + 15 }));
const V2_PERIODS_FULL = Array.from({ length: 8 }, (_p, i) => ({
  start: i * 180,
  stop: i === 7 ? 1439 : i * 180 + 15,
  flushCycles: i === 7 ? 50 : i,
  daysEnabled: i % 2 === 0 ? ALL_DAYS : WORKING_DAYS,
}));

const v2Input = (mode: string, lowAlarm: number, highAlarm: number) => ({ mode, lowAlarm, highAlarm });
const v3Input = (mode: string, lowAlarm: number, highAlarm: number, turnOnTime: number, turnOffTime: number) => ({ mode, lowAlarm, highAlarm, turnOnTime, turnOffTime });

export const REGISTER_CASES: Record<TDeviceType, { name: string; registers: TRegisterValue[] }[]> = {
  V1: [
    { name: 'register 1 demo', registers: [{ register: 1, value: REGISTER_1_DEMO }] },
    { name: 'register 1 low', registers: [{ register: 1, value: REGISTER_1_LOW }] },
    { name: 'register 1 high', registers: [{ register: 1, value: REGISTER_1_HIGH }] },
    { name: 'register 2 demo', registers: [{ register: 2, value: { logInterval: 15, measureInterval: 60, mode: 'actual' } }] },
    { name: 'register 2 low', registers: [{ register: 2, value: { logInterval: 1, measureInterval: 0, mode: 'disabled' } }] },
    { name: 'register 2 high', registers: [{ register: 2, value: { logInterval: 60, measureInterval: 120, mode: 'maximum' } }] },
    { name: 'register 2 preset', registers: [{ register: 2, value: { mode: 'average' } }] },
    { name: 'register 3 demo', registers: [{ register: 3, value: { ...FLUSH_DEMO, 'flush-periods': [{ start: 300, stop: 1035 }] } }] },
    { name: 'register 3 low', registers: [{ register: 3, value: { ...FLUSH_LOW, 'flush-periods': [] } }] },
    { name: 'register 3 high', registers: [{ register: 3, value: { ...FLUSH_HIGH, 'flush-periods': V1_PERIODS_FULL } }] },
    { name: 'register 3 preset', registers: [{ register: 3, value: { resistanceThreshold: 0 } }] },
    { name: 'registers 1-3', registers: [{ register: 1, value: REGISTER_1_DEMO }, { register: 2, value: { mode: 'actual' } }, { register: 3, value: { flushtime: 5 } }] },
  ],
  V2: [
    { name: 'register 1 demo', registers: [{ register: 1, value: REGISTER_1_DEMO }] },
    { name: 'register 1 low', registers: [{ register: 1, value: REGISTER_1_LOW }] },
    { name: 'register 1 high', registers: [{ register: 1, value: REGISTER_1_HIGH }] },
    {
      name: 'register 2 demo',
      registers: [{ register: 2, value: { logInterval: 15, measureInterval: 60, inputs: [v2Input('actual', 55, -102.4), v2Input('actual', -102.4, 25), v2Input('maximum', -102.4, -102.4)] } }],
    },
    { name: 'register 2 low', registers: [{ register: 2, value: { logInterval: 1, measureInterval: 0, inputs: [] } }] },
    {
      name: 'register 2 high',
      registers: [{ register: 2, value: { logInterval: 60, measureInterval: 120, inputs: [v2Input('disabled', 100, 100), v2Input('average', -0.1, 0.1), v2Input('maximum', 99.9, -99.9)] } }],
    },
    { name: 'register 2 preset', registers: [{ register: 2, value: { inputs: [{ mode: 'actual' }, { mode: 'actual' }, { mode: 'maximum' }] } }] },
    { name: 'register 3 demo', registers: [{ register: 3, value: { ...FLUSH_DEMO, flushStopThreshold: -102.4 } }] },
    { name: 'register 3 low', registers: [{ register: 3, value: { ...FLUSH_LOW, flushStopThreshold: -102.4 } }] },
    { name: 'register 3 high', registers: [{ register: 3, value: { ...FLUSH_HIGH, flushStopThreshold: 100 } }] },
    { name: 'register 3 preset', registers: [{ register: 3, value: { resistanceThreshold: 0 } }] },
    {
      name: 'register 4 demo',
      registers: [{ register: 4, value: { 'flush-periods': [{ start: 300, stop: 1035, flushCycles: 2, daysEnabled: WORKING_DAYS }] } }],
    },
    { name: 'register 4 low', registers: [{ register: 4, value: { 'flush-periods': [] } }] },
    { name: 'register 4 high', registers: [{ register: 4, value: { 'flush-periods': V2_PERIODS_FULL } }] },
    { name: 'register 4 no days', registers: [{ register: 4, value: { 'flush-periods': [{ start: 0, stop: 0, flushCycles: 0, daysEnabled: NO_DAYS }] } }] },
  ],
  V3: [
    {
      name: 'register 1 demo',
      registers: [
        {
          register: 1,
          value: { sendInterval: 6, 'supply-voltage-threshold': 3.1, calibrationDuration: 5, inputs: [v3Input('actual', 55, -102.4, 0, 0), v3Input('actual', -102.4, 25, 0, 0)] },
        },
      ],
    },
    { name: 'register 1 low', registers: [{ register: 1, value: { sendInterval: 1, 'supply-voltage-threshold': 0, calibrationDuration: 0, inputs: [] } }] },
    {
      name: 'register 1 high',
      registers: [
        {
          register: 1,
          value: { sendInterval: 24, 'supply-voltage-threshold': 5, calibrationDuration: 15, inputs: [v3Input('maximum', 100, 100, 240, 240), v3Input('disabled', -102.4, -102.4, 0, 240)] },
        },
      ],
    },
    { name: 'register 1 preset', registers: [{ register: 1, value: { inputs: [{ mode: 'actual' }, { mode: 'maximum' }] } }] },
    { name: 'register 1 odd decimals', registers: [{ register: 1, value: { 'supply-voltage-threshold': 3.335, inputs: [{ lowAlarm: 0.3 }] } }] },
  ],
};

const T = 1_763_798_400; // 2025-11-22 08:00:00 UTC

export const UPLINK_CASES: Record<TDeviceType, TUplinkMessage[]> = {
  V1: [
    { kind: 'temperature', msgId: 34, timestamp: T, temperatures: [61.3] },
    { kind: 'temperature', msgId: 34, timestamp: 0, temperatures: [-102.4] },
    { kind: 'temperature', msgId: 34, timestamp: 0xffffffff, temperatures: [-3276.8] },
    { kind: 'temperature', msgId: 34, timestamp: T, temperatures: [3276.7] },
    { kind: 'battery', msgId: 40, timestamp: T, voltage: 3.582 },
    { kind: 'battery', msgId: 40, timestamp: T, voltage: 0 },
    { kind: 'battery', msgId: 40, timestamp: T, voltage: 65.535 },
    { kind: 'flush', msgId: 50, timestamp: T, channel: 1, before: 34.2, after: 60.1 },
    { kind: 'overflow', msgId: 52, timestamp: T, resistance: 212.5, detected: true },
    { kind: 'overflow', msgId: 52, timestamp: T, resistance: 429496729.5, detected: false },
    { kind: 'parameters', msgId: 60, registers: REGISTER_CASES.V1.flatMap((c) => c.registers).slice(0, 4) },
    { kind: 'version', msgId: 70, version: { major: 1, minor: 5, patch: 0 } },
    { kind: 'version', msgId: 70, version: { major: 255, minor: 255, patch: 255 } },
  ],
  V2: [
    { kind: 'temperature', msgId: 42, timestamp: T, temperatures: [61.3, 14.2, -102.4] },
    { kind: 'temperature', msgId: 42, timestamp: T, temperatures: [-0.1, 0, 0.1] },
    { kind: 'battery', msgId: 40, timestamp: T, voltage: 3.6 },
    { kind: 'flush', msgId: 50, timestamp: T, channel: 3, before: 22.4, after: 12.9 },
    { kind: 'flush', msgId: 50, timestamp: T, channel: 1, before: -102.4, after: -102.4 },
    { kind: 'overflow', msgId: 52, timestamp: T, resistance: 0, detected: false },
    { kind: 'parameters', msgId: 62, registers: REGISTER_CASES.V2[3].registers },
    { kind: 'version', msgId: 72, version: { major: 2, minor: 1, patch: 3 } },
  ],
  V3: [
    { kind: 'temperature', msgId: 32, timestamp: T, temperatures: [62.5, 11.8] },
    { kind: 'battery', msgId: 36, timestamp: T, voltage: 3.05 },
    { kind: 'parameters', msgId: 64, registers: REGISTER_CASES.V3[0].registers },
    { kind: 'version', msgId: 74, version: { major: 3, minor: 0, patch: 1 } },
  ],
};
