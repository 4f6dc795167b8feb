import { z } from 'zod';
import {
  ALARM_TEMPERATURE_MINUTES_MAX,
  ALARM_TEMPERATURE_MINUTES_MIN,
  CALIBRATION_INTERVALS,
  CUSTOMER_PLATFORM,
  DEFAULT_TIME_ZONE,
  endpointIssues,
  isTimeZone,
  MESSAGE,
  messageKey,
  normalizeEndpoint,
  PLACE_MESSAGE,
  PLATFORMS,
  RULEBOOK_IDS,
  ZLocationPatch,
  zOneOf,
  zOptionalText,
  type TCustomer,
  type TCustomerCreate,
  type TCustomerPatch,
  type TEndpointInput,
  type TEndpointValue,
  type TLocation,
  type TLocationCreate,
  type TLocationPatch,
  type TRulebookId,
  RESPONSIBLE_PERSON_FIELDS,
  ZResponsiblePerson,
  type TResponsiblePerson,
} from '@aquasmart/domain';

/**
 * The customer and location forms (docs/places.md, "Required fields" and "Endpoint"): their values, the rules
 * (the shared validators and the platform rules of the domain package, the same the server runs)
 * and the bodies they send. Interval, platform, url and token are for administrators only.
 */
export type TPlaceKind = 'customer' | 'location';
export type TFormMode = 'create' | 'edit';

/** The select value for "no platform" ('' would leave the select's label over an empty box). */
export const NO_PLATFORM = 'none';
export const CUSTOMER_PLATFORMS = [NO_PLATFORM, ...PLATFORMS] as const;
export const LOCATION_FORM_PLATFORMS = [NO_PLATFORM, CUSTOMER_PLATFORM, ...PLATFORMS] as const;
export const INTERVAL_OPTIONS = CALIBRATION_INTERVALS.map(String) as ['1', '2', '3'];

/** The select value for "no rulebook of its own": by the country (customer) or the customer's (location). */
export const DEFAULT_RULEBOOK = 'default';
export const RULEBOOK_OPTIONS = [DEFAULT_RULEBOOK, ...RULEBOOK_IDS] as const;

/**
 * The time zones the location form offers (docs/places.md, "Logbook settings"): the European ones
 * of the countries the rulebooks serve and their neighbours, and UTC. A stored zone that is not in
 * the list is offered as well (timeZoneOptions).
 */
export const TIME_ZONES = [
  'Europe/Amsterdam',
  'Europe/Brussels',
  'Europe/Luxembourg',
  'Europe/Berlin',
  'Europe/Paris',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Lisbon',
  'Europe/Madrid',
  'Europe/Zurich',
  'Europe/Vienna',
  'Europe/Rome',
  'Europe/Copenhagen',
  'Europe/Oslo',
  'Europe/Stockholm',
  'Europe/Warsaw',
  'Europe/Prague',
  'Europe/Helsinki',
  'Europe/Athens',
  'UTC',
] as const;

/** The offered time zones, with the current (stored) one first when the list does not hold it. */
export function timeZoneOptions(current: string): string[] {
  return current && !(TIME_ZONES as readonly string[]).includes(current) ? [current, ...TIME_ZONES] : [...TIME_ZONES];
}

export interface TPlaceFormValues {
  name: string;
  /** Locations only: the customer's name. */
  customer: string;
  reference: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  /** '1' | '2' | '3' (a select value); '' until chosen. */
  interval: string;
  endpoint: {
    platform: string;
    url: string;
    token: string;
    ldOptions: { deviceType: string; subType1: string; subType2: string; subType3: string };
  };
  notes: string;
  /** The logbook's rulebook: DEFAULT_RULEBOOK or one of RULEBOOK_IDS. */
  rulebook: string;
  /** Locations only: healthcare premises (UK asks 55 °C hot water). */
  healthcare: boolean;
  /** Locations only: the IANA time zone of the logbook's days and weeks. */
  timeZone: string;
  /** Customers only: minutes out of range before the sustained-temperature alarm opens (a text field's value). */
  alarmTemperatureMinutes: string;
  /** The logbook's responsible person and deputy (docs/places.md, "Responsible person"): all fields empty is nobody. */
  responsible: TPersonForm;
  deputy: TPersonForm;
}

