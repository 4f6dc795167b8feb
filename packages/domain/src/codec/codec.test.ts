import { describe, expect, it } from 'vitest';
import { DEVICE_TYPES, type TDeviceType } from '../constants';
import { fromHex, toHex } from './bytes';
import { ZConnector } from './connector-schema';
import { CONNECTORS, connectorFor, findConnector } from './connectors';
import { decodeDownlink, encodeDownlink } from './downlink';
import { CodecRangeError, maxSize } from './fields';
import { historyValue } from './history';
import { MAX_DOWNLINK_BYTES, PROFILES, SETTINGS_FPORT } from './profiles';
import { REGISTER_CASES, UPLINK_CASES } from './codec-cases.fixture';
import { decodeUplink, deviceTypeFromUplink, encodeUplink, messageIdOf } from './uplink';
import type { TRegisterValue, TUplinkMessage } from './types';

const uplinkCases = DEVICE_TYPES.flatMap((type) => UPLINK_CASES[type].map((message) => [type, message.kind, message] as const));
const registerCases = DEVICE_TYPES.flatMap((type) => REGISTER_CASES[type].map((entry) => [type, entry.name, entry.registers] as const));

describe('uplinks round-trip', () => {
  it.each(uplinkCases)('%s %s', (type, _kind, message) => {
    const frame = encodeUplink(type, message);
    expect(frame.fPort).toBe(message.msgId);
    expect(decodeUplink(type, frame.fPort, frame.bytes)).toEqual({ ok: true, message });
  });

  it('every message kind of every device type is covered by a case', () => {
    for (const type of DEVICE_TYPES) {
      const kinds = new Set(UPLINK_CASES[type].map((message) => message.kind));
      expect([...kinds].sort()).toEqual(Object.keys(PROFILES[type].messageIds).sort());
    }
  });

  it.each([
    ['V1', 'temperature', 34],
    ['V2', 'temperature', 42],
    ['V3', 'temperature', 32],
    ['V1', 'battery', 40],
    ['V2', 'battery', 40],
    ['V3', 'battery', 36],
    ['V3', 'flush', undefined],
    ['V3', 'overflow', undefined],
  ] as const)('%s %s has message id %s (docs/payload-format.md, Message ids)', (type, kind, id) => {
    expect(messageIdOf(type, kind)).toBe(id);
  });
});

describe('parameter reports round-trip every register of every device type', () => {
  it.each(registerCases)('%s %s', (type, _name, registers) => {
    const message: TUplinkMessage = { kind: 'parameters', msgId: PROFILES[type].messageIds.parameters, registers };
    const frame = encodeUplink(type, message);
    expect(decodeUplink(type, frame.fPort, frame.bytes)).toEqual({ ok: true, message });
  });
});

describe('settings downlinks round-trip every register of every device type', () => {
  it.each(registerCases)('%s %s', (type, _name, registers) => {
    const frames = encodeDownlink(type, registers);
    const decoded = frames.flatMap((frame) => {
      expect(frame.fPort).toBe(SETTINGS_FPORT);
      expect(frame.bytes.length).toBeLessThanOrEqual(MAX_DOWNLINK_BYTES);
      const result = decodeDownlink(type, frame.fPort, frame.bytes);
      if (!result.ok) throw new Error(result.error);
      return result.registers;
    });
    expect(decoded).toEqual(registers);
  });

  it('every register of every type has cases, and a full register fits one downlink', () => {
    for (const type of DEVICE_TYPES) {
      const covered = new Set(REGISTER_CASES[type].flatMap((entry) => entry.registers.map((r) => r.register)));
      expect([...covered].sort()).toEqual(Object.keys(PROFILES[type].registers).map(Number).sort());
      for (const layout of Object.values(PROFILES[type].registers)) expect(1 + maxSize(layout)).toBeLessThanOrEqual(MAX_DOWNLINK_BYTES);
    }
  });

  it('packs registers into as few frames as fit and keeps their order', () => {
    const all = REGISTER_CASES.V2.filter((entry) => entry.name.endsWith('high')).flatMap((entry) => entry.registers);
    const frames = encodeDownlink('V2', all);
    expect(frames.length).toBeGreaterThan(1);
    expect(frames.length).toBeLessThan(all.length);
    expect(frames.flatMap((frame) => (decodeDownlink('V2', frame.fPort, frame.bytes) as { registers: TRegisterValue[] }).registers)).toEqual(all);
  });

  it('a downlink of a partial register carries only the presence mask and the given fields', () => {
    expect(toHex(encodeDownlink('V1', [{ register: 3, value: { resistanceThreshold: 0 } }])[0].bytes)).toBe('038000' + '0000');
    expect(toHex(encodeDownlink('V1', [{ register: 2, value: { mode: 'actual' } }])[0].bytes)).toBe('020401');
  });

  it('decodeDownlink refuses another fPort', () => {
    expect(decodeDownlink('V1', 99, fromHex('020401'))).toEqual({ ok: false, error: expect.stringMatching(/fPort 99/) });
  });
});

