import { setHistoryImport } from '../modules/devices/device-versions';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { USER_TYPE_ADMINISTRATOR } from '@aquasmart/domain';
import { queryRows, type TDb } from '../db/database';
import { BOOTSTRAP_LOCK_ID } from '../db/locks';
import { hashPassword } from '../identity/passwords';
import { seedAlarmRecords } from './alarm-records';
import { applyAlarms } from './alarms';
import { seedDevices } from './devices';
import { seedHistory } from './history';
import { seedGatewaysHeard } from './gateways-heard';
import { seedLogs } from './logs';
import { registerBeforeLogbookMonth, seedLogbookHistory } from './logbook-history';
import { DEMO_SEED, planNodes, shapeListExamples } from './plan';
import { seedPlaces } from './places';
import { seedSampling } from './sampling';
import { seedUnassignedDevices } from './unassigned';
import { DemoRandom } from './random';
import { DEMO_USERS, seedUsers } from './users';

export interface TDemoResult {
  password: string;
  users: string[];
}


/**
 * True when the database holds anything beyond a first administrator: then the demo must not
 * touch it.
 */
async function hasData(db: Pick<TDb, 'execute'>): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM customers) OR EXISTS (SELECT 1 FROM locations) OR EXISTS (SELECT 1 FROM gateways)
      OR EXISTS (SELECT 1 FROM devices) OR EXISTS (SELECT 1 FROM products) OR EXISTS (SELECT 1 FROM network_servers)
      OR (SELECT count(*) FROM users) > 1
      OR EXISTS (SELECT 1 FROM users WHERE lower(email) IN (${sql.join(
        DEMO_USERS.map((user) => sql`${user.email}`),
        sql`, `,
      )})) AS found`,
  );
  return row.found;
}

/**
 * Seeds an empty database with a realistic Dutch demo (customers, locations, gateways, 60
 * nodes with 14 days of history, every dashboard alarm state, users with different rights),
 * all in one transaction. Returns null, and writes nothing, when the database already has data.
 */
export async function seedDemoData(db: TDb, options: { demoPassword?: string; log: FastifyBaseLogger }): Promise<TDemoResult | null> {
  if (await hasData(db)) {
    options.log.info('demo data skipped: the database already has data');
    return null;
  }
  const started = performance.now();
  const password = options.demoPassword ?? randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(password);
  const nowMs = Date.now();
  const rng = new DemoRandom(DEMO_SEED);
  const nodes = planNodes(rng, nowMs);
  const { overflows } = applyAlarms(rng, nodes, nowMs);
  shapeListExamples(nodes);
  registerBeforeLogbookMonth(nodes, nowMs);

  const emails = await db.transaction(async (tx) => {
    // Checked again under the lock of the first administrator's creation: a second server starting
    // at the same time waits here and then finds the data.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK_ID})`);
    if (await hasData(tx)) return null;
    // The demo's history was recorded with its nodes where they stand: their state holds from always.
    await setHistoryImport(tx, true);
    const places = await seedPlaces(tx, rng);
    const created = await seedUsers(tx, passwordHash, places.customerIds);
    const [admin] = await queryRows<{ email: string }>(tx, sql`SELECT email FROM users WHERE type = ${USER_TYPE_ADMINISTRATOR} ORDER BY id LIMIT 1`);
    await seedDevices(tx, nodes, places, nowMs);
    await seedHistory(tx, nodes, places);
    await seedLogs(tx, nodes, overflows, places, nowMs, { admin: admin?.email ?? 'admin@example.com', engineer: DEMO_USERS[0].email });
    await seedLogbookHistory(tx, nodes, places, nowMs, { engineer: DEMO_USERS[0].email, planner: DEMO_USERS[2]?.email ?? DEMO_USERS[0].email });
    await seedSampling(tx, places, nowMs, DEMO_USERS[0].email);
    await seedUnassignedDevices(tx, places, admin?.email ?? null);
    await seedGatewaysHeard(tx);
    await seedAlarmRecords(tx, nowMs, DEMO_USERS[0].email);
    await setHistoryImport(tx, false);
    return created;
  });
  if (!emails) return null;

  const [counts] = await queryRows<{ devices: number; history: number }>(
    db,
    sql`SELECT (SELECT count(*) FROM devices)::int AS devices, (SELECT count(*) FROM device_data)::int AS history`,
  );
  options.log.info({ ...counts, ms: Math.round(performance.now() - started) }, 'demo data seeded');
  return { password, users: emails };
}
