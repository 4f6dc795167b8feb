import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { TConfig } from '../config';
import { openDatabase } from '../db/client';
import { HANG_WATCH } from '../db/pool-limits';
import type { TDatabase } from '../db/database';
import { ensureHistoryPartitions } from '../db/partitions';
import { pointDemoDownlinks } from '../demo/demo-downlinks';
import { seedDemoData, type TDemoResult } from '../demo/seed';
import { countUsers } from '../modules/users/user-repository';
import { ensureFirstAdministrator, type TFirstAdmin } from './first-admin';

export interface TPortal {
  app: FastifyInstance;
  database: TDatabase;
  admin: TFirstAdmin | null;
  demo: TDemoResult | null;
  /** The database has no account at all (DEMO=false without ADMIN_*): nobody can sign in. */
  noAccount: boolean;
}

/** What `server.ts` prints when nobody can sign in (README, "Configuration"). */
export const NO_ACCOUNT_HINT = [
  '  No account exists yet, so nobody can sign in. Create the first administrator: stop the server and',
  '  start it once with ADMIN_EMAIL=<your e-mail address> ADMIN_PASSWORD=<at least 8 characters>',
  '  (created only while the database has no users), or start with DEMO=true for demo data and admin@example.com.',
];

/**
 * The portal as `npm start` runs it, up to listening: database and migrations, history
 * partitions, the app with its background workers, the first administrator and the demo data.
 * `server.ts` listens and prints the sign-in; the soak test runs the same in its own process.
 */
export async function startPortal(config: TConfig): Promise<TPortal> {
  // The hang watch starts with the database, its findings go to the app's log once there is one.
  let appLog: FastifyInstance['log'] | null = null;
  const startLog = {
    error: (object: object, message: string) => appLog?.error(object, message),
    warn: (object: object, message: string) => appLog?.warn(object, message),
  };
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    apiStatementTimeoutMs: config.API_STATEMENT_TIMEOUT * 1000,
    hangWatch: { ...HANG_WATCH, deadlineMs: config.DATABASE_HANG_TIMEOUT * 1000 },
    log: startLog,
  });
  await ensureHistoryPartitions(database.system);
  const app = await buildApp({
    config,
    database,
    backgroundWorkers: true,
    // PostgreSQL can be out of reach while the server runs; PGlite lives inside the process.
    intakeSpoolDir: config.DATABASE_URL ? path.join(config.DATA_DIR, 'intake-spool') : undefined,
    httpTimeouts: { requestMs: config.HTTP_REQUEST_TIMEOUT * 1000 },
    mail: { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` },
  });
  appLog = app.log;
  const admin = await ensureFirstAdministrator(database.system, {
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
    demo: config.DEMO,
  });
  const demo = config.DEMO ? await seedDemoData(database.system, { demoPassword: config.DEMO_PASSWORD, log: app.log }) : null;
  if (config.DEMO && (await pointDemoDownlinks(database.system, config.SIMULATOR)) === 'none') {
    app.log.info('SIMULATOR=off: the demo network server has no downlink API, settings sent to demo nodes are not delivered');
  }
  const noAccount = !admin && (await countUsers(database.system)) === 0;
  return { app, database, admin, demo, noAccount };
}
