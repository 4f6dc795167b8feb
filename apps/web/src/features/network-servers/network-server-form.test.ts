import { describe, expect, it } from 'vitest';
import type { TNetworkServer } from '@aquasmart/domain';
import {
  emptyNetworkServerForm,
  isConfigKeyOf,
  networkServerToForm,
  toCreateBody,
  toPatchBody,
  ZNetworkServerForm,
  type TNetworkServerConfigForm,
  type TNetworkServerFormValues,
} from './network-server-form';

const REST = { apiUrl: 'https://chirpstack.example.com', apiToken: 'token-123' };
const MQTT = { mqttUrl: 'mqtts://broker.example.com:8883', applicationId: 'app-1' };
const TTS = { baseUrl: 'https://eu1.cloud.thethings.network', applicationId: 'aquasmart', webhookId: 'portal', apiKey: 'NNSXS.KEY' };

function form(kind: TNetworkServerFormValues['kind'], config: Partial<TNetworkServerConfigForm>, name = 'ChirpStack Utrecht'): TNetworkServerFormValues {
  return { name, kind, config: { ...emptyNetworkServerForm().config, ...config } };
}

/** The first message per field, as the form shows them. */
function errorsOf(values: TNetworkServerFormValues): Record<string, string> {
  const result = ZNetworkServerForm.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('network server form: config rules per kind (docs/telemetry.md)', () => {
  it.each<[string, TNetworkServerFormValues['kind'], Partial<TNetworkServerConfigForm>, Record<string, string>]>([
    ['ChirpStack, empty: asks for the REST pair', 'chirpstack', {}, { 'config.apiUrl': 'validation.required', 'config.apiToken': 'validation.required' }],
    ['ChirpStack, REST API complete', 'chirpstack', REST, {}],
    ['ChirpStack, MQTT complete', 'chirpstack', MQTT, {}],
    ['ChirpStack, both complete', 'chirpstack', { ...REST, ...MQTT }, {}],
    ['ChirpStack, URL without token', 'chirpstack', { apiUrl: REST.apiUrl }, { 'config.apiToken': 'validation.required' }],
    ['ChirpStack, token without URL', 'chirpstack', { apiToken: 'x' }, { 'config.apiUrl': 'validation.required' }],
    ['ChirpStack, broker without application', 'chirpstack', { mqttUrl: MQTT.mqttUrl }, { 'config.applicationId': 'validation.required' }],
    ['ChirpStack, application without broker', 'chirpstack', { applicationId: 'app-1' }, { 'config.mqttUrl': 'validation.required' }],
    ['ChirpStack, REST complete and MQTT half', 'chirpstack', { ...REST, mqttUrl: MQTT.mqttUrl }, { 'config.applicationId': 'validation.required' }],
    ['ChirpStack, API URL not http', 'chirpstack', { ...REST, apiUrl: 'ftp://chirpstack' }, { 'config.apiUrl': 'validation.url' }],
    ['ChirpStack, broker URL not mqtt', 'chirpstack', { ...MQTT, mqttUrl: 'https://broker' }, { 'config.mqttUrl': 'validation.mqttUrl' }],
    ['ChirpStack, blanks count as empty', 'chirpstack', { apiUrl: '  ', apiToken: ' ', ...MQTT }, {}],
    ['ChirpStack, The Things Stack fields do not count', 'chirpstack', { baseUrl: TTS.baseUrl, webhookId: 'w', apiKey: 'k' }, { 'config.apiUrl': 'validation.required', 'config.apiToken': 'validation.required' }],
    ['The Things Stack, complete', 'tts', TTS, {}],
    [
      'The Things Stack, empty: all four',
      'tts',
      {},
      {
        'config.baseUrl': 'validation.required',
        'config.applicationId': 'validation.required',
        'config.webhookId': 'validation.required',
        'config.apiKey': 'validation.required',
      },
    ],
    ['The Things Stack, no API key', 'tts', { ...TTS, apiKey: '' }, { 'config.apiKey': 'validation.required' }],
    ['The Things Stack, no webhook', 'tts', { ...TTS, webhookId: '' }, { 'config.webhookId': 'validation.required' }],
    ['The Things Stack, base URL not http', 'tts', { ...TTS, baseUrl: 'eu1.cloud.thethings.network' }, { 'config.baseUrl': 'validation.url' }],
    ['The Things Stack, ChirpStack REST fields do not count', 'tts', { ...REST }, {
      'config.baseUrl': 'validation.required',
      'config.applicationId': 'validation.required',
      'config.webhookId': 'validation.required',
      'config.apiKey': 'validation.required',
    }],
  ])('%s', (_case, kind, config, expected) => {
    expect(errorsOf(form(kind, config))).toEqual(expected);
  });

  it.each([
    ['', 'validation.required'],
    ['   ', 'validation.required'],
    ['x'.repeat(101), 'validation.tooLong?max=100'],
  ])('name %j: %s, and the config is still checked', (name, message) => {
    expect(errorsOf(form('chirpstack', { apiUrl: REST.apiUrl }, name))).toEqual({ name: message, 'config.apiToken': 'validation.required' });
  });

  it('shows each kind its own fields (applicationId is shared)', () => {
    expect(['apiUrl', 'apiToken', 'mqttUrl', 'applicationId'].every((key) => isConfigKeyOf('chirpstack', key as never))).toBe(true);
    expect(isConfigKeyOf('chirpstack', 'baseUrl')).toBe(false);
    expect(['baseUrl', 'applicationId', 'webhookId', 'apiKey'].every((key) => isConfigKeyOf('tts', key as never))).toBe(true);
    expect(isConfigKeyOf('tts', 'apiToken')).toBe(false);
  });
});

describe('network server bodies', () => {
  it('create sends only the kind’s filled-in keys, trimmed', () => {
    const values = ZNetworkServerForm.parse(form('chirpstack', { ...REST, apiUrl: ` ${REST.apiUrl} `, baseUrl: TTS.baseUrl }));
    expect(toCreateBody(values)).toEqual({ name: 'ChirpStack Utrecht', kind: 'chirpstack', config: REST });
  });

  it('edit sends every key: the kind’s values and null for cleared and foreign keys (PATCH merges)', () => {
    const values = ZNetworkServerForm.parse(form('chirpstack', { ...MQTT, baseUrl: TTS.baseUrl }));
    expect(toPatchBody(values)).toEqual({
      name: 'ChirpStack Utrecht',
      kind: 'chirpstack',
      config: { apiUrl: null, apiToken: null, mqttUrl: MQTT.mqttUrl, applicationId: 'app-1', baseUrl: null, webhookId: null, apiKey: null },
    });
  });

  it('edit after switching to The Things Stack clears the ChirpStack keys', () => {
    const values = ZNetworkServerForm.parse(form('tts', { ...REST, ...TTS }));
    expect(toPatchBody(values).config).toEqual({ apiUrl: null, apiToken: null, mqttUrl: null, ...TTS });
  });

  it('a loaded server fills the form, missing keys empty', () => {
    const server: TNetworkServer = { name: 'TTS', kind: 'tts', secret: 's'.repeat(43), config: TTS, nodes: 3 };
    expect(networkServerToForm(server)).toEqual(form('tts', TTS, 'TTS'));
  });
});
