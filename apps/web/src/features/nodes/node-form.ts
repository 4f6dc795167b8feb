import { z } from 'zod';
import {
  CALIBRATION_INTERVALS,
  CHANNEL_ATTACHMENTS,
  CHANNEL_MODES,
  CHANNEL_ROLES,
  MINIMUM_DEVIATIONS,
  messageKey,
  zOneOf,
  zOptionalText,
  zRequiredText,
  type TDevice,
  type TDeviceChannelPatch,
  type TDeviceLoraPatch,
} from '@aquasmart/domain';

/**
 * The register and edit forms of a node (docs/nodes-screens.md, "Register" and "Edit"). Field rules are the shared
 * validators (`Veld is verplicht`); the request bodies are the server's ZDeviceLoraPatch and
 * ZDeviceChannelPatch. Selects hold text ('2', not 2) and are converted when the body is built.
 */
const INTERVAL_VALUES = CALIBRATION_INTERVALS.map(String) as ['1', '2', '3'];
const DEVIATION_VALUES = MINIMUM_DEVIATIONS.map(String) as ['1', '2', '3', '4', '5'];

// ---------------------------------------------------------------- register (/nodes/new)

/** Characters an EUI may be typed with between its digits, as printed on labels: spaces, dashes, colons. */
const EUI_SEPARATORS = /[\s:-]/g;
export const EUI_DIGITS = 16;

/** The EUI in a typed text: separators dropped, upper case ("70b3-d5e7 5e00 0001" -> "70B3D5E75E000001"). */
export function cleanEui(text: string): string {
  return text.replace(EUI_SEPARATORS, '').toUpperCase();
}

/**
 * What the EUI field says while the user types (docs/nodes-screens.md, "Register"): a character
 * that is not a hexadecimal digit (`badCharacter`, the first one), too many digits (`tooLong`), or
 * how many of the 16 are there. Empty text has no problem (the required rule speaks on submit).
 */
export type TEuiCheck = { kind: 'empty' } | { kind: 'badCharacter'; character: string } | { kind: 'tooLong'; count: number } | { kind: 'partial'; count: number } | { kind: 'complete'; eui: string };

export function checkTypedEui(text: string): TEuiCheck {
  const eui = cleanEui(text);
  if (eui === '') return { kind: 'empty' };
  const bad = /[^0-9A-F]/.exec(eui);
  if (bad) return { kind: 'badCharacter', character: text.replace(EUI_SEPARATORS, '')[bad.index] ?? bad[0] };
  if (eui.length > EUI_DIGITS) return { kind: 'tooLong', count: eui.length };
  if (eui.length < EUI_DIGITS) return { kind: 'partial', count: eui.length };
  return { kind: 'complete', eui };
}

/** The message key of a check that is wrong on submit ('' when the EUI is complete). */
export function euiMessage(check: TEuiCheck): string {
  switch (check.kind) {
    case 'empty':
      return 'validation.required';
    case 'badCharacter':
      return messageKey('nodes.register.euiBadCharacter', { character: check.character });
    case 'tooLong':
    case 'partial':
      return messageKey('nodes.register.euiLength', { count: check.count });
    case 'complete':
      return '';
  }
}

/** The typed EUI: any separators, then exactly 16 hexadecimal digits; the output is the clean EUI. */
const zTypedEui = z.string().transform((text, context) => {
  const check = checkTypedEui(text);
  if (check.kind === 'complete') return check.eui;
  context.addIssue({ code: 'custom', message: euiMessage(check) });
  return z.NEVER;
});

export const ZNodeRegisterForm = z.object({
  eui: zTypedEui,
  name: zRequiredText(200),
  customer: zRequiredText(200),
  location: zRequiredText(200),
  gateway: z.string(),
});
export type TNodeRegisterForm = z.input<typeof ZNodeRegisterForm>;
export const NODE_REGISTER_FIELDS = ['eui', 'name', 'customer', 'location', 'gateway'] as const;

export function emptyRegisterForm(query: URLSearchParams): TNodeRegisterForm {
  return { eui: query.get('eui') ?? '', name: '', customer: query.get('customer') ?? '', location: query.get('location') ?? '', gateway: query.get('gateway') ?? '' };
}

/**
 * PATCH /devices/{eui}/lora/{mode} of a registration: name, customer, location, lora.state
 * Started, and the gateway when one is chosen by a user who may set it (gatewayManagement).
 */
