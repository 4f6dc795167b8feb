import type { TDeviceType } from '@aquasmart/domain';
import { applyAlarms } from './alarms';
import { counterAt, DEMO_SEED, planNodes, shapeListExamples, type TChannelMode } from './plan';
import { demoGatewayMacs, LOCATIONS } from './places';
import { DAY_MS, DemoRandom, HOUR_MS } from './random';
import { buildRegisters } from './registers';

/**
 * The demo nodes as the fleet simulator needs them to go on reporting after the seed: the same
 * plan (same seed, same EUIs, lines, flush settings and gateways) with what the seed left
 * behind (last frame counter, battery, broken sensors, silent locations).
 */

export interface TDemoFleetNode {
  eui: string;
  name: string;
  type: TDeviceType;
  channels: { mode: TChannelMode; base: number; faulty: boolean }[];
  /** The registers the node runs with: the reported values (a pending change has not reached it). */
  registers: { register: number; value: Record<string, unknown> }[];
  battery: { voltage: number; slopePerDay: number };
  radio: { rssi: number; snr: number; gateway: string };
  /** The frame counter of the last seeded uplink. */
  counter: number;
  firmware: { major: number; minor: number; patch: number };
  /** Offline in the demo (its location's gateway is down, or it stopped reporting): sends nothing. */
  silent: boolean;
}

/** A node whose last seeded uplink is older than this is one of the demo's offline nodes. */
const SILENT_AFTER_MS = 2 * HOUR_MS;

export function demoFleet(nowMs = Date.now()): TDemoFleetNode[] {
  // The same random sequence as seedDemoData: plan, alarms, then the gateways of seedPlaces.
  const rng = new DemoRandom(DEMO_SEED);
  const nodes = planNodes(rng, nowMs);
  applyAlarms(rng, nodes, nowMs);
  shapeListExamples(nodes);
  const macs = demoGatewayMacs(rng);
  return nodes.map((node) => {
    const days = (nowMs - node.endMs) / DAY_MS;
    return {
      eui: node.eui,
      name: node.name,
      type: node.type,
      channels: node.channels.map((channel) => ({ mode: channel.mode, base: channel.base, faulty: channel.faultFromSlot >= 0 })),
      registers: buildRegisters(node, nowMs).map((row) => ({ register: row.register, value: row.reported ?? row.value })),
      battery: { voltage: Math.max(2.5, node.battery.end - node.battery.slopePerDay * Math.max(0, days)), slopePerDay: node.battery.slopePerDay },
      radio: { rssi: node.rssi, snr: node.snr, gateway: macs[LOCATIONS.findIndex((location) => location.name === node.location.name)] },
      counter: counterAt(node, 0, 2),
      firmware: node.firmware,
      silent: nowMs - node.endMs > SILENT_AFTER_MS,
    };
  });
}
