import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCurrentUser } from '@aquasmart/domain';
import { errorResponses } from '../../lib/error-responses';
import { currentUser } from '../../plugins/authenticate';
import { toCurrentUser } from './user-repository';

export async function currentUserRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  for (const [url, operationId] of [
    ['/users/current', 'GetCurrentUser'],
    ['/administrators/current', 'GetCurrentAdministrator'],
  ] as const) {
    routes.get(
      url,
      {
        schema: {
          operationId,
          tags: ['users'],
          summary: 'The signed-in user (never the password hash or tokens)',
          response: { 200: ZCurrentUser, ...errorResponses(401) },
        },
      },
      async (request) => toCurrentUser(currentUser(request)),
    );
  }
}