describe('encodeDownlink refuses values outside their range with a clear error', () => {
  const full3 = REGISTER_CASES.V2[7].registers[0].value;
  it.each<[TDeviceType, number, unknown, RegExp]>([
    ['V1', 1, { sendinterval: 0 }, /V1 register 1\.sendinterval: 0 is outside 1 to 24/],
    ['V1', 1, { sendinterval: 25 }, /sendinterval: 25 is outside 1 to 24/],
    ['V1', 1, { sendinterval: 6.5 }, /sendinterval: 6\.5 must be an integer/],
    ['V2', 1, { 'supply-voltage-threshold': 5.001 }, /supply-voltage-threshold: 5\.001 is outside 0 to 5/],
    ['V2', 1, { 'supply-voltage-threshold': 3.1234 }, /supply-voltage-threshold: 3\.1234 must be at most 3 decimal/],
    ['V1', 1, { 'calibration-duration': 16 }, /calibration-duration: 16 is outside 0 to 15/],
    ['V1', 2, { logInterval: 0 }, /logInterval: 0 is outside 1 to 60/],
    ['V1', 2, { logInterval: 61 }, /logInterval: 61 is outside 1 to 60/],
    ['V1', 2, { measureInterval: 121 }, /measureInterval: 121 is outside 0 to 120/],
    ['V1', 2, { mode: 'median' }, /mode: "median" is not one of disabled, actual, average, maximum/],
    ['V1', 2, { inputs: [] }, /V1 register 2: unknown field\(s\) inputs/],
    ['V1', 2, {}, /V1 register 2: no fields/],
    ['V1', 2, 'actual', /V1 register 2: must be an object/],
    ['V2', 2, { inputs: [{ lowAlarm: -102.5 }] }, /inputs\[0\]\.lowAlarm: -102\.5 is outside -102\.4 to 100/],
    ['V2', 2, { inputs: [{}, { highAlarm: 100.1 }] }, /V2 register 2\.inputs\[0\]: no fields/],
    ['V2', 2, { inputs: [{ mode: 'actual' }, { highAlarm: 100.1 }] }, /inputs\[1\]\.highAlarm: 100\.1 is outside -102\.4 to 100/],
    ['V2', 2, { inputs: [{ lowAlarm: 55.55 }] }, /lowAlarm: 55\.55 must be at most 1 decimal/],
    ['V2', 2, { inputs: [{ mode: 'actual' }, { mode: 'actual' }, { mode: 'actual' }, { mode: 'actual' }] }, /inputs: 4 entries, at most 3/],
    ['V2', 2, { inputs: { mode: 'actual' } }, /inputs: must be a list/],
    ['V2', 3, { ...full3, flushtime: 0 }, /flushtime: 0 is outside 1 to 60/],
    ['V2', 3, { flushtime: 61 }, /flushtime: 61 is outside 1 to 60/],
    ['V2', 3, { flushCycles: 51 }, /flushCycles: 51 is outside 0 to 50/],
    ['V2', 3, { enabled: 2 }, /enabled: 2 is outside 0 to 1/],
    ['V2', 3, { highTempFlushtime: 121 }, /highTempFlushtime: 121 is outside 0 to 120/],
    ['V2', 3, { highTempFlushdelay: -1 }, /highTempFlushdelay: -1 is outside 0 to 120/],
    ['V2', 3, { flushStartThreshold: -102.5 }, /flushStartThreshold: -102\.5 is outside -102\.4 to 100/],
    ['V2', 3, { flushStopThreshold: 100.1 }, /flushStopThreshold: 100\.1 is outside -102\.4 to 100/],
    ['V2', 3, { measureInterval: 0 }, /measureInterval: 0 is outside 1 to 120/],
    ['V2', 3, { valvePulseLength: 1255 }, /valvePulseLength: 1255 is outside 0 to 1250/],
    ['V2', 3, { valvePulseLength: 252 }, /valvePulseLength: 252 must be a multiple of 5/],
    ['V2', 3, { resistanceThreshold: 1001 }, /resistanceThreshold: 1001 is outside 0 to 1000/],
    ['V2', 3, { flushtime: '3' }, /flushtime: "3" is not a number/],
    ['V2', 3, { flushtime: Number.NaN }, /flushtime: NaN is not a number/],
    ['V2', 3, { 'flush-periods': [] }, /V2 register 3: unknown field\(s\) flush-periods/],
    ['V1', 3, { 'flush-periods': [{ start: 0, stop: 1440 }] }, /flush-periods\[0\]\.stop: 1440 is outside 0 to 1439/],
    ['V1', 3, { 'flush-periods': [{ start: 0 }] }, /flush-periods\[0\]: missing field\(s\) stop/],
    ['V1', 3, { 'flush-periods': Array.from({ length: 9 }, () => ({ start: 0, stop: 1 })) }, /flush-periods: 9 entries, at most 8/],
    ['V2', 4, { 'flush-periods': [{ start: 0, stop: 1, flushCycles: 51, daysEnabled: {} }] }, /flush-periods\[0\]\.flushCycles: 51 is outside 0 to 50/],
    [
      'V2',
      4,
      { 'flush-periods': [{ start: 0, stop: 1, flushCycles: 1, daysEnabled: { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true } }] },
      /daysEnabled\.sunday: must be true or false/,
    ],
    ['V2', 4, { 'flush-periods': [{ start: 0, stop: 1, flushCycles: 1, daysEnabled: { funday: true } }] }, /daysEnabled: unknown field\(s\) funday/],
    ['V3', 1, { inputs: [{ turnOnTime: 241 }] }, /V3 register 1\.inputs\[0\]\.turnOnTime: 241 is outside 0 to 240/],
    ['V3', 1, { inputs: [{ turnOffTime: -1 }] }, /turnOffTime: -1 is outside 0 to 240/],
    ['V3', 1, { sendinterval: 6 }, /V3 register 1: unknown field\(s\) sendinterval/],
    ['V3', 1, { inputs: [{ mode: 'actual' }, { mode: 'actual' }, { mode: 'actual' }] }, /inputs: 3 entries, at most 2/],
    ['V3', 2, { logInterval: 15 }, /V3 register 2: unknown register \(V3 has 1\)/],
    ['V2', 5, { logInterval: 15 }, /V2 register 5: unknown register \(V2 has 1, 2, 3, 4\)/],
  ])('%s register %s %j', (type, register, value, message) => {
    const attempt = () => encodeDownlink(type, [{ register, value: value as Record<string, unknown> }]);
    expect(attempt).toThrow(CodecRangeError);
    expect(attempt).toThrow(message);
  });

  it('refuses an empty list of registers', () => {
    expect(() => encodeDownlink('V1', [])).toThrow(/no register to send/);
  });
});

