import { eq, inArray, sql } from 'drizzle-orm';
import { MESSAGE, readStoredEscalation, uniqueAddresses, type TAlarmEscalation } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { customers, users } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { loadUsersWhere, type TAuthUser } from '../../identity/auth-user';
import { mayReceiveEscalation } from './alarm-notifier';
import { requireCustomer } from '../customers/customer-repository';

/**
 * A customer's escalation settings (docs/alarm-notifications.md, "Escalation"): stored with users
 * by id, answered with users by e-mail address (the users' key in the API). Users no longer there
 * drop out of the answer.
 */
export async function readEscalation(db: TDb, actor: TAuthUser, customerName: string): Promise<TAlarmEscalation> {
  const customer = await requireCustomer(db, actor, customerName);
  const stored = readStoredEscalation(customer.alarmEscalation);
  const rows = stored.users.length ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, stored.users)) : [];
  return { minutes: stored.minutes, emails: stored.emails, users: stored.users.flatMap((id) => rows.filter((row) => row.id === id).map((row) => row.email)) };
}

/**
 * Replaces the settings. Each user must exist and be able to see the customer and its alarms (else
 * 400 on `users.N`): an escalation must not show a customer's alarms to someone outside it. Which
 * kinds a user gets is decided per alarm when it escalates (`escalateAlarms`). Plain
 * addresses are the customer's business (an on-call mailbox) and are not checked further.
 */
export async function saveEscalation(db: TDb, actor: TAuthUser, customerName: string, body: TAlarmEscalation): Promise<TAlarmEscalation> {
  const customer = await requireCustomer(db, actor, customerName);
  const emails = uniqueAddresses(body.users);
  const found = emails.length
    ? await loadUsersWhere(
        db,
        inArray(
          sql`lower(${users.email})`,
          emails.map((email) => email.toLowerCase()),
        ),
      )
    : [];
  const ids = emails.map((email, index) => {
    const user = found.find((candidate) => candidate.email.toLowerCase() === email.toLowerCase());
    if (!user || !mayReceiveEscalation(user, customer.id)) {
      throw ApiError.badRequest(`${email} is no user who may see customer ${customer.name}`, { [`users.${index}`]: MESSAGE.invalid });
    }
    return user.id;
  });
  const stored = { minutes: body.minutes, emails: uniqueAddresses(body.emails), users: ids };
  await db.update(customers).set({ alarmEscalation: stored, updatedAt: new Date() }).where(eq(customers.id, customer.id));
  return readEscalation(db, actor, customer.name);
}
