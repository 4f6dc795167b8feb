import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/database';
import { useTestContext } from './test-app';
import { TABLES } from './test-database';
import { insertCalibrationLog, insertDevice, insertGateway, insertProduct, restrictUser, seedPlacesWorld } from './places-fixtures';

/**
 * The reset between tests (test-database.ts, RESET_SQL) leaves a database as
 * `TRUNCATE <the same tables> RESTART IDENTITY CASCADE` did: the same rows left in every table
 * (the tables reached by foreign keys emptied too, the others untouched, no trigger fired) and
 * every sequence where TRUNCATE's RESTART IDENTITY puts it. On both databases.
 */
const ctx = useTestContext();

/** Rows per table and each sequence's state, of the public schema. */
async function state() {
  const db = ctx.database.db;
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`,
  );
  const rows: Record<string, number> = {};
  for (const { name } of tables) {
    const [counted] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM ${sql.identifier(name)}`);
    rows[name] = counted.total;
  }
  const sequences = await queryRows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY 1`,
  );
  const sequenceStates: Record<string, string> = {};
  for (const { name } of sequences) {
    const [row] = await queryRows<{ last_value: number | string; is_called: boolean }>(db, sql`SELECT last_value, is_called FROM ${sql.identifier(name)}`);
    sequenceStates[name] = `${String(row.last_value)}/${String(row.is_called)}`;
  }
  return { rows, sequences: sequenceStates };
}

/** Rows in many tables: places, a gateway, nodes with channels (the counters' triggers), a calibration, users, their scope and tokens. */
async function seed(): Promise<void> {
  const db = ctx.database.db;
  const world = await seedPlacesWorld(db);
  const product = await insertProduct(db, 'Gateway X');
  const gateway = await insertGateway(db, { customerId: world.acme, locationId: world.hal, name: 'GW', mac: 'AA:BB:CC:DD:EE:01', productId: product });
  await insertDevice(db, { eui: '70B3D5499A00F001', customerId: world.acme, locationId: world.hal, gatewayId: gateway, heardHoursAgo: 1 });
  await insertDevice(db, { eui: '70B3D5499A00F002', type: 'V3', customerId: world.beta, locationId: world.elders });
  await insertCalibrationLog(db, { eui: '70B3D5499A00F001', customerId: world.acme, locationId: world.hal, ts: '2026-11-01T10:00:00Z' });
  const user = await ctx.createUser({ email: `reset-${Date.now()}@example.com`, password: 'Welkom-reset-2026' });
  await restrictUser(db, user, [world.acme]);
  await ctx.tokenFor((await queryRows<{ email: string }>(db, sql`SELECT email FROM users WHERE id = ${user}`))[0].email);
  // Tables outside the list that reference it: TRUNCATE … CASCADE empties them too.
  await db.execute(sql`INSERT INTO dashboard_counts (customer_id, computed_at, counts) VALUES (${world.acme}, now(), '{}')`);
  await db.execute(sql`INSERT INTO logbook_issue_limits (user_id, subject, issued) VALUES (${user}, 'location:1', 1)`);
}

describe('the reset between tests', () => {
  it('leaves the rows and sequences TRUNCATE … RESTART IDENTITY CASCADE left', async () => {
    await seed();
    const seeded = await state();
    // The seed reaches enough tables to tell the two apart: FK-cascaded ones and trigger-kept ones among them.
    for (const table of ['customers', 'locations', 'gateways', 'devices', 'device_channels', 'calibration_logs', 'users', 'user_customers', 'tokens', 'dashboard_counts', 'logbook_issue_limits']) {
      expect(seeded.rows[table], table).toBeGreaterThan(0);
    }
    await ctx.database.reset();
    const afterReset = await state();

    await seed();
    // Replica mode, as the reset: the issued-report register refuses a TRUNCATE by trigger (migration 0026).
    await ctx.database.exec(`BEGIN; SET LOCAL session_replication_role = replica; TRUNCATE ${TABLES.join(', ')} RESTART IDENTITY CASCADE; COMMIT`);
    const afterTruncate = await state();

    expect(afterReset).toEqual(afterTruncate);
    expect(afterReset.rows.customers).toBe(0);
    expect(afterReset.rows.dashboard_counts).toBe(0);
    expect(afterReset.rows.logbook_issue_limits).toBe(0);
    expect(afterReset.rows.schema_migrations).toBeGreaterThan(0);
  });

  it('restarts ids: the first customer after a reset is 1 again', async () => {
    await seed();
    await ctx.database.reset();
    expect((await state()).rows.customers).toBe(0);
    const world = await seedPlacesWorld(ctx.database.db);
    expect(world.acme).toBe(1);
  });
});
