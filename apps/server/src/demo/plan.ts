import type { TDeviceType } from '@aquasmart/domain';
import { DAY_MS, HOUR_MS, MINUTE_MS, round, type DemoRandom } from './random';
import { LOCATIONS, type TLocationSeed, type TPlaceKind } from './places';

/**
 * The plan of every demo node, made in memory before anything is written: identity, place,
 * channels and how their water behaves, radio, battery, flush schedule and settings state.
 * alarms.ts then bends some of them into the alarm states the dashboard counts.
 */

export type TChannelMode = 'WW' | 'KW' | 'Meng/uittap';

export interface TChannelPlan {
  id: string;
  name: string;
  mode: TChannelMode;
  attachments: string[];
  /** Mean temperature of the line in °C. */
  base: number;
  /** Phase of the daily wave, radians. */
  phase: number;
  /** A cold line that warms up on some afternoons (summer-like spikes). */
  warm: boolean;
  /** -1 when healthy; otherwise the sensor reads -102.4 in history slots 0..faultFromSlot. */
  faultFromSlot: number;
  /** Calibration offset added to the sensor reading. */
  offset: number;
  /** The node's input for this channel is switched off (mode disabled): no readings, a dash in the lists. */
  disabled: boolean;
}

export interface TFlushPlan {
  /** Weekdays with flushing, bit 0 = Monday. */
  daysMask: number;
  /** Flushes per enabled day: 1, 2 or 4, evenly spread. */
  perDay: number;
  /** Quarter of the (local) day of the first flush, below 96 / perDay. */
  firstQuarter: number;
  /** History slot of the flush that failed to move the temperature; -1 when none. */
  alarmSlot: number;
  faucet: string;
}

export type TParameterState = 'saved' | 'pending' | 'none';

export interface TNodePlan {
  eui: string;
  name: string;
  type: TDeviceType;
  location: TLocationSeed;
  interval: number;
  calibrationMs: number | null;
  registeredMs: number;
  channels: TChannelPlan[];
  /** The latest uplink (lora.ts); history runs 14 days up to here. */
  endMs: number;
  rssi: number;
  snr: number;
  counter0: number;
  firmware: { major: number; minor: number; patch: number };
  battery: { end: number; slopePerDay: number; alarmS: number; swappedMs: number };
  flush: TFlushPlan | null;
  flushDeviation: number;
  overflow: boolean;
  params: { state: TParameterState; pendingAgeMs: number; incorrect: boolean };
}

/** Same seed, same demo: EUIs, names and alarm states are reproducible (the simulator's demo fleet relies on it). */
export const DEMO_SEED = 20_240_611;

/** History: 14 days of 15-minute slots, slot 0 being the latest uplink. */
export const SLOT_SECONDS = 900;
export const HISTORY_SLOTS = 14 * 96;

const NAMES: Record<TPlaceKind, string[]> = {
  sport: ['Douche 1 heren', 'Boiler retour', 'Douche 2 heren', 'Douche 1 dames', 'Kantine keuken', 'Douche 2 dames', 'Scheidsrechters douche', 'Werkkast', 'Kleedkamer 5 douche'],
  care: ['Keuken', 'Boiler aanvoer', 'Kamer 12 badkamer', 'Boiler retour', 'Kamer 14 badkamer', 'Zusterpost', 'Spoelruimte', 'Badkamer 2e verdieping', 'Kapsalon'],
  pool: ['Douche heren', 'Boiler retour', 'Douche dames', 'Circulatie aanvoer', 'Personeelsdouche', 'Nooddouche', 'Kiosk'],
  office: ['Pantry 1e verdieping', 'Boiler retour', 'Keuken restaurant', 'Pantry 2e verdieping', 'Toiletgroep begane grond', 'Werkkast', 'Nooddouche werkplaats'],
};

const FIRMWARE: Record<TDeviceType, { major: number; minor: number; patch: number }[]> = {
  V1: [{ major: 1, minor: 4, patch: 2 }, { major: 1, minor: 5, patch: 0 }],
  V2: [{ major: 2, minor: 0, patch: 3 }, { major: 2, minor: 1, patch: 0 }],
  V3: [{ major: 3, minor: 0, patch: 1 }],
};

/** Signal level 0-4 from the last uplink, the way the telemetry derives it for the demo. */
export function signalLevel(rssi: number, snr: number): number {
  let level = rssi >= -85 ? 4 : rssi >= -95 ? 3 : rssi >= -105 ? 2 : rssi >= -112 ? 1 : 0;
  if (snr < -5 && level > 0) level -= 1;
  return level;
}

function isLogger(name: string): boolean {
  return /Boiler|Circulatie/.test(name);
}

