import type { TDeviceType } from '../constants';

export type { TDeviceType };

/** One settings register: its number and its value (shapes of docs/payload-format.md). */
export interface TRegisterValue {
  register: number;
  value: Record<string, unknown>;
}

/** Temperatures in °C with one decimal (tenths on the wire); -102.4 = no sensor. Timestamps: seconds since the epoch, when measured. */
export type TUplinkMessage =
  | { kind: 'temperature'; msgId: number; timestamp: number; temperatures: number[] }
  | { kind: 'battery'; msgId: number; timestamp: number; voltage: number }
  | { kind: 'flush'; msgId: number; timestamp: number; channel: number; before: number; after: number }
  | { kind: 'overflow'; msgId: number; timestamp: number; resistance: number; detected: boolean }
  | { kind: 'parameters'; msgId: number; registers: TRegisterValue[] }
  | { kind: 'version'; msgId: number; version: { major: number; minor: number; patch: number } };

export type TUplinkKind = TUplinkMessage['kind'];

export type TDecodeResult = { ok: true; message: TUplinkMessage } | { ok: false; error: string };

export type TDownlinkDecodeResult = { ok: true; registers: TRegisterValue[] } | { ok: false; error: string };

export interface TFrame {
  fPort: number;
  bytes: Uint8Array;
}

export type { TDeviceProfile } from '../device-types/profile';

/** Connectors catalogue: one connector per device type. */
export interface TConnector {
  id: string;
  version: string;
  deviceType: TDeviceType;
  messages: {
    id: number;
    name: string;
    fPort: number;
    direction: 'up' | 'down';
    fields: { name: string; unit?: string; description: string }[];
  }[];
}
