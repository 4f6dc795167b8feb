import { eq, sql } from 'drizzle-orm';
import type { TCurrentUser } from '@aquasmart/domain';
import { emptyRights, USER_LANGUAGES } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { customers, userCustomers, users } from '../../db/schema';
import { toAuthUser, type TAuthUser } from '../../identity/auth-user';

/** The public shape of a user: never the password hash, never tokens. */
export function toCurrentUser(user: TAuthUser): TCurrentUser {
  const language = (USER_LANGUAGES as readonly string[]).includes(user.language) ? (user.language as TCurrentUser['language']) : 'nl';
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    type: user.type,
    language,
    customers: user.customers.map((customer) => customer.name),
    portal: { rights: { ...emptyRights(), ...user.portal.rights } },
    rights: user.rights,
    flush: { emailAlerts: user.flushEmailAlerts },
    overflowDetection: { emailAlerts: user.overflowEmailAlerts },
    logbookEmails: user.logbookEmails,
    alarmNotifications: user.alarmNotifications,
    phone: { number: user.phone, verified: user.phoneVerified },
  };
}

export async function countUsers(db: TDb): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(users);
  return row.total;
}

/** Every user with their customer names, sorted by name; never secrets. */
export async function listUsers(db: TDb): Promise<TAuthUser[]> {
  const rows = await db.select().from(users).orderBy(users.firstName, users.lastName, users.email);
  const scopes = await db
    .select({ userId: userCustomers.userId, id: customers.id, name: customers.name })
    .from(userCustomers)
    .innerJoin(customers, eq(customers.id, userCustomers.customerId))
    .orderBy(customers.name);
  return rows.map((row) =>
    toAuthUser(
      row,
      scopes.filter((scope) => scope.userId === row.id).map(({ id, name }) => ({ id, name })),
    ),
  );
}

/** Administrators: type Administrator or the administrator flag. */
export async function countAdministrators(db: TDb, exceptUserId?: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(
      sql`(${users.type} = 'Administrator' OR (${users.portalRights}->>'administrator')::boolean IS TRUE)
          AND ${users.id} <> ${exceptUserId ?? -1}`,
    );
  return row.total;
}
