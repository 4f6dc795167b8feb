import { describe, expect, it } from 'vitest';
import { connectionSummary } from './connection-summary';
import { integrationUrl } from '../../lib/api/network-servers';

describe('connection summary of the list', () => {
  it.each([
    ['ChirpStack REST', 'chirpstack', { apiUrl: 'https://cs', apiToken: 'secret' }, [{ key: 'networkServers.connectionRest', params: { url: 'https://cs' } }]],
    ['ChirpStack MQTT', 'chirpstack', { mqttUrl: 'mqtt://b', applicationId: 'a' }, [{ key: 'networkServers.connectionMqtt', params: { url: 'mqtt://b' } }]],
    [
      'ChirpStack both',
      'chirpstack',
      { apiUrl: 'https://cs', apiToken: 't', mqttUrl: 'mqtt://b', applicationId: 'a' },
      [
        { key: 'networkServers.connectionRest', params: { url: 'https://cs' } },
        { key: 'networkServers.connectionMqtt', params: { url: 'mqtt://b' } },
      ],
    ],
    ['The Things Stack', 'tts', { baseUrl: 'https://eu1', applicationId: 'app', webhookId: 'w', apiKey: 'k' }, [{ key: 'networkServers.connectionTts', params: { url: 'https://eu1', application: 'app' } }]],
    ['nothing set', 'chirpstack', {}, [{ key: 'networkServers.connectionNone' }]],
  ] as const)('%s', (_case, kind, config, expected) => {
    expect(connectionSummary({ kind, config })).toEqual(expected);
  });

  it('never shows tokens or keys', () => {
    const text = JSON.stringify(connectionSummary({ kind: 'chirpstack', config: { apiUrl: 'https://cs', apiToken: 'TOKEN' } }));
    expect(text).not.toContain('TOKEN');
  });
});

describe('integration URL', () => {
  it.each([
    ['chirpstack', 'https://portal.example.com', 'https://portal.example.com/api/v1/integrations/chirpstack'],
    ['tts', 'https://portal.example.com/', 'https://portal.example.com/api/v1/integrations/tts'],
  ] as const)('%s at %s', (kind, origin, expected) => {
    expect(integrationUrl(kind, origin)).toBe(expected);
  });
});
