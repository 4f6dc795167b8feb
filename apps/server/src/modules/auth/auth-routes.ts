import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSignInAnswer, type TTwoFactorStep } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { errorResponses } from '../../lib/error-responses';
import { presentedToken } from '../../plugins/authenticate';
import { parseBasicCredentials, signIn, type TPasswordRefused } from './auth-service';
import { renewToken, revokeSession } from '../../identity/tokens';

export interface TAuthRoutesOptions {
  db: TDb;
  tokenTtlSeconds: number;
  /**
   * After a correct password: the second step's challenge, or null for a session now (docs/users.md,
   * "Two-factor sign-in"; modules/two-factor, wired in app.ts). None: every password signs in.
   */
  secondStep?: (userId: number) => Promise<TTwoFactorStep | null>;
  /** Addresses that sign in through single sign-on only (modules/sso, wired in app.ts). None: every address may use a password. */
  passwordRefused?: TPasswordRefused;
}

export async function authRoutes(app: FastifyInstance, { db, tokenTtlSeconds, secondStep, passwordRefused }: TAuthRoutesOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/auth',
    {
      config: { public: true },
      schema: {
        operationId: 'PostAuth',
        tags: ['auth'],
        summary:
          'Sign in with Basic credentials, or renew a valid x-access-token (the old token ends; a session lasts at most 7 days); an account with two-factor sign-in gets a challenge for POST /auth/twoFactor instead of a token; 403 errors.ssoRequired for an address whose organisation signs in through single sign-on only',
        response: { 200: ZSignInAnswer, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const credentials = parseBasicCredentials(request.headers.authorization);
      if (credentials === 'malformed') throw ApiError.badRequest('Malformed Authorization header; expected Basic base64(email:password)');
      if (credentials) return signIn(db, credentials, request.ip, tokenTtlSeconds, secondStep, passwordRefused);
      const token = presentedToken(request);
      const renewed = token ? await renewToken(db, token, tokenTtlSeconds) : null;
      if (!renewed) throw ApiError.unauthorized('Send Basic credentials or a valid x-access-token');
      return { token: renewed };
    },
  );

  routes.delete(
    '/auth',
    {
      schema: {
        operationId: 'DeleteAuth',
        tags: ['auth'],
        summary: 'Sign out: end the session of the presented token (its renewals too)',
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      if (request.accessToken) await revokeSession(db, request.accessToken);
      return reply.status(204).send(null);
    },
  );
}
