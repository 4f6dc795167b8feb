import { decodeUplink, encodeUplink, NO_SENSOR_VALUE, type TDeviceType, type TUplinkMessage } from '@aquasmart/domain';
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../random';
import { syntheticFleet } from './fleet';
import { advance, applySettings, createNode, FRESH_BATTERY_VOLTAGE, messageId, swapBattery, type TNodeState } from './node';
import { DEFAULT_BEHAVIOUR, type TBehaviour, type TChannelSpec, type TNodeSpec, type TTimedUplink } from './types';

const START = Date.UTC(2026, 10, 23); // a Monday, 00:00 UTC
const CALM: TBehaviour = { ...DEFAULT_BEHAVIOUR, faultsPerDay: 0, flushFailureRate: 0, overflowsPerDay: 0 };

function spec(overrides: Partial<TNodeSpec> = {}): TNodeSpec {
  return {
    eui: 'AC51000000000001',
    type: 'V2',
    name: 'test node',
    channels: [
      { mode: 'WW', base: 61 },
      { mode: 'KW', base: 14 },
      { mode: 'Meng/uittap', base: 38 },
    ],
    registers: [
      { register: 1, value: { sendinterval: 6, 'supply-voltage-threshold': 3.1, 'calibration-duration': 5 } },
      { register: 2, value: { logInterval: 15, measureInterval: 60 } },
      { register: 3, value: { enabled: 0, resistanceThreshold: 0 } },
    ],
    battery: { voltage: 3.5, slopePerDay: 0.002 },
    radio: { rssi: -95, snr: 3, gateways: ['0016c001f1500001', '0016c001f1500002', '0016c001f1500003'] },
    counter: 100,
    firmware: { major: 2, minor: 1, patch: 0 },
    ...overrides,
  };
}

function run(nodeSpec: TNodeSpec, behaviour: TBehaviour, days: number, seed = 7): { node: TNodeState; uplinks: TTimedUplink[] } {
  const node = createNode(nodeSpec, behaviour, START, seed);
  const uplinks: TTimedUplink[] = [];
  // Several steps, as the simulator ticks: the result must not depend on the step size.
  const end = START + days * DAY_MS - 1;
  for (let t = START; t < end; t += 7 * HOUR_MS) uplinks.push(...advance(node, t));
  uplinks.push(...advance(node, end));
  return { node, uplinks };
}

const of = <K extends TUplinkMessage['kind']>(uplinks: TTimedUplink[], kind: K) =>
  uplinks.map((u) => u.message).filter((m): m is Extract<TUplinkMessage, { kind: K }> => m.kind === kind);

describe('temperatures per line type', () => {
  it.each([
    ['hot-water loop', 'WW', 61, 52, 63],
    ['hot-water loop, lower base', 'WW', 58, 49, 60],
    ['cold line', 'KW', 14, 10.5, 17.5],
    ['mixed tap', 'Meng/uittap', 38, 33.5, 42.5],
  ] as const)('%s (%s, base %s °C) stays within %s-%s °C over a week', (_name, mode, base, min, max) => {
    const channels: TChannelSpec[] = [{ mode, base }];
    const { uplinks } = run(spec({ type: 'V1', channels, registers: [] }), CALM, 7);
    const readings = of(uplinks, 'temperature').map((m) => m.temperatures[0]);
    expect(readings.length).toBe(7 * 96);
    expect(Math.min(...readings)).toBeGreaterThanOrEqual(min);
    expect(Math.max(...readings)).toBeLessThanOrEqual(max);
    const mean = readings.reduce((a, b) => a + b, 0) / readings.length;
    expect(Math.abs(mean - base)).toBeLessThan(1.5);
    expect(new Set(readings).size).toBeGreaterThan(20);
    for (const value of readings) expect(Math.round(value * 10) / 10).toBe(value);
  });

  it('hot water dips in the morning, when it is drawn', () => {
    const { uplinks } = run(spec({ type: 'V1', channels: [{ mode: 'WW', base: 61 }], registers: [] }), CALM, 7);
    const atHour = (from: number, to: number) =>
      uplinks.filter((u) => u.message.kind === 'temperature' && ((u.atMs + HOUR_MS) % DAY_MS) / HOUR_MS >= from && ((u.atMs + HOUR_MS) % DAY_MS) / HOUR_MS < to);
    const mean = (list: TTimedUplink[]) => list.reduce((sum, u) => sum + (u.message as { temperatures: number[] }).temperatures[0], 0) / list.length;
    expect(mean(atHour(7, 8))).toBeLessThan(mean(atHour(13, 16)) - 3);
  });
});

