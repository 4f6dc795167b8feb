import { plannedDisinfectionIssues, type TPlannedDisinfection, type TPlannedDisinfectionBody, type TPlannedDisinfectionListQuery } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import type { TAuthUser } from '../../identity/auth-user';
import { ApiError } from '../../lib/api-error';
import { requireLocation } from '../locations/location-repository';
import { insertPlannedDisinfection, listPlannedDisinfections } from './disinfections-repository';

/**
 * Planned thermal disinfections of a location (docs/logbook.md, "Thermal disinfection"): the list and
 * recording one. Scoped like the locations: another customer's location is a 404 like an unknown one.
 */

export async function listLocationDisinfections(db: TDb, user: TAuthUser, customer: string, location: string, query: TPlannedDisinfectionListQuery): Promise<TPlannedDisinfection[]> {
  const row = await requireLocation(db, user, customer, location);
  return listPlannedDisinfections(db, row.id, row.timeZone, query);
}

/** Records one (insert-only: it never changes afterwards); an end in the future is 400 on `to`. */
export async function recordPlannedDisinfection(
  db: TDb,
  user: TAuthUser,
  customer: string,
  location: string,
  body: TPlannedDisinfectionBody,
  now = new Date(),
): Promise<TPlannedDisinfection> {
  const row = await requireLocation(db, user, customer, location);
  const issues = plannedDisinfectionIssues(body, now);
  if (Object.keys(issues).length > 0) throw ApiError.badRequest('The disinfection is not valid', issues);
  return insertPlannedDisinfection(db, { locationId: row.id, from: new Date(body.from), to: new Date(body.to), note: body.note ?? '', userId: user.id, userEmail: user.email, now });
}
