import { gatewayMacOf } from '@aquasmart/domain';

/**
 * One network-server event in the form the worker processes, whatever integration it came
 * through (ChirpStack HTTP or MQTT, The Things Stack webhooks). This is what intake_events.body
 * holds: small, already checked, with the payload still base64 as received.
 */
export const UPLINK_EVENT = 'up';
export const DOWNLINK_EVENTS = ['ack', 'txack', 'downlinkSent', 'downlinkFailed', 'downlinkQueued'] as const;
export const INTAKE_EVENTS = ['up', 'join', 'status', 'log', ...DOWNLINK_EVENTS] as const;
export type TIntakeEventKind = (typeof INTAKE_EVENTS)[number];

export interface TIntakeEnvelope {
  kind: TIntakeEventKind;
  /** Device EUI, 16 upper-case hex characters (ChirpStack sends lower case). */
  eui: string;
  /** Frame counter; a counter ChirpStack leaves out (default value) is 0. */
  fCnt: number;
  fPort?: number;
  /** FRMPayload, base64. */
  data?: string;
  /** Reception time (ms since epoch): gateway time, else network-server time, else event time, else now. */
  receivedAt: number;
  /** Strongest gateway of the uplink. */
  rssi?: number;
  snr?: number;
  gateway?: string;
  /**
   * Every gateway that heard the uplink and has an EUI-64 id, as the MAC the portal registers
   * (`gatewayMacOf`: lower case, one entry per gateway, its best reception); docs/gateways.md.
   */
  heard?: THeardBy[];
  /** Network server's names for the device, kept for downlinks. */
  applicationId?: string;
  deviceId?: string;
  /** Acknowledged or not (ack events); error or log text (log, failed downlink). */
  acknowledged?: boolean;
  description?: string;
}

/** An event as accepted by a route, before it is written. */
export interface TAcceptedEvent {
  envelope: TIntakeEnvelope;
  /** Same device, frame counter, event kind and network-server message id: a second copy is ignored. */
  dedupeKey: string;
}

export const EUI_PATTERN = /^[0-9a-fA-F]{16}$/;

export function dedupeKey(envelope: TIntakeEnvelope, messageId: string | undefined): string {
  return `${envelope.eui}:${envelope.kind}:${envelope.fCnt}:${messageId ?? ''}`;
}

export interface THeardBy {
  mac: string;
  rssi: number;
  snr: number;
}

/** The gateways of an uplink's receptions by MAC, each once with its strongest reception; undefined when none has an EUI-64 id. */
export function heardBy(receptions: { id: string | undefined; rssi: number; snr: number }[]): THeardBy[] | undefined {
  const byMac = new Map<string, THeardBy>();
  for (const reception of receptions) {
    const mac = gatewayMacOf(reception.id);
    if (mac === null) continue;
    const known = byMac.get(mac);
    if (!known || reception.rssi > known.rssi) byMac.set(mac, { mac, rssi: reception.rssi, snr: reception.snr });
  }
  return byMac.size ? [...byMac.values()] : undefined;
}

export interface TRadio {
  rssi?: number;
  snr?: number;
  gateway?: string;
  time?: number;
}

/** The gateway that heard the uplink best (highest RSSI), which the device's signal level is based on. */
export function strongest(receptions: TRadio[]): TRadio {
  let best: TRadio = {};
  for (const reception of receptions) {
    if (best.rssi === undefined || (reception.rssi !== undefined && reception.rssi > best.rssi)) best = reception;
  }
  const time = receptions.map((reception) => reception.time).find((value) => value !== undefined);
  return { ...best, time };
}
