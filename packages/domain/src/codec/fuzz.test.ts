import { describe, expect, it } from 'vitest';
import { DEVICE_TYPES } from '../constants';
import { decodeDownlink, encodeDownlink } from './downlink';
import { PROFILES, SETTINGS_FPORT } from './profiles';
import { REGISTER_CASES, UPLINK_CASES } from './codec-cases.fixture';
import { decodeUplink, deviceTypeFromUplink, encodeUplink } from './uplink';

/** mulberry32: a small seeded generator, so a failure can be replayed from its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = 20_261_122;
const ROUNDS = 20_000;
/** Thousands of rounds take seconds; on a loaded CI machine more than Vitest's default 5 s. */
const FUZZ_TIMEOUT_MS = 120_000;
const KNOWN_PORTS = [...new Set(DEVICE_TYPES.flatMap((type) => Object.values(PROFILES[type].messageIds)))];

/**
 * A third of the buffers are random bytes of random lengths (half of them on known message ids,
 * often starting with a real register number); the others are valid messages with one to three
 * bytes changed, or cut short, or lengthened, so the decoders are reached in depth. Whatever the
 * bytes, the decoders answer; what they accept re-encodes to the very same bytes.
 */
function mutate(valid: Uint8Array, int: (below: number) => number): Uint8Array {
  const bytes = Array.from(valid);
  const how = int(3);
  if (how === 0) for (let flips = 1 + int(3); flips > 0 && bytes.length > 0; flips -= 1) bytes[int(bytes.length)] = int(256);
  if (how === 1) bytes.length = int(bytes.length + 1);
  if (how === 2) for (let extra = 1 + int(4); extra > 0; extra -= 1) bytes.push(int(256));
  return Uint8Array.from(bytes);
}

const VALID_UPLINKS = DEVICE_TYPES.flatMap((type) => UPLINK_CASES[type].map((message) => ({ type, ...encodeUplink(type, message) })));
const VALID_DOWNLINKS = DEVICE_TYPES.flatMap((type) => REGISTER_CASES[type].flatMap((entry) => encodeDownlink(type, entry.registers).map((frame) => ({ type, ...frame }))));
describe('random bytes never crash the decoders', () => {
  it(`${ROUNDS} random uplinks (seed ${SEED})`, () => {
    const next = random(SEED);
    const int = (below: number) => Math.floor(next() * below);
    let accepted = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      let type = DEVICE_TYPES[int(3)];
      let fPort = next() < 0.5 ? KNOWN_PORTS[int(KNOWN_PORTS.length)] : int(256);
      let bytes: Uint8Array = Uint8Array.from({ length: int(next() < 0.7 ? 14 : 64) }, () => int(256));
      if (bytes.length > 0 && next() < 0.5) bytes[0] = 1 + int(4);
      if (round % 3 !== 0) {
        const valid = VALID_UPLINKS[int(VALID_UPLINKS.length)];
        // Sometimes read as another type, to cross the codecs.
        type = next() < 0.8 ? valid.type : type;
        fPort = valid.fPort;
        bytes = mutate(valid.bytes, int);
      }
      const context = `round ${round}: ${type} fPort ${fPort} ${Array.from(bytes).join(',')}`;

      let result: ReturnType<typeof decodeUplink>;
      expect(() => (result = decodeUplink(type, fPort, bytes)), context).not.toThrow();
      expect(() => deviceTypeFromUplink(fPort, bytes), context).not.toThrow();
      result = result!;
      if (result.ok) {
        accepted += 1;
        const again = encodeUplink(type, result.message);
        expect([again.fPort, Array.from(again.bytes)], context).toEqual([fPort, Array.from(bytes)]);
      } else {
        expect(result.error, context).toMatch(/\S/);
      }
    }
    // The loop must reach the decoders' success paths too, not only their first checks.
    expect(accepted).toBeGreaterThan(ROUNDS / 10);
  }, FUZZ_TIMEOUT_MS);

  it(`${ROUNDS} random settings downlinks (seed ${SEED + 1})`, () => {
    const next = random(SEED + 1);
    const int = (below: number) => Math.floor(next() * below);
    let accepted = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      let type = DEVICE_TYPES[int(3)];
      const fPort = next() < 0.9 ? SETTINGS_FPORT : int(256);
      let bytes: Uint8Array = Uint8Array.from({ length: int(52) }, () => int(256));
      if (bytes.length > 0) bytes[0] = 1 + int(4);
      if (round % 3 !== 0) {
        const valid = VALID_DOWNLINKS[int(VALID_DOWNLINKS.length)];
        type = next() < 0.8 ? valid.type : type;
        bytes = mutate(valid.bytes, int);
      }
      const context = `round ${round}: ${type} fPort ${fPort} ${Array.from(bytes).join(',')}`;

      let result: ReturnType<typeof decodeDownlink>;
      expect(() => (result = decodeDownlink(type, fPort, bytes)), context).not.toThrow();
      result = result!;
      if (result.ok) {
        accepted += 1;
        const again = encodeDownlink(type, result.registers).flatMap((frame) => Array.from(frame.bytes));
        expect(again, context).toEqual(Array.from(bytes));
      }
    }
    expect(accepted).toBeGreaterThan(ROUNDS / 40);
  }, FUZZ_TIMEOUT_MS);
});
