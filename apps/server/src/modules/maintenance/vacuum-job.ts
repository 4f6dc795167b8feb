import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type TDatabase } from '../../db/database';
import { BackgroundLoop } from '../../lib/background-loop';

/**
 * The tables whose rows are updated or replaced all the time: every uplink marks its intake event
 * processed and rewrites its device and channels; the dashboard summary is made anew each minute.
 * Each update leaves a dead row version and, where an indexed column changes, dead index entries
 * that only VACUUM removes (docs/operations-limits.md, "Vacuum").
 */
export const BUSY_TABLES = [
  'intake_events',
  'devices',
  'device_channels',
  'device_parameters',
  'downlinks',
  'dashboard_counts',
  'dashboard_counts_state',
  'dashboard_nodes',
  'overflow_logs',
  'alert_items',
  'mail_messages',
  'tokens',
  'login_attempts',
] as const;

/** How often the busy tables are vacuumed when nobody else does it. */
export const VACUUM_EVERY_MS = 60_000;
/** Every this many rounds, the planner's statistics of every table (the history too) are renewed. */
export const ANALYZE_ALL_EVERY_ROUNDS = 60;

/**
 * Whether the portal must vacuum itself: PGlite runs PostgreSQL as a single process without the
 * autovacuum launcher (its setting says `on` all the same), and a PostgreSQL server may have
 * autovacuum turned off (the CI machines' have).
 */
export function ownVacuumNeeded(kind: TDatabase['kind'], autovacuumSetting: string | undefined): boolean {
  return kind === 'pglite' || autovacuumSetting !== 'on';
}

async function needsOwnVacuum(database: TDatabase): Promise<boolean> {
  if (database.kind === 'pglite') return true;
  const [row] = await queryRows<{ autovacuum: string }>(database.system, sql`SELECT current_setting('autovacuum') AS autovacuum`);
  return ownVacuumNeeded(database.kind, row?.autovacuum);
}

/**
 * Round `round` (counted from 0): VACUUM (ANALYZE) of the busy tables, one statement each so that
 * on PGlite (one connection) requests get their turn between tables, and in every
 * ANALYZE_ALL_EVERY_ROUNDS-th round (the first an hour after the start, not at the start, where
 * on PGlite it would hold up the first requests) ANALYZE of everything.
 */
export async function vacuumRound(database: TDatabase, round: number): Promise<void> {
  for (const table of BUSY_TABLES) {
    await database.exec(`VACUUM (ANALYZE) ${table}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  if ((round + 1) % ANALYZE_ALL_EVERY_ROUNDS === 0) await database.exec('ANALYZE');
}

/**
 * The portal's own vacuum where autovacuum does not run. Without it the soak test found, after 25
 * minutes at 500 uplinks/s, 750,000 dead entries in the index of unprocessed intake events: each
 * batch of the intake worker read 42,000 pages to find 121 rows (300 ms a batch and growing),
 * and `devices` held 26 dead row versions per live one.
 */
export function createVacuumJob(database: TDatabase, log: FastifyBaseLogger, everyMs = VACUUM_EVERY_MS) {
  let round = 0;
  // The first round a minute after the start, not while the portal serves its first requests.
  let started = false;
  const loop = new BackgroundLoop(
    'vacuum',
    async () => {
      if (!started) {
        started = true;
        return 0;
      }
      const began = performance.now();
      await vacuumRound(database, round);
      round += 1;
      log.debug({ ms: Math.round(performance.now() - began), round }, 'vacuum of the busy tables done');
      return 0;
    },
    log,
    everyMs,
  );
  let running = false;
  return {
    async start(): Promise<void> {
      if (!(await needsOwnVacuum(database))) return;
      if (database.kind === 'postgres') log.warn(`autovacuum is off in this PostgreSQL server: the portal vacuums its busiest tables itself every ${everyMs / 1000} s`);
      running = true;
      loop.start();
    },
    async stop(): Promise<void> {
      if (running) await loop.stop();
    },
  };
}
