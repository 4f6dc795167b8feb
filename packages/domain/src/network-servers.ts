import { z } from 'zod';
import { MESSAGE, messageKey } from './validation/message-key';
import { zOneOf, zRequiredText } from './validation/validators';

/**
 * Network servers: the LoRaWAN network servers whose integrations deliver
 * uplinks and take downlinks. docs/telemetry.md ("Network servers and provisioning") explains
 * the rules; the server and the administrator screen share these schemas.
 */

export const NETWORK_SERVER_KINDS = ['chirpstack', 'tts'] as const;
export type TNetworkServerKind = (typeof NETWORK_SERVER_KINDS)[number];

/** Message keys of these forms beyond the shared ones. */
export const NETWORK_SERVER_MESSAGE = {
  url: 'validation.url',
  mqttUrl: 'validation.mqttUrl',
  secret: 'validation.secret',
  unknownNetworkServer: 'validation.unknownNetworkServer',
} as const;

/** The value of `secret` in a PATCH that asks the server for a new random secret. */
export const REGENERATE_SECRET = 'regenerate';
export const SECRET_MIN_LENGTH = 32;
export const SECRET_MAX_LENGTH = 200;

const HTTP_URL = /^https?:\/\/[^\s/]+\S*$/i;
const MQTT_URL = /^(mqtts?|wss?|tcp|ssl):\/\/[^\s/]+\S*$/i;
const SECRET_PATTERN = /^\S+$/;

/**
 * What downlinks need, per kind (the keys of TNetworkServerConfig in the server's schema):
 * - chirpstack: REST API (`apiUrl` + `apiToken`) or MQTT (`mqttUrl` + `applicationId`), or both;
 * - tts: `baseUrl`, `applicationId`, `webhookId`, `apiKey`.
 */
export const NETWORK_SERVER_CONFIG_KEYS = {
  chirpstack: ['apiUrl', 'apiToken', 'mqttUrl', 'applicationId'],
  tts: ['baseUrl', 'applicationId', 'webhookId', 'apiKey'],
} as const satisfies Record<TNetworkServerKind, readonly string[]>;

const zConfigText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: messageKey(MESSAGE.tooLong, { max }) })
    .nullable()
    .optional();

/** Every key any kind uses; `null` or '' clears a key in a PATCH. Keys of the other kind are dropped on save. */
export const ZNetworkServerConfigInput = z.object({
  apiUrl: zConfigText(2000),
  apiToken: zConfigText(4000),
  mqttUrl: zConfigText(2000),
  applicationId: zConfigText(200),
  baseUrl: zConfigText(2000),
  webhookId: zConfigText(200),
  apiKey: zConfigText(4000),
});
export type TNetworkServerConfigInput = z.infer<typeof ZNetworkServerConfigInput>;
export type TNetworkServerConfigKey = keyof TNetworkServerConfigInput;

/** The stored config: only the keys of the kind, only filled ones. */
export type TNetworkServerConfigValue = Partial<Record<TNetworkServerConfigKey, string>>;

const filled = (value: string | null | undefined): string | undefined => (value === undefined || value === null || value.trim() === '' ? undefined : value.trim());

/** The config to store for a kind: its own keys, trimmed, empty ones left out. */
export function normalizeNetworkServerConfig(kind: TNetworkServerKind, input: TNetworkServerConfigInput | null | undefined): TNetworkServerConfigValue {
  const config: TNetworkServerConfigValue = {};
  for (const key of NETWORK_SERVER_CONFIG_KEYS[kind]) {
    const value = filled(input?.[key]);
    if (value !== undefined) config[key] = value;
  }
  return config;
}

/**
 * The rules of a complete config (field paths under `config.` with message keys; empty when
 * fine). ChirpStack needs at least one way to queue downlinks, and each way complete; The
 * Things Stack needs all four values.
 */
