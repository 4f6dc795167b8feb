import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEVICE_TYPES, type TDeviceType } from '../constants';
import { fromHex, toHex } from './bytes';
import { decodeDownlink, encodeDownlink } from './downlink';
import { PROFILES } from './profiles';
import { decodeUplink, encodeUplink } from './uplink';

/**
 * The worked examples of docs/payload-format.md, read from the document itself:
 *
 *   example <type> <up|down> fPort <n>
 *   hex <bytes>
 *   message <uplink JSON>        (or: registers <JSON list>)
 */
const DOC = readFileSync(new URL('../../../../docs/payload-format.md', import.meta.url), 'utf8');
const EXAMPLE = /^example (V[123]) (up|down) fPort (\d+)\nhex ([0-9A-F ]+)\n(message|registers) (.+)$/gm;

const examples = [...DOC.matchAll(EXAMPLE)].map(([, type, direction, fPort, hex, what, json]) => ({
  type: type as TDeviceType,
  direction,
  fPort: Number(fPort),
  hex,
  what,
  expected: JSON.parse(json) as unknown,
}));

describe('docs/payload-format.md examples', () => {
  it('every example block of the document is read', () => {
    expect(examples.length).toBe(DOC.split('\nexample ').length - 1);
  });

  it('the document has an example of every message of every device type, and a settings downlink per type', () => {
    for (const type of DEVICE_TYPES) {
      const ids = new Set(examples.filter((e) => e.type === type && e.direction === 'up').map((e) => e.fPort));
      expect([...ids].sort()).toEqual(Object.values(PROFILES[type].messageIds).sort());
      expect(examples.some((e) => e.type === type && e.direction === 'down')).toBe(true);
    }
  });

  it.each(examples.map((e) => [e.type, e.direction, e.fPort, e.hex, e] as const))('%s %s fPort %s: %s', (type, direction, fPort, hex, example) => {
    const bytes = fromHex(hex);
    if (direction === 'up') {
      expect(example.what).toBe('message');
      expect(decodeUplink(type, fPort, bytes)).toEqual({ ok: true, message: example.expected });
      const encoded = encodeUplink(type, example.expected as Parameters<typeof encodeUplink>[1]);
      expect([encoded.fPort, toHex(encoded.bytes)]).toEqual([fPort, toHex(bytes)]);
    } else {
      expect(example.what).toBe('registers');
      expect(decodeDownlink(type, fPort, bytes)).toEqual({ ok: true, registers: example.expected });
      const frames = encodeDownlink(type, example.expected as Parameters<typeof encodeDownlink>[1]);
      expect(frames.map((frame) => [frame.fPort, toHex(frame.bytes)])).toEqual([[fPort, toHex(bytes)]]);
    }
  });
});
