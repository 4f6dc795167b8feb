import { connectorFor, NO_SENSOR_VALUE, type TDeviceType, type TRegisterValue, type TUplinkKind, type TUplinkMessage } from '@aquasmart/domain';
import { DAY_MS, HOUR_MS, MINUTE_MS, round, SeededRandom } from '../random';
import { flushTimesOfDay, registerMap, settingsOf, type TNodeSettings } from './settings';
import { reading, stagnantTemperature } from './temperature';
import type { TBehaviour, TChannelMode, TNodeSpec, TReception, TTimedUplink } from './types';

/**
 * One virtual node: its channels, settings, battery, radio and frame counter, and the uplinks
 * it sends as simulated time goes by. Pure and seeded: `advance(node, t)` gives the same
 * uplinks for the same seed and times, so tests pin them.
 */

interface TChannelState {
  mode: TChannelMode;
  base: number;
  phase: number;
  /** Reads -102.4 until then (ms); Infinity for a broken sensor. */
  faultUntilMs: number;
  /** Last time water ran at the tap (flush), for the temperature before the next flush. */
  stillSinceMs: number;
}

type TPlanned = { atMs: number; make: () => TUplinkMessage };

export interface TNodeState {
  spec: TNodeSpec;
  behaviour: TBehaviour;
  rng: SeededRandom;
  channels: TChannelState[];
  registers: Map<number, Record<string, unknown>>;
  settings: TNodeSettings;
  battery: { voltage: number; slopePerDay: number; sinceMs: number };
  counter: number;
  nextTemperatureMs: number;
  nextBatteryMs: number;
  /** Flushes and water detections planned up to this UTC day start (exclusive). */
  plannedUntilMs: number;
  planned: TPlanned[];
  versionDue: boolean;
}

/** Message id of a kind of uplink for a type (the codec's connectors catalogue), or undefined when the type has none. */
export function messageId(type: TDeviceType, kind: TUplinkKind): number | undefined {
  return connectorFor(type).messages.find((message) => message.direction === 'up' && message.name === kind)?.id;
}

function requiredMessageId(type: TDeviceType, kind: TUplinkKind): number {
  const id = messageId(type, kind);
  if (id === undefined) throw new Error(`${type} has no ${kind} message`);
  return id;
}

function dayStart(atMs: number): number {
  return Math.floor(atMs / DAY_MS) * DAY_MS;
}

/**
 * A node at `startMs`. Its reports are spread over the interval by a phase of its own, so a
 * fleet does not report all at once.
 */
export function createNode(spec: TNodeSpec, behaviour: TBehaviour, startMs: number, seed: number): TNodeState {
  const rng = new SeededRandom(seed).fork(spec.eui);
  const registers = registerMap(spec.registers);
  const settings = settingsOf(spec.type, registers);
  const node: TNodeState = {
    spec,
    behaviour,
    rng,
    channels: spec.channels.map((channel) => ({
      mode: channel.mode,
      base: channel.base,
      phase: rng.between(0, 2 * Math.PI),
      faultUntilMs: channel.faulty ? Infinity : 0,
      stillSinceMs: startMs - rng.between(2, 20) * HOUR_MS,
    })),
    registers,
    settings,
    battery: { voltage: spec.battery.voltage, slopePerDay: spec.battery.slopePerDay, sinceMs: startMs },
    counter: spec.counter,
    nextTemperatureMs: 0,
    nextBatteryMs: 0,
    plannedUntilMs: dayStart(startMs),
    planned: [],
    versionDue: spec.announceVersion === true,
  };
  const interval = temperatureIntervalMs(node);
  node.nextTemperatureMs = startMs + Math.floor(rng.next() * interval);
  node.nextBatteryMs = startMs + Math.floor(rng.next() * Math.min(node.settings.sendIntervalMs, interval * 4));
  // Plan from the start moment on: nothing is sent for the past.
  planDay(node);
  node.planned = node.planned.filter((event) => event.atMs >= startMs);
  return node;
}

export function temperatureIntervalMs(node: TNodeState): number {
  return node.behaviour.intervalMs ?? node.settings.logIntervalMs;
}

/** A new battery's voltage (lithium thionyl chloride, 3.6 V nominal). */
export const FRESH_BATTERY_VOLTAGE = 3.6;
/** A new battery falls at most this fast (V a day), whatever the old one did. */
const FRESH_BATTERY_SLOPE = 0.002;
/** A node with a new battery restarts and reports its voltage this soon. */
const REPORT_AFTER_SWAP_MS = 60_000;