export function networkServerConfigIssues(kind: TNetworkServerKind, input: TNetworkServerConfigInput | null | undefined): Record<string, string> {
  const config = normalizeNetworkServerConfig(kind, input);
  const issues: Record<string, string> = {};
  const require = (key: TNetworkServerConfigKey) => {
    if (config[key] === undefined) issues[`config.${key}`] = MESSAGE.required;
  };
  const url = (key: TNetworkServerConfigKey, pattern: RegExp, message: string) => {
    const value = config[key];
    if (value !== undefined && !pattern.test(value)) issues[`config.${key}`] = message;
  };
  if (kind === 'chirpstack') {
    const rest = config.apiUrl !== undefined || config.apiToken !== undefined;
    const mqtt = config.mqttUrl !== undefined || config.applicationId !== undefined;
    if (rest || !mqtt) {
      require('apiUrl');
      require('apiToken');
    }
    if (mqtt) {
      require('mqttUrl');
      require('applicationId');
    }
    url('apiUrl', HTTP_URL, NETWORK_SERVER_MESSAGE.url);
    url('mqttUrl', MQTT_URL, NETWORK_SERVER_MESSAGE.mqttUrl);
  } else {
    for (const key of NETWORK_SERVER_CONFIG_KEYS.tts) require(key);
    url('baseUrl', HTTP_URL, NETWORK_SERVER_MESSAGE.url);
  }
  return issues;
}

function addIssues(ctx: z.RefinementCtx, issues: Record<string, string>): void {
  for (const [path, message] of Object.entries(issues)) ctx.addIssue({ code: 'custom', path: path.split('.'), message });
}

const zName = () => zRequiredText(100);

/** An administrator-chosen secret (to keep one already configured in the network server). */
export const zNetworkServerSecret = () =>
  z
    .string()
    .trim()
    .min(SECRET_MIN_LENGTH, { error: messageKey(NETWORK_SERVER_MESSAGE.secret, { min: SECRET_MIN_LENGTH }) })
    .max(SECRET_MAX_LENGTH, { error: messageKey(MESSAGE.tooLong, { max: SECRET_MAX_LENGTH }) })
    .regex(SECRET_PATTERN, { error: messageKey(NETWORK_SERVER_MESSAGE.secret, { min: SECRET_MIN_LENGTH }) });

/** POST /networkServers. The secret is generated (256 random bits) unless one is given. */
export const ZNetworkServerCreate = z
  .object({
    name: zName(),
    kind: zOneOf(NETWORK_SERVER_KINDS),
    secret: zNetworkServerSecret().optional(),
    config: ZNetworkServerConfigInput.default({}),
  })
  .superRefine((value, ctx) => {
    if (NETWORK_SERVER_KINDS.includes(value.kind)) addIssues(ctx, networkServerConfigIssues(value.kind, value.config));
  });
export type TNetworkServerCreate = z.infer<typeof ZNetworkServerCreate>;

/**
 * PATCH /networkServers/{name}. `config` keys are merged into the stored config (null or ''
 * clears one) and the result must be complete for the (new) kind. `secret: "regenerate"`
 * replaces the secret with a new random one; any other text of 32 to 200 characters without
 * spaces becomes the secret.
 */
export const ZNetworkServerPatch = z.object({
  name: zName().optional(),
  kind: zOneOf(NETWORK_SERVER_KINDS).optional(),
  secret: z.union([z.literal(REGENERATE_SECRET), zNetworkServerSecret()]).optional(),
  config: ZNetworkServerConfigInput.optional(),
});
export type TNetworkServerPatch = z.infer<typeof ZNetworkServerPatch>;

export const ZNetworkServerConfig = z.object({
  apiUrl: z.string().optional(),
  apiToken: z.string().optional(),
  mqttUrl: z.string().optional(),
  applicationId: z.string().optional(),
  baseUrl: z.string().optional(),
  webhookId: z.string().optional(),
  apiKey: z.string().optional(),
});

/** The administrators' view of a network server. `nodes`: devices that use it (delete is refused while > 0). */
export const ZNetworkServer = z.object({
  name: z.string(),
  kind: z.enum(NETWORK_SERVER_KINDS),
  secret: z.string(),
  config: ZNetworkServerConfig,
  nodes: z.number().int(),
});
export type TNetworkServer = z.infer<typeof ZNetworkServer>;

/** What other users who may edit nodes see: the names. */
export const ZNetworkServerName = z.object({ name: z.string() });
export const ZNetworkServerListItem = z.union([ZNetworkServer, ZNetworkServerName]);
