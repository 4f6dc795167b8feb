import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestContext } from '../../test/test-app';
import { queryRows } from '../../db/database';
import { insertCustomer, insertLocation } from '../../test/places-fixtures';
import { seedDevice } from '../../test/intake-fixtures';
import { ChangeFeed } from '../../lib/change-feed';
import { listenLocally, openStream, type SseClient } from '../../test/sse-client';
import { createDashboardRefresher } from './dashboard-refresher';
import { ADVISORY_LOCKS } from '../../db/locks';
import { refreshCustomerCounts, refreshSnapshot } from './dashboard-snapshot';

const ctx = useTestContext({ events: { dashboardMinMs: 100, nodeWindowMs: 20 } });
const log = { warn: () => undefined, info: () => undefined };
let base: string;
let customer: number;
let otherCustomer: number;
const EUI = '70B3D5499B00D001';
const OTHER_EUI = '70B3D5499B00D002';
const cleanup: (() => unknown)[] = [];

beforeAll(async () => {
  base = await listenLocally(ctx.app);
});

beforeEach(async () => {
  const db = ctx.database.db;
  customer = await insertCustomer(db, 'Fresh');
  otherCustomer = await insertCustomer(db, 'Other');
  await seedDevice(db, EUI, 'V3', null, { customerId: customer, locationId: await insertLocation(db, customer, 'Building') });
  await seedDevice(db, OTHER_EUI, 'V3', null, { customerId: otherCustomer, locationId: await insertLocation(db, otherCustomer, 'Elsewhere') });
  await refreshSnapshot(ctx.database.system);
});

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function battery(customerId: number): Promise<number[]> {
  const [row] = await queryRows<{ counts: { battery: number[] } | string }>(ctx.database.db, sql`SELECT counts FROM dashboard_counts WHERE customer_id = ${customerId}`);
  const counts = typeof row.counts === 'string' ? (JSON.parse(row.counts) as { battery: number[] }) : row.counts;
  return counts.battery;
}

async function computedAt(customerId: number): Promise<number> {
  const [row] = await queryRows<{ computed_at: string | Date }>(ctx.database.db, sql`SELECT computed_at FROM dashboard_counts WHERE customer_id = ${customerId}`);
  return new Date(row.computed_at).getTime();
}

describe('dashboard counts stay current', () => {
  it('a change the counts show is counted within seconds and announced as dashboard to the users who see it', async () => {
    const feed = new ChangeFeed(ctx.database, log);
    const refresher = createDashboardRefresher({ db: ctx.database.system, feed, log, intervalMs: 100 });
    await refresher.start();
    cleanup.push(() => feed.stop(), () => refresher.stop());
    const tokens = await ctx.signedInUsers({ admin: { administrator: true } });
    const client: SseClient = openStream(base, tokens.admin);
    cleanup.push(() => client.close());
    await client.until(() => client.lastId !== null);
    expect(await battery(customer)).toEqual([0, 0, 0]);
    const untouched = await computedAt(otherCustomer);

    const changedAt = Date.now();
    await ctx.database.db.execute(sql`UPDATE devices SET battery_alarm_ts = extract(epoch FROM now())::bigint WHERE eui = ${EUI}`);
    await client.until(() => client.named('dashboard').length > 0, 5000, 'dashboard event');
    expect(Date.now() - changedAt).toBeLessThan(3000);
    expect(await battery(customer)).toEqual([1, 0, 0]);
    // Only the changed customer was counted again.
    expect(await computedAt(otherCustomer)).toBe(untouched);
  });

  it('a new reading of a node that stays online counts nothing again', async () => {
    const feed = new ChangeFeed(ctx.database, log);
    const refresher = createDashboardRefresher({ db: ctx.database.system, feed, log, intervalMs: 50 });
    await refresher.start();
    cleanup.push(() => feed.stop(), () => refresher.stop());
    const offline = await computedAt(customer);
    // Back online: counted again (the offline counts changed) ...
    await ctx.database.db.execute(sql`UPDATE devices SET lora_ts = now() - interval '1 minute' WHERE eui = ${EUI}`);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const before = await computedAt(customer);
    expect(before).toBeGreaterThan(offline);
    // ... a further uplink of the online node is not.
    await ctx.database.db.execute(sql`UPDATE devices SET lora_ts = now(), rssi = -90 WHERE eui = ${EUI}`);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await computedAt(customer)).toBe(before);
  });

  it('one copy at a time: while another holds the summary lock, a copy leaves the work to it', async () => {
    if (ctx.database.kind !== 'postgres') {
      // PGlite is one connection in one process: there is no second copy to take turns with.
      expect(await refreshCustomerCounts(ctx.database.system, [customer])).toBe(true);
      return;
    }
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = ctx.database.system.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.dashboardSummary})`);
      locked();
      await held;
    });
    await isLocked;
    expect(await refreshCustomerCounts(ctx.database.db, [customer])).toBe(false);
    release();
    await holder;
    expect(await refreshCustomerCounts(ctx.database.db, [customer])).toBe(true);
  });
});
