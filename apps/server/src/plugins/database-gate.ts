import type { FastifyInstance } from 'fastify';
import { ERROR } from '@aquasmart/domain';
import { errorBody } from './error-handler';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers by itself while the database is hung (the intake spools). */
    answersWhileStalled?: boolean;
  }
}

/**
 * While PostgreSQL is hung (db/hang-watch.ts) an API request is answered 503 `errors.unavailable`
 * at once, before its token is looked up: it would otherwise wait for a connection that cannot
 * answer. Routes marked `answersWhileStalled` (the intake, which spools) and everything outside
 * the API (the web app's files, `/readyz`, which says 503 itself) are left alone. The decision
 * is taken on the route the router matched, never on the raw URL.
 */
export function registerDatabaseGate(app: FastifyInstance, { stalled, apiPrefix }: { stalled: () => boolean; apiPrefix: string }): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!stalled() || request.is404) return;
    if (!request.routeOptions.url?.startsWith(`${apiPrefix}/`) || request.routeOptions.config?.answersWhileStalled) return;
    return reply.status(503).header('retry-after', '2').send(errorBody(503, 'The server is temporarily unavailable; try again later', { key: ERROR.unavailable }));
  });
}
