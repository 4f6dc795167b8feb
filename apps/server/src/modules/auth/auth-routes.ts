import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTokenResponse } from '@aquasmart/domain';
import type { TDb } from '../../db/client';
import { ApiError } from '../../lib/api-error';
import { errorResponses } from '../../lib/error-responses';
import { presentedToken, resolveUser } from '../../plugins/authenticate';
import { parseBasicCredentials, signIn } from './auth-service';
import { LOGIN_FAILURE_WINDOW_MS } from './login-limiter';
import { issueToken, revokeToken } from './token-repository';

export interface TAuthRoutesOptions {
  db: TDb;
  tokenTtlSeconds: number;
}

export async function authRoutes(app: FastifyInstance, { db, tokenTtlSeconds }: TAuthRoutesOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/auth',
    {
      config: { public: true },
      schema: {
        operationId: 'PostAuth',
        tags: ['auth'],
        summary: 'Sign in with Basic credentials, or renew a valid x-access-token',
        response: { 200: ZTokenResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const credentials = parseBasicCredentials(request.headers.authorization);
      if (credentials === 'malformed') throw ApiError.badRequest('Malformed Authorization header; expected Basic base64(email:password)');
      if (credentials) {
        try {
          return { token: await signIn(db, credentials, request.ip, tokenTtlSeconds) };
        } catch (error) {
          if (error instanceof ApiError && error.statusCode === 429) {
            reply.header('retry-after', String(LOGIN_FAILURE_WINDOW_MS / 1000));
          }
          throw error;
        }
      }
      const user = await resolveUser(db, presentedToken(request));
      if (!user) throw ApiError.unauthorized('Send Basic credentials or a valid x-access-token');
      return { token: await issueToken(db, user.id, tokenTtlSeconds) };
    },
  );

  routes.delete(
    '/auth',
    {
      schema: {
        operationId: 'DeleteAuth',
        tags: ['auth'],
        summary: 'Sign out: revoke the presented token',
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      if (request.accessToken) await revokeToken(db, request.accessToken);
      return reply.status(204).send(null);
    },
  );
}
