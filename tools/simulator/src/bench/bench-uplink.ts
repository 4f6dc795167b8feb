import type { TTimedUplink } from '../model/types';
import { chirpstackUpEvent, DEFAULT_CHIRPSTACK_APPLICATION } from '../wire/chirpstack';

/**
 * The uplink the benchmarks send (ingest.ts, events.ts): a ChirpStack `up` event of a V2 temperature
 * report, heard by the gateway server-process.ts registers, its figures varied by the frame counter.
 */
export function benchUpEvent(eui: string, fCnt: number, atMs: number): string {
  const uplink: TTimedUplink = {
    eui,
    type: 'V2',
    atMs,
    fCnt,
    message: { kind: 'temperature', msgId: 42, timestamp: Math.floor(atMs / 1000), temperatures: [60 + (fCnt % 30) / 10, 14.2, 38.5] },
    receptions: [{ gatewayId: '0016c001f1500001', rssi: -90 - (fCnt % 15), snr: 4.5 }],
  };
  return JSON.stringify(chirpstackUpEvent(uplink, DEFAULT_CHIRPSTACK_APPLICATION));
}
