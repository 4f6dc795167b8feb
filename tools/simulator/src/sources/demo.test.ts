import { decodeUplink, encodeUplink, TEMPERATURE_CHANNEL_COUNT } from '@aquasmart/domain';
import { describe, expect, it } from 'vitest';
import { advance, createNode } from '../model/node';
import { DEFAULT_BEHAVIOUR } from '../model/types';
import { DAY_MS } from '../random';
import { demoNodeSpecs } from './demo';

/** The demo fleet as the simulator plays it (its match with a seeded database: apps/server/src/demo/seed.test.ts). */
describe('demo fleet', () => {
  const now = Date.UTC(2026, 10, 23, 12);
  const fleet = demoNodeSpecs(now);

  it('60 nodes of every type, the offline ones silent, each with its channels and a gateway', () => {
    expect(fleet.length).toBe(60);
    expect(new Set(fleet.map((node) => node.type))).toEqual(new Set(['V1', 'V2', 'V3']));
    expect(fleet.filter((node) => node.silent).length).toBeGreaterThan(0);
    for (const node of fleet) {
      expect(node.channels.length).toBe(TEMPERATURE_CHANNEL_COUNT[node.type]);
      expect(node.radio.gateways[0]).toMatch(/^7076ff0056[0-9a-f]{6}$/);
    }
  });

  it('frame counters go on above the seeded ones and keep rising with time (restarts)', () => {
    const later = demoNodeSpecs(now + DAY_MS);
    fleet.forEach((node, i) => {
      expect(node.counter).toBeGreaterThan(200 + 14 * 96 * 3);
      expect(later[i].counter - node.counter).toBe(24 * 60);
    });
  });

  it('a day of the fleet: silent nodes send nothing, every message is one the codec reads', () => {
    for (const spec of fleet) {
      const node = createNode(spec, DEFAULT_BEHAVIOUR, now, 1);
      const uplinks = advance(node, now + DAY_MS);
      if (spec.silent) expect(uplinks).toEqual([]);
      // A node with incorrect settings runs with what it reported: logInterval 60 instead of 15.
      else expect(uplinks.length).toBeGreaterThanOrEqual(24 + 4);
      for (const uplink of uplinks) {
        const frame = encodeUplink(spec.type, uplink.message);
        expect(decodeUplink(spec.type, frame.fPort, frame.bytes).ok).toBe(true);
      }
    }
  });
});
