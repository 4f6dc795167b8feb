import { auditLogs, calibrationLogs, overflowLogs } from '../db/schema';
import { DAY_MS, HOUR_MS, round } from './random';
import type { TOverflowPlan } from './alarms';
import type { TNodePlan } from './plan';
import type { TPlaces } from './places';
import { buildPresets } from './registers';
import type { TTx } from './types';

/** What the calibrating engineer read off a reference thermometer, per channel mode. */
function reference(node: TNodePlan): number {
  const first = node.channels[0];
  return round(first.base + (first.mode === 'WW' ? -0.6 : 0.3), 1);
}

/** Audit, calibration and overflow logs that go with the planned nodes. */
export async function seedLogs(
  tx: TTx,
  nodes: TNodePlan[],
  overflows: TOverflowPlan[],
  places: TPlaces,
  nowMs: number,
  emails: { admin: string; engineer: string },
): Promise<void> {
  const audit: (typeof auditLogs.$inferInsert)[] = [];
  const calibrations: (typeof calibrationLogs.$inferInsert)[] = [];
  for (const node of nodes) {
    const place = places.locations.get(node.location.name)!;
    audit.push({
      deviceEui: node.eui,
      ts: new Date(node.registeredMs),
      userEmail: emails.admin,
      value: { action: 'register', customer: node.location.customer, location: node.location.name, gateway: node.location.gateway.name, presets: buildPresets(node) },
    });
    if (node.calibrationMs !== null) {
      const calibrated = reference(node);
      const offset = node.channels[0].offset;
      const measured = round(calibrated - offset, 1);
      const ts = new Date(node.calibrationMs);
      calibrations.push({ deviceEui: node.eui, customerId: place.customerId, locationId: place.id, ts, channel: 'temperature1', measured, calibrated, offset, userEmail: emails.engineer });
      audit.push({ deviceEui: node.eui, ts, userEmail: emails.engineer, value: { action: 'calibration', channel: 'temperature1', measured, calibrated, offset } });
    }
    if (node.battery.swappedMs > node.registeredMs + DAY_MS) {
      audit.push({ deviceEui: node.eui, ts: new Date(node.battery.swappedMs), userEmail: emails.engineer, value: { action: 'batterySwap' } });
    }
    if (node.params.state === 'pending') {
      audit.push({
        deviceEui: node.eui,
        ts: new Date(nowMs - node.params.pendingAgeMs),
        userEmail: emails.engineer,
        value: { action: 'settings', registers: [node.type === 'V3' ? 1 : 3] },
      });
    }
  }
  await tx.insert(auditLogs).values(audit);
  if (calibrations.length) await tx.insert(calibrationLogs).values(calibrations);

  const byEui = new Map(nodes.map((node) => [node.eui, node]));
  await tx.insert(overflowLogs).values(
    overflows.map((overflow) => {
      const place = places.locations.get(byEui.get(overflow.eui)!.location.name)!;
      return {
        deviceEui: overflow.eui,
        customerId: place.customerId,
        locationId: place.id,
        resistance: overflow.resistance,
        ts: new Date(Math.floor((nowMs - overflow.ageMs) / HOUR_MS) * HOUR_MS + 17 * 60_000),
        state: overflow.state,
      };
    }),
  );
}