/** A responsible person as the form holds it. */
export type TPersonForm = Record<(typeof RESPONSIBLE_PERSON_FIELDS)[number], string>;
const EMPTY_PERSON: TPersonForm = { name: '', role: '', organisation: '', email: '', phone: '' };

/** The form's person as the API's: null when every field is empty. */
export function personOrNull(person: TPersonForm): TResponsiblePerson | null {
  const trimmed = Object.fromEntries(RESPONSIBLE_PERSON_FIELDS.map((field) => [field, person[field].trim()])) as TPersonForm;
  return Object.values(trimmed).every((value) => value === '') ? null : trimmed;
}

function personToForm(person: Partial<TPersonForm> | null | undefined): TPersonForm {
  return Object.fromEntries(RESPONSIBLE_PERSON_FIELDS.map((field) => [field, person?.[field] ?? ''])) as TPersonForm;
}

/** A person's fields: nobody (all empty), or the server's rules (a name, and an e-mail address or a phone). */
const ZPersonForm = z.object({ name: z.string(), role: z.string(), organisation: z.string(), email: z.string(), phone: z.string() }).superRefine((person, ctx) => {
  if (Object.values(person).every((value) => value.trim() === '')) return;
  const parsed = ZResponsiblePerson.safeParse(person);
  if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

/** The sustained-temperature alarm's duration when a customer sets none (docs/alarms.md). */
export const DEFAULT_ALARM_TEMPERATURE_MINUTES = '60';

/** Whole minutes within the server's bounds (docs/alarms.md, "Sustained temperature"). */
const zTemperatureMinutesField = z
  .string()
  .trim()
  .refine((value) => /^\d+$/.test(value), { error: MESSAGE.integer })
  .refine((value) => Number(value) >= ALARM_TEMPERATURE_MINUTES_MIN && Number(value) <= ALARM_TEMPERATURE_MINUTES_MAX, {
    error: messageKey(MESSAGE.range, { min: ALARM_TEMPERATURE_MINUTES_MIN, max: ALARM_TEMPERATURE_MINUTES_MAX }),
  });

export interface TPlaceFormOptions {
  kind: TPlaceKind;
  mode: TFormMode;
  /** Administrators edit the interval and the endpoint (docs/places-screens.md, "Administrator-only fields"). */
  admin: boolean;
}

// The limits of the server's schemas (the patch schema's fields without `.optional()`).
const required = {
  name: ZLocationPatch.shape.name.unwrap(),
  reference: ZLocationPatch.shape.reference.unwrap(),
  address: ZLocationPatch.shape.address.unwrap(),
  postalCode: ZLocationPatch.shape.postalCode.unwrap(),
  city: ZLocationPatch.shape.city.unwrap(),
  country: ZLocationPatch.shape.country.unwrap(),
};

const ZEndpointForm = z.object({
  platform: z.string(),
  url: z.string().trim(),
  token: z.string().trim(),
  ldOptions: z.object({ deviceType: z.string().trim(), subType1: z.string().trim(), subType2: z.string().trim(), subType3: z.string().trim() }),
});

/** The endpoint of the form as the domain's input: the "none" choice is no platform. */
export function endpointInput(endpoint: TPlaceFormValues['endpoint']): TEndpointInput {
  return { ...endpoint, platform: endpoint.platform === NO_PLATFORM ? null : endpoint.platform };
}

/** Which endpoint fields the form shows: url for XIC/Unica, token with any platform, ldOptions on edit with a token. */
export function visibleEndpointFields(endpoint: TPlaceFormValues['endpoint'], mode: TFormMode): { url: boolean; token: boolean; ldOptions: boolean } {
  const platform = endpoint.platform;
  const none = platform === NO_PLATFORM || platform === '' || platform === CUSTOMER_PLATFORM;
  return {
    url: platform === 'XIC' || platform === 'Unica',
    token: !none,
    ldOptions: mode === 'edit' && platform === 'LegionellaDossier' && endpoint.token.trim() !== '',
  };
}

export function placeFormSchema({ kind, mode, admin }: TPlaceFormOptions) {
  return z
    .object({
      ...required,
      customer: kind === 'location' ? ZLocationPatch.shape.customer.unwrap() : z.string(),
      interval: admin ? zOneOf(INTERVAL_OPTIONS) : z.string(),
      endpoint: ZEndpointForm,
      notes: zOptionalText(4000),
      rulebook: z.string().refine((value) => (RULEBOOK_OPTIONS as readonly string[]).includes(value), { error: MESSAGE.oneOf }),
      healthcare: z.boolean(),
      timeZone: kind === 'location' ? z.string().refine(isTimeZone, { error: PLACE_MESSAGE.timeZone }) : z.string(),
      alarmTemperatureMinutes: kind === 'customer' ? zTemperatureMinutesField : z.string(),
      responsible: ZPersonForm,
      deputy: ZPersonForm,
    })
    .superRefine((values, ctx) => {
      if (!admin) return;
      for (const [path, message] of Object.entries(endpointIssues(endpointInput(values.endpoint), { editing: mode === 'edit' }))) {
        ctx.addIssue({ code: 'custom', path: path.split('.'), message });
      }
    });
}

/** Form paths the server may name in `fields` (others are shown by the snackbar only). */
export const PLACE_FORM_FIELDS = [
  'name',
  'customer',
  'reference',
  'address',
  'postalCode',
  'city',
  'country',
  'notes',
  'calibration.interval',
  'endpoint.platform',
  'endpoint.url',
  'endpoint.token',
  'endpoint.ldOptions.deviceType',
  'endpoint.ldOptions.subType1',
  'endpoint.ldOptions.subType2',
  'endpoint.ldOptions.subType3',
  'rulebook',
  'healthcare',
  'timeZone',
  'alarmTemperatureMinutes',
  ...['responsible', 'deputy'].flatMap((who) => RESPONSIBLE_PERSON_FIELDS.map((field) => `${who}.${field}`)),
];

export function emptyPlaceForm(kind: TPlaceKind, customer = ''): TPlaceFormValues {
  return {
    name: '',
    customer,
    reference: '',
    address: '',
    postalCode: '',
    city: '',
    country: 'Nederland',
    // New customers default to 2, new locations to 1 (docs/places.md, "Calibration interval") until a customer is chosen.
    interval: kind === 'customer' ? '2' : '1',
    endpoint: { platform: NO_PLATFORM, url: '', token: '', ldOptions: { deviceType: '', subType1: '', subType2: '', subType3: '' } },
    notes: '',
    rulebook: DEFAULT_RULEBOOK,
    healthcare: false,
    timeZone: DEFAULT_TIME_ZONE,
    alarmTemperatureMinutes: DEFAULT_ALARM_TEMPERATURE_MINUTES,
    responsible: { ...EMPTY_PERSON },
    deputy: { ...EMPTY_PERSON },
  };
}

function endpointToForm(endpoint: Partial<TEndpointValue> | null | undefined): TPlaceFormValues['endpoint'] {
  const options = endpoint?.ldOptions;
  return {
    platform: endpoint?.platform ?? NO_PLATFORM,
    url: endpoint?.url ?? '',
    token: endpoint?.token ?? '',
    ldOptions: {
      deviceType: options?.deviceType ?? '',
      subType1: options?.subType1 ?? '',
      subType2: options?.subType2 ?? '',
      subType3: options?.subType3 ?? '',
    },
  };
}

/** A loaded customer or location as form values. */
export function placeToForm(place: TCustomer | TLocation): TPlaceFormValues {
  return {
    name: place.name,
    customer: 'customer' in place ? place.customer : '',
    reference: place.reference,
    address: place.address,
    postalCode: place.postalCode,
    city: place.city,
    country: place.country,
    interval: String(place.calibration.interval),
    endpoint: endpointToForm(place.endpoint),
    notes: place.notes ?? '',
    rulebook: place.rulebook ?? DEFAULT_RULEBOOK,
    healthcare: 'healthcare' in place ? place.healthcare : false,
    timeZone: 'timeZone' in place ? place.timeZone : DEFAULT_TIME_ZONE,
    alarmTemperatureMinutes: 'alarmTemperatureMinutes' in place ? String(place.alarmTemperatureMinutes) : DEFAULT_ALARM_TEMPERATURE_MINUTES,
    responsible: personToForm(place.responsible),
    deputy: personToForm(place.deputy),
  };
}

/** The form's rulebook choice as the API's: null for the default. */
export function toRulebook(value: string): TRulebookId | null {
  return (RULEBOOK_IDS as readonly string[]).includes(value) ? (value as TRulebookId) : null;
}

function details(values: TPlaceFormValues) {
  return {
    name: values.name.trim(),
    reference: values.reference.trim(),
    address: values.address.trim(),
    postalCode: values.postalCode.trim(),
    city: values.city.trim(),
    country: values.country.trim(),
  };
}

/** Notes: on create '' means none; on update an empty text is left out (docs/places.md, "Notes and texts"). */
function notesPart(values: TPlaceFormValues): { notes?: string } {
  const notes = values.notes.trim();
  return notes === '' ? {} : { notes };
}

type TInterval = (typeof CALIBRATION_INTERVALS)[number];

/** A select value as an interval; the schema has already checked it is one of 1, 2, 3. */
function toInterval(value: string): TInterval {
  const interval = Number(value);
  return (CALIBRATION_INTERVALS as readonly number[]).includes(interval) ? (interval as TInterval) : CALIBRATION_INTERVALS[0];
}

/** The administrator's part: interval and endpoint, normalised by the platform rules. */
function adminPart(values: TPlaceFormValues, kind: TPlaceKind, mode: TFormMode) {
  const { ldOptions, ...withoutOptions } = normalizeEndpoint(endpointInput(values.endpoint));
  // A location takes no ldOptions on create (docs/places.md, "Required fields").
  const endpoint = kind === 'location' && mode === 'create' ? withoutOptions : { ...withoutOptions, ldOptions };
  return {
    calibration: { interval: toInterval(values.interval) },
    // On create "none" is simply left out; on edit it is sent, so that a platform can be removed.
    ...(mode === 'create' && endpoint.platform === null ? {} : { endpoint }),
  };
}

export function toCustomerBody(values: TPlaceFormValues, options: { mode: TFormMode; admin: boolean }): TCustomerCreate & TCustomerPatch {
  return {
    ...details(values),
    ...notesPart(values),
    rulebook: toRulebook(values.rulebook),
    alarmTemperatureMinutes: Number(values.alarmTemperatureMinutes.trim()),
    responsible: personOrNull(values.responsible),
    deputy: personOrNull(values.deputy),
    ...(options.admin ? adminPart(values, 'customer', options.mode) : {}),
  };
}

/**
 * A location always sends its interval: on create it is the customer's (or the administrator's
 * choice), on edit unchanged or the new customer's after a move; the server counts only changes.
 */
export function toLocationBody(values: TPlaceFormValues, options: { mode: TFormMode; admin: boolean }): TLocationCreate & TLocationPatch {
  const interval = values.interval === '' ? {} : { calibration: { interval: toInterval(values.interval) } };
  return {
    ...details(values),
    customer: values.customer.trim(),
    ...notesPart(values),
    ...interval,
    rulebook: toRulebook(values.rulebook),
    healthcare: values.healthcare,
    timeZone: values.timeZone,
    responsible: personOrNull(values.responsible),
    deputy: personOrNull(values.deputy),
    ...(options.admin ? adminPart(values, 'location', options.mode) : {}),
  };
}

/**
 * Choosing a customer in a location form (docs/places-screens.md, "Interval follows the customer"): a new location takes the
 * customer's interval; in edit, moving to another customer takes that customer's interval, and
 * moving back restores the location's own.
 */
export function intervalAfterCustomerChoice(input: {
  mode: TFormMode;
  customer: string;
  customers: readonly { name: string; interval: number }[];
  current: string;
  original?: { customer: string; interval: string };
}): string {
  if (input.mode === 'edit' && input.original && input.customer === input.original.customer) return input.original.interval;
  const chosen = input.customers.find((customer) => customer.name === input.customer);
  return chosen ? String(chosen.interval) : input.current;
}

/** After the customer's locations reload: the chosen location stays only if it still exists. */
export function locationAfterReload(location: string, names: readonly string[]): string {
  return names.includes(location) ? location : '';
}
