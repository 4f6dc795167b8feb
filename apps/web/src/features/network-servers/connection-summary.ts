import type { TNetworkServer } from '@aquasmart/domain';

/** One line of the list's connection column: a message key of networkServers with its values. */
export interface TConnectionLine {
  key: string;
  params?: Record<string, string>;
}

/**
 * How the portal reaches a network server for downlinks, in short: ChirpStack's REST API and/or
 * MQTT broker, The Things Stack's base URL and application. Secrets (tokens, keys) never appear.
 */
export function connectionSummary(server: Pick<TNetworkServer, 'kind' | 'config'>): TConnectionLine[] {
  const { config } = server;
  const lines: TConnectionLine[] = [];
  if (server.kind === 'chirpstack') {
    if (config.apiUrl) lines.push({ key: 'networkServers.connectionRest', params: { url: config.apiUrl } });
    if (config.mqttUrl) lines.push({ key: 'networkServers.connectionMqtt', params: { url: config.mqttUrl } });
  } else if (config.baseUrl) {
    lines.push({ key: 'networkServers.connectionTts', params: { url: config.baseUrl, application: config.applicationId ?? '' } });
  }
  return lines.length > 0 ? lines : [{ key: 'networkServers.connectionNone' }];
}