describe('encodeUplink refuses messages that do not fit the device type', () => {
  it.each<[TDeviceType, TUplinkMessage, RegExp]>([
    ['V1', { kind: 'temperature', msgId: 34, timestamp: 1, temperatures: [20, 20, 20] }, /V1 carries 1 temperature\(s\), got 3/],
    ['V2', { kind: 'temperature', msgId: 34, timestamp: 1, temperatures: [20, 20, 20] }, /V2 temperature has message id 42, not 34/],
    ['V2', { kind: 'temperature', msgId: 42, timestamp: 1, temperatures: [20.05, 20, 20] }, /temperature1: 20\.05 must be at most 1 decimal/],
    ['V2', { kind: 'temperature', msgId: 42, timestamp: 1.5, temperatures: [20, 20, 20] }, /timestamp: 1\.5 must be whole seconds/],
    ['V2', { kind: 'temperature', msgId: 42, timestamp: 1_763_798_400_000, temperatures: [20, 20, 20] }, /timestamp: .* must be whole seconds/],
    ['V3', { kind: 'flush', msgId: 50, timestamp: 1, channel: 1, before: 20, after: 60 }, /V3 has no flush message/],
    ['V1', { kind: 'flush', msgId: 50, timestamp: 1, channel: 2, before: 20, after: 60 }, /channel: 2 is outside 1 to 1/],
    ['V1', { kind: 'battery', msgId: 40, timestamp: 1, voltage: 3.6001 }, /voltage: 3\.6001 must be at most 3 decimal/],
    ['V1', { kind: 'overflow', msgId: 52, timestamp: 1, resistance: -1, detected: true }, /resistance: -1 must be 0 to/],
    ['V1', { kind: 'parameters', msgId: 60, registers: [] }, /registers: at least one register/],
    ['V1', { kind: 'version', msgId: 70, version: { major: 256, minor: 0, patch: 0 } }, /version\.major: 256 is outside 0 to 255/],
  ])('%s %j', (type, message, error) => {
    expect(() => encodeUplink(type, message)).toThrow(error);
  });
});

