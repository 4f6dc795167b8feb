import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type TDatabase } from '../../db/database';
import { migrationFiles } from '../../db/migrate';
import { VERSION_STRING } from '@aquasmart/domain';

const ZHealth = z.object({ status: z.literal('ok'), version: z.string() });
const ZCheck = z.enum(['ok', 'failed']);
const ZReady = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
  checks: z.object({ database: ZCheck, migrations: ZCheck, intake: ZCheck }),
});

/** `/readyz` answers 503 when the database has not answered within this. */
export const HEALTH_DEADLINE_MS = 1_500;

export interface THealthOptions {
  database: TDatabase;
  /** The intake can take uplinks: its writer is open and its spool (if any) has room. */
  intakeReady: () => boolean;
}

/**
 * Two probes (docs/operations.md, "Probes"):
 * - `GET /healthz`, liveness: the process answers HTTP. No database: a database outage must not get
 *   every copy restarted by its supervisor, which would only add start-ups to the outage.
 * - `GET /readyz`, readiness: the database answers `SELECT 1` on the system connections (a saturated
 *   API pool does not make the copy look dead) within HEALTH_DEADLINE_MS and not during a hang (the
 *   hang watch, db/hang-watch.ts: 503 at once), every migration file is applied, the intake takes
 *   uplinks. 503 otherwise, so a load balancer always gets an answer within 2 s. A copy that is
 *   stopping answers every new request 503 (Fastify's return503OnClosing), this one too.
 */
export async function healthRoutes(app: FastifyInstance, { database, intakeReady }: THealthOptions): Promise<void> {
  const migrations = migrationsCheck(database);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/healthz',
    {
      config: { public: true },
      logLevel: 'warn',
      schema: { operationId: 'GetHealth', tags: ['health'], summary: 'Liveness: 200 while the process answers HTTP (no database check; readiness is /readyz)', response: { 200: ZHealth } },
    },
    async () => ({ status: 'ok' as const, version: VERSION_STRING }),
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/readyz',
    {
      config: { public: true },
      logLevel: 'warn',
      schema: {
        operationId: 'GetReady',
        tags: ['health'],
        summary: 'Readiness for load balancers: 200 when the database answers, migrations are applied and the intake takes uplinks; 503 otherwise',
        response: { 200: ZReady, 503: ZReady },
      },
    },
    async (_request, reply) => {
      const databaseOk = !database.stalled() && (await answersWithin(database, HEALTH_DEADLINE_MS));
      const migrationsOk = databaseOk && (await migrations());
      const intakeOk = intakeReady();
      const checks = { database: state(databaseOk), migrations: state(migrationsOk), intake: state(intakeOk) };
      const ready = databaseOk && migrationsOk && intakeOk;
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', database: database.kind, version: VERSION_STRING, checks });
    },
  );
}

const state = (ok: boolean) => (ok ? ('ok' as const) : ('failed' as const));

/** True once every migration file of this build is recorded as applied; remembered from then on (they are never undone). */
function migrationsCheck(database: TDatabase): () => Promise<boolean> {
  const wanted = migrationFiles().map((file) => file.replace(/\.sql$/, ''));
  let applied = false;
  return async () => {
    if (applied) return true;
    try {
      const rows = await queryRows<{ version: string }>(database.system, sql`SELECT version FROM schema_migrations`);
      const done = new Set(rows.map((row) => row.version));
      applied = wanted.every((version) => done.has(version));
    } catch {
      return false; // no schema_migrations yet
    }
    return applied;
  };
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
