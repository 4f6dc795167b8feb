import { desc, eq } from 'drizzle-orm';
import { apiKeyScopes } from '../../identity/api-keys';
import { apiKeyState, emptyRights, type TApiKey } from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import { apiKeyCustomers, apiKeys } from '../../db/schema';

export type TApiKeyRow = typeof apiKeys.$inferSelect;

export interface TStoredApiKey {
  row: TApiKeyRow;
  customers: { id: number; name: string }[];
}

/** Every key, newest first, revoked and expired ones too (the record of who could call). */
export async function listApiKeys(db: TDb): Promise<TStoredApiKey[]> {
  const rows = await db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  const scopes = await apiKeyScopes(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ row, customers: scopes.get(row.id) ?? [] }));
}

export async function findApiKey(db: TDbOrTx, id: number): Promise<TStoredApiKey | null> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  if (!row) return null;
  return { row, customers: (await apiKeyScopes(db, [id])).get(id) ?? [] };
}

export async function insertApiKey(
  tx: TDbOrTx,
  key: Omit<typeof apiKeys.$inferInsert, 'id' | 'createdAt'>,
  customerIds: number[],
): Promise<number> {
  const [row] = await tx.insert(apiKeys).values(key).returning({ id: apiKeys.id });
  if (customerIds.length) await tx.insert(apiKeyCustomers).values(customerIds.map((customerId) => ({ apiKeyId: row.id, customerId })));
  return row.id;
}

export async function markRevoked(tx: TDbOrTx, id: number, byEmail: string): Promise<void> {
  await tx.update(apiKeys).set({ revokedAt: new Date(), revokedByEmail: byEmail }).where(eq(apiKeys.id, id));
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The answer of a key: never its hash. */
export function toApiKey({ row, customers: scope }: TStoredApiKey, now = new Date()): TApiKey {
  return {
    id: row.id,
    name: row.name,
    hint: row.hint,
    customers: scope.map((customer) => customer.name),
    portal: { rights: { ...emptyRights(), ...row.portalRights } },
    createdBy: row.createdByEmail,
    createdAt: new Date(row.createdAt).toISOString(),
    expiresAt: new Date(row.expiresAt).toISOString(),
    revokedAt: iso(row.revokedAt),
    lastUsedAt: iso(row.lastUsedAt),
    lastUsedFrom: row.lastUsedFrom,
    state: apiKeyState({ expiresAt: row.expiresAt, revokedAt: row.revokedAt }, now),
  };
}