describe('truncated messages give ok:false with a reason', () => {
  const singleRegisterCases = DEVICE_TYPES.flatMap((type) =>
    UPLINK_CASES[type].filter((message) => message.kind !== 'parameters' || message.registers.length === 1).map((message) => [type, message.kind, message] as const),
  );
  it.each(singleRegisterCases)('%s %s: every shorter prefix fails', (type, _kind, message) => {
    const { fPort, bytes } = encodeUplink(type, message);
    for (let length = 0; length < bytes.length; length += 1) {
      const result = decodeUplink(type, fPort, bytes.subarray(0, length));
      expect(result.ok, `${length} of ${bytes.length} bytes`).toBe(false);
      if (!result.ok) expect(result.error).toMatch(length === 0 && message.kind === 'parameters' ? /no register in the message/ : /truncated/);
    }
  });

  it('a byte too many is refused too', () => {
    const { fPort, bytes } = encodeUplink('V2', UPLINK_CASES.V2[0]);
    expect(decodeUplink('V2', fPort, Uint8Array.from([...bytes, 0]))).toEqual({ ok: false, error: 'V2 temperature message (id 42): 1 unexpected byte(s) after offset 10' });
  });

  it.each(['V1', 'V2', 'V3'] as const)('%s settings downlink: every shorter prefix of a register fails', (type) => {
    const frame = encodeDownlink(type, REGISTER_CASES[type][0].registers)[0];
    for (let length = 0; length < frame.bytes.length; length += 1) {
      expect(decodeDownlink(type, frame.fPort, frame.bytes.subarray(0, length)).ok).toBe(false);
    }
  });

  it.each<[string, TDeviceType, number, string, RegExp]>([
    ['unknown message id', 'V1', 42, '6921 6D80 0265', /fPort 42 is not a V1 uplink message id/],
    ['LoRaWAN MAC port', 'V2', 0, '', /fPort 0 is not a V2 uplink message id/],
    ['unknown measure mode', 'V1', 60, '02 04 09', /register 2\.mode: 9 is not a known value/],
    ['mask bit of no field', 'V1', 60, '01 08', /presence mask names fields that do not exist/],
    ['unknown register', 'V3', 64, '02 01 06', /V3 register 2: unknown register/],
    ['overflow flag 2', 'V2', 52, '6921 6D80 0000 0849 02', /detected: 2 is neither 0 nor 1/],
    ['flush on channel 0', 'V2', 50, '6921 6D80 00 0156 0259', /channel: 0 is outside 1 to 3/],
    ['day mask bit 7', 'V2', 62, '04 01 01 0000 0001 00 80', /bit 7 of the day mask/],
  ])('%s', (_name, type, fPort, hex, error) => {
    const result = decodeUplink(type, fPort, fromHex(hex));
    expect(result).toEqual({ ok: false, error: expect.stringMatching(error) });
  });
});

describe('deviceTypeFromUplink', () => {
  const frame = (type: TDeviceType, message: TUplinkMessage) => encodeUplink(type, message);
  const T = 1_763_798_400;
  it.each<[string, { fPort: number; bytes: Uint8Array }, TDeviceType | null]>([
    ['V1 temperature 34', frame('V1', { kind: 'temperature', msgId: 34, timestamp: T, temperatures: [60] }), 'V1'],
    ['V2 temperature 42', frame('V2', { kind: 'temperature', msgId: 42, timestamp: T, temperatures: [60, 15, 40] }), 'V2'],
    ['V3 temperature 32', frame('V3', { kind: 'temperature', msgId: 32, timestamp: T, temperatures: [60, 15] }), 'V3'],
    ['V3 battery 36', frame('V3', { kind: 'battery', msgId: 36, timestamp: T, voltage: 3.6 }), 'V3'],
    ['battery 40 (V1 and V2)', frame('V1', { kind: 'battery', msgId: 40, timestamp: T, voltage: 3.6 }), null],
    ['flush on channel 1 (V1 and V2)', frame('V1', { kind: 'flush', msgId: 50, timestamp: T, channel: 1, before: 30, after: 60 }), null],
    ['flush on channel 3 (only V2 has it)', frame('V2', { kind: 'flush', msgId: 50, timestamp: T, channel: 3, before: 30, after: 60 }), 'V2'],
    ['overflow (V1 and V2)', frame('V2', { kind: 'overflow', msgId: 52, timestamp: T, resistance: 200, detected: true }), null],
    ['V1 parameter report 60', frame('V1', UPLINK_CASES.V1.find((m) => m.kind === 'parameters')!), 'V1'],
    ['V2 parameter report 62', frame('V2', UPLINK_CASES.V2.find((m) => m.kind === 'parameters')!), 'V2'],
    ['V3 parameter report 64', frame('V3', UPLINK_CASES.V3.find((m) => m.kind === 'parameters')!), 'V3'],
    ['V1 version 70', frame('V1', { kind: 'version', msgId: 70, version: { major: 1, minor: 4, patch: 2 } }), 'V1'],
    ['V2 version 72', frame('V2', { kind: 'version', msgId: 72, version: { major: 2, minor: 0, patch: 0 } }), 'V2'],
    ['V3 version 74', frame('V3', { kind: 'version', msgId: 74, version: { major: 3, minor: 0, patch: 1 } }), 'V3'],
    ['temperature 34 of the wrong length', { fPort: 34, bytes: fromHex('69216D80025F00') }, null],
    ['unknown fPort', { fPort: 99, bytes: fromHex('69216D80025F') }, null],
    ['empty', { fPort: 42, bytes: new Uint8Array() }, null],
  ])('%s -> %s', (_name, { fPort, bytes }, type) => {
    expect(deviceTypeFromUplink(fPort, bytes)).toBe(type);
  });
});

