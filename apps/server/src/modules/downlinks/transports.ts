import type { TNetworkServerConfig } from '../../db/schema';
import type { ChirpstackMqtt } from '../intake/chirpstack-mqtt';

/** What a transport needs to hand one frame to a network server. */
export interface TDownlinkTarget {
  networkServerId: number;
  kind: string;
  config: TNetworkServerConfig;
  eui: string;
  /** Learned from the device's uplinks. */
  networkDeviceId: string | null;
  networkApplicationId: string | null;
  fPort: number;
  bytes: Uint8Array;
}

export interface TTransportDeps {
  mqtt?: ChirpstackMqtt;
  fetch?: typeof fetch;
}

const TIMEOUT_MS = 10_000;

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

async function postJson(fetcher: typeof fetch, url: string, token: string, body: unknown, extraHeaders: Record<string, string> = {}): Promise<void> {
  const response = await fetcher(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}`, ...extraHeaders },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) {
    const text = (await response.text().catch(() => '')).slice(0, 300);
    throw new Error(`HTTP ${response.status} from ${url}${text ? `: ${text}` : ''}`);
  }
}

/**
 * Hands one downlink frame to the device's network server:
 * - ChirpStack REST API: POST {apiUrl}/api/devices/{devEui}/queue, {queueItem: {confirmed, fPort, data}}
 *   (the token goes both as Authorization and as Grpc-Metadata-Authorization, which the REST proxy reads);
 * - ChirpStack MQTT: application/{applicationId}/device/{devEui}/command/down;
 * - The Things Stack: POST {baseUrl}/api/v3/as/applications/{app}/webhooks/{webhook}/devices/{device}/down/push.
 * Throws with the reason when it could not.
 */
export async function sendFrame(target: TDownlinkTarget, deps: TTransportDeps): Promise<void> {
  const fetcher = deps.fetch ?? fetch;
  const data = Buffer.from(target.bytes).toString('base64');
  const devEui = target.eui.toLowerCase();
  const { config } = target;
  if (target.kind === 'chirpstack') {
    if (config.apiUrl) {
      if (!config.apiToken) throw new Error('ChirpStack API token missing in the network server');
      await postJson(fetcher, joinUrl(config.apiUrl, `/api/devices/${devEui}/queue`), config.apiToken, { queueItem: { confirmed: false, fPort: target.fPort, data } }, {
        'grpc-metadata-authorization': `Bearer ${config.apiToken}`,
      });
      return;
    }
    if (config.mqttUrl) {
      const applicationId = config.applicationId || target.networkApplicationId;
      if (!applicationId) throw new Error('ChirpStack application id unknown (set it in the network server, or wait for an uplink)');
      if (!deps.mqtt) throw new Error('MQTT not running');
      await deps.mqtt.publishDown(target.networkServerId, applicationId, target.eui, target.fPort, target.bytes);
      return;
    }
    throw new Error('The network server has neither a REST API URL nor an MQTT broker');
  }
  if (target.kind === 'tts') {
    const applicationId = config.applicationId || target.networkApplicationId;
    if (!config.baseUrl || !config.apiKey || !config.webhookId || !applicationId) {
      throw new Error('The Things Stack base URL, API key, webhook id or application id missing in the network server');
    }
    const deviceId = target.networkDeviceId ?? `eui-${devEui}`;
    const path = `/api/v3/as/applications/${encodeURIComponent(applicationId)}/webhooks/${encodeURIComponent(config.webhookId)}/devices/${encodeURIComponent(deviceId)}/down/push`;
    await postJson(fetcher, joinUrl(config.baseUrl, path), config.apiKey, { downlinks: [{ f_port: target.fPort, frm_payload: data, priority: 'NORMAL' }] });
    return;
  }
  throw new Error(`Unknown network server kind ${target.kind}`);
}
