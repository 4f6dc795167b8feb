import type { CHANNEL_MODES, TDeviceType, TRegisterValue, TUplinkMessage } from '@aquasmart/domain';

/** KW cold line, WW hot-water line, Meng/uittap mixed tap (docs/screens.md, "Constants"). */
export type TChannelMode = (typeof CHANNEL_MODES)[number];

export interface TChannelSpec {
  mode: TChannelMode;
  /** Mean temperature of the line in °C. */
  base: number;
  /** A broken sensor: the channel reads -102.4 for the whole run (the demo's faulty sensors). */
  faulty?: boolean;
}

/** What a virtual node is made of: where it comes from (synthetic fleet, the database, the demo plan) does not matter. */
export interface TNodeSpec {
  eui: string;
  type: TDeviceType;
  name: string;
  /** One per temperature channel of the type (V1 1, V2 3, V3 2). */
  channels: TChannelSpec[];
  /** The settings the node runs with (register shapes of docs/payload-format.md); empty = factory defaults. */
  registers: TRegisterValue[];
  /** Voltage now and how fast it falls. */
  battery: { voltage: number; slopePerDay: number };
  /** Typical radio of the node; `gateways` hear it, the first one best. */
  radio: { rssi: number; snr: number; gateways: string[] };
  /** Last frame counter used: the next uplink carries counter + 1. */
  counter: number;
  firmware: { major: number; minor: number; patch: number };
  /** Sends nothing (the demo's offline locations and nodes). */
  silent?: boolean;
  /** Sends its firmware version first, as a node does after a restart. */
  announceVersion?: boolean;
}

/** Fleet-wide behaviour knobs (rates per node and day). */
export interface TBehaviour {
  /** Temperature report interval; undefined = the node's logInterval register (15 min without one). */
  intervalMs?: number;
  /** Sensor fault episodes per channel and day (-102.4 for 2 to 48 hours). */
  faultsPerDay: number;
  /** Share of flushes that do not move the temperature (stuck valve): the flush alarm case. */
  flushFailureRate: number;
  /** Water detections per node and day, for nodes with overflow detection on. */
  overflowsPerDay: number;
  /** Temperature of the building that stagnant water drifts to, °C. */
  ambient: number;
}

export const DEFAULT_BEHAVIOUR: TBehaviour = { faultsPerDay: 1 / 45, flushFailureRate: 0.02, overflowsPerDay: 1 / 20, ambient: 22 };

/** One gateway that heard an uplink. */
export interface TReception {
  gatewayId: string;
  rssi: number;
  snr: number;
}

/** An uplink as the node sends it: the message, when, with which frame counter, heard by which gateways. */
export interface TTimedUplink {
  eui: string;
  type: TDeviceType;
  atMs: number;
  fCnt: number;
  message: TUplinkMessage;
  receptions: TReception[];
}
