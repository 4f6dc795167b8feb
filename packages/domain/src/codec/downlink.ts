import type { TDeviceType } from '../constants';
import { ByteReader } from './bytes';
import { CodecRangeError } from './fields';
import { MAX_DOWNLINK_BYTES, PROFILES, SETTINGS_FPORT } from './profiles';
import { decodeRegisters, encodeRegisterBytes } from './registers';
import type { TDownlinkDecodeResult, TFrame, TRegisterValue } from './types';

/**
 * Settings downlinks on fPort 100: a sequence of registers (number byte + record), packed in
 * order into as few frames of at most 51 bytes as fit (every register fits one frame alone).
 * Throws CodecRangeError, naming the register and field, when a value is out of range.
 */
export function encodeDownlink(type: TDeviceType, registers: TRegisterValue[]): TFrame[] {
  const profile = PROFILES[type];
  if (!profile) throw new CodecRangeError('type', `unknown device type ${String(type)}`);
  if (!Array.isArray(registers) || registers.length === 0) throw new CodecRangeError(`${type} registers`, 'no register to send');
  const frames: number[][] = [];
  for (const entry of registers) {
    const bytes = encodeRegisterBytes(profile, entry);
    const last = frames.at(-1);
    if (last && last.length + bytes.length <= MAX_DOWNLINK_BYTES) last.push(...bytes);
    else frames.push([...bytes]);
  }
  return frames.map((bytes) => ({ fPort: SETTINGS_FPORT, bytes: Uint8Array.from(bytes) }));
}

/** Reads a settings downlink back (the simulator's node side, tests). Never throws. */
export function decodeDownlink(type: TDeviceType, fPort: number, bytes: Uint8Array): TDownlinkDecodeResult {
  try {
    const profile = PROFILES[type];
    if (!profile) return { ok: false, error: `unknown device type ${String(type)}` };
    if (fPort !== SETTINGS_FPORT) return { ok: false, error: `fPort ${fPort} is not a settings downlink (fPort ${SETTINGS_FPORT})` };
    return { ok: true, registers: decodeRegisters(profile, new ByteReader(bytes)) };
  } catch (error) {
    return { ok: false, error: `${type} settings downlink: ${error instanceof Error ? error.message : String(error)}` };
  }
}
