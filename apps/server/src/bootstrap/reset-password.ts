import { randomBytes } from 'node:crypto';
import { eq, like, or, sql } from 'drizzle-orm';
import type { TDb } from '../db/database';
import { loginAttempts, tokens, users } from '../db/schema';
import { hashPassword } from '../identity/passwords';

export class ResetPasswordError extends Error {}

/**
 * Sets a new, generated password for an existing account (`npm run admin:reset-password`, for the
 * administrator whose printed password was lost): signs the account out everywhere (its tokens are
 * deleted), lifts a sign-in lock-out of the account and turns its two-factor sign-in off (a lost
 * phone and lost recovery codes come with a lost account; where two-factor is required the owner is
 * led through the set-up at the next sign-in: docs/users.md). Answers the new password, to be shown once.
 * Only someone who can reach the database (the server's machine) can run it; there is no HTTP route.
 */
export async function resetPassword(db: TDb, email: string): Promise<{ email: string; password: string }> {
  const normalized = email.trim().toLowerCase();
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalized));
  if (!user) throw new ResetPasswordError(`no account with the e-mail address ${email.trim()}`);
  const password = randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx.delete(tokens).where(eq(tokens.userId, user.id));
    // The account's own counters (modules/auth/login-limiter.ts); an address's counter stays.
    await tx.delete(loginAttempts).where(or(eq(loginAttempts.subject, `email:${normalized}`), like(loginAttempts.subject, `pair:${normalized}|%`)));
    // Two-factor sign-in (migration 0040), with its recovery codes and open challenges.
    await tx.execute(sql`DELETE FROM two_factor_recovery_codes WHERE user_id = ${user.id}`);
    await tx.execute(sql`DELETE FROM two_factor_challenges WHERE user_id = ${user.id}`);
    await tx.execute(sql`DELETE FROM user_two_factor WHERE user_id = ${user.id}`);
  });
  return { email: user.email, password };
}
