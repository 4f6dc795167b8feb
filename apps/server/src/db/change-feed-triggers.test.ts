import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { useTestContext } from '../test/test-app';
import { insertCustomer, insertLocation } from '../test/places-fixtures';
import { seedDevice } from '../test/intake-fixtures';
import { ChangeFeed, type TChangeMessage, type TNodeChange } from '../lib/change-feed';

/**
 * The node announcements of the rows that hang off a node (settings registers, water detections,
 * downlinks): which statement announces what, and which announces nothing (migrations 0020, 0023).
 */
const ctx = useTestContext();
const log = { warn: () => undefined, info: () => undefined };
const OWNED = '70B3D5499B00E001';
const UNASSIGNED = '70B3D5499B00E002';
/** User ids no one has: each one's announcement marks the end of what came before it. */
let nextSentinel = 2_000_000_001;
let customer: number;
let feed: ChangeFeed;
const received: TChangeMessage[] = [];

beforeAll(async () => {
  feed = new ChangeFeed(ctx.database, log);
  feed.subscribe({ onChange: (message) => received.push(message), onGap: () => undefined });
  await feed.start();
});

afterAll(async () => {
  await feed.stop();
});

beforeEach(async () => {
  const db = ctx.database.db;
  customer = await insertCustomer(db, 'Announced');
  await seedDevice(db, OWNED, 'V3', null, { customerId: customer, locationId: await insertLocation(db, customer, 'Building') });
  await seedDevice(db, UNASSIGNED, 'V3', null);
});

/** Sends a sentinel announcement and waits until it arrived: what was announced before it has arrived too. */
async function sentinelArrived(): Promise<void> {
  const sentinel = nextSentinel++;
  await ctx.database.db.execute(sql`SELECT pg_notify('aquasmart_changes', ${JSON.stringify({ t: 'u', x: [sentinel] })})`);
  for (let waited = 0; !received.some((message) => message.t === 'u' && message.x.includes(sentinel)); waited += 10) {
    if (waited > 10_000) throw new Error('the sentinel announcement never arrived');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The node items one statement announced, sorted by node. */
async function announcedBy(statement: SQL): Promise<TNodeChange[]> {
  // What the fixtures announced may still be on its way on a loaded machine: let it arrive first.
  await sentinelArrived();
  received.length = 0;
  await ctx.database.db.execute(statement);
  await sentinelArrived();
  return received
    .flatMap((message) => (message.t === 'n' ? message.x : []))
    .sort((a, b) => a.e.localeCompare(b.e));
}

const SETTINGS = { p: ['settings', 'sync'], k: 1 };

describe('announcements of the rows under a node', () => {
  it('settings registers written or removed: settings and sync, counts may change; customer when the node has one', async () => {
    expect(
      await announcedBy(sql`INSERT INTO device_parameters (device_eui, register, value) VALUES (${OWNED}, 1, '{}'), (${OWNED}, 2, '{}'), (${UNASSIGNED}, 1, '{}')`),
    ).toEqual([
      { e: OWNED, c: customer, ...SETTINGS },
      { e: UNASSIGNED, ...SETTINGS },
    ]);
    expect(await announcedBy(sql`DELETE FROM device_parameters WHERE device_eui = ${OWNED}`)).toEqual([{ e: OWNED, c: customer, ...SETTINGS }]);
    expect(await announcedBy(sql`DELETE FROM device_parameters WHERE device_eui = 'none'`)).toEqual([]);
  });

  it('water detections started, ended or removed: reading, a water detection; another change of the row: nothing', async () => {
    const water = { e: OWNED, c: customer, p: ['reading'], w: 1 };
    expect(await announcedBy(sql`INSERT INTO overflow_logs (device_eui, customer_id, resistance) VALUES (${OWNED}, ${customer}, 40), (${OWNED}, ${customer}, 41)`)).toEqual([water]);
    expect(await announcedBy(sql`UPDATE overflow_logs SET resistance = 50 WHERE device_eui = ${OWNED}`)).toEqual([]);
    expect(await announcedBy(sql`UPDATE overflow_logs SET state = 'Ended' WHERE device_eui = ${OWNED}`)).toEqual([water]);
    expect(await announcedBy(sql`DELETE FROM overflow_logs WHERE device_eui = ${OWNED}`)).toEqual([water]);
  });

  it('a downlink whose state changed: sync; a retry count alone: nothing', async () => {
    await ctx.database.db.execute(
      sql`INSERT INTO downlinks (device_eui, f_port, payload) VALUES (${OWNED}, 1, '\\x01'::bytea), (${UNASSIGNED}, 1, '\\x01'::bytea)`,
    );
    expect(await announcedBy(sql`UPDATE downlinks SET attempts = attempts + 1`)).toEqual([]);
    expect(await announcedBy(sql`UPDATE downlinks SET status = 'sent'`)).toEqual([
      { e: OWNED, c: customer, p: ['sync'] },
      { e: UNASSIGNED, p: ['sync'] },
    ]);
  });
});
