import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { API_KEY_LAST_USED_EVERY_SECONDS, API_KEY_PREFIX, defaultAlarmNotifications, deriveRightEntries, normalizeRightFlags } from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../db/database';
import { apiKeyCustomers, apiKeys, customers } from '../db/schema';
import type { TAuthUser } from './auth-user';
import { hashToken } from './tokens';

/**
 * API keys as callers (docs/api-keys.md): a presented key to the auth user it acts as. Below the
 * modules, beside the session tokens, so the authenticate plugin needs no feature module.
 */

/** A new key: the prefix and 256 random bits (base64url). Only its SHA-256 is stored, as a session token's. */
export function newApiKey(): { key: string; hash: string; hint: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashToken(key), hint: key.slice(0, API_KEY_PREFIX.length + 4) };
}

/**
 * The user a key acts as: its own flags and customers (so every route's rights and customer scope
 * apply as to a person), never type Administrator, no e-mail alerts. Its id is the key's id
 * negated, so it never equals a user's (audit columns and in-memory jobs keyed by user id), and its
 * e-mail is `api-key:<id>`, what the audit columns record as the actor.
 */
export function apiKeyUser(key: { id: number; name: string; portalRights: TAuthUser['portal']['rights'] }, scope: { id: number; name: string }[]): TAuthUser {
  const flags = normalizeRightFlags(key.portalRights, scope.map((customer) => customer.name));
  return {
    id: -key.id,
    email: `api-key:${key.id}`,
    firstName: key.name,
    lastName: '',
    type: null,
    language: 'en',
    portal: { rights: flags },
    rights: deriveRightEntries(flags, false),
    customers: scope,
    flushEmailAlerts: false,
    overflowEmailAlerts: false,
    logbookEmails: false,
    alarmNotifications: defaultAlarmNotifications(),
    phone: null,
    phoneVerified: false,
    apiKey: { id: key.id, name: key.name },
  };
}

/** The customers of keys by key id, sorted by name (none: every customer, unless the key is `scoped`). */
export async function apiKeyScopes(db: TDbOrTx, ids: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const byKey = new Map<number, { id: number; name: string }[]>();
  if (ids.length === 0) return byKey;
  const rows = await db
    .select({ keyId: apiKeyCustomers.apiKeyId, id: customers.id, name: customers.name })
    .from(apiKeyCustomers)
    .innerJoin(customers, eq(customers.id, apiKeyCustomers.customerId))
    .where(inArray(apiKeyCustomers.apiKeyId, ids))
    .orderBy(customers.name);
  for (const row of rows) byKey.set(row.keyId, [...(byKey.get(row.keyId) ?? []), { id: row.id, name: row.name }]);
  return byKey;
}

/**
 * The user of a presented key, or null when it is unknown, revoked or expired, or when every
 * customer it was given has been deleted (it is refused then, never widened to every customer).
 * The last use (time and address) is written at most once a minute per key: the row read tells
 * whether it is due, and the update's condition keeps simultaneous calls from writing twice.
 */
export async function resolveApiKey(db: TDb, key: string, clientAddress: string): Promise<TAuthUser | null> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      portalRights: apiKeys.portalRights,
      scoped: apiKeys.scoped,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, hashToken(key)))
    .limit(1);
  const now = new Date();
  if (!row || row.revokedAt !== null || new Date(row.expiresAt).getTime() <= now.getTime()) return null;
  const scope = (await apiKeyScopes(db, [row.id])).get(row.id) ?? [];
  if (row.scoped && scope.length === 0) return null;
  if (row.lastUsedAt === null || now.getTime() - new Date(row.lastUsedAt).getTime() >= API_KEY_LAST_USED_EVERY_SECONDS * 1000) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now, lastUsedFrom: clientAddress })
      .where(
        sql`${apiKeys.id} = ${row.id} AND (${apiKeys.lastUsedAt} IS NULL OR ${apiKeys.lastUsedAt} <= ${now.toISOString()}::timestamptz - ${API_KEY_LAST_USED_EVERY_SECONDS} * interval '1 second')`,
      );
  }
  return apiKeyUser(row, scope);
}
