import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TCheckRecord, TDevice, TOutlet } from '@aquasmart/domain';
import { queryRows } from '../../db/database';
import { deviceData } from '../../db/schema';
import { caller, insertCustomer, insertDevice, insertLocation } from '../../test/places-fixtures';
import { useTestContext } from '../../test/test-app';
import { computeCustomerCounts } from '../dashboard/dashboard-snapshot';

/**
 * Drift on the node (docs/calibration.md, "Drift"; issue 41 item 5): a check whose manual reading
 * differs by more than 1.5 °C from the linked channel's marks the node's calibration as due (the
 * channel's `drift`, the dashboard's calibration list and count), until that channel's next
 * calibration. Another customer's node with the same channel is not touched.
 */
const ctx = useTestContext();
const call = caller(ctx);
let token: string;
let outlet: TOutlet;
let elders: TOutlet;

const NODE = '00000000000000D1';
const OTHER_NODE = '00000000000000D2';
const PLACE = `/customers/${encodeURIComponent('Zorggroep West')}/locations/${encodeURIComponent('Huize Zonneveld')}`;
const OTHER_PLACE = `/customers/${encodeURIComponent('Andere Klant')}/locations/Elders`;
const MINUTE = 60_000;

beforeEach(async () => {
  const db = ctx.database.db;
  const customerId = await insertCustomer(db, 'Zorggroep West');
  const locationId = await insertLocation(db, customerId, 'Huize Zonneveld');
  const otherId = await insertCustomer(db, 'Andere Klant');
  const otherLocationId = await insertLocation(db, otherId, 'Elders');
  ({ admin: token } = await ctx.signedInUsers({ admin: { administrator: true } }));
  // Both nodes calibrated 10 days ago (within the two-yearly window): only drift can make them due.
  for (const [eui, customer, location] of [
    [NODE, customerId, locationId],
    [OTHER_NODE, otherId, otherLocationId],
  ] as const) {
    await insertDevice(db, { eui, customerId: customer, locationId: location, type: 'V2', calibrationInterval: 2 });
    await db.execute(sql`UPDATE devices SET calibration_ts = now() - interval '10 days' WHERE eui = ${eui}`);
    await db.insert(deviceData).values({ deviceEui: eui, ts: new Date(Date.now() - 5 * MINUTE), msgId: 42, value: { temperature1: 20, temperature2: 55.9 } });
  }
  const add = async (place: string, eui: string) => {
    const answer = await call(token, 'POST', `${place}/outlets`, { name: 'Douche 12', kind: 'shower', water: 'hot', sentinel: 'furthest', eui, channelId: 'temperature2' });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<TOutlet>();
  };
  outlet = await add(PLACE, NODE);
  elders = await add(OTHER_PLACE, OTHER_NODE);
});

