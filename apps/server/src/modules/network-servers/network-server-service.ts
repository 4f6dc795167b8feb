import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import {
  ERROR,
  networkServerConfigIssues,
  normalizeNetworkServerConfig,
  REGENERATE_SECRET,
  type TNetworkServerConfigInput,
  type TNetworkServerCreate,
  type TNetworkServerKind,
  type TNetworkServerPatch,
} from '@aquasmart/domain';
import { countRows, type TDb, type TDbOrTx } from '../../db/database';
import { rethrowConstraint } from '../../lib/constraint-error';
import { devices, networkServers } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { requireNetworkServer } from './network-server-repository';

const UNIQUES = {
  network_servers_name_unique: { key: ERROR.networkServerNameTaken, field: 'name' },
  // An administrator-chosen secret another server already has: the secret must identify one server.
  network_servers_secret_key: { key: ERROR.conflict, field: 'secret' },
};

/** 256 random bits, URL-safe: the bearer secret the integration presents. */
export function generateSecret(): string {
  return randomBytes(32).toString('base64url');
}

async function assertNameFree(tx: TDbOrTx, name: string, exceptId = -1): Promise<void> {
  const [clash] = await tx.select({ id: networkServers.id }).from(networkServers).where(and(eq(networkServers.name, name), ne(networkServers.id, exceptId))).limit(1);
  if (clash) throw new ApiError(409, ERROR.networkServerNameTaken, `A network server named ${name} exists`, { name: ERROR.networkServerNameTaken });
}

/** POST /networkServers: returns the new record's name. */
export async function createNetworkServer(db: TDb, body: TNetworkServerCreate): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      await assertNameFree(tx, body.name);
      await tx.insert(networkServers).values({
        name: body.name,
        kind: body.kind,
        secret: body.secret ?? generateSecret(),
        config: normalizeNetworkServerConfig(body.kind, body.config),
      });
      return body.name;
    });
  } catch (error) {
    rethrowConstraint(error, UNIQUES);
  }
}

/**
 * PATCH /networkServers/{name}: config keys merge into the stored ones (null or '' clears one)
 * and the merged config must be complete for the kind; `secret: "regenerate"` draws a new one.
 */
export async function updateNetworkServer(db: TDb, name: string, body: TNetworkServerPatch): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const row = await requireNetworkServer(tx, name, true);
      const kind = (body.kind ?? row.kind) as TNetworkServerKind;
      const merged: TNetworkServerConfigInput = { ...row.config, ...(body.config ?? {}) };
      const issues = networkServerConfigIssues(kind, merged);
      if (Object.keys(issues).length) throw ApiError.badRequest(`Invalid config: ${Object.keys(issues).join(', ')}`, issues);
      const newName = body.name ?? row.name;
      if (newName !== row.name) await assertNameFree(tx, newName, row.id);
      const secret = body.secret === undefined ? row.secret : body.secret === REGENERATE_SECRET ? generateSecret() : body.secret;
      await tx
        .update(networkServers)
        .set({ name: newName, kind, secret, config: normalizeNetworkServerConfig(kind, merged), updatedAt: new Date() })
        .where(eq(networkServers.id, row.id));
      return newName;
    });
  } catch (error) {
    rethrowConstraint(error, UNIQUES);
  }
}

/** DELETE /networkServers/{name}: refused with 409 while devices point at it. */
export async function deleteNetworkServer(db: TDb, name: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const row = await requireNetworkServer(tx, name, true);
      const nodes = await countRows(tx, devices, eq(devices.networkServerId, row.id));
      if (nodes > 0) throw ApiError.conflict(`Network server ${name} is still used by ${nodes} nodes`, ERROR.networkServerInUse, { nodes });
      await tx.delete(networkServers).where(eq(networkServers.id, row.id));
    });
  } catch (error) {
    rethrowConstraint(error, UNIQUES);
  }
}
