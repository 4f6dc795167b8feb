import { DEVICE_TYPES, type TDeviceType } from '../constants';
import { ByteReader, ByteWriter } from './bytes';
import { CodecRangeError, decodeField, encodeField, type TField } from './fields';
import { PROFILES } from './profiles';
import { decodeRegisters, encodeRegister } from './registers';
import type { TDecodeResult, TDeviceProfile, TFrame, TUplinkKind, TUplinkMessage } from './types';

/**
 * Uplinks: the fPort is the message id (docs/payload-format.md, "Message ids": temperature and
 * battery ids are fixed, the others are ours). Layouts, big-endian, in docs/payload-format.md.
 */

const number = (wire: 'u8' | 'u16' | 'i16', min: number, max: number, divisor = 1): TField => ({ kind: 'number', wire, min, max, divisor, description: '' });
/** Any reading the wire can hold: the processing, not the codec, judges -102.4 and faults. */
const TEMPERATURE = number('i16', -3276.8, 3276.7, 10);
const VOLTAGE = number('u16', 0, 65.535, 1000);
const VERSION_PART = number('u8', 0, 255);

function encodeTimestamp(timestamp: unknown, out: ByteWriter): void {
  if (typeof timestamp !== 'number' || !Number.isInteger(timestamp) || timestamp < 0 || timestamp > 0xffffffff) {
    throw new CodecRangeError('timestamp', `${String(timestamp)} must be whole seconds since the epoch (0 to 4294967295)`);
  }
  out.u32(timestamp);
}

function encodeResistance(resistance: unknown, out: ByteWriter): void {
  const tenths = typeof resistance === 'number' ? resistance * 10 : NaN;
  if (!Number.isFinite(tenths) || tenths < 0 || tenths > 0xffffffff || Math.abs(tenths - Math.round(tenths)) > 1e-6) {
    throw new CodecRangeError('resistance', `${String(resistance)} must be 0 to 429496729.5 Ω with at most 1 decimal`);
  }
  out.u32(Math.round(tenths));
}

/** The message id a device type uses for a kind of uplink, or undefined when the type has no such message. */
export function messageIdOf(type: TDeviceType, kind: TUplinkKind): number | undefined {
  return PROFILES[type].messageIds[kind];
}

function kindOf(profile: TDeviceProfile, msgId: number): TUplinkKind | undefined {
  const entry = Object.entries(profile.messageIds).find(([, id]) => id === msgId);
  return entry?.[0] as TUplinkKind | undefined;
}

function decodeBody(profile: TDeviceProfile, kind: TUplinkKind, msgId: number, input: ByteReader): TUplinkMessage {
  switch (kind) {
    case 'temperature': {
      const timestamp = input.u32();
      const temperatures = Array.from({ length: profile.temperatureChannels }, (_t, i) => decodeField(TEMPERATURE, input, `temperature${i + 1}`) as number);
      return { kind, msgId, timestamp, temperatures };
    }
    case 'battery':
      return { kind, msgId, timestamp: input.u32(), voltage: decodeField(VOLTAGE, input, 'voltage') as number };
    case 'flush': {
      const timestamp = input.u32();
      const channel = input.u8();
      if (channel < 1 || channel > profile.temperatureChannels) {
        throw new CodecRangeError('channel', `${channel} is outside 1 to ${profile.temperatureChannels}`);
      }
      const before = decodeField(TEMPERATURE, input, 'before') as number;
      const after = decodeField(TEMPERATURE, input, 'after') as number;
      return { kind, msgId, timestamp, channel, before, after };
    }
    case 'overflow': {
      const timestamp = input.u32();
      const resistance = input.u32() / 10;
      const flag = input.u8();
      if (flag > 1) throw new CodecRangeError('detected', `${flag} is neither 0 nor 1`);
      return { kind, msgId, timestamp, resistance, detected: flag === 1 };
    }
    case 'parameters':
      return { kind, msgId, registers: decodeRegisters(profile, input) };
    case 'version':
      return { kind, msgId, version: { major: input.u8(), minor: input.u8(), patch: input.u8() } };
  }
}

