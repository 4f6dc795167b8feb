import { z } from 'zod';
import { ZChannelRole } from './logbook/roles';
import type { TDeviceType } from './constants';
import { isDeviceType, PROFILES, TEMPERATURE_CHANNEL_COUNT } from './device-types';
import { MESSAGE, messageKey } from './validation/message-key';
import { zOneOf, zRequiredText } from './validation/validators';

/**
 * Devices (nodes): provisioning by administrators and the node shape the read routes answer.
 * docs/telemetry.md ("Network servers and provisioning", "Read routes") explains the decisions.
 */

export const DEVICE_MESSAGE = {
  eui: 'validation.eui',
  version: 'validation.version',
  unknownNetworkServer: 'validation.unknownNetworkServer',
  unsupportedDeviceType: 'validation.unsupportedDeviceType',
} as const;

/**
 * LoRa encryption modes (the `{encryptionMode}` of PATCH devices/{eui}/lora/{mode}):
 * NS: the network server holds the application session key and hands over decrypted payloads
 * (what the intake expects); APP: the payload stays encrypted end to end.
 */
export const ENCRYPTION_MODES = ['NS', 'APP'] as const;
export type TEncryptionMode = (typeof ENCRYPTION_MODES)[number];
export const DEFAULT_ENCRYPTION_MODE: TEncryptionMode = 'NS';

/** lora.state of a device that is not registered (provisioned, or removed): only registration starts it. */
export const UNREGISTERED_LORA_STATE = 'Stopped';

const EUI_PATTERN = /^[0-9A-F]{16}$/;
const VERSION_PATTERN = /^\d{1,4}(\.\d{1,4}){0,2}$/;

/**
 * EUIs are stored in upper case, as the demo fleet and The Things Stack write them; ChirpStack
 * sends lower case. Every EUI from outside (paths, bodies, CSV, integrations) goes through this.
 */
export function normalizeEui(value: string): string {
  return value.trim().toUpperCase();
}

export function isEui(value: string): boolean {
  return EUI_PATTERN.test(normalizeEui(value));
}

/** An EUI: exactly 16 hexadecimal characters, answered in upper case. */
export function zEui() {
  return z
    .string({ error: MESSAGE.required })
    .trim()
    .min(1, { error: MESSAGE.required })
    .regex(/^[0-9A-Fa-f]{16}$/, { error: DEVICE_MESSAGE.eui })
    .toUpperCase();
}

/** A firmware version such as 1.0 or 2.1.3. */
export function zDeviceVersion() {
  return zRequiredText(20).refine((value) => VERSION_PATTERN.test(value), { error: DEVICE_MESSAGE.version });
}

/** A device type the portal knows (V1, V2, V3): missing is `required`, anything else 'Apparaattype wordt niet ondersteund'. */
export function zDeviceType() {
  return z.custom<TDeviceType>(isDeviceType, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? MESSAGE.required : DEVICE_MESSAGE.unsupportedDeviceType),
  });
}

/** An optional channel role: '' and null count as none. */
const zOptionalRole = () => z.preprocess((value) => (value === '' || value === null ? undefined : value), ZChannelRole.optional());

/** POST /devices: an unassigned device (no customer, no location) ready to be registered. */
export const ZDeviceCreate = z.object({
  eui: zEui(),
  type: zDeviceType(),
  version: zDeviceVersion(),
  networkServer: zRequiredText(100),
  encryptionMode: zOneOf(ENCRYPTION_MODES).default(DEFAULT_ENCRYPTION_MODE),
  /** The roles of temperature channels 1 to 3 (docs/logbook.md, "Roles"); empty: derived from the mode. A channel the type lacks: 400 on the field. */
  role1: zOptionalRole(),
  role2: zOptionalRole(),
  role3: zOptionalRole(),
});
export type TDeviceCreate = z.infer<typeof ZDeviceCreate>;
/** The channel a roleN field of ZDeviceCreate sets. */
export const DEVICE_ROLE_FIELDS = { role1: 'temperature1', role2: 'temperature2', role3: 'temperature3' } as const;

