import {
  API_KEY_NOT_FOUND,
  API_KEY_RIGHT_NOT_ALLOWED,
  apiKeyExpiryProblem,
  normalizeRightFlags,
  refusedApiKeyFlags,
  type TApiKey,
  type TApiKeyCreate,
  type TApiKeyCreated,
} from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { apiKeyUser, newApiKey } from '../../identity/api-keys';
import type { TAuthUser } from '../../identity/auth-user';
import { scopedCustomerIds } from '../../identity/customer-scope';
import { assertHoldsNoMore, assertMayGrant, customerIds } from '../users/user-service';
import { findApiKey, insertApiKey, listApiKeys, markRevoked, toApiKey } from './api-key-repository';

/**
 * API keys (docs/api-keys.md): made, listed and revoked by administrators and user managers
 * (the userManagement route entries), with the users' rules for what the maker may give.
 */

export async function apiKeys(db: TDb): Promise<TApiKey[]> {
  const now = new Date();
  return (await listApiKeys(db)).map((key) => toApiKey(key, now));
}

/**
 * A new key, shown once in the answer. Its rights: the user forms' checkbox rules, then the
 * users' rule "nobody grants a right they do not hold" (assertMayGrant: 403 `errors.rightNotHeld`
 * on `portal.rights.<flag>`), then the flags no key holds (400 `errors.apiKeyRightNotAllowed`).
 * Its customers: by name within the maker's own (a name outside them is answered as unknown, as
 * on the user forms); none means the maker's customers, so every customer for a maker without.
 */
export async function createApiKey(db: TDb, actor: TAuthUser, body: TApiKeyCreate, now = new Date()): Promise<TApiKeyCreated> {
  const expiresAt = new Date(body.expiresAt);
  const expiry = apiKeyExpiryProblem(expiresAt, now);
  if (expiry) throw ApiError.badRequest('The expiry must be in the future and within the longest a key is valid', { expiresAt: expiry });
  const names = body.customers.length ? body.customers : actor.customers.map((customer) => customer.name);
  const flags = normalizeRightFlags(body.portal.rights, names);
  assertMayGrant(actor, {}, flags);
  const refused = refusedApiKeyFlags(flags);
  if (refused.length) {
    throw ApiError.badRequest(
      `An API key cannot hold: ${refused.join(', ')}`,
      Object.fromEntries(refused.map((flag) => [`portal.rights.${flag}`, API_KEY_RIGHT_NOT_ALLOWED])),
      API_KEY_RIGHT_NOT_ALLOWED,
    );
  }
  const secret = newApiKey();
  const id = await db.transaction(async (tx) => {
    const ids = await customerIds(tx, names, 'customers', [scopedCustomerIds(actor)]);
    return insertApiKey(
      tx,
      {
        name: body.name,
        keyHash: secret.hash,
        hint: secret.hint,
        portalRights: flags,
        scoped: ids.length > 0,
        createdBy: actor.id,
        createdByEmail: actor.email,
        expiresAt,
      },
      ids,
    );
  });
  const stored = await findApiKey(db, id);
  if (!stored) throw ApiError.notFound(`No API key ${id}`);
  return { ...toApiKey(stored, now), key: secret.key };
}

/**
 * Revokes a key at once: the next call with it is 401. The row stays (who made it, when it was
 * last used, who revoked it). Like changing a user, only a key that holds no right or customer
 * beyond the caller's (403 `errors.userHoldsMore`); revoking twice changes nothing.
 */
export async function revokeApiKey(db: TDb, actor: TAuthUser, id: number): Promise<TApiKey> {
  const stored = await findApiKey(db, id);
  if (!stored) throw new ApiError(404, API_KEY_NOT_FOUND, `No API key ${id}`);
  assertHoldsNoMore(actor, apiKeyUser(stored.row, stored.customers));
  if (stored.row.revokedAt === null) await markRevoked(db, id, actor.email);
  const revoked = await findApiKey(db, id);
  if (!revoked) throw new ApiError(404, API_KEY_NOT_FOUND, `No API key ${id}`);
  return toApiKey(revoked);
}
