import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTokenResponse } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { errorResponses } from '../../lib/error-responses';
import { presentedToken } from '../../plugins/authenticate';
import { parseBasicCredentials, signIn } from './auth-service';
import { renewToken, revokeSession } from '../../identity/tokens';

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
        summary: 'Sign in with Basic credentials, or renew a valid x-access-token (the old token ends; a session lasts at most 7 days)',
        response: { 200: ZTokenResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const credentials = parseBasicCredentials(request.headers.authorization);
      if (credentials === 'malformed') throw ApiError.badRequest('Malformed Authorization header; expected Basic base64(email:password)');
      if (credentials) return { token: await signIn(db, credentials, request.ip, tokenTtlSeconds) };
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
