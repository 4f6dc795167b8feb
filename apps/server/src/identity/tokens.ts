import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { TDb, TDbOrTx } from '../db/database';
import { tokens } from '../db/schema';

/**
 * However often a token is renewed, its session ends this long after the sign-in that started
 * it: a stolen token cannot be kept alive for ever by renewing it.
 */
export const MAX_SESSION_SECONDS = 7 * 24 * 3600;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * 256 random bits, base64url: the token itself is never stored, only its SHA-256 hash. A token
 * that continues a session (a renewal) keeps that session's start and never outlives it.
 */
export async function issueToken(
  db: TDbOrTx,
  userId: number,
  ttlSeconds: number,
  session: { startedAt: Date; id: string } = { startedAt: new Date(), id: randomBytes(16).toString('base64url') },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Math.min(Date.now() + ttlSeconds * 1000, session.startedAt.getTime() + MAX_SESSION_SECONDS * 1000));
  await db.insert(tokens).values({ tokenHash: hashToken(token), userId, expiresAt, sessionStartedAt: session.startedAt, sessionId: session.id });
  return token;
}

export interface TTokenSession {
  userId: number;
  sessionStartedAt: Date;
}

export async function findTokenSession(db: TDb, token: string): Promise<TTokenSession | null> {
  const [row] = await db
    .select({ userId: tokens.userId, sessionStartedAt: tokens.sessionStartedAt })
    .from(tokens)
    .where(and(eq(tokens.tokenHash, hashToken(token)), gt(tokens.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** The user and expiry of a token that still works; null when unknown, expired or revoked (the event stream's re-check). */
export async function tokenExpiry(db: TDb, token: string): Promise<{ userId: number; expiresAt: Date } | null> {
  const [row] = await db
    .select({ userId: tokens.userId, expiresAt: tokens.expiresAt })
    .from(tokens)
    .where(and(eq(tokens.tokenHash, hashToken(token)), gt(tokens.expiresAt, new Date())))
    .limit(1);
  return row ? { userId: row.userId, expiresAt: new Date(row.expiresAt) } : null;
}

export async function findTokenUserId(db: TDb, token: string): Promise<number | null> {
  return (await findTokenSession(db, token))?.userId ?? null;
}

/**
 * How long a renewed token still works: requests that left with it while the renewal ran (a
 * screen's refresh beside the save of one's own account, which renews) are answered, not signed
 * out. Short, so a renewal does not leave a second long-lived token behind.
 */
export const TOKEN_RENEWAL_GRACE_SECONDS = 30;

/**
 * Renews a token: a fresh token for the same session; the old one ends after the grace period
 * and cannot be renewed again, in the same transaction, so a renewal never doubles the tokens
 * that can be kept alive. Null when the token is unknown, expired or was renewed already.
 */
export async function renewToken(db: TDb, token: string, ttlSeconds: number): Promise<string | null> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const graceEnd = new Date(now.getTime() + TOKEN_RENEWAL_GRACE_SECONDS * 1000);
    const [old] = await tx
      .update(tokens)
      .set({ renewedAt: now, expiresAt: sql`least(${tokens.expiresAt}, ${graceEnd.toISOString()}::timestamptz)` })
      .where(and(eq(tokens.tokenHash, hashToken(token)), gt(tokens.expiresAt, now), isNull(tokens.renewedAt)))
      .returning({ userId: tokens.userId, sessionStartedAt: tokens.sessionStartedAt, sessionId: tokens.sessionId });
    if (!old) return null;
    return issueToken(tx, old.userId, ttlSeconds, { startedAt: old.sessionStartedAt, id: old.sessionId });
  });
}

export async function revokeToken(db: TDb, token: string): Promise<void> {
  await db.delete(tokens).where(eq(tokens.tokenHash, hashToken(token)));
}

/**
 * Signing out ends the session the token belongs to: the token, the one it was renewed from (still
 * in its grace) and the one it was renewed into, whichever of them is presented.
 */
export async function revokeSession(db: TDb, token: string): Promise<void> {
  await db.delete(tokens).where(
    inArray(tokens.sessionId, db.select({ sessionId: tokens.sessionId }).from(tokens).where(eq(tokens.tokenHash, hashToken(token)))),
  );
}

/** Revokes every token of a user, or every token but the one presented. */
export async function revokeUserTokens(db: TDbOrTx, userId: number, keepToken?: string): Promise<void> {
  const condition = keepToken ? and(eq(tokens.userId, userId), ne(tokens.tokenHash, hashToken(keepToken))) : eq(tokens.userId, userId);
  await db.delete(tokens).where(condition);
}

export async function deleteExpiredTokens(db: TDb): Promise<void> {
  await db.delete(tokens).where(lt(tokens.expiresAt, new Date()));
}