describe('flushes', () => {
  const flushing = (mode: TChannelSpec['mode'], base: number, perDay: number): TNodeSpec =>
    spec({
      type: 'V1',
      channels: [{ mode, base }],
      registers: [{ register: 3, value: { enabled: 1, flushCycles: perDay, flushtime: 3, resistanceThreshold: 0, 'flush-periods': [] } }],
    });

  it.each([
    ['hot tap, once a day: stagnant water cooled, the flush brings ~60 °C', 'WW', 61, 1, 25],
    ['hot tap, 4 a day', 'WW', 61, 4, 10],
    ['cold tap, once a day: stagnant water warmed, the flush brings it down', 'KW', 13, 1, -5],
    ['mixed tap, twice a day', 'Meng/uittap', 38, 2, 8],
  ] as const)('%s', (_name, mode, base, perDay, change) => {
    const { uplinks } = run(flushing(mode, base, perDay), CALM, 7);
    const flushes = of(uplinks, 'flush');
    expect(flushes.length).toBe(7 * perDay);
    for (const flush of flushes) {
      expect(flush.channel).toBe(1);
      if (change > 0) expect(flush.after - flush.before).toBeGreaterThanOrEqual(change);
      else expect(flush.after - flush.before).toBeLessThanOrEqual(change);
      expect(Math.abs(flush.after - base)).toBeLessThan(9);
    }
  });

  it('a stuck valve moves the temperature by less than 1 °C (the flush alarm case)', () => {
    const { uplinks } = run(flushing('WW', 61, 2), { ...CALM, flushFailureRate: 1 }, 5);
    const flushes = of(uplinks, 'flush');
    expect(flushes.length).toBe(10);
    for (const flush of flushes) expect(Math.abs(flush.after - flush.before)).toBeLessThan(1);
  });

  it('flush times follow the schedule: every 6 hours for 4 a day', () => {
    const { uplinks } = run(flushing('WW', 61, 4), CALM, 2);
    const times = uplinks.filter((u) => u.message.kind === 'flush').map((u) => (u.atMs - START) / HOUR_MS);
    expect(times).toEqual([0, 6, 12, 18, 24, 30, 36, 42]);
  });

  it('V3 nodes never flush', () => {
    const node = spec({ type: 'V3', channels: [{ mode: 'WW', base: 61 }, { mode: 'WW', base: 58 }], registers: [{ register: 1, value: { sendInterval: 6 } }] });
    expect(of(run(node, CALM, 3).uplinks, 'flush')).toEqual([]);
  });
});

describe('battery', () => {
  it.each([
    ['new battery, slow decline', 3.55, 0.0005],
    ['normal decline', 3.4, 0.002],
    ['running out', 3.15, 0.006],
  ])('%s: reports every 6 hours, falling about as fast as its slope', (_name, voltage, slopePerDay) => {
    const { uplinks } = run(spec({ battery: { voltage, slopePerDay } }), CALM, 30);
    const reports = of(uplinks, 'battery');
    expect(reports.length).toBeGreaterThanOrEqual(30 * 4);
    expect(reports.length).toBeLessThanOrEqual(30 * 4 + 1);
    const first = reports.slice(0, 8).reduce((s, m) => s + m.voltage, 0) / 8;
    const last = reports.slice(-8).reduce((s, m) => s + m.voltage, 0) / 8;
    expect(first - last).toBeCloseTo(slopePerDay * 28, 1);
    expect(first).toBeCloseTo(voltage, 1);
    for (const report of reports) expect(Math.round(report.voltage * 1000) / 1000).toBe(report.voltage);
  });
});

