import { randomBytes } from 'node:crypto';
import { encodeUplink } from '@aquasmart/domain';
import type { TTimedUplink } from '../model/types';
import { base64, devAddrOf, radioDetails } from './radio';

/**
 * The Things Stack v3 webhook messages (JSON format): snake_case names, upper-case hex EUIs,
 * empty fields left out. The device id is TTS's own name for the device; this simulator uses
 * the console's default `eui-<dev eui in lower case>`.
 */

export interface TTtsApplication {
  applicationId: string;
  /** Network id of the cluster, as TTS puts it in network_ids. */
  clusterId: string;
}

export const DEFAULT_TTS_APPLICATION: TTtsApplication = { applicationId: 'aquasmart', clusterId: 'eu1' };

export function ttsDeviceId(eui: string): string {
  return `eui-${eui.toLowerCase()}`;
}

/** A ULID-like correlation id (time + randomness, Crockford base32). */
function ulid(atMs: number): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  let time = '';
  let rest = atMs;
  for (let i = 0; i < 10; i++) {
    time = alphabet[rest % 32] + time;
    rest = Math.floor(rest / 32);
  }
  return time + Array.from(randomBytes(16), (byte) => alphabet[byte % 32]).join('');
}

function endDeviceIds(uplink: Pick<TTimedUplink, 'eui'>, application: TTtsApplication): Record<string, unknown> {
  return {
    device_id: ttsDeviceId(uplink.eui),
    application_ids: { application_id: application.applicationId },
    dev_eui: uplink.eui.toUpperCase(),
    join_eui: '0000000000000000',
    dev_addr: devAddrOf(uplink.eui).toUpperCase(),
  };
}

/** Airtime of a LoRa frame at 125 kHz (Semtech formula, CR 4/5, explicit header, 8 preamble symbols). */
function airtimeSeconds(payloadBytes: number, spreadingFactor: number): number {
  const symbol = 2 ** spreadingFactor / 125_000;
  const lowRate = spreadingFactor >= 11 ? 1 : 0;
  const frameBytes = payloadBytes + 13; // LoRaWAN header, port and MIC
  const symbols = 8 + Math.max(Math.ceil((8 * frameBytes - 4 * spreadingFactor + 28 + 16) / (4 * (spreadingFactor - 2 * lowRate))) * 5, 0);
  return (12.25 + symbols) * symbol;
}

/** The `uplink_message` webhook body of an uplink. */
export function ttsUplinkMessage(uplink: TTimedUplink, application: TTtsApplication): Record<string, unknown> {
  const frame = encodeUplink(uplink.type, uplink.message);
  const radio = radioDetails(uplink);
  const receivedAt = new Date(uplink.atMs + 150).toISOString();
  const gatewayTime = new Date(uplink.atMs).toISOString();
  const correlation = ulid(uplink.atMs);
  const message: Record<string, unknown> = {
    session_key_id: base64(Buffer.from(devAddrOf(uplink.eui + ':session'), 'hex')),
    f_port: frame.fPort,
    frm_payload: base64(frame.bytes),
    rx_metadata: uplink.receptions.map((reception, index) => ({
      gateway_ids: { gateway_id: `gw-${reception.gatewayId.toLowerCase()}`, eui: reception.gatewayId.toUpperCase() },
      time: gatewayTime,
      timestamp: (uplink.atMs * 1000 + index * 17) % 4_294_967_296,
      rssi: reception.rssi,
      channel_rssi: reception.rssi,
      snr: reception.snr,
      uplink_token: base64(Buffer.from(`${reception.gatewayId}:${uplink.fCnt}`)),
      channel_index: radio.channel,
      received_at: receivedAt,
    })),
    settings: {
      data_rate: { lora: { bandwidth: 125_000, spreading_factor: radio.spreadingFactor, coding_rate: '4/5' } },
      frequency: String(radio.frequency),
      time: gatewayTime,
    },
    received_at: receivedAt,
    consumed_airtime: `${airtimeSeconds(frame.bytes.length, radio.spreadingFactor).toFixed(6)}s`,
    network_ids: { net_id: '000013', ns_id: 'EC656E0000000181', tenant_id: 'ttn', cluster_id: application.clusterId, cluster_address: `${application.clusterId}.cloud.thethings.network` },
  };
  if (uplink.fCnt !== 0) message.f_cnt = uplink.fCnt;
  return {
    end_device_ids: endDeviceIds(uplink, application),
    correlation_ids: [`as:up:${correlation}`, `gs:uplink:${correlation}`, `ns:uplink:${correlation}`],
    received_at: receivedAt,
    uplink_message: message,
  };
}

/** `downlink_sent`: the gateway transmitted a downlink that the portal pushed. */
export function ttsDownlinkSent(
  target: Pick<TTimedUplink, 'eui'>,
  application: TTtsApplication,
  downlink: { fPort: number; bytes: Uint8Array; confirmed: boolean },
  fCntDown: number,
  atMs: number,
): Record<string, unknown> {
  const correlation = ulid(atMs);
  const sent: Record<string, unknown> = {
    session_key_id: base64(Buffer.from(devAddrOf(target.eui + ':session'), 'hex')),
    f_port: downlink.fPort,
    f_cnt: fCntDown,
    frm_payload: base64(downlink.bytes),
    priority: 'NORMAL',
    correlation_ids: [`as:downlink:${correlation}`],
  };
  if (downlink.confirmed) sent.confirmed = true;
  return {
    end_device_ids: endDeviceIds(target, application),
    correlation_ids: [`as:downlink:${correlation}`, `gs:tx:${correlation}`],
    received_at: new Date(atMs).toISOString(),
    downlink_sent: sent,
  };
}
