import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { tokens } from '../../db/schema';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 random bits, base64url: the token itself is never stored, only its SHA-256 hash. */
export async function issueToken(db: TDb, userId: number, ttlSeconds: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(tokens).values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + ttlSeconds * 1000) });
  return token;
}

export async function findTokenUserId(db: TDb, token: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: tokens.userId })
    .from(tokens)
    .where(and(eq(tokens.tokenHash, hashToken(token)), gt(tokens.expiresAt, new Date())))
    .limit(1);
  return row?.userId ?? null;
}

export async function revokeToken(db: TDb, token: string): Promise<void> {
  await db.delete(tokens).where(eq(tokens.tokenHash, hashToken(token)));
}

/** Revokes every token of a user, or every token but the one presented. */
export async function revokeUserTokens(db: TDb, userId: number, keepToken?: string): Promise<void> {
  const condition = keepToken ? and(eq(tokens.userId, userId), ne(tokens.tokenHash, hashToken(keepToken))) : eq(tokens.userId, userId);
  await db.delete(tokens).where(condition);
}

export async function deleteExpiredTokens(db: TDb): Promise<void> {
  await db.delete(tokens).where(lt(tokens.expiresAt, new Date()));
}