describe('historyValue gives the JSON shapes of the demo history', () => {
  it.each<[TUplinkMessage, Record<string, unknown>]>([
    [{ kind: 'temperature', msgId: 34, timestamp: 100, temperatures: [61.3] }, { timestamp: 100, temperature1: 61.3 }],
    [{ kind: 'temperature', msgId: 42, timestamp: 100, temperatures: [61.3, 14.2, -102.4] }, { timestamp: 100, temperature1: 61.3, temperature2: 14.2, temperature3: -102.4 }],
    [{ kind: 'temperature', msgId: 32, timestamp: 100, temperatures: [61.3, 14.2] }, { timestamp: 100, temperature1: 61.3, temperature2: 14.2 }],
    [{ kind: 'battery', msgId: 40, timestamp: 100, voltage: 3.581 }, { timestamp: 100, voltage: 3.581 }],
    [{ kind: 'flush', msgId: 50, timestamp: 100, channel: 1, before: 34.2, after: 60.1 }, { timestamp: 100, before: 34.2, after: 60.1, channel: 1 }],
    [{ kind: 'overflow', msgId: 52, timestamp: 100, resistance: 212.5, detected: true }, { timestamp: 100, resistance: 212.5, detected: true }],
    [{ kind: 'parameters', msgId: 60, registers: [{ register: 2, value: { mode: 'actual' } }] }, { registers: [{ register: 2, value: { mode: 'actual' } }] }],
    [{ kind: 'version', msgId: 70, version: { major: 1, minor: 5, patch: 0 } }, { major: 1, minor: 5, patch: 0 }],
  ])('%j', (message, value) => {
    expect(historyValue(message)).toStrictEqual(value);
  });
});

describe('connectors catalogue', () => {
  it.each(DEVICE_TYPES)('%s: one connector listing every uplink id and the settings downlink', (type) => {
    const connector = connectorFor(type);
    expect(connector).toMatchObject({ id: `aquasmart-${type.toLowerCase()}`, version: '1', deviceType: type });
    expect(findConnector(connector.id, '1')).toBe(connector);
    const uplinks = connector.messages.filter((message) => message.direction === 'up');
    expect(uplinks.map((message) => message.id).sort()).toEqual(Object.values(PROFILES[type].messageIds).sort());
    for (const message of uplinks) expect(message.fPort).toBe(message.id);
    expect(connector.messages.find((message) => message.direction === 'down')).toMatchObject({ id: 100, name: 'settings', fPort: 100 });
  });

  it('lists every register field with its range', () => {
    const settings = connectorFor('V2').messages.find((message) => message.name === 'settings')!;
    expect(settings.fields).toContainEqual({ name: 'register2.inputs[].lowAlarm', unit: '°C', description: expect.stringMatching(/-102\.4-100/) });
    expect(settings.fields).toContainEqual({ name: 'register4.flush-periods[].daysEnabled', description: expect.stringMatching(/monday/) });
    expect(CONNECTORS).toHaveLength(3);
    for (const connector of CONNECTORS) expect(ZConnector.parse(connector)).toEqual(connector);
    expect(findConnector('aquasmart-v2', '2')).toBeUndefined();
  });
});