export function registerBody(values: z.output<typeof ZNodeRegisterForm>, mayChooseGateway: boolean): TDeviceLoraPatch {
  const body: TDeviceLoraPatch = { name: values.name, customer: values.customer, location: values.location, lora: { state: 'Started' } };
  if (mayChooseGateway && values.gateway.trim() !== '') body.gateway = values.gateway;
  return body;
}

// ---------------------------------------------------------------- edit (/nodes/{c}/{l}/{eui}/edit)

export const ZChannelForm = z.object({
  id: z.string(),
  name: zRequiredText(200),
  mode: zOneOf(CHANNEL_MODES),
  /** '' : no role of its own, the logbook derives it from the mode (docs/logbook.md, "Roles"). */
  role: z.union([z.literal(''), zOneOf(CHANNEL_ROLES)]),
  attachments: z.array(zOneOf(CHANNEL_ATTACHMENTS)),
});
export type TChannelForm = z.input<typeof ZChannelForm>;

export const ZNodeEditForm = z.object({
  name: zRequiredText(200),
  customer: zRequiredText(200),
  location: zRequiredText(200),
  gateway: z.string(),
  flushDevice: z.string(),
  notes: zOptionalText(4000),
  locationNotes: zOptionalText(4000),
  interval: zOneOf(INTERVAL_VALUES),
  minimumDeviation: zOneOf(DEVIATION_VALUES),
  channels: z.array(ZChannelForm),
});
export type TNodeEditForm = z.input<typeof ZNodeEditForm>;
export type TNodeEditValues = z.output<typeof ZNodeEditForm>;

/** Only the temperature channels have a mode and attachments; battery and flush events do not. */
export function editableChannels(device: Pick<TDevice, 'channels'>): TDevice['channels'] {
  return device.channels.filter((channel) => /^temperature\d+$/.test(channel.id));
}

/** A value the list does not offer is '' (the select would show nothing). */
function offered(value: number | null | undefined, values: readonly string[]): string {
  const text = value === null || value === undefined ? '' : String(value);
  return values.includes(text) ? text : '';
}

export function nodeToEditForm(device: TDevice): TNodeEditForm {
  return {
    name: device.name,
    customer: device.customer ?? '',
    location: device.location ?? '',
    gateway: device.gateway ?? '',
    flushDevice: device.flushDevice ?? '',
    notes: device.notes ?? '',
    locationNotes: device.locationNotes ?? '',
    interval: offered(device.calibration.interval, INTERVAL_VALUES) as TNodeEditForm['interval'],
    minimumDeviation: offered(device.flush.minimumTemperatureDeviation, DEVIATION_VALUES) as TNodeEditForm['minimumDeviation'],
    channels: editableChannels(device).map((channel) => ({
      id: channel.id,
      name: channel.name,
      mode: (channel.custom.mode ?? '') as TChannelForm['mode'],
      role: channel.role ?? '',
      attachments: (channel.custom.attachments ?? []).filter((item) => (CHANNEL_ATTACHMENTS as readonly string[]).includes(item)) as TChannelForm['attachments'],
    })),
  };
}

export interface TEditRights {
  administrator: boolean;
  moveNode: boolean;
  gatewayManagement: boolean;
}

/**
 * The lora body of an edit: what the user may write and what changed. Customer and location only
 * when moved (moveNode); the gateway with gatewayManagement (none = null); interval and minimum
 * deviation for administrators only; empty notes are left out (docs/screens.md, "Forms and validation messages").
 */
export function editLoraBody(values: TNodeEditValues, device: TDevice, rights: TEditRights): TDeviceLoraPatch {
  const body: TDeviceLoraPatch = { name: values.name };
  if (rights.moveNode && (values.customer !== device.customer || values.location !== device.location)) {
    body.customer = values.customer;
    body.location = values.location;
  }
  if (rights.gatewayManagement && values.gateway !== (device.gateway ?? '')) body.gateway = values.gateway === '' ? null : values.gateway;
  if (values.flushDevice !== (device.flushDevice ?? '')) body.flushDevice = values.flushDevice === '' ? null : values.flushDevice;
  const notes = values.notes?.trim() ?? '';
  if (notes !== '') body.notes = notes;
  const locationNotes = values.locationNotes?.trim() ?? '';
  if (locationNotes !== '') body.locationNotes = locationNotes;
  if (rights.administrator) {
    body.calibration = { interval: Number(values.interval) };
    body.flush = { minimumTemperatureDeviation: Number(values.minimumDeviation) };
  }
  return body;
}