function channel(rng: DemoRandom, no: number, name: string, mode: TChannelMode, base: number): TChannelPlan {
  return {
    id: `temperature${no}`,
    name,
    mode,
    attachments: mode !== 'KW' && rng.chance(0.15) ? ['Nattouwtje'] : [],
    base: round(base, 1),
    phase: rng.between(0, Math.PI * 2),
    warm: mode === 'KW' && rng.chance(0.15),
    faultFromSlot: -1,
    offset: 0,
    disabled: false,
  };
}

function channelsFor(rng: DemoRandom, type: TDeviceType, name: string, index: number): TChannelPlan[] {
  const hot = () => rng.between(60.5, 63.5);
  const cold = () => rng.between(11, 17);
  if (type === 'V3') {
    return isLogger(name)
      ? [channel(rng, 1, 'Aanvoer', 'WW', hot()), channel(rng, 2, 'Retour', 'WW', rng.chance(0.3) ? rng.between(56.5, 59) : rng.between(59.5, 61))]
      : [channel(rng, 1, 'Warm water', 'WW', hot()), channel(rng, 2, 'Koud water', 'KW', cold())];
  }
  if (type === 'V2' && isLogger(name)) {
    return [channel(rng, 1, 'Aanvoer', 'WW', hot()), channel(rng, 2, 'Retour', 'WW', rng.between(57, 61)), channel(rng, 3, 'Koud water', 'KW', cold())];
  }
  if (type === 'V2') {
    const third = index % 2 === 0 ? channel(rng, 3, 'Uittap', 'Meng/uittap', rng.between(36, 41)) : channel(rng, 3, 'Circulatie', 'WW', rng.between(57, 61));
    return [channel(rng, 1, 'Warm water', 'WW', hot()), channel(rng, 2, 'Koud water', 'KW', cold()), third];
  }
  const kind = index % 4;
  if (kind === 1) return [channel(rng, 1, 'Koud water', 'KW', cold())];
  if (kind === 3) return [channel(rng, 1, 'Menger', 'Meng/uittap', rng.between(37, 42))];
  return [channel(rng, 1, 'Warm water', 'WW', hot())];
}

const V2_WEEK_PATTERNS: { daysMask: number; perDay: number }[] = [
  { daysMask: 0b0000001, perDay: 1 }, // Monday: once a week
  { daysMask: 0b0011111, perDay: 1 }, // working days: 5 a week
  { daysMask: 0b1111111, perDay: 2 }, // twice a day: 14 a week
  { daysMask: 0b0001001, perDay: 1 }, // Monday and Thursday
  { daysMask: 0b1111111, perDay: 1 }, // daily
];

/** `ordinal` counts the nodes of the same type, so every type walks through its own patterns. */
function flushFor(rng: DemoRandom, type: TDeviceType, name: string, ordinal: number): TFlushPlan | null {
  if (type === 'V3' || isLogger(name)) return null;
  if (ordinal % 6 === 5) return null; // a tap used every day needs no flushing: flush disabled
  const pattern = type === 'V1' ? { daysMask: 0b1111111, perDay: rng.pick([1, 1, 2, 4]) } : V2_WEEK_PATTERNS[ordinal % V2_WEEK_PATTERNS.length];
  return {
    ...pattern,
    firstQuarter: rng.int(0, 96 / pattern.perDay - 1),
    alarmSlot: -1,
    faucet: /ouche/.test(name) ? 'Douche spoelventiel' : 'Sanimatic kraan',
  };
}

const TAP_TYPES: TDeviceType[] = ['V1', 'V2', 'V1', 'V2', 'V3', 'V1'];

/** Calibration pattern per node within a location: recent, old, missing. */
const CALIBRATION_CYCLE = ['recent', 'recent', 'old', 'none', 'recent'] as const;

