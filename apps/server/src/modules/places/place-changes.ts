import type { TCustomerCreate, TCustomerPatch, TEndpointValue, TLocationCreate, TLocationPatch, TResponsiblePerson, TRulebookId } from '@aquasmart/domain';
import type { TEndpoint as TStoredEndpoint } from '../../db/schema';
import { mergeEndpoint, readEndpoint, sameEndpoint, toStoredEndpoint } from './place-endpoint';

/**
 * What a customer and a location share when they are created or edited (docs/places.md): the
 * address details, the notes, the calibration interval, the endpoint and the logbook settings
 * (rulebook; a location's healthcare and time zone), which count as details for the rights. Only
 * fields whose value changes count for the field rights, so a form may send back what it read.
 */

const PLACE_DETAILS = ['name', 'reference', 'address', 'postalCode', 'city', 'country'] as const;

interface TPlaceRow {
  name: string;
  reference: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  notes: string | null;
  calibrationInterval: number;
  endpoint: TStoredEndpoint | null;
  rulebook: TRulebookId | null;
  /** The logbook's responsible person and deputy (docs/places.md, "Responsible person"). */
  responsible: TResponsiblePerson | null;
  deputy: TResponsiblePerson | null;
  /** Customers only. */
  alarmTemperatureMinutes?: number;
  /** Locations only. */
  healthcare?: boolean;
  timeZone?: string;
}

type TPlaceValues = Partial<Omit<TPlaceRow, 'endpoint'> & { endpoint: TStoredEndpoint }>;

/** The catalogue path each kind of change needs; null: the change needs no right of its own. */
export interface TPlaceRights {
  details: string;
  notes: string;
  interval: string | null;
  endpoint: string;
}

export interface TPlaceChanges {
  values: TPlaceValues;
  needed: Set<string>;
  /** The endpoint after the change, when it changes (for the platform rules). */
  endpoint: TEndpointValue | null;
}

export function placeChanges(row: TPlaceRow, body: TCustomerPatch | TLocationPatch, rights: TPlaceRights): TPlaceChanges {
  const values: TPlaceValues = {};
  const needed = new Set<string>();
  for (const field of PLACE_DETAILS) {
    const value = body[field];
    if (value !== undefined && value !== row[field]) {
      values[field] = value;
      needed.add(rights.details);
    }
  }
  // The logbook settings are details too (docs/places.md, "Logbook settings").
  if (body.rulebook !== undefined && body.rulebook !== row.rulebook) {
    values.rulebook = body.rulebook;
    needed.add(rights.details);
  }
  // The responsible person and deputy are details too; null takes them away.
  for (const field of ['responsible', 'deputy'] as const) {
    const value = body[field];
    if (value !== undefined && !samePerson(value, row[field])) {
      values[field] = value;
      needed.add(rights.details);
    }
  }
  // The sustained-temperature alarm's duration (docs/alarms.md) is a customer detail too.
  if ('alarmTemperatureMinutes' in body && body.alarmTemperatureMinutes !== undefined && body.alarmTemperatureMinutes !== row.alarmTemperatureMinutes) {
    values.alarmTemperatureMinutes = body.alarmTemperatureMinutes;
    needed.add(rights.details);
  }
  if ('healthcare' in body && body.healthcare !== undefined && body.healthcare !== row.healthcare) {
    values.healthcare = body.healthcare;
    needed.add(rights.details);
  }
  if ('timeZone' in body && body.timeZone !== undefined && body.timeZone !== row.timeZone) {
    values.timeZone = body.timeZone;
    needed.add(rights.details);
  }
  // An empty text leaves the notes as they are; null clears them.
  const notes = body.notes === '' ? undefined : body.notes;
  if (notes !== undefined && notes !== row.notes) {
    values.notes = notes;
    needed.add(rights.notes);
  }
  const interval = body.calibration?.interval;
  if (interval !== undefined && interval !== row.calibrationInterval) {
    values.calibrationInterval = interval;
    if (rights.interval) needed.add(rights.interval);
  }
  const merged = body.endpoint === undefined ? null : mergeEndpoint(row.endpoint, body.endpoint);
  const endpoint = merged && !sameEndpoint(merged, readEndpoint(row.endpoint)) ? merged : null;
  if (endpoint) {
    values.endpoint = toStoredEndpoint(endpoint);
    needed.add(rights.endpoint);
  }
  return { values, needed, endpoint };
}

/** Two responsible persons (or none) are the same when every field is. */
function samePerson(a: TResponsiblePerson | null, b: TResponsiblePerson | null): boolean {
  if (a === null || b === null) return a === b;
  return a.name === b.name && a.role === b.role && a.organisation === b.organisation && a.email === b.email && a.phone === b.phone;
}

/** The columns of a new customer or location; '' notes are stored as none. */
export function newPlaceValues(body: Omit<TCustomerCreate, 'calibration' | 'endpoint'>, calibrationInterval: number, endpoint: TEndpointValue) {
  return {
    name: body.name,
    reference: body.reference,
    address: body.address,
    postalCode: body.postalCode,
    city: body.city,
    country: body.country,
    calibrationInterval,
    endpoint: toStoredEndpoint(endpoint),
    notes: body.notes || null,
    rulebook: body.rulebook ?? null,
    responsible: body.responsible ?? null,
    deputy: body.deputy ?? null,
  };
}

/** A new location's own logbook settings: not healthcare premises, Europe/Amsterdam, unless sent. */
export function newLocationLogbookValues(body: Pick<TLocationCreate, 'healthcare' | 'timeZone'>) {
  return {
    ...(body.healthcare === undefined ? {} : { healthcare: body.healthcare }),
    ...(body.timeZone === undefined ? {} : { timeZone: body.timeZone }),
  };
}
