import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase } from '../../db/database';
import { VERSION_STRING } from '@aquasmart/domain';

const ZHealth = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['pglite', 'postgres']), version: z.string() });

/**
 * `GET /healthz`: 200 when the database answers, 503 otherwise (for load balancers). It asks on
 * the system connections: a saturated API pool (one user's heavy reads) does not make the
 * instance look dead, and the check does not wait behind those reads.
 */
export async function healthRoutes(app: FastifyInstance, { database }: { database: TDatabase }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/healthz',
    {
      config: { public: true },
      logLevel: 'warn',
      schema: { operationId: 'GetHealth', tags: ['health'], summary: 'Liveness for load balancers: 200 when the database answers, 503 otherwise', response: { 200: ZHealth, 503: ZHealth } },
    },
    async (_request, reply) => {
      try {
        await database.system.execute(sql`SELECT 1`);
        return { status: 'ok' as const, database: database.kind, version: VERSION_STRING };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, database: database.kind, version: VERSION_STRING });
      }
    },
  );
}