/**
 * The battery was swapped at `atMs`: a full battery from then on, and a battery report soon after
 * (the node restarts), so the portal sees what a real swap does (docs/simulator.md).
 */
export function swapBattery(node: TNodeState, atMs: number): void {
  node.battery = { voltage: FRESH_BATTERY_VOLTAGE, slopePerDay: Math.min(node.battery.slopePerDay, FRESH_BATTERY_SLOPE), sinceMs: atMs };
  node.nextBatteryMs = Math.min(node.nextBatteryMs, atMs + REPORT_AFTER_SWAP_MS);
}

/** Battery voltage at a moment: falling steadily from the last known value, with a few mV of noise. */
export function batteryVoltage(node: TNodeState, atMs: number): number {
  const days = (atMs - node.battery.sinceMs) / DAY_MS;
  return round(Math.max(2.5, node.battery.voltage - node.battery.slopePerDay * days + node.rng.noise(0.003)), 3);
}

function channelReading(node: TNodeState, index: number, atMs: number): number {
  const channel = node.channels[index];
  if (atMs < channel.faultUntilMs) return NO_SENSOR_VALUE;
  return reading(channel.mode, channel.base, channel.phase, atMs, node.rng);
}

/** Temperatures of all channels; a healthy channel may start a fault episode at this reading. */
function temperatureMessage(node: TNodeState, atMs: number): TUplinkMessage {
  const perReading = (node.behaviour.faultsPerDay * temperatureIntervalMs(node)) / DAY_MS;
  for (const channel of node.channels) {
    if (atMs >= channel.faultUntilMs && node.rng.chance(perReading)) channel.faultUntilMs = atMs + node.rng.between(2, 48) * HOUR_MS;
  }
  return {
    kind: 'temperature',
    msgId: requiredMessageId(node.spec.type, 'temperature'),
    timestamp: Math.floor(atMs / 1000),
    temperatures: node.channels.map((_c, index) => channelReading(node, index, atMs)),
  };
}

/**
 * A flush on channel 1 (the tap): before = water that stood still, after = the line's
 * temperature once it ran for the flush time. A stuck valve (flushFailureRate) moves it by
 * less than half a degree: the flush alarm case.
 */
export function flushMessage(node: TNodeState, atMs: number): TUplinkMessage {
  const channel = node.channels[0];
  const msgId = requiredMessageId(node.spec.type, 'flush');
  const timestamp = Math.floor(atMs / 1000);
  if (atMs < channel.faultUntilMs) return { kind: 'flush', msgId, timestamp, channel: 1, before: NO_SENSOR_VALUE, after: NO_SENSOR_VALUE };
  const flushedAt = atMs + (node.settings.flush?.durationMs ?? 3 * MINUTE_MS);
  const line = reading(channel.mode, channel.base, channel.phase, flushedAt, node.rng);
  const before = round(stagnantTemperature(line, node.behaviour.ambient, channel.stillSinceMs, atMs) + node.rng.noise(0.3), 1);
  let after = line;
  if (node.rng.chance(node.behaviour.flushFailureRate)) {
    after = round(before + Math.sign(line - before || 1) * node.rng.between(0.1, 0.5), 1);
  } else {
    channel.stillSinceMs = flushedAt;
  }
  return { kind: 'flush', msgId, timestamp, channel: 1, before, after };
}

function overflowMessage(node: TNodeState, atMs: number, detected: boolean): TUplinkMessage {
  const threshold = Math.max(1, node.settings.overflowThreshold);
  const resistance = detected ? round(threshold + node.rng.between(10, 320), 1) : round(node.rng.between(0, Math.min(40, threshold * 0.4)), 1);
  return { kind: 'overflow', msgId: requiredMessageId(node.spec.type, 'overflow'), timestamp: Math.floor(atMs / 1000), resistance, detected };
}

