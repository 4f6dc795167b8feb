import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase } from '../../db/database';
import { VERSION_STRING } from '@aquasmart/domain';

const ZHealth = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['pglite', 'postgres']), version: z.string() });

/** `/healthz` answers 503 when the database has not answered `SELECT 1` within this. */
export const HEALTH_DEADLINE_MS = 1_500;

/**
 * `GET /healthz`: 200 when the database answers, 503 otherwise (for load balancers). It asks on
 * the system connections: a saturated API pool (one user's heavy reads) does not make the
 * instance look dead, and the check does not wait behind those reads. During a hang (the hang
 * watch, db/hang-watch.ts) it answers 503 at once; otherwise an answer not had within
 * HEALTH_DEADLINE_MS is a 503 too, so a load balancer always gets an answer within 2 s.
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
      if (!database.stalled() && (await answersWithin(database, HEALTH_DEADLINE_MS))) {
        return { status: 'ok' as const, database: database.kind, version: VERSION_STRING };
      }
      return reply.status(503).send({ status: 'unavailable' as const, database: database.kind, version: VERSION_STRING });
    },
  );
}

async function answersWithin(database: TDatabase, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const asked = database.system.execute(sql`SELECT 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
}
