import { z } from 'zod';
import { CALIBRATION_INTERVALS, PLATFORMS } from './constants';
import { RULEBOOK_IDS } from './logbook/rulebooks';
import { ZResponsiblePerson, ZResponsiblePersonAnswer } from './logbook/sign-off';
import { ALARM_TEMPERATURE_MINUTES_MAX, ALARM_TEMPERATURE_MINUTES_MIN } from './alarms/rules';
import { MESSAGE, messageKey } from './validation/message-key';
import { zMac, zOneOf, zOptionalText, zRequiredText } from './validation/validators';

/**
 * Customers, locations and gateways (docs/places.md): the request bodies the forms
 * send, the answers the server gives, and the platform rules both apply. docs/places.md
 * explains the computed columns and the server's decisions.
 */

/** Message keys of these forms beyond the shared ones. */
export const PLACE_MESSAGE = {
  unknownLocation: 'validation.unknownLocation',
  unknownProduct: 'validation.unknownProduct',
  productType: 'validation.productType',
  url: 'validation.url',
  timeZone: 'validation.timeZone',
} as const;

// ---------------------------------------------------------------- logbook settings

/** The location's time zone when none is chosen (docs/places.md, "Logbook settings"). */
export const DEFAULT_TIME_ZONE = 'Europe/Amsterdam';

