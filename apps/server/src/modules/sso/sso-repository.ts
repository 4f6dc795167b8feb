import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { emptyRights, type TSsoProvider } from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import { customers, ssoHandoffs, ssoProviderCustomers, ssoProviders, ssoStates } from '../../db/schema';

export type TSsoProviderRow = typeof ssoProviders.$inferSelect;

export interface TStoredSsoProvider {
  row: TSsoProviderRow;
  customers: { id: number; name: string }[];
}

async function providerCustomers(db: TDbOrTx, ids: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const byProvider = new Map<number, { id: number; name: string }[]>();
  if (ids.length === 0) return byProvider;
  const rows = await db
    .select({ providerId: ssoProviderCustomers.providerId, id: customers.id, name: customers.name })
    .from(ssoProviderCustomers)
    .innerJoin(customers, eq(customers.id, ssoProviderCustomers.customerId))
    .where(inArray(ssoProviderCustomers.providerId, ids))
    .orderBy(asc(customers.name));
  for (const row of rows) byProvider.set(row.providerId, [...(byProvider.get(row.providerId) ?? []), { id: row.id, name: row.name }]);
  return byProvider;
}

export async function listProviders(db: TDbOrTx): Promise<TStoredSsoProvider[]> {
  const rows = await db.select().from(ssoProviders).orderBy(asc(ssoProviders.name), asc(ssoProviders.id));
  const scopes = await providerCustomers(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ row, customers: scopes.get(row.id) ?? [] }));
}

export async function findProvider(db: TDbOrTx, id: number): Promise<TStoredSsoProvider | null> {
  const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.id, id)).limit(1);
  if (!row) return null;
  return { row, customers: (await providerCustomers(db, [id])).get(id) ?? [] };
}

/** What decides whether an address may sign in with a password: the enabled providers that refuse it. */
export async function passwordPolicyProviders(db: TDbOrTx): Promise<{ domains: string[]; enabled: boolean; passwordSignIn: boolean }[]> {
  return db
    .select({ domains: ssoProviders.domains, enabled: ssoProviders.enabled, passwordSignIn: ssoProviders.passwordSignIn })
    .from(ssoProviders)
    .where(and(eq(ssoProviders.enabled, true), eq(ssoProviders.passwordSignIn, false)));
}

/** Enabled providers' ids and names, for /login. */
export async function enabledProviders(db: TDb): Promise<{ id: number; name: string }[]> {
  return db.select({ id: ssoProviders.id, name: ssoProviders.name }).from(ssoProviders).where(eq(ssoProviders.enabled, true)).orderBy(asc(ssoProviders.name), asc(ssoProviders.id));
}

type TProviderColumns = Omit<typeof ssoProviders.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertProvider(tx: TDbOrTx, columns: TProviderColumns, customerIds: number[]): Promise<number> {
  const [row] = await tx.insert(ssoProviders).values(columns).returning({ id: ssoProviders.id });
  await replaceProviderCustomers(tx, row.id, customerIds);
  return row.id;
}

export async function updateProvider(tx: TDbOrTx, id: number, columns: Partial<TProviderColumns>, customerIds: number[]): Promise<void> {
  await tx
    .update(ssoProviders)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(ssoProviders.id, id));
  await replaceProviderCustomers(tx, id, customerIds);
}

async function replaceProviderCustomers(tx: TDbOrTx, id: number, customerIds: number[]): Promise<void> {
  await tx.delete(ssoProviderCustomers).where(eq(ssoProviderCustomers.providerId, id));
  if (customerIds.length) await tx.insert(ssoProviderCustomers).values(customerIds.map((customerId) => ({ providerId: id, customerId })));
}

export async function deleteProvider(db: TDbOrTx, id: number): Promise<boolean> {
  const deleted = await db.delete(ssoProviders).where(eq(ssoProviders.id, id)).returning({ id: ssoProviders.id });
  return deleted.length > 0;
}

/** The answer of a provider: never its secret, only that one is set. */
export function toSsoProvider({ row, customers: scope }: TStoredSsoProvider): TSsoProvider {
  return {
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecretSet: row.clientSecret !== '',
    domains: row.domains,
    enabled: row.enabled,
    createUsers: row.createUsers,
    passwordSignIn: row.passwordSignIn,
    customers: scope.map((customer) => customer.name),
    portal: { rights: { ...emptyRights(), ...row.portalRights } },
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

export async function insertState(db: TDbOrTx, state: typeof ssoStates.$inferInsert): Promise<void> {
  await db.insert(ssoStates).values(state);
}

/** Takes a state: deleted whether or not it is still valid, so it works once; null when unknown or expired. */
export async function takeState(db: TDbOrTx, stateHash: string, now: Date): Promise<typeof ssoStates.$inferSelect | null> {
  const [row] = await db.delete(ssoStates).where(eq(ssoStates.stateHash, stateHash)).returning();
  if (!row || new Date(row.expiresAt) <= now) return null;
  return row;
}

export async function insertHandoff(db: TDbOrTx, handoff: typeof ssoHandoffs.$inferInsert): Promise<void> {
  await db.insert(ssoHandoffs).values(handoff);
}

/** Takes a one-time code: deleted when found, answered only while it lives. */
export async function takeHandoff(db: TDbOrTx, codeHash: string, now: Date): Promise<typeof ssoHandoffs.$inferSelect | null> {
  const [row] = await db.delete(ssoHandoffs).where(eq(ssoHandoffs.codeHash, codeHash)).returning();
  if (!row || new Date(row.expiresAt) <= now) return null;
  return row;
}

/** Forgets started sign-ins and codes that expired (a sign-in abandoned at the provider). */
export async function deleteExpiredSsoRows(db: TDbOrTx, now: Date): Promise<void> {
  await db.delete(ssoStates).where(lt(ssoStates.expiresAt, now));
  await db.delete(ssoHandoffs).where(lt(ssoHandoffs.expiresAt, now));
}
