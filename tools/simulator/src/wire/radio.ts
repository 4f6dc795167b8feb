import { createHash } from 'node:crypto';
import type { TTimedUplink } from '../model/types';

/** EU868 radio details of an uplink, as a network server reports them. */

const EU868_MHZ = [868.1, 868.3, 868.5, 867.1, 867.3, 867.5, 867.7, 867.9];

export interface TRadioDetails {
  frequency: number;
  spreadingFactor: number;
  /** LoRaWAN data rate, EU868: DR0 = SF12 ... DR5 = SF7. */
  dr: number;
  channel: number;
}

/** ADR picks the spreading factor from the link margin; the channel hops with the frame counter. */
export function radioDetails(uplink: TTimedUplink): TRadioDetails {
  const best = Math.max(...uplink.receptions.map((r) => r.snr), -20);
  const spreadingFactor = best >= 5 ? 7 : best >= 2 ? 8 : best >= -1 ? 9 : best >= -5 ? 10 : best >= -9 ? 11 : 12;
  const channel = uplink.fCnt % EU868_MHZ.length;
  return { frequency: Math.round(EU868_MHZ[channel] * 1e6), spreadingFactor, dr: 12 - spreadingFactor, channel };
}

/** A stable 32-bit device address (hex) per EUI, as a join would hand out. */
export function devAddrOf(eui: string): string {
  return createHash('sha256').update(eui).digest('hex').slice(0, 8);
}

export function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

/** RFC 3339 in UTC with nanoseconds, the way ChirpStack writes times. */
export function rfc3339(atMs: number): string {
  return new Date(atMs).toISOString().replace('Z', '000000+00:00');
}
