import { NO_SENSOR_VALUE, TEMPERATURE_CHANNEL_COUNT, type TDeviceType, type TRegisterValue } from '@aquasmart/domain';
import { round, SeededRandom } from '../random';
import type { TChannelMode, TChannelSpec, TNodeSpec } from './types';

/**
 * A synthetic fleet: N nodes of the chosen types with plausible lines, flush schedules,
 * batteries and radio, reproducible from a seed. EUIs start with AC51 ("aqua sim") so they
 * never meet the demo's 70B3D5499... nodes.
 */

export const SIMULATOR_EUI_PREFIX = 'AC5100';
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const SUPPLY_VOLTAGE_THRESHOLD = 3.1;

const FIRMWARE: Record<TDeviceType, { major: number; minor: number; patch: number }> = {
  V1: { major: 1, minor: 5, patch: 0 },
  V2: { major: 2, minor: 1, patch: 0 },
  V3: { major: 3, minor: 0, patch: 1 },
};

function lineBase(rng: SeededRandom, mode: TChannelMode, returnLine = false): number {
  if (mode === 'WW') return round(returnLine ? rng.between(57, 61) : rng.between(60.5, 63.5), 1);
  if (mode === 'KW') return round(rng.between(11, 17), 1);
  return round(rng.between(36, 41), 1);
}

function channelsFor(rng: SeededRandom, type: TDeviceType): TChannelSpec[] {
  const modes: TChannelMode[] =
    type === 'V1'
      ? [rng.pick<TChannelMode>(['WW', 'WW', 'KW', 'Meng/uittap'])]
      : type === 'V2'
        ? ['WW', 'KW', rng.pick<TChannelMode>(['WW', 'Meng/uittap'])]
        : rng.chance(0.5)
          ? ['WW', 'WW']
          : ['WW', 'KW'];
  return modes.slice(0, TEMPERATURE_CHANNEL_COUNT[type]).map((mode, index) => ({ mode, base: lineBase(rng, mode, index > 0 && mode === 'WW') }));
}

/** Alarm thresholds per channel: low alarm on hot lines, high alarm on cold ones, the rest off. */
function input(channel: TChannelSpec, v3: boolean): Record<string, unknown> {
  const mode = channel.mode === 'Meng/uittap' ? 'maximum' : 'actual';
  const lowAlarm = channel.mode === 'WW' ? 55 : NO_SENSOR_VALUE;
  const highAlarm = channel.mode === 'KW' ? 25 : NO_SENSOR_VALUE;
  return v3 ? { mode, lowAlarm, highAlarm, turnOnTime: 0, turnOffTime: 0 } : { mode, lowAlarm, highAlarm };
}

/** Full settings of a synthetic node, in the register shapes of docs/payload-format.md. */
export function defaultRegisters(rng: SeededRandom, type: TDeviceType, channels: TChannelSpec[]): TRegisterValue[] {
  if (type === 'V3') {
    return [
      {
        register: 1,
        value: { sendInterval: 6, 'supply-voltage-threshold': SUPPLY_VOLTAGE_THRESHOLD, calibrationDuration: 5, inputs: channels.map((c) => input(c, true)) },
      },
    ];
  }
  const flushing = rng.chance(0.8);
  const perDay = flushing ? rng.pick([1, 1, 2, 4]) : 0;
  const start = rng.int(0, 95) * 15;
  const stop = (start + ((Math.max(1, perDay) - 1) * 1440) / Math.max(1, perDay) + 15) % 1440;
  const first = channels[0];
  const flush: Record<string, unknown> = {
    enabled: flushing ? 1 : 0,
    flushtime: 3,
    flushCycles: perDay,
    highTempFlushtime: 10,
    highTempFlushdelay: 30,
    flushStartThreshold: first.mode === 'WW' ? 55 : first.mode === 'KW' ? 25 : NO_SENSOR_VALUE,
    measureInterval: 10,
    resistanceThreshold: rng.chance(0.3) ? 100 : 0,
    valvePulseLength: 250,
  };
  const system = { sendinterval: 6, 'supply-voltage-threshold': SUPPLY_VOLTAGE_THRESHOLD, 'calibration-duration': 5 };
  if (type === 'V1') {
    return [
      { register: 1, value: system },
      { register: 2, value: { logInterval: 15, measureInterval: 60, mode: 'actual' } },
      { register: 3, value: { ...flush, 'flush-periods': flushing ? [{ start, stop }] : [] } },
    ];
  }
  const daysMask = rng.pick([0b1111111, 0b0011111, 0b0000001, 0b0001001]);
  const daysEnabled = Object.fromEntries(DAYS.map((day, i) => [day, ((daysMask >> i) & 1) === 1]));
  return [
    { register: 1, value: system },
    { register: 2, value: { logInterval: 15, measureInterval: 60, inputs: channels.map((c) => input(c, false)) } },
    { register: 3, value: { ...flush, flushStopThreshold: first.mode === 'KW' ? 20 : NO_SENSOR_VALUE } },
    { register: 4, value: { 'flush-periods': flushing ? [{ start, stop, flushCycles: perDay, daysEnabled }] : [] } },
  ];
}

export interface TSyntheticFleetOptions {
  nodes: number;
  seed: number;
  types: readonly TDeviceType[];
}

export function syntheticFleet({ nodes, seed, types }: TSyntheticFleetOptions): TNodeSpec[] {
  const rng = new SeededRandom(seed);
  const gatewayCount = Math.max(2, Math.min(50, Math.ceil(nodes / 20)));
  const gateways = Array.from({ length: gatewayCount }, () => `${SIMULATOR_EUI_PREFIX}fffe${rng.hex(6)}`.toLowerCase());
  const used = new Set<string>();
  return Array.from({ length: nodes }, (_v, index) => {
    const type = types[index % types.length];
    let eui: string;
    do eui = `${SIMULATOR_EUI_PREFIX}${rng.hex(10)}`.toUpperCase();
    while (used.has(eui));
    used.add(eui);
    const channels = channelsFor(rng, type);
    const rssi = rng.int(-112, -72);
    const snr = round(Math.max(-10, Math.min(10, (rssi + 108) / 3 + rng.between(-2, 2))), 1);
    const primary = index % gatewayCount;
    const lowBattery = rng.chance(0.05);
    return {
      eui,
      type,
      name: `Sim ${type} ${String(index + 1).padStart(4, '0')}`,
      channels,
      registers: defaultRegisters(rng, type, channels),
      battery: lowBattery
        ? { voltage: round(rng.between(3.08, 3.2), 3), slopePerDay: rng.between(0.003, 0.006) }
        : { voltage: round(rng.between(3.3, 3.6), 3), slopePerDay: rng.between(0.0005, 0.002) },
      radio: { rssi, snr, gateways: [0, 1, 2].slice(0, Math.min(3, gatewayCount)).map((offset) => gateways[(primary + offset) % gatewayCount]) },
      counter: rng.int(0, 500),
      firmware: FIRMWARE[type],
      announceVersion: true,
    };
  });
}
