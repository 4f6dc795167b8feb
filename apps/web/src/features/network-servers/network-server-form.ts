import {
  NETWORK_SERVER_CONFIG_KEYS,
  ZNetworkServerCreate,
  type TNetworkServer,
  type TNetworkServerConfigKey,
  type TNetworkServerCreate,
  type TNetworkServerKind,
  type TNetworkServerPatch,
} from '@aquasmart/domain';

/**
 * The network server form (docs/telemetry.md, "Config per kind"). The schema is the server's
 * own: the name, the kind and the config rules of the kind (ChirpStack: REST API and/or MQTT,
 * each complete; The Things Stack: all four values) with field paths `config.<key>`.
 */
export const ZNetworkServerForm = ZNetworkServerCreate;

export type TNetworkServerConfigForm = Record<TNetworkServerConfigKey, string>;

export interface TNetworkServerFormValues {
  name: string;
  kind: TNetworkServerKind;
  config: TNetworkServerConfigForm;
}

const ALL_CONFIG_KEYS: readonly TNetworkServerConfigKey[] = ['apiUrl', 'apiToken', 'mqttUrl', 'applicationId', 'baseUrl', 'webhookId', 'apiKey'];

/** Form paths the server may name in `fields`. */
export const NETWORK_SERVER_FORM_FIELDS = ['name', 'kind', 'secret', ...ALL_CONFIG_KEYS.map((key) => `config.${key}`)];

function emptyConfig(): TNetworkServerConfigForm {
  return { apiUrl: '', apiToken: '', mqttUrl: '', applicationId: '', baseUrl: '', webhookId: '', apiKey: '' };
}

export function emptyNetworkServerForm(): TNetworkServerFormValues {
  return { name: '', kind: 'chirpstack', config: emptyConfig() };
}

export function networkServerToForm(server: TNetworkServer): TNetworkServerFormValues {
  const config = emptyConfig();
  for (const key of ALL_CONFIG_KEYS) config[key] = server.config[key] ?? '';
  return { name: server.name, kind: server.kind, config };
}

/** Whether a config field belongs to the kind (the form shows only these). */
export function isConfigKeyOf(kind: TNetworkServerKind, key: TNetworkServerConfigKey): boolean {
  return (NETWORK_SERVER_CONFIG_KEYS[kind] as readonly string[]).includes(key);
}

/** Only the kind's own filled-in keys: what the other kind's fields still hold is not sent. */
function kindConfig(values: TNetworkServerCreate): Partial<Record<TNetworkServerConfigKey, string>> {
  const config: Partial<Record<TNetworkServerConfigKey, string>> = {};
  for (const key of NETWORK_SERVER_CONFIG_KEYS[values.kind]) {
    const value = values.config[key]?.trim();
    if (value) config[key] = value;
  }
  return config;
}

export function toCreateBody(values: TNetworkServerCreate): TNetworkServerCreate {
  return { name: values.name, kind: values.kind, config: kindConfig(values) };
}

/**
 * PATCH merges the config into the stored one, so every key is sent: the kind's filled-in
 * values, and null for the rest (cleared fields, the other kind's keys).
 */
export function toPatchBody(values: TNetworkServerCreate): TNetworkServerPatch {
  const own = kindConfig(values);
  const config = Object.fromEntries(ALL_CONFIG_KEYS.map((key) => [key, own[key] ?? null]));
  return { name: values.name, kind: values.kind, config };
}
