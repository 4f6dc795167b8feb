import { and, count, eq, gt, inArray, lt, or } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { loginFailures } from '../../db/schema';

/** 429 after this many failures within the window, per e-mail and per client address. */
export const MAX_LOGIN_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Failed sign-ins are counted in the database, not in memory, so that every copy of the
 * server behind a load balancer sees the same count.
 */
export function loginSubjects(email: string, clientAddress: string): string[] {
  return [`email:${email.trim().toLowerCase()}`, `ip:${clientAddress}`];
}

export async function isLoginBlocked(db: TDb, subjects: string[]): Promise<boolean> {
  const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
  const rows = await db
    .select({ subject: loginFailures.subject, failures: count() })
    .from(loginFailures)
    .where(and(inArray(loginFailures.subject, subjects), gt(loginFailures.at, since)))
    .groupBy(loginFailures.subject);
  return rows.some((row) => row.failures >= MAX_LOGIN_FAILURES);
}

export async function recordLoginFailure(db: TDb, subjects: string[]): Promise<void> {
  const before = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
  await db.transaction(async (tx) => {
    await tx.delete(loginFailures).where(and(inArray(loginFailures.subject, subjects), lt(loginFailures.at, before)));
    await tx.insert(loginFailures).values(subjects.map((subject) => ({ subject })));
  });
}

/** A successful sign-in forgives the e-mail's failures (not the address's). */
export async function clearEmailFailures(db: TDb, subjects: string[]): Promise<void> {
  const emailSubjects = subjects.filter((subject) => subject.startsWith('email:'));
  await db.delete(loginFailures).where(or(...emailSubjects.map((subject) => eq(loginFailures.subject, subject))));
}
