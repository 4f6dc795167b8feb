import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { column, rowShape } from '../../db/rows';

/**
 * The stages of the sign-in limit. An attempt is counted before its password is checked, in one
 * statement per stage (an upsert that locks the row), so a hundred parallel guesses cannot all
 * read "9 so far" and all be checked. A successful sign-in gives its count back, so the counts
 * hold failures (and attempts in flight).
 *
 * - `pair` (e-mail and address): the first stage, 10 per 15 minutes. Guessing from one address
 *   locks out that address only, not the account's owner elsewhere.
 * - `address`: 30 per 15 minutes, so one address cannot spray guesses over many accounts. An
 *   office behind one NAT only shares it for failures.
 * - `email`: 50 per hour, only counted for attempts that passed the first two stages: guessing
 *   from many addresses is slowed down, and locking an account out (the administrator's too)
 *   takes an attacker several addresses every hour.
 */
export const LOGIN_LIMITS = {
  pair: { max: 10, windowSeconds: 15 * 60 },
  address: { max: 30, windowSeconds: 15 * 60 },
  email: { max: 50, windowSeconds: 60 * 60 },
} as const;

type TStage = keyof typeof LOGIN_LIMITS;

export interface TLoginSubjects {
  pair: string;
  address: string;
  email: string;
}

export function loginSubjects(email: string, clientAddress: string): TLoginSubjects {
  const normalized = email.trim().toLowerCase();
  return { pair: `pair:${normalized}|${clientAddress}`, address: `ip:${clientAddress}`, email: `email:${normalized}` };
}

/** Refused: the caller should wait `retryAfterSeconds` before the next attempt. */
export interface TLoginRefusal {
  retryAfterSeconds: number;
}

const countRow = rowShape({ subject: column.as<string>(), attempts: column.number, retry_after: column.number });

/** One counted subject with its window: `max` attempts per `windowSeconds`. */
export interface TCountedSubject {
  subject: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts one attempt on each subject in one statement (an upsert that locks the rows); null when
 * every count is within its limit, otherwise how long to wait. Shared by the sign-in and the
 * password reset (docs/users.md, "Forgotten password"), which count under their own subjects.
 */
export async function countAttemptsIn(db: TDb, counted: readonly TCountedSubject[]): Promise<TLoginRefusal | null> {
  const values = sql.join(
    counted.map((entry) => sql`(${entry.subject}, now(), ${entry.windowSeconds}, 1)`),
    sql`, `,
  );
  const rows = await countRow.read(
    db,
    sql`INSERT INTO login_attempts (subject, window_start, window_seconds, attempts) VALUES ${values}
        ON CONFLICT (subject) DO UPDATE SET
          attempts = CASE WHEN login_attempts.window_start + make_interval(secs => EXCLUDED.window_seconds) <= now() THEN 1 ELSE login_attempts.attempts + 1 END,
          window_start = CASE WHEN login_attempts.window_start + make_interval(secs => EXCLUDED.window_seconds) <= now() THEN now() ELSE login_attempts.window_start END,
          window_seconds = EXCLUDED.window_seconds
        RETURNING subject, attempts,
          ceil(extract(epoch FROM window_start + make_interval(secs => window_seconds) - now()))::int AS retry_after`,
  );
  const over = rows.filter((row) => row.attempts > counted.find((entry) => entry.subject === row.subject)!.max);
  if (over.length === 0) return null;
  return { retryAfterSeconds: Math.max(1, ...over.map((row) => row.retry_after)) };
}

function countAttempts(db: TDb, subjects: TLoginSubjects, stages: readonly TStage[]): Promise<TLoginRefusal | null> {
  return countAttemptsIn(
    db,
    stages.map((stage) => ({ subject: subjects[stage], ...LOGIN_LIMITS[stage] })),
  );
}

/**
 * Counts one attempt; null when the password may be checked, otherwise how long to wait. The
 * e-mail stage is only counted when the first two let the attempt through, so hammering from one
 * blocked address does not lock the account out everywhere.
 */
export async function countLoginAttempt(db: TDb, subjects: TLoginSubjects): Promise<TLoginRefusal | null> {
  return (await countAttempts(db, subjects, ['pair', 'address'])) ?? (await countAttempts(db, subjects, ['email']));
}

/** A successful sign-in gives its counted attempt back (the counts hold failures). */
export async function forgiveLoginAttempt(db: TDb, subjects: TLoginSubjects): Promise<void> {
  await db.execute(
    sql`UPDATE login_attempts SET attempts = greatest(attempts - 1, 0)
        WHERE subject IN (${subjects.pair}, ${subjects.address}, ${subjects.email})`,
  );
}

/** Windows long past are forgotten (called with the expired-token clean-up). */
export async function deleteExpiredLoginAttempts(db: TDb): Promise<void> {
  await db.execute(sql`DELETE FROM login_attempts WHERE window_start + make_interval(secs => window_seconds) < now()`);
}
