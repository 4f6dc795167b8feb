import { randomUUID } from 'node:crypto';
import mqtt from 'mqtt';
import type { TDeliveryResult, TQueuedDownlink, TTransport } from './types';

/**
 * ChirpStack's MQTT integration: events published to `application/{applicationId}/device/{devEui}/event/{event}`
 * (JSON), downlinks taken from `application/{applicationId}/device/{devEui}/command/down`
 * (`{ devEui, confirmed, fPort, data }`, data base64).
 */

export function eventTopic(applicationId: string, eui: string, event: string): string {
  return `application/${applicationId}/device/${eui.toLowerCase()}/event/${event}`;
}

export function commandTopic(applicationId: string, eui: string): string {
  return `application/${applicationId}/device/${eui.toLowerCase()}/command/down`;
}

/** A downlink command body, or a reason it is not one. */
export function parseDownlinkCommand(topic: string, payload: Buffer): Omit<TQueuedDownlink, 'id' | 'via'> | { error: string } {
  const match = /^application\/[^/]+\/device\/([0-9a-fA-F]{16})\/command\/down$/.exec(topic);
  if (!match) return { error: `not a downlink command topic: ${topic}` };
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(payload.toString('utf8')) as Record<string, unknown>;
  } catch {
    return { error: 'downlink command is not JSON' };
  }
  const fPort = body.fPort;
  if (typeof fPort !== 'number' || !Number.isInteger(fPort) || fPort < 1 || fPort > 223) return { error: 'fPort must be 1-223' };
  if (typeof body.data !== 'string') return { error: 'data (base64) is missing' };
  return { eui: match[1].toUpperCase(), fPort, bytes: new Uint8Array(Buffer.from(body.data, 'base64')), confirmed: body.confirmed === true };
}

export interface TMqttTransportOptions {
  url: string;
  applicationId: string;
  username?: string;
  password?: string;
  /** Called for each downlink command of this application. */
  onDownlink: (downlink: TQueuedDownlink) => void;
  onError?: (message: string) => void;
}

export async function createMqttTransport(options: TMqttTransportOptions): Promise<TTransport> {
  const client = await mqtt.connectAsync(options.url, {
    clientId: `aquasmart-simulator-${randomUUID().slice(0, 8)}`,
    username: options.username,
    password: options.password,
    reconnectPeriod: 2000,
  });
  await client.subscribeAsync(`application/${options.applicationId}/device/+/command/down`, { qos: 1 });
  client.on('message', (topic, payload) => {
    const parsed = parseDownlinkCommand(topic, payload);
    if ('error' in parsed) options.onError?.(parsed.error);
    else options.onDownlink({ ...parsed, id: randomUUID(), via: 'chirpstack-mqtt' });
  });
  return {
    format: 'chirpstack',
    description: `ChirpStack MQTT integration -> ${options.url} (application ${options.applicationId})`,
    async deliver(event, eui, body): Promise<TDeliveryResult> {
      try {
        await client.publishAsync(eventTopic(options.applicationId, eui, event), JSON.stringify(body), { qos: 0 });
        return { ok: true, status: 0 };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    },
    close: async () => {
      await client.endAsync();
    },
  };
}
