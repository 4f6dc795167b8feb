import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { readStoredAlarmNotifications, TOGGLE_KINDS, withToggle, type TPortalRights, type TRightEntry, type TStoredAlarmNotifications } from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../db/database';
import { customers, userCustomers, users } from '../db/schema';

/**
 * Identity: who a request's user is. Below every feature module, so that authentication,
 * rights checks and customer scoping need no feature module.
 */

/** A signed-in user as routes see it: identity, rights and customer scope. */
export interface TAuthUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  type: string | null;
  language: string;
  portal: { rights: Partial<TPortalRights> };
  rights: TRightEntry[];
  /** Names and ids of the customers the user is restricted to; empty means all. */
  customers: { id: number; name: string }[];
  flushEmailAlerts: boolean;
  overflowEmailAlerts: boolean;
  /** The monthly logbook by e-mail (docs/logbook.md). */
  logbookEmails: boolean;
  /** Alarm notification preferences (docs/alarm-notifications.md); the two toggles above mirror two of its kinds. */
  alarmNotifications: TStoredAlarmNotifications;
  /** The phone number SMS go to; `phoneVerified` once a code sent to it was confirmed (docs/alarm-notifications.md). */
  phone: string | null;
  phoneVerified: boolean;
  /** Set when the caller is an API key, not a person (identity/api-keys.ts, docs/api-keys.md). */
  apiKey?: { id: number; name: string };
}

export interface TUserWithSecret extends TAuthUser {
  passwordHash: string;
}

export async function findUser(db: TDb, by: { id: number } | { email: string }): Promise<TUserWithSecret | null> {
  const condition = 'id' in by ? eq(users.id, by.id) : eq(sql`lower(${users.email})`, by.email.trim().toLowerCase());
  const [row] = await db.select().from(users).where(condition).limit(1);
  if (!row) return null;
  const scope = await db
    .select({ id: customers.id, name: customers.name })
    .from(userCustomers)
    .innerJoin(customers, eq(customers.id, userCustomers.customerId))
    .where(eq(userCustomers.userId, row.id))
    .orderBy(customers.name);
  return { ...toAuthUser(row, scope), passwordHash: row.passwordHash };
}

export function toAuthUser(row: typeof users.$inferSelect, scope: { id: number; name: string }[]): TAuthUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    type: row.type,
    language: row.language,
    portal: { rights: row.portalRights },
    rights: row.rights,
    customers: scope,
    flushEmailAlerts: row.flushEmailAlerts,
    overflowEmailAlerts: row.overflowEmailAlerts,
    logbookEmails: row.logbookEmails,
    alarmNotifications: mirroredPreferences(row),
    phone: row.phone ?? null,
    phoneVerified: row.phone !== null && row.phone !== undefined && row.phoneVerifiedAt !== null && row.phoneVerifiedAt !== undefined,
  };
}

/**
 * The preferences with the two toggle columns applied (docs/alarm-notifications.md, "The old
 * toggles"): a column on is its kind "immediately", a column off is not. Every writer keeps them
 * equal; this makes a row written only with the columns (seeds, older fixtures) read the same.
 */
function mirroredPreferences(row: typeof users.$inferSelect) {
  const stored = readStoredAlarmNotifications(row.alarmNotifications);
  return withToggle(withToggle(stored, TOGGLE_KINDS.flush, row.flushEmailAlerts), TOGGLE_KINDS.overflowDetection, row.overflowEmailAlerts);
}

/** The users a condition selects (e.g. an e-mail toggle is on), each with the customer scope, in id order. */
export async function loadUsersWhere(tx: TDbOrTx, condition: SQL | undefined): Promise<TAuthUser[]> {
  const rows = await tx.select().from(users).where(condition).orderBy(users.id);
  if (rows.length === 0) return [];
  const scopes = await tx
    .select({ userId: userCustomers.userId, id: customers.id, name: customers.name })
    .from(userCustomers)
    .innerJoin(customers, eq(customers.id, userCustomers.customerId))
    .where(
      inArray(
        userCustomers.userId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) =>
    toAuthUser(
      row,
      scopes.filter((scope) => scope.userId === row.id).map(({ id, name }) => ({ id, name })),
    ),
  );
}