describe('battery swap', () => {
  it('a low battery swapped: a full voltage reported within a minute, and from then on; never the old voltage again', () => {
    const node = createNode(spec({ battery: { voltage: 3.09, slopePerDay: 0.006 } }), CALM, START, 3);
    const before = of(advance(node, START + DAY_MS), 'battery');
    expect(Math.max(...before.map((m) => m.voltage))).toBeLessThan(3.1);
    const swapAt = START + DAY_MS + 5 * MINUTE_MS;
    swapBattery(node, swapAt);
    const after = advance(node, swapAt + 7 * DAY_MS).filter((u) => u.message.kind === 'battery');
    expect(after[0].atMs).toBeLessThanOrEqual(swapAt + MINUTE_MS);
    expect(after.length).toBeGreaterThanOrEqual(7 * 4);
    for (const uplink of after) {
      const voltage = (uplink.message as Extract<TUplinkMessage, { kind: 'battery' }>).voltage;
      expect(voltage).toBeGreaterThan(3.5);
      expect(voltage).toBeLessThanOrEqual(FRESH_BATTERY_VOLTAGE + 0.01);
    }
  });
});

describe('frame counters and radio', () => {
  it('counters rise by one per uplink, parameter reports included', () => {
    const node = createNode(spec(), CALM, START, 1);
    const first = advance(node, START + DAY_MS);
    const report = applySettings(node, [{ register: 2, value: { logInterval: 5 } }], START + DAY_MS);
    const later = advance(node, START + 2 * DAY_MS);
    const counters = [...first, report, ...later].map((u) => u.fCnt);
    expect(counters[0]).toBe(101);
    counters.forEach((counter, i) => expect(counter).toBe(101 + i));
  });

  it('RSSI and SNR vary around the node values; other gateways hear it weaker, some of the time', () => {
    const { uplinks } = run(spec(), CALM, 2);
    const best = uplinks.map((u) => u.receptions[0]);
    expect(best.every((r) => r.gatewayId === '0016c001f1500001')).toBe(true);
    expect(new Set(best.map((r) => r.rssi)).size).toBeGreaterThan(5);
    expect(new Set(best.map((r) => r.snr)).size).toBeGreaterThan(5);
    for (const r of best) {
      expect(Math.abs(r.rssi + 95)).toBeLessThanOrEqual(8);
      expect(Math.abs(r.snr - 3)).toBeLessThanOrEqual(4);
    }
    const heardBy = uplinks.map((u) => u.receptions.length);
    expect(Math.min(...heardBy)).toBe(1);
    expect(Math.max(...heardBy)).toBe(3);
    for (const u of uplinks) for (const r of u.receptions.slice(1)) expect(r.rssi).toBeLessThan(-95 + 8);
  });
});

describe('sensor faults and overflow', () => {
  it.each([
    ['no faults at rate 0', 0, false],
    ['episodes of -102.4 at a high rate', 5, true],
  ])('%s', (_name, faultsPerDay, expectFaults) => {
    const { uplinks } = run(spec(), { ...CALM, faultsPerDay }, 5);
    const faulty = of(uplinks, 'temperature').flatMap((m) => m.temperatures).filter((t) => t === NO_SENSOR_VALUE);
    expect(faulty.length > 0).toBe(expectFaults);
  });

  it('a broken sensor reads -102.4 always, the other channels go on', () => {
    const channels: TChannelSpec[] = [{ mode: 'WW', base: 61 }, { mode: 'KW', base: 14, faulty: true }, { mode: 'WW', base: 58 }];
    const readings = of(run(spec({ channels }), CALM, 1).uplinks, 'temperature');
    expect(readings.every((m) => m.temperatures[1] === NO_SENSOR_VALUE)).toBe(true);
    expect(readings.every((m) => m.temperatures[0] > 50 && m.temperatures[2] > 45)).toBe(true);
  });

  it.each([
    ['V1 with overflow detection on', 'V1', 100, true],
    ['V2 with overflow detection on', 'V2', 100, true],
    ['V2 with overflow detection off', 'V2', 0, false],
  ] as const)('%s', (_name, type, threshold, expectDetections) => {
    const channels: TChannelSpec[] = type === 'V1' ? [{ mode: 'WW', base: 61 }] : spec().channels;
    const node = spec({ type, channels, registers: [{ register: 3, value: { enabled: 0, resistanceThreshold: threshold } }] });
    const messages = of(run(node, { ...CALM, overflowsPerDay: 1 }, 6).uplinks, 'overflow');
    if (!expectDetections) return expect(messages).toEqual([]);
    expect(messages.length).toBeGreaterThanOrEqual(8);
    messages.forEach((message, i) => {
      // Detection and all-clear alternate: above the threshold, then below it.
      expect(message.detected).toBe(i % 2 === 0);
      if (message.detected) expect(message.resistance).toBeGreaterThan(threshold);
      else expect(message.resistance).toBeLessThan(threshold);
    });
  });
});

