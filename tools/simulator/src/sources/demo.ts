import { demoFleet, DEMO_NETWORK_SERVER } from '@aquasmart/server/demo';
import { MINUTE_MS } from '../random';
import type { TNodeSpec } from '../model/types';

/**
 * The demo fleet: the 60 nodes `npm start` seeds in demo mode (apps/server/src/demo), replayed
 * from the same plan, so the simulator needs no database access (PGlite allows one process).
 */

export { DEMO_NETWORK_SERVER };

/**
 * Frame counters must keep rising across restarts of the simulator, which keeps no state: the
 * counter goes on from the seeded one plus one per minute since this epoch, more than a node
 * sends (one report per 15 minutes, a battery report, a few flushes a day).
 */
const COUNTER_EPOCH_MS = Date.UTC(2026, 0, 1);

export function demoNodeSpecs(nowMs = Date.now()): TNodeSpec[] {
  const counterBump = Math.max(0, Math.floor((nowMs - COUNTER_EPOCH_MS) / MINUTE_MS));
  return demoFleet(nowMs).map((node) => ({
    eui: node.eui,
    type: node.type,
    name: node.name,
    channels: node.channels,
    registers: node.registers,
    battery: node.battery,
    radio: { rssi: node.radio.rssi, snr: node.radio.snr, gateways: [node.radio.gateway] },
    counter: node.counter + counterBump,
    firmware: node.firmware,
    silent: node.silent,
  }));
}