export function planNodes(rng: DemoRandom, nowMs: number): TNodePlan[] {
  const nodes: TNodePlan[] = [];
  const usedEuis = new Set<string>();
  const ordinals: Record<TDeviceType, number> = { V1: 0, V2: 0, V3: 0 };
  let loggers = 0;
  let taps = 0;
  let index = 0;
  for (const location of LOCATIONS) {
    for (let i = 0; i < location.nodes; i++, index++) {
      const name = NAMES[location.kind][i];
      // Loggers on the boiler loop alternate V3 and V2 (flush off); taps walk through a mix.
      const type: TDeviceType = isLogger(name) ? (loggers++ % 2 === 0 ? 'V3' : 'V2') : TAP_TYPES[taps++ % TAP_TYPES.length];
      let eui: string;
      do eui = `70B3D5499${rng.hex(7)}`.toUpperCase();
      while (usedEuis.has(eui));
      usedEuis.add(eui);

      const calibration = CALIBRATION_CYCLE[(i + location.name.length) % CALIBRATION_CYCLE.length];
      const calibrationAgeDays =
        calibration === 'none' ? null : calibration === 'recent' ? rng.between(20, 330) : location.calibrationInterval === 1 ? rng.between(380, 520) : rng.between(760, 1000);
      const registeredAgeDays = calibrationAgeDays === null ? rng.between(60, 400) : calibrationAgeDays + rng.between(5, 60);
      const channels = channelsFor(rng, type, name, index);
      if (calibrationAgeDays !== null && rng.chance(0.35)) channels[0].offset = rng.pick([-0.3, -0.2, 0.2, 0.3]);

      const endMs = nowMs - (location.offlineHours ?? 0) * HOUR_MS - rng.between(1, 14) * MINUTE_MS;
      const rssi = rng.int(-110, -74);
      const snr = round(Math.max(-10, Math.min(10, (rssi + 108) / 3 + rng.between(-2, 2))), 1);
      const swappedAgeDays = rng.between(20, Math.max(30, registeredAgeDays - 5));
      nodes.push({
        eui,
        name,
        type,
        location,
        interval: location.calibrationInterval,
        calibrationMs: calibrationAgeDays === null ? null : nowMs - calibrationAgeDays * DAY_MS,
        registeredMs: nowMs - registeredAgeDays * DAY_MS,
        channels,
        endMs,
        rssi,
        snr,
        counter0: rng.int(200, 20_000),
        firmware: rng.pick(FIRMWARE[type]),
        battery: { end: round(rng.between(3.3, 3.6), 3), slopePerDay: rng.between(0.0005, 0.002), alarmS: 0, swappedMs: nowMs - swappedAgeDays * DAY_MS },
        flush: flushFor(rng, type, name, ordinals[type]++),
        flushDeviation: rng.pick([1, 2, 2, 3, 3, 4, 5]),
        overflow: false,
        params: { state: 'saved', pendingAgeMs: 0, incorrect: false },
      });
    }
  }
  return nodes;
}

/**
 * What the node list must be able to show, whatever the random plan gave: one V2 tap with its
 * third input switched off (mode disabled: its readings stop, the list shows a dash), one hot
 * return line that stays under 60 °C and one cold line that stays over 25 °C. Chosen without
 * the random source, so the plan and the simulator's replay of it stay the same.
 */
export function shapeListExamples(nodes: TNodePlan[]): void {
  const healthy = (node: TNodePlan) => node.channels.every((channel) => channel.faultFromSlot < 0);
  const tap = nodes.find((node) => node.type === 'V2' && node.channels.length === 3 && node.channels[2].mode === 'Meng/uittap' && healthy(node));
  if (tap) tap.channels[2].disabled = true;
  const hotReturn = nodes.flatMap((node) => (healthy(node) ? node.channels : [])).find((channel) => channel.name === 'Retour');
  if (hotReturn) hotReturn.base = 57.5; // highest reading about 58.9 °C
  const coldLine = nodes.filter((node) => node !== tap && healthy(node)).flatMap((node) => node.channels).find((channel) => channel.mode === 'KW');
  if (coldLine) Object.assign(coldLine, { base: 28.5, warm: false }); // lowest reading about 25.5 °C
}

/** History slots (0 = latest uplink) at which a node flushes, following its week schedule. */
export function flushSlots(node: TNodePlan): number[] {
  const flush = node.flush;
  if (!flush) return [];
  const endS = Math.floor(node.endMs / 1000);
  const step = 96 / flush.perDay;
  const slots: number[] = [];
  for (let n = 0; n < HISTORY_SLOTS; n++) {
    const local = endS - n * SLOT_SECONDS + 3600; // Dutch winter time is close enough for a demo
    const weekday = (Math.floor(local / 86_400) + 3) % 7; // 1970-01-01 was a Thursday; 0 = Monday
    const quarter = Math.floor((local % 86_400) / SLOT_SECONDS);
    if ((flush.daysMask >> weekday) & 1 && (quarter - flush.firstQuarter) % step === 0) slots.push(n);
  }
  return slots;
}

/** Seconds before the slot's temperature uplink at which the battery report and the flush event arrive. */
export const BATTERY_OFFSET_SECONDS = 7;
export const FLUSH_OFFSET_SECONDS = 240;

/** Frame counter of a message: three counters per slot (flush, battery, temperature), rising with time. */
export function counterAt(node: TNodePlan, slot: number, kind: 0 | 1 | 2): number {
  return node.counter0 + (HISTORY_SLOTS - 1 - slot) * 3 + kind;
}

/** Epoch milliseconds of the flush event in a slot. */
export function flushMs(node: TNodePlan, slot: number): number {
  return Math.floor(node.endMs / 1000) * 1000 - (slot * SLOT_SECONDS + FLUSH_OFFSET_SECONDS) * 1000;
}