async function reading(celsius: number, place = PLACE, outletId = outlet.id, doneAt = new Date(Date.now() - 4 * MINUTE)): Promise<TCheckRecord> {
  const answer = await call(token, 'POST', `${place}/checks`, { outletId, check: 'sentinelTemperature', outcome: 'done', celsius, ranSeconds: 30, doneAt: doneAt.toISOString() });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

const driftOf = async (eui = NODE) => (await call(token, 'GET', `/devices/${eui}`)).json<TDevice>().channels.find((channel) => channel.id === 'temperature2')?.drift ?? null;
/** The nodes of the dashboard's two-yearly calibration list, by EUI (their names are `Node <eui>`). */
const dueList = async () => (await call(token, 'GET', '/dashboard/lists/biennialCalibrations?limit=100')).json<{ name: string }[]>().map((row) => row.name.replace('Node ', ''));
const counted = async () => {
  const counts = await computeCustomerCounts(ctx.database.db, Date.now());
  const [customer] = await queryRows<{ id: number }>(ctx.database.db, sql`SELECT id FROM customers WHERE name = 'Zorggroep West'`);
  // [uncalibrated, outOfDate, calibrated] of the two-yearly nodes.
  return counts.get(customer.id)?.calibration['2'];
};

describe('drift on the node', () => {
  it('1.5 °C apart marks nothing; 1.6 marks the channel and the node is calibration due; the next calibration of the channel clears it; the other customer\'s node is untouched', async () => {
    expect(await reading(57.4)).toMatchObject({ node: { celsius: 55.9 }, drift: false });
    expect(await driftOf()).toBeNull();
    expect(await dueList()).not.toContain(NODE);
    expect(await counted()).toEqual([0, 0, 1]);

    const check = await reading(57.5);
    expect(check.drift).toBe(true);
    expect(await driftOf()).toEqual({ checkId: check.id, outletId: outlet.id, outletName: 'Douche 12', manual: 57.5, node: 55.9, nodeAt: check.node?.at, at: check.doneAt });
    expect(await dueList()).toEqual([NODE]);
    expect(await counted()).toEqual([0, 1, 0]);
    // The other customer's node, on the same channel, keeps no drift.
    expect(await driftOf(OTHER_NODE)).toBeNull();

    // An older check's drift does not replace the newer one's.
    await reading(59, PLACE, outlet.id, new Date(Date.now() - 6 * MINUTE));
    expect((await driftOf())?.checkId).toBe(check.id);

    // Calibrating another channel of the node leaves it; calibrating temperature2 clears it.
    await ctx.database.db.execute(sql`UPDATE device_channels SET raw_value = 55.9, value = 55.9, ts = now() WHERE device_eui = ${NODE}`);
    const calibrate = (channel: string) => call(token, 'POST', `/devices/${NODE}/channels/${channel}/calibration`, { calibrated: 57.5, offset: 1.6, measured: 55.9 });
    expect((await calibrate('temperature1')).statusCode).toBe(200);
    expect(await driftOf()).not.toBeNull();
    expect((await calibrate('temperature2')).statusCode).toBe(200);
    expect(await driftOf()).toBeNull();
    expect(await dueList()).not.toContain(NODE);
    expect(await counted()).toEqual([0, 0, 1]);

    // A check done before that calibration says nothing about the sensor now: stored with its flag, the channel stays clear.
    expect((await reading(50, PLACE, outlet.id, new Date(Date.now() - 3 * MINUTE))).drift).toBe(true);
    expect(await driftOf()).toBeNull();
    // After the calibration the node's next reading comes with the offset applied (the history keeps it
    // so, telemetry/process-events.ts): 55.9 + 1.6 = 57.5, and the same hand reading is no drift. The
    // reading before the calibration stays 55.9: paired with a check of its own time, it is not corrected again.
    await ctx.database.db.insert(deviceData).values({ deviceEui: NODE, ts: new Date(Date.now() + MINUTE), msgId: 42, value: { temperature1: 21.6, temperature2: 57.5 } });
    expect(await reading(57.5, PLACE, outlet.id, new Date(Date.now() + MINUTE))).toMatchObject({ node: { celsius: 57.5 }, drift: false });
    expect(await reading(55.9, PLACE, outlet.id, new Date(Date.now() - 5 * MINUTE))).toMatchObject({ node: { celsius: 55.9 }, drift: false });
  });

  it('drift at the other customer\'s outlet marks only its own node', async () => {
    expect((await reading(58, OTHER_PLACE, elders.id)).drift).toBe(true);
    expect(await driftOf(OTHER_NODE)).toMatchObject({ outletId: elders.id, manual: 58, node: 55.9 });
    expect(await driftOf()).toBeNull();
    expect(await dueList()).toEqual([OTHER_NODE]);
  });

  it('a node that leaves its location takes its links along: the outlet and the sample point unlinked, the drift kept without the old customer\'s outlet', async () => {
    const point = await call(token, 'POST', `${PLACE}/sample-points`, { name: 'Douche 12', role: 'hot', eui: NODE, channelId: 'temperature2' });
    expect(point.statusCode, point.body).toBe(201);
    const check = await reading(57.5);
    expect(await driftOf()).toMatchObject({ checkId: check.id, outletName: 'Douche 12' });
    const db = ctx.database.db;
    const [place] = await queryRows<{ customer_id: number }>(db, sql`SELECT customer_id FROM devices WHERE eui = ${NODE}`);
    const [wing] = await queryRows<{ id: number }>(db, sql`INSERT INTO locations (customer_id, name, rulebook) SELECT ${place.customer_id}, 'Nieuwe vleugel', rulebook FROM locations WHERE name = 'Huize Zonneveld' RETURNING id`);
    // Another location of the same customer: the links end; the drift, the sensor's, stays with its outlet named.
    await db.execute(sql`UPDATE devices SET location_id = ${wing.id} WHERE eui = ${NODE}`);
    expect(await queryRows(db, sql`SELECT device_eui, channel_id FROM sample_points WHERE name = 'Douche 12'`)).toEqual([{ device_eui: null, channel_id: null }]);
    expect(await queryRows(db, sql`SELECT device_eui, channel_id FROM outlets WHERE id = ${outlet.id}`)).toEqual([{ device_eui: null, channel_id: null }]);
    expect(await driftOf()).toMatchObject({ checkId: check.id, outletName: 'Douche 12', manual: 57.5 });
    // The other node's links at its own place are untouched.
    expect(await queryRows(db, sql`SELECT device_eui FROM outlets WHERE id = ${elders.id}`)).toEqual([{ device_eui: OTHER_NODE }]);
    // Another customer: the sensor is still calibration due, but the outlet and check are not theirs to see.
    const [other] = await queryRows<{ id: number; location_id: number }>(db, sql`SELECT c.id, l.id AS location_id FROM customers c JOIN locations l ON l.customer_id = c.id WHERE c.name = 'Andere Klant'`);
    await db.execute(sql`UPDATE devices SET customer_id = ${other.id}, location_id = ${other.location_id} WHERE eui = ${NODE}`);
    expect(await driftOf()).toEqual({ checkId: null, outletId: null, outletName: null, manual: 57.5, node: 55.9, nodeAt: check.node?.at, at: check.doneAt });
    expect(await dueList()).toContain(NODE);
  });
});
