import { DAY_MS, HOUR_MS, round, type DemoRandom } from './random';
import { flushSlots, SLOT_SECONDS, type TNodePlan } from './plan';

/**
 * Bends some planned nodes into every alarm state the dashboard counts (its time buckets:
 * docs/screens.md, "Constants"), with at least one node in each time bucket. Offline locations (10 h, 30 h, 100 h)
 * come from places.ts; calibration states from plan.ts.
 */

export interface TOverflowPlan {
  eui: string;
  ageMs: number;
  resistance: number;
  state: 'Started' | 'Stopped';
}

export interface TAlarmPlan {
  overflows: TOverflowPlan[];
}

export function applyAlarms(rng: DemoRandom, nodes: TNodePlan[], nowMs: number): TAlarmPlan {
  const used = new Set<TNodePlan>();
  // Walk the nodes in a shuffled but reproducible order, so alarms spread over the locations.
  const order = [...nodes].sort((a, b) => a.eui.localeCompare(b.eui));
  const online = (node: TNodePlan) => !node.location.offlineHours;
  const take = (what: string, predicate: (node: TNodePlan) => boolean): TNodePlan => {
    const node = order.find((candidate) => !used.has(candidate) && predicate(candidate));
    if (!node) throw new Error(`demo: no node left for ${what}`);
    used.add(node);
    return node;
  };

  // Faulty sensors: channel reading -102.4 (no sensor) with the channel ts in each bucket.
  const faultyNow = take('faulty sensor, last week', (n) => online(n) && n.type === 'V2');
  faultyNow.channels[2].faultFromSlot = 2 * 96;
  for (const [what, days] of [
    ['faulty sensor, last month', 12],
    ['faulty sensor, over a month', 40],
  ] as const) {
    const node = take(what, (n) => online(n) && n.type !== 'V1');
    node.endMs = nowMs - days * DAY_MS - rng.between(1, 60) * 60_000;
    node.channels[node.channels.length - 1].faultFromSlot = 96 + rng.int(0, 96);
  }

  // Battery alarm (seconds) in each bucket; the voltage sank under the 3.1 V threshold then.
  for (const [days, end, slope] of [
    [3, 3.078, 0.009],
    [20, 3.012, 0.004],
    [60, 2.941, 0.002],
  ] as const) {
    const node = take(`battery alarm ${days} d`, (n) => online(n));
    const alarmMs = nowMs - days * DAY_MS;
    // Still the first battery: registered (and the battery fitted) well before it ran low.
    node.registeredMs = Math.min(node.registeredMs, alarmMs - 400 * DAY_MS);
    node.battery = { end, slopePerDay: slope, alarmS: Math.floor(alarmMs / 1000), swappedMs: node.registeredMs };
  }

  // Flush alarm (milliseconds): one flush that moved the temperature too little.
  for (const [minHours, perDay] of [
    [4, 2],
    [50, 1],
    [6 * 24, 1],
  ] as const) {
    const node = take(`flush alarm ${minHours} h`, (n) => online(n) && n.flush !== null && n.type === 'V1');
    node.flush = { ...node.flush!, daysMask: 0b1111111, perDay, firstQuarter: node.flush!.firstQuarter % (96 / perDay) };
    const slot = flushSlots(node).find((n) => nowMs - (node.endMs - n * SLOT_SECONDS * 1000) >= minHours * HOUR_MS);
    node.flush.alarmSlot = slot!;
  }

  // Flushes per week: once, 2-7 and over 7 (left untouched by the flush alarms above).
  take('weekly flush once', (n) => online(n) && n.type === 'V2' && n.flush?.daysMask === 0b0000001);
  take('weekly flush 2-7', (n) => online(n) && n.type === 'V2' && n.flush?.daysMask === 0b0011111);
  take('weekly flush over 7', (n) => online(n) && n.type === 'V2' && n.flush?.perDay === 2);

  // Settings waiting for the device (sync 0), with the change made 3 h, 3 days and 8 days ago.
  for (const hours of [3, 72, 192]) {
    take(`sync pending ${hours} h`, (n) => online(n) && n.flush !== null).params = { state: 'pending', pendingAgeMs: hours * HOUR_MS, incorrect: false };
  }
  // Registered but never configured: no parameters, sync -1.
  for (let i = 0; i < 3; i++) take('no parameters', (n) => n.type === 'V3').params.state = 'none';
  // The device reports other register values than saved.
  for (let i = 0; i < 2; i++) take('incorrect settings', (n) => online(n)).params.incorrect = true;

  // Overflow detection: active detections in each bucket, plus stopped ones from the past.
  const overflows: TOverflowPlan[] = [];
  for (const hours of [5, 18, 75]) {
    const node = take(`overflow ${hours} h`, (n) => online(n) && n.flush !== null);
    node.overflow = true;
    overflows.push({ eui: node.eui, ageMs: hours * HOUR_MS, resistance: round(rng.between(140, 420), 1), state: 'Started' });
  }
  const watchers = nodes.filter((n) => n.flush !== null && !n.overflow && n.location.kind !== 'office').slice(0, 4);
  for (const node of watchers) {
    node.overflow = true;
    for (const days of [rng.between(9, 30), rng.between(40, 120)]) {
      overflows.push({ eui: node.eui, ageMs: days * DAY_MS, resistance: round(rng.between(110, 300), 1), state: 'Stopped' });
    }
  }
  return { overflows };
}
