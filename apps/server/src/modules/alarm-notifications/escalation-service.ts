import { eq, inArray, sql } from 'drizzle-orm';
import { MESSAGE, readStoredEscalation, type TAlarmEscalation, readStoredStages, uniqueAddresses, type TAlarmEscalationChain, type TEscalationStage, type TStoredEscalationStage } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { customers, locations, users } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { loadUsersWhere, type TAuthUser } from '../../identity/auth-user';
import { mayReceiveEscalation } from './alarm-notifier';
import { requireCustomer } from '../customers/customer-repository';
import { requireLocation } from '../locations/location-repository';

/**
 * A customer's escalation settings (docs/alarm-notifications.md, "Escalation") and its chain of
 * stages (docs/escalation.md), and a location's own chain: stored with users by id, answered with
 * users by e-mail address (the users' key in the API). Users no longer there drop out of the answer.
 */

async function emailsOf(db: TDb, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.email]));
}

async function stagesAnswer(db: TDb, stored: TStoredEscalationStage[]): Promise<TEscalationStage[]> {
  const emails = await emailsOf(db, stored.flatMap((stage) => stage.users));
  return stored.map((stage) => ({ ...stage, users: stage.users.flatMap((id) => (emails.has(id) ? [emails.get(id)!] : [])) }));
}

export async function readEscalation(db: TDb, actor: TAuthUser, customerName: string): Promise<TAlarmEscalationChain> {
  const customer = await requireCustomer(db, actor, customerName);
  const stored = readStoredEscalation(customer.alarmEscalation);
  const emails = await emailsOf(db, stored.users);
  return {
    minutes: stored.minutes,
    emails: stored.emails,
    users: stored.users.flatMap((id) => (emails.has(id) ? [emails.get(id)!] : [])),
    stages: await stagesAnswer(db, readStoredStages((customer.alarmEscalation as Record<string, unknown> | null)?.stages)),
  };
}

/**
 * Users by e-mail to ids: each must exist and be able to see the customer and its alarms (else 400
 * on `<path>.N`): an escalation must not show a customer's alarms to someone outside it.
 */
async function userIds(db: TDb, customer: { id: number; name: string }, addresses: readonly string[], path: string): Promise<number[]> {
  const emails = uniqueAddresses(addresses);
  const found = emails.length
    ? await loadUsersWhere(
        db,
        inArray(
          sql`lower(${users.email})`,
          emails.map((email) => email.toLowerCase()),
        ),
      )
    : [];
  return emails.map((email, index) => {
    const user = found.find((candidate) => candidate.email.toLowerCase() === email.toLowerCase());
    if (!user || !mayReceiveEscalation(user, customer.id)) {
      throw ApiError.badRequest(`${email} is no user who may see customer ${customer.name}`, { [`${path}.${index}`]: MESSAGE.invalid });
    }
    return user.id;
  });
}

async function storedStages(db: TDb, customer: { id: number; name: string }, stages: readonly TEscalationStage[]): Promise<TStoredEscalationStage[]> {
  const stored: TStoredEscalationStage[] = [];
  for (const [index, stage] of stages.entries()) stored.push({ ...stage, users: await userIds(db, customer, stage.users, `stages.${index}.users`) });
  return stored;
}

/**
 * Replaces the settings. Which kinds a user gets is decided per alarm when it escalates. Plain
 * addresses are the customer's business (an on-call mailbox) and are not checked further. Stages
 * left out of the body stay as they were (a client of the e-mail escalation alone keeps the chain).
 */
export async function saveEscalation(db: TDb, actor: TAuthUser, customerName: string, body: TAlarmEscalation & { stages?: TEscalationStage[] }): Promise<TAlarmEscalationChain> {
  const customer = await requireCustomer(db, actor, customerName);
  const ids = await userIds(db, customer, body.users, 'users');
  const previous = readStoredStages((customer.alarmEscalation as Record<string, unknown> | null)?.stages);
  const stages = body.stages === undefined ? previous : await storedStages(db, customer, body.stages);
  const stored = { minutes: body.minutes, emails: uniqueAddresses(body.emails), users: ids, stages };
  await db.update(customers).set({ alarmEscalation: stored, updatedAt: new Date() }).where(eq(customers.id, customer.id));
  return readEscalation(db, actor, customer.name);
}

/** A location's own chain: `stages` empty means the customer's chain holds. */
export async function readLocationEscalation(db: TDb, actor: TAuthUser, customerName: string, locationName: string): Promise<{ stages: TEscalationStage[] }> {
  const location = await requireLocation(db, actor, customerName, locationName);
  const [row] = await db.select({ escalation: locations.alarmEscalation }).from(locations).where(eq(locations.id, location.id));
  return { stages: await stagesAnswer(db, readStoredStages((row?.escalation)?.stages)) };
}

export async function saveLocationEscalation(db: TDb, actor: TAuthUser, customerName: string, locationName: string, body: { stages: TEscalationStage[] }): Promise<{ stages: TEscalationStage[] }> {
  const customer = await requireCustomer(db, actor, customerName);
  const location = await requireLocation(db, actor, customerName, locationName);
  const stages = await storedStages(db, customer, body.stages);
  // No stages: null, so the customer's chain holds (escalation-chain.ts reads the location's first).
  await db.update(locations).set({ alarmEscalation: stages.length ? { stages } : null }).where(eq(locations.id, location.id));
  return readLocationEscalation(db, actor, customer.name, location.name);
}
