import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../../db/database';
import { createIntakeRetentionJob } from './intake-retention';
import { createVacuumJob } from './vacuum-job';

/** The database's upkeep in the server process: the retention of intake events and, where nobody else does it, vacuum. */
export function createMaintenance(database: TDatabase, log: FastifyBaseLogger) {
  const vacuum = createVacuumJob(database, log);
  const retention = createIntakeRetentionJob(database.system, log);
  return {
    async start(): Promise<void> {
      retention.start();
      await vacuum.start();
    },
    async stop(): Promise<void> {
      await Promise.all([retention.stop(), vacuum.stop()]);
    },
  };
}
