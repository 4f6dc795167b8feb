import { randomBytes } from 'node:crypto';
import { allKnownEntries, RIGHT_FLAGS, USER_TYPE_ADMINISTRATOR } from '@aquasmart/domain';
import { sql } from 'drizzle-orm';
import type { TDb } from '../db/database';
import { BOOTSTRAP_LOCK_ID } from '../db/locks';
import { users } from '../db/schema';
import { hashPassword } from '../identity/passwords';
import { countUsers } from '../modules/users/user-repository';

export const DEMO_ADMIN_EMAIL = 'admin@example.com';

export interface TFirstAdmin {
  email: string;
  /** Set only when the password was generated here and must be shown once. */
  generatedPassword?: string;
}

/**
 * When the database has no users, creates the first administrator from ADMIN_EMAIL and
 * ADMIN_PASSWORD; in demo mode without them, admin@example.com with a generated password.
 * Returns null when users already exist or nothing was configured.
 */
export async function ensureFirstAdministrator(
  db: TDb,
  options: { email?: string; password?: string; demo: boolean },
): Promise<TFirstAdmin | null> {
  if ((await countUsers(db)) > 0) return null;
  let email = options.email;
  let password = options.password;
  let generatedPassword: string | undefined;
  if (!email || !password) {
    if (!options.demo) return null;
    email = DEMO_ADMIN_EMAIL;
    generatedPassword = randomBytes(9).toString('base64url');
    password = generatedPassword;
  }
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK_ID})`);
    // Checked again under the lock: another copy may have created the account meanwhile.
    if ((await countUsers(tx)) > 0) return false;
    await tx.insert(users).values({
      email,
      firstName: 'Beheerder',
      // A last name too: the account form requires one (docs/users.md, "Accounts the server creates").
      lastName: 'Portal',
      passwordHash,
      type: USER_TYPE_ADMINISTRATOR,
      language: 'nl',
      portalRights: Object.fromEntries(RIGHT_FLAGS.map((flag) => [flag, true])),
      rights: allKnownEntries(),
    });
    return true;
  });
  return created ? { email, generatedPassword } : null;
}