/** Whether the runtime knows this IANA time zone ('Europe/Amsterdam' yes, 'Mars/Base' and '' no). */
export function isTimeZone(zone: string): boolean {
  if (zone.trim() === '' || zone !== zone.trim()) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A customer's or location's rulebook: one of RULEBOOK_IDS, or null for the default (country, or the customer's). */
const zRulebook = () => z.enum(RULEBOOK_IDS, { error: MESSAGE.oneOf }).nullable();
/** An IANA time zone the runtime knows. */
const zTimeZone = () =>
  z.string({ error: MESSAGE.required }).refine(isTimeZone, { error: PLACE_MESSAGE.timeZone });

/** A location's platform that means "send as the customer does" (docs/places.md, "Endpoint"). */
export const CUSTOMER_PLATFORM = 'Customer';
export const LOCATION_PLATFORMS = [...PLATFORMS, CUSTOMER_PLATFORM] as const;
export type TPlatform = (typeof PLATFORMS)[number];
export type TLocationPlatform = (typeof LOCATION_PLATFORMS)[number];

const zText = (max: number) => z.string().trim().max(max, { error: messageKey(MESSAGE.tooLong, { max }) });
const zNullableText = (max: number) => zText(max).nullable().optional();

export const ZLdOptions = z.object({
  deviceType: zNullableText(200),
  subType1: zNullableText(200),
  subType2: zNullableText(200),
  subType3: zNullableText(200),
});
export type TLdOptions = z.infer<typeof ZLdOptions>;
export const LD_OPTION_FIELDS = ['deviceType', 'subType1', 'subType2', 'subType3'] as const;

/** `platform` null, absent or '' means none. */
const endpointShape = <P extends readonly [string, ...string[]]>(platforms: P) => ({
  platform: z.enum([...platforms, ''] as [string, ...string[]], { error: MESSAGE.oneOf }).nullable().optional(),
  url: zNullableText(2000),
  token: zNullableText(2000),
  ldOptions: ZLdOptions.nullable().optional(),
});
export const ZCustomerEndpointInput = z.object(endpointShape(PLATFORMS));
export const ZLocationEndpointInput = z.object(endpointShape(LOCATION_PLATFORMS));
export type TEndpointInput = z.infer<typeof ZLocationEndpointInput>;

/** The stored (and administrators') form of an endpoint: every key present, null when unused. */
export interface TEndpointValue {
  platform: string | null;
  url: string | null;
  token: string | null;
  ldOptions: { deviceType: string | null; subType1: string | null; subType2: string | null; subType3: string | null } | null;
}

const filled = (value: string | null | undefined): string | null => (value === undefined || value === null || value.trim() === '' ? null : value.trim());

/**
 * The platform rules that change values (docs/places.md, "Endpoint"): no platform (and a location's
 * 'Customer') clears url, token and ldOptions; LegionellaDossier clears url; XIC and Unica
 * have no ldOptions.
 */
export function normalizeEndpoint(input: TEndpointInput | null | undefined): TEndpointValue {
  const platform = filled(input?.platform ?? null);
  if (platform === null || platform === CUSTOMER_PLATFORM) return { platform, url: null, token: null, ldOptions: null };
  const token = filled(input?.token);
  if (platform !== 'LegionellaDossier') return { platform, url: filled(input?.url), token, ldOptions: null };
  const options = input?.ldOptions;
  const ldOptions = options && LD_OPTION_FIELDS.some((field) => filled(options[field]) !== null)
    ? { deviceType: filled(options.deviceType), subType1: filled(options.subType1), subType2: filled(options.subType2), subType3: filled(options.subType3) }
    : null;
  return { platform, url: null, token, ldOptions };
}

/**
 * The platform rules that refuse (docs/places.md, "Endpoint"): XIC and Unica need url and token;
 * LegionellaDossier, when editing, needs the four ldOptions fields once a token is present.
 * Returns field paths (under `endpoint.`) with message keys; empty when the endpoint is fine.
 */
export function endpointIssues(input: TEndpointInput | null | undefined, options: { editing: boolean }): Record<string, string> {
  const endpoint = normalizeEndpoint(input);
  const issues: Record<string, string> = {};
  if (endpoint.platform === 'XIC' || endpoint.platform === 'Unica') {
    if (endpoint.url === null) issues['endpoint.url'] = MESSAGE.required;
    else if (!/^https?:\/\/[^\s/]+/i.test(endpoint.url)) issues['endpoint.url'] = PLACE_MESSAGE.url;
    if (endpoint.token === null) issues['endpoint.token'] = MESSAGE.required;
  }
  if (endpoint.platform === 'LegionellaDossier' && options.editing && endpoint.token !== null) {
    for (const field of LD_OPTION_FIELDS) {
      if (!endpoint.ldOptions?.[field]) issues[`endpoint.ldOptions.${field}`] = MESSAGE.required;
    }
  }
  return issues;
}

/** Adds endpoint issues to a zod refinement context. */
function refineEndpoint(editing: boolean) {
  return (value: { endpoint?: TEndpointInput | null }, ctx: z.RefinementCtx) => {
    if (value.endpoint === undefined) return;
    for (const [path, message] of Object.entries(endpointIssues(value.endpoint, { editing }))) {
      ctx.addIssue({ code: 'custom', path: path.split('.'), message });
    }
  };
}

const ZInterval = z.object({ interval: zOneOf(CALIBRATION_INTERVALS) }, { error: MESSAGE.required });

/** Notes on create: '' means none. On update an empty text is left out (the old notes stay); null clears. */
const zNotesUpdate = () => zText(4000).nullable().optional();

const placeDetails = {
  reference: zRequiredText(200),
  address: zRequiredText(200),
  postalCode: zRequiredText(20),
  city: zRequiredText(200),
  country: zRequiredText(100),
};

// ---------------------------------------------------------------- customers

/** The sustained-temperature alarm's duration of a customer, in whole minutes (15 minutes .. 7 days). */
const zAlarmTemperatureMinutes = () => z.number().int().min(ALARM_TEMPERATURE_MINUTES_MIN).max(ALARM_TEMPERATURE_MINUTES_MAX);

/**
 * The logbook's responsible person and deputy (docs/places.md, "Responsible person"): null or
 * absent is nobody named (a location then takes its customer's).
 */
const responsibleFields = {
  responsible: ZResponsiblePerson.nullable().optional(),
  deputy: ZResponsiblePerson.nullable().optional(),
};

/** A projection may ask for some of a person's fields. */
const responsibleParts = {
  responsible: ZResponsiblePersonAnswer.partial().nullable(),
  deputy: ZResponsiblePersonAnswer.partial().nullable(),
};

/** POST /customers. Interval defaults to 2 and endpoint to none; both are administrator-only. */
export const ZCustomerCreate = z
  .object({
    name: zRequiredText(200),
    ...placeDetails,
    calibration: ZInterval.optional(),
    endpoint: ZCustomerEndpointInput.nullable().optional(),
    notes: zOptionalText(4000),
    /** The logbook's rulebook; absent or null: by the country (docs/logbook.md). */
    rulebook: zRulebook().optional(),
    /** Minutes out of range before the sustained-temperature alarm opens (docs/alarms.md); absent: 60. */
    alarmTemperatureMinutes: zAlarmTemperatureMinutes().optional(),
    ...responsibleFields,
  })
  .superRefine(refineEndpoint(false));
export type TCustomerCreate = z.infer<typeof ZCustomerCreate>;

/** What a PATCH of a customer and of a location share: any subset of the details, interval and notes. */
const placePatchFields = {
  name: zRequiredText(200).optional(),
  reference: placeDetails.reference.optional(),
  address: placeDetails.address.optional(),
  postalCode: placeDetails.postalCode.optional(),
  city: placeDetails.city.optional(),
  country: placeDetails.country.optional(),
  calibration: ZInterval.optional(),
  notes: zNotesUpdate(),
  rulebook: zRulebook().optional(),
  ...responsibleFields,
};

/** PATCH /customers/{name}: any subset; endpoint keys that are sent replace the stored ones. */
export const ZCustomerPatch = z.object({
  ...placePatchFields,
  endpoint: ZCustomerEndpointInput.nullable().optional(),
  alarmTemperatureMinutes: zAlarmTemperatureMinutes().optional(),
});
export type TCustomerPatch = z.infer<typeof ZCustomerPatch>;

/** An endpoint as answered: administrators see every key, others only the platform. */
export const ZEndpoint = z.object({
  platform: z.string().nullable(),
  url: z.string().nullable().optional(),
  token: z.string().nullable().optional(),
  ldOptions: z
    .object({ deviceType: z.string().nullable(), subType1: z.string().nullable(), subType2: z.string().nullable(), subType3: z.string().nullable() })
    .nullable()
    .optional(),
});
export type TEndpoint = z.infer<typeof ZEndpoint>;
/** An endpoint in a list row: any part of it, as the projection asked. */
const ZEndpointPart = z.object({
  platform: z.string().nullable().optional(),
  url: z.string().nullable().optional(),
  token: z.string().nullable().optional(),
  ldOptions: ZEndpoint.shape.ldOptions.unwrap().unwrap().partial().nullable().optional(),
});

/** The computed list columns (docs/places.md). */
const placeStats = {
  /** -1 no node with parameters, 0 some node waiting for its settings, 1 all synchronised. */
  sync: z.number().int(),
  /** Nodes heard from within the last 6 hours. */
  online: z.number().int(),
  /** Temperature channels of its nodes. */
  channels: z.number().int(),
  /** Nodes (devices assigned to it). */
  nodes: z.number().int(),
};

export const ZCustomer = z.object({
  name: z.string(),
  reference: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  calibration: z.object({ interval: z.number().int() }),
  endpoint: ZEndpoint,
  notes: z.string().nullable(),
  /** The logbook's rulebook; null: by the country (rulebookForCountry). */
  rulebook: z.enum(RULEBOOK_IDS).nullable(),
  /** Minutes out of range before the sustained-temperature alarm opens (docs/alarms.md). */
  alarmTemperatureMinutes: z.number().int(),
  /** The logbook's responsible person and deputy; null: nobody named (a location: its customer's hold). */
  responsible: ZResponsiblePersonAnswer.nullable(),
  deputy: ZResponsiblePersonAnswer.nullable(),
  ...placeStats,
});
export type TCustomer = z.infer<typeof ZCustomer>;
/** A list item: the fields the projection asked for. */
export const ZCustomerListItem = ZCustomer.extend({ endpoint: ZEndpointPart, ...responsibleParts }).partial();
export type TCustomerListItem = z.infer<typeof ZCustomerListItem>;

/** Body of PATCH /customers/{c}/devices, /customers/{c}/locations and .../locations/{l}/devices. */
export const ZCalibrationIntervalPatch = z.object({ calibration: ZInterval }, { error: MESSAGE.required });
export type TCalibrationIntervalPatch = z.infer<typeof ZCalibrationIntervalPatch>;
export const ZUpdatedCount = z.object({ updated: z.number().int() });

// ---------------------------------------------------------------- locations

/** POST /locations. Interval defaults to 1 and endpoint to none; no ldOptions on create. */
export const ZLocationCreate = z
  .object({
    name: zRequiredText(200),
    customer: zRequiredText(200),
    ...placeDetails,
    calibration: ZInterval.optional(),
    endpoint: ZLocationEndpointInput.omit({ ldOptions: true }).nullable().optional(),
    notes: zOptionalText(4000),
    /** The logbook settings (docs/places.md, "Logbook settings"): rulebook null is the customer's. */
    rulebook: zRulebook().optional(),
    healthcare: z.boolean({ error: MESSAGE.required }).optional(),
    timeZone: zTimeZone().optional(),
    ...responsibleFields,
  })
  .superRefine(refineEndpoint(false));
export type TLocationCreate = z.infer<typeof ZLocationCreate>;

/** PATCH /customers/{c}/locations/{l}: a changed `customer` moves the location (moveLocation). */
export const ZLocationPatch = z.object({
  ...placePatchFields,
  customer: zRequiredText(200).optional(),
  endpoint: ZLocationEndpointInput.nullable().optional(),
  healthcare: z.boolean({ error: MESSAGE.required }).optional(),
  timeZone: zTimeZone().optional(),
});
export type TLocationPatch = z.infer<typeof ZLocationPatch>;

/** A location: rulebook null is its customer's; healthcare premises ask more of hot water (UK); times in its time zone. */
export const ZLocation = ZCustomer.omit({ alarmTemperatureMinutes: true }).extend({ customer: z.string(), healthcare: z.boolean(), timeZone: z.string() });
export type TLocation = z.infer<typeof ZLocation>;
export const ZLocationListItem = ZLocation.extend({ endpoint: ZEndpointPart, ...responsibleParts }).partial();
export type TLocationListItem = z.infer<typeof ZLocationListItem>;

// ---------------------------------------------------------------- gateways

/** POST /gateways. The MAC is stored in lower case; `product` names a product of type Gateway. */
export const ZGatewayCreate = z.object({
  mac: zMac().toLowerCase(),
  name: zRequiredText(200),
  product: zRequiredText(200),
  customer: zRequiredText(200),
  location: zRequiredText(200),
  type: zOptionalText(100),
  notes: zOptionalText(4000),
});
export type TGatewayCreate = z.infer<typeof ZGatewayCreate>;

/** PATCH .../gateways/{name}: any subset; customer and location together move the gateway. */
export const ZGatewayPatch = z.object({
  mac: zMac().toLowerCase().optional(),
  name: zRequiredText(200).optional(),
  product: zRequiredText(200).optional(),
  customer: zRequiredText(200).optional(),
  location: zRequiredText(200).optional(),
  type: zOptionalText(100),
  notes: zNotesUpdate(),
});
export type TGatewayPatch = z.infer<typeof ZGatewayPatch>;

export const ZGateway = z.object({
  mac: z.string(),
  name: z.string(),
  product: z.string().nullable(),
  customer: z.string(),
  location: z.string(),
  type: z.string(),
  notes: z.string().nullable(),
  /** When a network server last delivered an uplink this gateway heard (docs/gateways.md); null: never since registration. */
  lastSeenAt: z.string().nullable(),
});
export type TGateway = z.infer<typeof ZGateway>;
export const ZGatewayListItem = ZGateway.partial();
export type TGatewayListItem = z.infer<typeof ZGatewayListItem>;

// ---------------------------------------------------------------- calibration logs

/** One row of GET .../calibrationLogs (docs/places.md, "Calibration logs"); the web app makes the CSV. */
export const ZCalibrationLogRow = z.object({
  ts: z.string(),
  name: z.string(),
  eui: z.string(),
  customer: z.string().nullable(),
  location: z.string().nullable(),
  channel: z.string(),
  measured: z.number(),
  calibrated: z.number(),
  offset: z.number(),
});
export type TCalibrationLogRow = z.infer<typeof ZCalibrationLogRow>;