/** Plans the flushes and water detections of the next UTC day. */
function planDay(node: TNodeState): void {
  const start = node.plannedUntilMs;
  const events: TPlanned[] = [];
  if (messageId(node.spec.type, 'flush') !== undefined) {
    for (const atMs of flushTimesOfDay(node.settings, start)) events.push({ atMs, make: () => flushMessage(node, atMs) });
  }
  if (node.settings.overflowThreshold > 0 && messageId(node.spec.type, 'overflow') !== undefined && node.rng.chance(node.behaviour.overflowsPerDay)) {
    const from = start + Math.floor(node.rng.next() * DAY_MS);
    const until = from + node.rng.between(10, 90) * MINUTE_MS;
    events.push({ atMs: from, make: () => overflowMessage(node, from, true) }, { atMs: until, make: () => overflowMessage(node, until, false) });
  }
  node.planned = [...node.planned, ...events].sort((a, b) => a.atMs - b.atMs);
  node.plannedUntilMs = start + DAY_MS;
}

/** Radio of one uplink: the node's own values with fading; other gateways hear it weaker, some of the time. */
function receptions(node: TNodeState): TReception[] {
  const { rssi, snr, gateways } = node.spec.radio;
  const heard: TReception[] = [];
  gateways.forEach((gatewayId, index) => {
    if (index > 0 && !node.rng.chance(0.6)) return;
    const loss = index === 0 ? 0 : 4 + index * 5 + node.rng.between(0, 4);
    heard.push({
      gatewayId,
      rssi: Math.round(Math.min(-30, Math.max(-125, rssi - loss + node.rng.noise(2.5)))),
      snr: round(Math.min(13, Math.max(-20, snr - loss / 3 + node.rng.noise(1.2))), 1),
    });
  });
  return heard;
}

function uplink(node: TNodeState, atMs: number, message: TUplinkMessage): TTimedUplink {
  node.counter += 1;
  return { eui: node.spec.eui, type: node.spec.type, atMs, fCnt: node.counter, message, receptions: receptions(node) };
}

/** Every uplink the node sends after its last one up to and including `untilMs`, oldest first. */
export function advance(node: TNodeState, untilMs: number): TTimedUplink[] {
  if (node.spec.silent) return [];
  const out: TTimedUplink[] = [];
  if (node.versionDue) {
    node.versionDue = false;
    const atMs = Math.min(untilMs, node.nextTemperatureMs, node.nextBatteryMs, node.planned[0]?.atMs ?? Infinity);
    out.push(uplink(node, atMs, { kind: 'version', msgId: requiredMessageId(node.spec.type, 'version'), version: { ...node.spec.firmware } }));
  }
  for (;;) {
    while (node.plannedUntilMs <= Math.min(untilMs, node.nextTemperatureMs, node.nextBatteryMs)) planDay(node);
    const event = node.planned[0];
    const nextMs = Math.min(node.nextTemperatureMs, node.nextBatteryMs, event?.atMs ?? Infinity);
    if (nextMs > untilMs) break;
    if (event && event.atMs === nextMs) {
      node.planned.shift();
      out.push(uplink(node, nextMs, event.make()));
    } else if (node.nextBatteryMs === nextMs) {
      const message: TUplinkMessage = {
        kind: 'battery',
        msgId: requiredMessageId(node.spec.type, 'battery'),
        timestamp: Math.floor(nextMs / 1000),
        voltage: batteryVoltage(node, nextMs),
      };
      out.push(uplink(node, nextMs, message));
      node.nextBatteryMs = nextMs + node.settings.sendIntervalMs;
    } else {
      out.push(uplink(node, nextMs, temperatureMessage(node, nextMs)));
      // A few seconds of jitter, as a node's clock drifts and its radio waits for a free channel.
      node.nextTemperatureMs = nextMs + temperatureIntervalMs(node) + Math.round(node.rng.between(-3000, 3000));
    }
  }
  return out;
}

/**
 * A settings downlink reached the node: its registers are merged over the node's, the node
 * behaves accordingly from now on, and answers with a parameter report of the registers it
 * changed (their full values).
 */
export function applySettings(node: TNodeState, registers: readonly TRegisterValue[], atMs: number): TTimedUplink {
  for (const entry of registers) node.registers.set(entry.register, { ...(node.registers.get(entry.register) ?? {}), ...entry.value });
  // A new flush schedule counts from the next day planned; what is planned already stays.
  node.settings = settingsOf(node.spec.type, node.registers);
  const changed = [...new Set(registers.map((entry) => entry.register))].sort((a, b) => a - b);
  const message: TUplinkMessage = {
    kind: 'parameters',
    msgId: requiredMessageId(node.spec.type, 'parameters'),
    registers: changed.map((register) => ({ register, value: node.registers.get(register)! })),
  };
  return uplink(node, atMs, message);
}