/** Never throws, whatever the bytes: a message that cannot be read gives { ok: false, error }. */
export function decodeUplink(type: TDeviceType, fPort: number, bytes: Uint8Array): TDecodeResult {
  try {
    const profile = PROFILES[type];
    if (!profile) return { ok: false, error: `unknown device type ${String(type)}` };
    const kind = kindOf(profile, fPort);
    if (!kind) return { ok: false, error: `fPort ${fPort} is not a ${type} uplink message id` };
    const input = new ByteReader(bytes);
    const message = decodeBody(profile, kind, fPort, input);
    if (input.remaining > 0) return { ok: false, error: `${type} ${kind} message (id ${fPort}): ${input.remaining} unexpected byte(s) after offset ${input.position}` };
    return { ok: true, message };
  } catch (error) {
    return { ok: false, error: `${type} message (id ${fPort}): ${error instanceof Error ? error.message : String(error)}` };
  }
}

function encodeBody(profile: TDeviceProfile, message: TUplinkMessage, out: ByteWriter): void {
  switch (message.kind) {
    case 'temperature':
      encodeTimestamp(message.timestamp, out);
      if (!Array.isArray(message.temperatures) || message.temperatures.length !== profile.temperatureChannels) {
        throw new CodecRangeError('temperatures', `${profile.type} carries ${profile.temperatureChannels} temperature(s), got ${String(message.temperatures?.length)}`);
      }
      message.temperatures.forEach((value, i) => encodeField(TEMPERATURE, value, `temperature${i + 1}`, out));
      return;
    case 'battery':
      encodeTimestamp(message.timestamp, out);
      encodeField(VOLTAGE, message.voltage, 'voltage', out);
      return;
    case 'flush':
      encodeTimestamp(message.timestamp, out);
      encodeField(number('u8', 1, profile.temperatureChannels), message.channel, 'channel', out);
      encodeField(TEMPERATURE, message.before, 'before', out);
      encodeField(TEMPERATURE, message.after, 'after', out);
      return;
    case 'overflow':
      encodeTimestamp(message.timestamp, out);
      encodeResistance(message.resistance, out);
      if (typeof message.detected !== 'boolean') throw new CodecRangeError('detected', 'must be true or false');
      out.u8(message.detected ? 1 : 0);
      return;
    case 'parameters':
      if (!Array.isArray(message.registers) || message.registers.length === 0) throw new CodecRangeError('registers', 'at least one register');
      for (const entry of message.registers) encodeRegister(profile, entry, out);
      return;
    case 'version':
      encodeField(VERSION_PART, message.version.major, 'version.major', out);
      encodeField(VERSION_PART, message.version.minor, 'version.minor', out);
      encodeField(VERSION_PART, message.version.patch, 'version.patch', out);
      return;
  }
}

/**
 * For the simulator and tests: decodeUplink(type, ...encodeUplink(type, m)) gives m back.
 * Throws CodecRangeError when the message does not fit the type (wrong id, values out of range).
 */
export function encodeUplink(type: TDeviceType, message: TUplinkMessage): TFrame {
  const profile = PROFILES[type];
  if (!profile) throw new CodecRangeError('type', `unknown device type ${String(type)}`);
  const msgId = profile.messageIds[message.kind];
  if (msgId === undefined) throw new CodecRangeError('kind', `${type} has no ${message.kind} message`);
  if (message.msgId !== msgId) throw new CodecRangeError('msgId', `${type} ${message.kind} has message id ${msgId}, not ${message.msgId}`);
  const out = new ByteWriter();
  try {
    encodeBody(profile, message, out);
  } catch (error) {
    if (error instanceof CodecRangeError && !error.path.startsWith(type)) throw new CodecRangeError(`${type} ${message.kind} ${error.path}`, error.message.slice(error.path.length + 2));
    throw error;
  }
  return { fPort: msgId, bytes: out.toBytes() };
}

/**
 * The device type an uplink reveals: the type whose codec reads the message, when exactly one
 * does (temperature 34/42/32, battery 36, parameter report and version ids are type-specific;
 * battery 40, flush and overflow are shared by V1 and V2 and give null).
 */
export function deviceTypeFromUplink(fPort: number, bytes: Uint8Array): TDeviceType | null {
  const readers = DEVICE_TYPES.filter((type) => decodeUplink(type, fPort, bytes).ok);
  return readers.length === 1 ? readers[0] : null;
}
