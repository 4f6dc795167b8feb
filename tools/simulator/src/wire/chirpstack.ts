import { randomUUID } from 'node:crypto';
import { encodeUplink } from '@aquasmart/domain';
import type { TTimedUplink } from '../model/types';
import { base64, devAddrOf, radioDetails, rfc3339 } from './radio';

/**
 * ChirpStack v4 integration events in their JSON encoding (HTTP integration `?event=...` and
 * MQTT `application/{id}/device/{devEui}/event/{event}`): protobuf JSON with camelCase names,
 * lower-case hex EUIs, and fields with default values (0, false, '') left out, as ChirpStack
 * does: a first uplink has no `fCnt`.
 */

export interface TChirpstackApplication {
  tenantId: string;
  tenantName: string;
  applicationId: string;
  applicationName: string;
}

export const DEFAULT_CHIRPSTACK_APPLICATION: TChirpstackApplication = {
  tenantId: '52f14cd4-c6f1-4fbd-8f87-4025e1d49242',
  tenantName: 'ChirpStack',
  applicationId: '1f2c5a3e-7d4b-4c1a-9e8f-6a5b4c3d2e1f',
  applicationName: 'Aquasmart',
};

const DEVICE_PROFILES = {
  V1: '0a1b2c3d-0001-4000-8000-00000000aa01',
  V2: '0a1b2c3d-0002-4000-8000-00000000aa02',
  V3: '0a1b2c3d-0003-4000-8000-00000000aa03',
} as const;

type TJson = Record<string, unknown>;

/** Leaves out what protobuf JSON leaves out: zero, false and empty strings. */
function withoutDefaults(object: TJson): TJson {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== 0 && value !== false && value !== '' && value !== undefined));
}

export function deviceInfo(uplink: Pick<TTimedUplink, 'eui' | 'type'>, application: TChirpstackApplication, deviceName?: string): TJson {
  return {
    tenantId: application.tenantId,
    tenantName: application.tenantName,
    applicationId: application.applicationId,
    applicationName: application.applicationName,
    deviceProfileId: DEVICE_PROFILES[uplink.type],
    deviceProfileName: `Aquasmart ${uplink.type}`,
    deviceName: deviceName ?? uplink.eui.toLowerCase(),
    devEui: uplink.eui.toLowerCase(),
    deviceClassEnabled: 'CLASS_A',
    tags: {},
  };
}

/** The `up` event of an uplink (deduplicationId new per event, as ChirpStack makes one per deduplicated frame). */
export function chirpstackUpEvent(uplink: TTimedUplink, application: TChirpstackApplication, deviceName?: string): TJson {
  const frame = encodeUplink(uplink.type, uplink.message);
  const radio = radioDetails(uplink);
  // The network server forwards after its deduplication window of 200 ms.
  const nsTime = uplink.atMs + 200;
  return withoutDefaults({
    deduplicationId: randomUUID(),
    time: rfc3339(nsTime),
    deviceInfo: deviceInfo(uplink, application, deviceName),
    devAddr: devAddrOf(uplink.eui),
    adr: true,
    dr: radio.dr,
    fCnt: uplink.fCnt,
    fPort: frame.fPort,
    confirmed: false,
    data: base64(frame.bytes),
    rxInfo: uplink.receptions.map((reception, index) =>
      withoutDefaults({
        gatewayId: reception.gatewayId.toLowerCase(),
        uplinkId: (uplink.fCnt * 7919 + index * 104_729) % 65_536,
        gwTime: rfc3339(uplink.atMs),
        nsTime: rfc3339(nsTime),
        rssi: reception.rssi,
        snr: reception.snr,
        channel: radio.channel,
        location: {},
        context: base64(Buffer.from(`${uplink.fCnt}:${index}`)),
        metadata: { region_config_id: 'eu868', region_common_name: 'EU868' },
        crcStatus: 'CRC_OK',
      }),
    ),
    txInfo: { frequency: radio.frequency, modulation: { lora: { bandwidth: 125_000, spreadingFactor: radio.spreadingFactor, codeRate: 'CR_4_5' } } },
    regionConfigId: 'eu868',
  });
}

/** `txack`: the gateway took the downlink for transmission. */
export function chirpstackTxAckEvent(
  target: Pick<TTimedUplink, 'eui' | 'type'>,
  application: TChirpstackApplication,
  queueItemId: string,
  fCntDown: number,
  gatewayId: string,
  atMs: number,
  deviceName?: string,
): TJson {
  return withoutDefaults({
    downlinkId: (fCntDown * 2_654_435_761) % 4_294_967_296,
    time: rfc3339(atMs),
    deviceInfo: deviceInfo(target, application, deviceName),
    queueItemId,
    fCntDown,
    gatewayId: gatewayId.toLowerCase(),
    txInfo: { frequency: 869_525_000, power: 27, modulation: { lora: { bandwidth: 125_000, spreadingFactor: 9, codeRate: 'CR_4_5', polarizationInversion: true } } },
  });
}

/** `ack`: a confirmed downlink was acknowledged by the device (false: it timed out). */
export function chirpstackAckEvent(
  target: Pick<TTimedUplink, 'eui' | 'type'>,
  application: TChirpstackApplication,
  queueItemId: string,
  fCntDown: number,
  acknowledged: boolean,
  atMs: number,
  deviceName?: string,
): TJson {
  return withoutDefaults({
    deduplicationId: randomUUID(),
    time: rfc3339(atMs),
    deviceInfo: deviceInfo(target, application, deviceName),
    queueItemId,
    acknowledged,
    fCntDown,
  });
}