/** PATCH /devices/{eui}/channels/{id} for each channel whose name, mode, attachments or role changed. */
export function channelPatches(values: TNodeEditValues, device: TDevice): { id: string; body: TDeviceChannelPatch }[] {
  const before = new Map(device.channels.map((channel) => [channel.id, channel]));
  return values.channels.flatMap((channel) => {
    const old = before.get(channel.id);
    if (!old) return [];
    const attachments = [...channel.attachments].sort();
    const oldAttachments = [...(old.custom.attachments ?? [])].sort();
    const role = channel.role === '' ? null : channel.role;
    const same =
      old.name === channel.name && old.custom.mode === channel.mode && attachments.join('\u0000') === oldAttachments.join('\u0000') && (old.role ?? null) === role;
    return same ? [] : [{ id: channel.id, body: { name: channel.name, custom: { mode: channel.mode, attachments }, role } }];
  });
}

// ---------------------------------------------------------------- move (the node page, moveNode)

/**
 * The move dialog (docs/nodes-screens.md, "Move"): customer, location, gateway, and the
 * calibration interval shown greyed (the server copies the new location's; never sent).
 */
export const ZNodeMoveForm = z.object({
  customer: zRequiredText(200),
  location: zRequiredText(200),
  gateway: z.string(),
  interval: z.string(),
});
export type TNodeMoveForm = z.input<typeof ZNodeMoveForm>;
export const NODE_MOVE_FIELDS = ['customer', 'location', 'gateway'] as const;

export function nodeToMoveForm(device: TDevice): TNodeMoveForm {
  return {
    customer: device.customer ?? '',
    location: device.location ?? '',
    gateway: device.gateway ?? '',
    interval: offered(device.calibration.interval, INTERVAL_VALUES),
  };
}

/**
 * The lora body of a move: customer and location when either changed, the gateway (none = null)
 * when it changed and the user may set it (gatewayManagement); nothing else, so moveNode alone is
 * enough. `null` when there is nothing to send.
 */
export function moveBody(values: z.output<typeof ZNodeMoveForm>, device: TDevice, mayChooseGateway: boolean): TDeviceLoraPatch | null {
  const body: TDeviceLoraPatch = {};
  if (values.customer !== (device.customer ?? '') || values.location !== (device.location ?? '')) {
    body.customer = values.customer;
    body.location = values.location;
  }
  if (mayChooseGateway && values.gateway !== (device.gateway ?? '')) body.gateway = values.gateway === '' ? null : values.gateway;
  return Object.keys(body).length ? body : null;
}

/** A chosen name that a reloaded list no longer holds is cleared (location after a customer, gateway after a location). */
export function keptAfterReload(value: string, names: readonly string[]): string {
  return names.includes(value) ? value : '';
}

/** The interval a chosen location gives the node (docs/nodes-screens.md, "Edit"); '' when unknown. */
export function intervalOfLocation(location: string, locations: readonly { name: string; interval: number | null }[]): string {
  const found = locations.find((candidate) => candidate.name === location);
  return found?.interval !== null && found?.interval !== undefined && INTERVAL_VALUES.includes(String(found.interval) as '1') ? String(found.interval) : '';
}

export const NODE_EDIT_FIELDS = ['name', 'customer', 'location', 'gateway', 'flushDevice', 'notes', 'locationNotes', 'interval', 'minimumDeviation'] as const;

/** Server field paths (`calibration.interval`) to form fields. */
export const SERVER_FIELD_TO_FORM: Record<string, string> = {
  'calibration.interval': 'interval',
  'flush.minimumTemperatureDeviation': 'minimumDeviation',
};

export { INTERVAL_VALUES, DEVIATION_VALUES };

/**
 * The fields a failed submit marks, in form order, for the summary above the form: a field's
 * path (`name`, `channels.1.mode`). react-hook-form nests array errors ({ channels: [ , { mode } ] }).
 */
export function errorPaths(errors: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (value === undefined || value === null || typeof value !== 'object') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof (value as { message?: unknown }).message === 'string') return [path];
    return errorPaths(value as Record<string, unknown>, path);
  });
}