describe('settings downlinks', () => {
  it('a new log interval changes the report interval; the report holds the full register', () => {
    const node = createNode(spec(), CALM, START, 1);
    advance(node, START + HOUR_MS);
    const report = applySettings(node, [{ register: 2, value: { logInterval: 5 } }], START + HOUR_MS);
    expect(report.message).toEqual({ kind: 'parameters', msgId: messageId('V2', 'parameters'), registers: [{ register: 2, value: { logInterval: 5, measureInterval: 60 } }] });
    const next = advance(node, START + 3 * HOUR_MS).filter((u) => u.message.kind === 'temperature');
    const gaps = next.slice(1).map((u, i) => u.atMs - next[i].atMs);
    for (const gap of gaps.slice(1)) expect(Math.abs(gap - 5 * MINUTE_MS)).toBeLessThanOrEqual(6000);
  });

  it('the interval override wins over the register', () => {
    const { uplinks } = run(spec(), { ...CALM, intervalMs: 60 * MINUTE_MS }, 1);
    expect(of(uplinks, 'temperature').length).toBe(24);
  });
});

describe('every message the fleet sends is one the codec reads back', () => {
  it.each(['V1', 'V2', 'V3'] as const)('%s', (type: TDeviceType) => {
    const fleet = syntheticFleet({ nodes: 12, seed: 3, types: [type] });
    const behaviour: TBehaviour = { ...DEFAULT_BEHAVIOUR, faultsPerDay: 1, flushFailureRate: 0.2, overflowsPerDay: 1 };
    const kinds = new Set<string>();
    for (const nodeSpec of fleet) {
      const { node, uplinks } = run(nodeSpec, behaviour, 3);
      uplinks.push(applySettings(node, nodeSpec.registers, START + 3 * DAY_MS));
      for (const uplink of uplinks) {
        kinds.add(uplink.message.kind);
        const frame = encodeUplink(type, uplink.message);
        expect(decodeUplink(type, frame.fPort, frame.bytes)).toEqual({ ok: true, message: uplink.message });
      }
    }
    const expected = type === 'V3' ? ['battery', 'parameters', 'temperature', 'version'] : ['battery', 'flush', 'overflow', 'parameters', 'temperature', 'version'];
    expect([...kinds].sort()).toEqual(expected);
  });
});

describe('synthetic fleet', () => {
  it('same seed, same fleet; EUIs unique, 16 hex, outside the demo range', () => {
    const a = syntheticFleet({ nodes: 200, seed: 42, types: ['V1', 'V2', 'V3'] });
    expect(syntheticFleet({ nodes: 200, seed: 42, types: ['V1', 'V2', 'V3'] })).toEqual(a);
    expect(new Set(a.map((n) => n.eui)).size).toBe(200);
    for (const node of a) expect(node.eui).toMatch(/^AC5100[0-9A-F]{10}$/);
    expect(a.filter((n) => n.type === 'V3').length).toBe(66);
    expect(new Set(a.flatMap((n) => n.radio.gateways)).size).toBe(10);
  });
});
