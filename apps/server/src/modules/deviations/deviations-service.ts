import { eq } from 'drizzle-orm';
import { deviationActionIssues, deviationHandling, type TDeviation, type TDeviationActionBody, type TDeviationKind, type TDeviationListQuery } from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import { locations } from '../../db/schema';
import type { TAuthUser } from '../../identity/auth-user';
import { inCustomerScope } from '../../identity/customer-scope';
import { ApiError } from '../../lib/api-error';
import { requireCustomer } from '../customers/customer-repository';
import { requireLocation } from '../locations/location-repository';
import { actionsOf, alarmLocation, findDeviationRecord, insertAction, listDeviationRecords, type TDeviationRecord } from './deviations-repository';

/**
 * Deviations of the logbook (docs/logbook.md, "Deviations"): the lists of a location and a customer,
 * one deviation, and recording what was done about one. Scoped like the locations: another
 * customer's deviation is a 404 like an unknown one.
 */

function toDeviation(record: TDeviationRecord, actions: TDeviation['actions']): TDeviation {
  const { state, handling } = deviationHandling(actions.at(-1) ?? null, record.alarm);
  return {
    id: record.id,
    kind: record.kind as TDeviationKind,
    alarmKind: record.alarmKind,
    customer: record.customer,
    location: record.location,
    eui: record.eui,
    nodeName: record.nodeName,
    channelId: record.channelId,
    from: record.from,
    to: record.to,
    alarmId: record.alarmId,
    state,
    handling,
    actions,
  };
}

async function page(db: TDbOrTx, locationIds: number[], query: TDeviationListQuery): Promise<{ rows: TDeviation[]; total: number }> {
  const { rows, total } = await listDeviationRecords(db, locationIds, query);
  const actions = await actionsOf(db, rows.map((row) => row.id));
  return { rows: rows.map((row) => toDeviation(row, actions.get(row.id) ?? [])), total };
}

export async function listLocationDeviations(db: TDb, user: TAuthUser, customer: string, location: string, query: TDeviationListQuery) {
  const row = await requireLocation(db, user, customer, location);
  return page(db, [row.id], query);
}

/** A customer's deviations: those of its locations of now (a location moved away takes its deviations along). */
export async function listCustomerDeviations(db: TDb, user: TAuthUser, customer: string, query: TDeviationListQuery) {
  const row = await requireCustomer(db, user, customer);
  const ids = await db.select({ id: locations.id }).from(locations).where(eq(locations.customerId, row.id));
  return page(db, ids.map((entry) => entry.id), query);
}

async function requireDeviation(db: TDbOrTx, user: TAuthUser, id: number, lock = false): Promise<TDeviationRecord> {
  const record = await findDeviationRecord(db, id, lock);
  if (!record || !inCustomerScope(user, record.customerId)) throw ApiError.notFound(`No deviation ${id}`);
  return record;
}

export async function readDeviation(db: TDbOrTx, user: TAuthUser, id: number): Promise<TDeviation> {
  const record = await requireDeviation(db, user, id);
  return toDeviation(record, (await actionsOf(db, [id])).get(id) ?? []);
}

/**
 * Records cause and corrective action (insert-only: a correction is a new action, the latest counts),
 * in one transaction: not in the future, not before the deviation began, a linked alarm of the
 * deviation's location (400 on the field otherwise).
 */
export async function recordDeviationAction(db: TDb, user: TAuthUser, id: number, body: TDeviationActionBody, now = new Date()): Promise<TDeviation> {
  return db.transaction(async (tx) => {
    const record = await requireDeviation(tx, user, id, true);
    const issues = deviationActionIssues(body, record.from, now);
    if (body.alarmId !== undefined && (await alarmLocation(tx, body.alarmId)) !== record.locationId) issues.alarmId = 'validation.alarmNotHere';
    if (Object.keys(issues).length > 0) throw ApiError.badRequest('The action is not valid', issues);
    await insertAction(tx, { deviationId: id, cause: body.cause, action: body.action, actedAt: new Date(body.actedAt), alarmId: body.alarmId ?? null, userId: user.id, userEmail: user.email, now });
    return readDeviation(tx, user, id);
  });
}