/** The CSV import's columns, in the order of a file without a header row (the roles last, optional). */
export const DEVICE_CSV_COLUMNS = ['eui', 'type', 'version', 'networkServer', 'encryptionMode', 'role1', 'role2', 'role3'] as const;
export const DEVICE_CSV_MAX_ROWS = 5000;
export const DEVICE_CSV_MAX_BYTES = 1_000_000;

/** POST /devices/import with a JSON body (a text/csv body is the same file). */
export const ZDeviceImportRequest = z.object({ csv: z.string({ error: MESSAGE.required }).max(DEVICE_CSV_MAX_BYTES, { error: messageKey(MESSAGE.tooLong, { max: DEVICE_CSV_MAX_BYTES }) }) });

/** One line of the import report. `row` is the line number in the file (the header is line 1). */
export const ZDeviceImportRow = z.object({
  row: z.number().int(),
  eui: z.string(),
  status: z.enum(['imported', 'refused']),
  /** Why a row was refused: a message key (errors.euiTaken, errors.euiDuplicateInFile ...) ... */
  key: z.string().optional(),
  /** ... and per field the validation message key. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type TDeviceImportRow = z.infer<typeof ZDeviceImportRow>;

export const ZDeviceImportReport = z.object({
  imported: z.number().int(),
  refused: z.number().int(),
  rows: z.array(ZDeviceImportRow),
});
export type TDeviceImportReport = z.infer<typeof ZDeviceImportReport>;

// ---------------------------------------------------------------- the node shape (docs/telemetry.md, Read routes)

/** Channel ids and default names of a new device of a type: temperatures, battery, flush events (a node with a faucet). */
export function defaultChannels(type: TDeviceType): { id: string; name: string; type: 'Temperatuur' | 'Batterij' | 'Event' }[] {
  const temperatures = Array.from({ length: TEMPERATURE_CHANNEL_COUNT[type] }, (_unused, index) => ({
    id: `temperature${index + 1}`,
    name: `Temperatuur ${index + 1}`,
    type: 'Temperatuur' as const,
  }));
  const flush = PROFILES[type].flush ? [{ id: 'flush1', name: 'Spoeling', type: 'Event' as const }] : [];
  return [...temperatures, { id: 'battery1', name: 'Batterij', type: 'Batterij' as const }, ...flush];
}

/**
 * The name of the channel an input of a node's settings measures on (input 0 is `temperature1`),
 * trimmed; null when that channel is missing or has no name, and the screen says "Ingang N".
 */
export function inputChannelName(channels: readonly { id: string; name?: string | null }[], index: number): string | null {
  const name = channels.find((channel) => channel.id === `temperature${index + 1}`)?.name?.trim();
  return name ? name : null;
}

/**
 * Possible sensor drift on a channel (docs/calibration.md, "Drift"; issue 41 item 5): the newest check
 * whose manual reading differed by more than 1.5 °C from the channel's reading then. Kept until the
 * channel's next calibration; while a channel has one, the node counts as calibration due.
 */
export const ZChannelDrift = z.object({
  /** The check and its outlet; null once the node moved to another customer (whose users may not see that outlet). */
  checkId: z.number().int().nullable(),
  outletId: z.number().int().nullable(),
  outletName: z.string().nullable(),
  /** The manual reading, °C. */
  manual: z.number(),
  /** The node's reading it was paired with (offset applied), °C, and when the node measured it. */
  node: z.number(),
  nodeAt: z.string(),
  /** When the check was done (ISO). */
  at: z.string(),
});
export type TChannelDrift = z.infer<typeof ZChannelDrift>;

/** Channel `ts` is in seconds since the epoch (docs/telemetry.md, "Read routes": the faulty list multiplies it by 1000). */
export const ZDeviceChannel = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  /** With the calibration offset applied. */
  value: z.number().nullable(),
  /** As the node measured it. */
  rawValue: z.number().nullable(),
  ts: z.number().nullable(),
  offset: z.number(),
  calibratedAt: z.string().nullable(),
  custom: z.object({ mode: z.string().optional(), attachments: z.array(z.string()).optional() }),
  /** What the sensor sits on (docs/logbook.md, "Roles"); null: derived from the mode (effectiveRole). */
  role: ZChannelRole.nullable().optional(),
  /** Possible sensor drift found by a check by hand; null (or absent) when none since the last calibration. */
  drift: ZChannelDrift.nullable().optional(),
});
export type TDeviceChannel = z.infer<typeof ZDeviceChannel>;

