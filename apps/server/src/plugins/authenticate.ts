import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error';
import type { TDb } from '../db/client';
import { findTokenUserId } from '../modules/auth/token-repository';
import { findUser, type TAuthUser } from '../modules/users/user-repository';
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

/** The header the portal sends its token in (portal.md section 7). */
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
 * Every API route needs a valid x-access-token unless its config says `public: true`, and the
 * caller must hold the route's entry (plugins/authorize.ts).
 */
export function registerAuthentication(app: FastifyInstance, db: TDb): void {
  app.decorateRequest('user', null);
  app.decorateRequest('accessToken', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public) return;
    if (!request.url.startsWith('/api/v1/')) return;
    if (!request.routeOptions.url) return; // unknown route: the not-found handler answers
    const token = presentedToken(request);
    const user = await resolveUser(db, token);
    if (!user) throw ApiError.unauthorized();
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
