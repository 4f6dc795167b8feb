import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ApiError } from '../lib/api-error';
import type { TDb } from '../db/database';
import { findTokenUserId } from '../identity/tokens';
import { findUser, type TAuthUser } from '../identity/auth-user';
import { resolveApiKey } from '../identity/api-keys';
import { API_KEY_INVALID, apiKeyFromAuthorization } from '@aquasmart/domain';
import { authorizeRoute } from './authorize';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes open without a token (sign-in, health, integrations with their own secret). */
    public?: boolean;
  }
  interface FastifyRequest {
    user: TAuthUser | null;
    accessToken: string | null;
  }
}

/** An onRoute hook for a scope whose routes are all public (the web app's files, the API docs). */
export function markRoutePublic(route: RouteOptions): void {
  route.config = { ...route.config, public: true };
}

/** The header the portal sends its token in (docs/architecture.md, "Authentication"). */
export const TOKEN_HEADER = 'x-access-token';

export function presentedToken(request: FastifyRequest): string | null {
  const value = request.headers[TOKEN_HEADER];
  const token = Array.isArray(value) ? value[0] : value;
  return token && token.length <= 200 ? token : null;
}

/** Resolves the presented token to its user; null when missing, unknown, expired or revoked. */
export async function resolveUser(db: TDb, token: string | null): Promise<TAuthUser | null> {
  if (!token) return null;
  const userId = await findTokenUserId(db, token);
  if (userId === null) return null;
  const found = await findUser(db, { id: userId });
  if (!found) return null;
  const { passwordHash: _secret, ...user } = found;
  return user;
}

/**
 * The caller of a request: an API key (`Authorization: Bearer aqk_...`, docs/api-keys.md) or a
 * session token. A key that is sent and does not work is refused with its own message key, also
 * beside a valid token: a broken integration should hear why, not fall back to someone's session.
 */
async function resolveCaller(db: TDb, request: FastifyRequest): Promise<{ user: TAuthUser; token: string | null }> {
  const key = apiKeyFromAuthorization(request.headers.authorization);
  if (key) {
    const user = await resolveApiKey(db, key, request.ip);
    if (!user) throw ApiError.unauthorized('Unknown, expired or revoked API key', API_KEY_INVALID);
    return { user, token: null };
  }
  const token = presentedToken(request);
  const user = await resolveUser(db, token);
  if (!user) throw ApiError.unauthorized();
  return { user, token };
}

/**
 * Every route needs a valid x-access-token (or API key) unless its definition says `public: true` (sign-in,
 * health, the intake with its own secret, the API docs, the web app's files), and the caller
 * must hold the route's entry (plugins/authorize.ts). The decision is taken on the route the
 * router matched, never on the raw URL: `/%61pi/v1/users` matches the users route too.
 */
export function registerAuthentication(app: FastifyInstance, db: TDb): void {
  app.decorateRequest('user', null);
  app.decorateRequest('accessToken', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return; // no route matched: the not-found handler answers
    if (request.routeOptions.config?.public) return;
    const { user, token } = await resolveCaller(db, request);
    request.user = user;
    request.accessToken = token;
    authorizeRoute(request, user);
  });
}

/** The signed-in user of a route that is not public. */
export function currentUser(request: FastifyRequest): TAuthUser {
  if (!request.user) throw ApiError.unauthorized();
  return request.user;
}
