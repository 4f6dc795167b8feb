import { eq, sql } from 'drizzle-orm';
import { DEVICE_MESSAGE, messageKey, type TNetworkServer, type TNetworkServerKind } from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import { networkServers } from '../../db/schema';
import { ApiError } from '../../lib/api-error';

export type TNetworkServerRow = typeof networkServers.$inferSelect;

const nodesOf = sql<number>`(SELECT count(*) FROM devices d WHERE d.network_server_id = ${networkServers.id})::int`.mapWith(Number);

/** The administrators' view: every record with its secret and config, and how many devices use it. */
export async function listNetworkServers(db: TDb, where = sql`true`): Promise<TNetworkServer[]> {
  const rows = await db
    .select({ name: networkServers.name, kind: networkServers.kind, secret: networkServers.secret, config: networkServers.config, nodes: nodesOf })
    .from(networkServers)
    .where(where)
    .orderBy(sql`lower(${networkServers.name})`, networkServers.name);
  return rows.map((row) => ({ ...row, kind: row.kind as TNetworkServerKind }));
}

/** Names only, for users who may edit nodes (the network-server picker). */
export async function listNetworkServerNames(db: TDb): Promise<{ name: string }[]> {
  return db.select({ name: networkServers.name }).from(networkServers).orderBy(sql`lower(${networkServers.name})`, networkServers.name);
}

export async function readNetworkServer(db: TDb, name: string): Promise<TNetworkServer> {
  const [row] = await listNetworkServers(db, sql`${networkServers.name} = ${name}`);
  if (!row) throw ApiError.notFound(`No network server ${name}`);
  return row;
}

export async function findNetworkServer(db: TDbOrTx, name: string, lock = false): Promise<TNetworkServerRow | null> {
  const query = db.select().from(networkServers).where(eq(networkServers.name, name)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function requireNetworkServer(db: TDbOrTx, name: string, lock = false): Promise<TNetworkServerRow> {
  const row = await findNetworkServer(db, name, lock);
  if (!row) throw ApiError.notFound(`No network server ${name}`);
  return row;
}

/** A network server named in a request body (400 on `field` when unknown). */
export async function requireBodyNetworkServer(db: TDbOrTx, name: string, field = 'networkServer'): Promise<TNetworkServerRow> {
  const row = await findNetworkServer(db, name);
  if (!row) throw ApiError.badRequest(`Unknown network server ${name}`, { [field]: messageKey(DEVICE_MESSAGE.unknownNetworkServer, { name }) });
  return row;
}