export const ZDeviceParameter = z.object({
  register: z.number().int(),
  value: z.unknown(),
  status: z.string(),
  reported: z.unknown(),
  updatedAt: z.string(),
});

const zRegisterValues = z.array(z.object({ register: z.number().int(), value: z.unknown() }));

const ZCalibration = z.object({ interval: z.number().int(), ts: z.string().nullable() });
const ZBattery = z.object({
  ts: z.string().nullable(),
  voltage: z.number().nullable(),
  /** Seconds since the epoch; 0: no alarm. */
  alarm: z.object({ ts: z.number() }),
});
const ZFlush = z.object({
  minimumTemperatureDeviation: z.number(),
  /** Milliseconds since the epoch; 0: no alarm. */
  alarm: z.object({ ts: z.number() }),
});
const ZLora = z.object({
  state: z.string(),
  networkServer: z.string().nullable(),
  encryption: z.object({ mode: z.string() }),
  ts: z.string().nullable(),
  counter: z.number().nullable(),
  rssi: z.number().nullable(),
  snr: z.number().nullable(),
});
const ZSipp = z.object({
  parameters: z.array(ZDeviceParameter),
  connector: z.object({ id: z.string(), version: z.string().nullable() }).nullable(),
  diagnostics: z.object({ version: z.object({ major: z.number(), minor: z.number(), patch: z.number() }).optional() }),
});

/** GET /devices/{eui}. Timestamps are ISO 8601 texts except where noted (channel ts, alarm ts). */
export const ZDevice = z.object({
  eui: z.string(),
  name: z.string(),
  type: z.string(),
  version: z.string(),
  customer: z.string().nullable(),
  location: z.string().nullable(),
  gateway: z.string().nullable(),
  flushDevice: z.string().nullable(),
  notes: z.string().nullable(),
  locationNotes: z.string().nullable(),
  calibration: ZCalibration,
  battery: ZBattery,
  flush: ZFlush,
  lora: ZLora,
  presets: zRegisterValues,
  channels: z.array(ZDeviceChannel),
  sipp: ZSipp,
  signal: z.number().int(),
  sync: z.number().int(),
  incorrectSettings: z.boolean(),
});
export type TDevice = z.infer<typeof ZDevice>;

/** A row of GET /devices: the projected part of a device. */
export const ZDeviceListItem = ZDevice.extend({
  calibration: ZCalibration.partial(),
  battery: ZBattery.partial(),
  flush: ZFlush.partial(),
  lora: ZLora.partial(),
  sipp: ZSipp.partial(),
}).partial();
export type TDeviceListItem = z.infer<typeof ZDeviceListItem>;

/** GET /devices/{eui}/data: one history row; `value` as the codec stores it (value.timestamp in seconds). */
export const ZDeviceDataItem = z
  .object({
    ts: z.string(),
    msgId: z.number().int(),
    counter: z.number().nullable(),
    rssi: z.number().nullable(),
    snr: z.number().nullable(),
    gateway: z.string().nullable(),
    value: z.record(z.string(), z.unknown()),
  })
  .partial();
export type TDeviceDataItem = z.infer<typeof ZDeviceDataItem>;

/** GET /overflowLogs (docs/telemetry.md, "Read routes"); `lora.state` is the detection's state (Started while active). */
export const ZOverflowLog = z
  .object({
    _id: z.string(),
    customer: z.string().nullable(),
    eui: z.string(),
    location: z.string().nullable(),
    name: z.string().nullable(),
    resistance: z.number().nullable(),
    ts: z.string(),
    lora: z.object({ state: z.string() }),
  })
  .partial();
export type TOverflowLog = z.infer<typeof ZOverflowLog>;

/** GET /intakeEvents: network-server events whose processing failed or that named an unknown device. */
export const ZIntakeEvent = z
  .object({
    id: z.string(),
    networkServer: z.string().nullable(),
    event: z.string(),
    eui: z.string().nullable(),
    receivedAt: z.string(),
    processedAt: z.string().nullable(),
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    lastError: z.string().nullable(),
    body: z.unknown(),
  })
  .partial();
export type TIntakeEvent = z.infer<typeof ZIntakeEvent>;
