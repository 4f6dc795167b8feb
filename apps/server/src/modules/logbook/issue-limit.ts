import { sql } from 'drizzle-orm';
import { ERROR } from '@aquasmart/domain';
import { queryRows, type TDb } from '../../db/database';
import { ApiError } from '../../lib/api-error';

/**
 * How often one user may issue the logbook of one subject (docs/logbook.md, "Bounds"). Issued
 * reports are permanent (hundreds of kB each, never deleted), and anyone who may read a location may
 * issue its report, so the bound is what keeps the register from being filled by one account.
 *
 * - one issue in flight per user and subject; a lease, so a copy that died mid-issue blocks that
 *   user and subject for `leaseSeconds` at most;
 * - `max` issues per user and subject in a fixed window of `windowSeconds` (a year's months issued
 *   one by one still fit in a day).
 */
export const LOGBOOK_ISSUE_LIMITS = { max: 20, windowSeconds: 24 * 3600, leaseSeconds: 10 * 60 };
export type TLogbookIssueLimits = typeof LOGBOOK_ISSUE_LIMITS;
/** Retry-After while the user's issue of the subject is still running: an issue takes seconds. */
export const ISSUE_IN_FLIGHT_RETRY_SECONDS = 10;

/** `l:<location id>` or `c:<customer id>`: a customer's report and each of its locations' are bounded apart. */
export type TIssueSubjectKey = `${'l' | 'c'}:${number}`;

interface TLimitRow {
  busy: boolean;
  retry_after: number;
}

/**
 * Claims the user's issue of the subject, in one upsert that locks the row: parallel requests (on
 * any server copy of one database) wait for each other's statement and see its claim, so no more
 * than one passes while one is in flight and no more than `max` per window. Throws the 429.
 */
async function claimIssue(db: TDb, userId: number, subject: TIssueSubjectKey, limits: TLogbookIssueLimits): Promise<void> {
  const window = sql`make_interval(secs => ${limits.windowSeconds})`;
  const claimed = await queryRows<{ issued: number }>(
    db,
    sql`INSERT INTO logbook_issue_limits AS l (user_id, subject, window_start, issued, busy_until)
        VALUES (${userId}, ${subject}, now(), 1, now() + make_interval(secs => ${limits.leaseSeconds}))
        ON CONFLICT (user_id, subject) DO UPDATE SET
          issued = CASE WHEN l.window_start + ${window} <= now() THEN 1 ELSE l.issued + 1 END,
          window_start = CASE WHEN l.window_start + ${window} <= now() THEN now() ELSE l.window_start END,
          busy_until = EXCLUDED.busy_until
        WHERE (l.busy_until IS NULL OR l.busy_until <= now())
          AND (l.window_start + ${window} <= now() OR l.issued < ${limits.max})
        RETURNING issued`,
  );
  if (claimed.length > 0) return;
  const [row] = await queryRows<TLimitRow>(
    db,
    sql`SELECT busy_until IS NOT NULL AND busy_until > now() AS busy,
          ceil(extract(epoch FROM window_start + ${window} - now()))::int AS retry_after
        FROM logbook_issue_limits WHERE user_id = ${userId} AND subject = ${subject}`,
  );
  if (row?.busy) {
    throw new ApiError(429, ERROR.logbookIssueInProgress, 'This user is issuing this logbook already; wait until it is done', undefined, undefined, {
      'retry-after': String(ISSUE_IN_FLIGHT_RETRY_SECONDS),
    });
  }
  const hours = Math.round(limits.windowSeconds / 3600);
  throw new ApiError(
    429,
    ERROR.tooManyLogbookIssues,
    `This user issued this logbook ${limits.max} times in ${hours} hours; Retry-After says when the next may be issued`,
    undefined,
    { max: limits.max, hours },
    { 'retry-after': String(Math.max(1, Number(row?.retry_after ?? 1))) },
  );
}

/** Ends the claim; a failed issue (a bad period, a database error) gives its count back. */
async function releaseIssue(db: TDb, userId: number, subject: TIssueSubjectKey, succeeded: boolean): Promise<void> {
  await db.execute(
    sql`UPDATE logbook_issue_limits SET busy_until = NULL${succeeded ? sql`` : sql`, issued = greatest(issued - 1, 0)`}
        WHERE user_id = ${userId} AND subject = ${subject}`,
  );
}

/** Runs one user's issue of a subject within the bounds (429 with Retry-After beyond them). */
export async function withinIssueLimits<T>(
  db: TDb,
  userId: number,
  subject: TIssueSubjectKey,
  issue: () => Promise<T>,
  limits: TLogbookIssueLimits = LOGBOOK_ISSUE_LIMITS,
): Promise<T> {
  await claimIssue(db, userId, subject, limits);
  let succeeded = false;
  try {
    const result = await issue();
    succeeded = true;
    return result;
  } finally {
    // A release that fails (the database went away) must not turn an issued report into an error:
    // the lease ends the claim within leaseSeconds anyway.
    await releaseIssue(db, userId, subject, succeeded).catch(() => undefined);
  }
}
