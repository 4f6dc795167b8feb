import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDashboard } from '@aquasmart/domain';
import { devices } from '../../db/schema';
import { useTestContext } from '../../test/test-app';
import { caller, insertCustomer, insertDevice, insertLocation } from '../../test/places-fixtures';
import { chirpstackUp, payload, postChirpstack, seedNetworkServer } from '../../test/intake-fixtures';
import { processIntakeBatch } from '../telemetry/intake-worker';

/**
 * A battery swap sticks (docs/calibration.md, "Battery swap"): the node leaves the low-battery
 * count and list at once, a low reading measured before the swap (arriving late) raises nothing,
 * the old voltage keeps its own measurement time, and only a low reading measured after the swap
 * raises the alarm again, at that reading's time.
 */
const NODE = '70B3D5499C0000B1';
const SECRET = 'battery-swap-secret-0000000001';
/** The server's clock during the tests: Date is frozen here (only Date; timers and I/O run). */
const NOW = Math.floor(Date.now() / 1000) * 1000;
const HOUR = 3_600_000;

const ctx = useTestContext();
const call = caller(ctx);
let admin: string;
let counter = 0;

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterAll(() => {
  vi.useRealTimers();
});

beforeEach(async () => {
  const db = ctx.database.db;
  const acme = await insertCustomer(db, 'Acme');
  const hal = await insertLocation(db, acme, 'Hal');
  await insertDevice(db, { eui: NODE, name: 'Keuken', type: 'V2', customerId: acme, locationId: hal });
  await db.update(devices).set({ networkServerId: await seedNetworkServer(db, 'ChirpStack', 'chirpstack', SECRET) });
  ({ admin } = await ctx.signedInUsers({ admin: { administrator: true } }));
});

/** A battery report measured at `atMs`, through the ChirpStack integration and the intake worker. */
async function batteryReport(voltage: number, atMs: number) {
  counter += 1;
  const up = chirpstackUp(NODE, counter, payload('V2', { kind: 'battery', msgId: 40, timestamp: Math.floor(atMs / 1000), voltage }));
  expect((await postChirpstack(ctx.app, SECRET, 'up', up)).statusCode).toBe(200);
  await processIntakeBatch(ctx.database.db);
}

const node = async () => (await call(admin, 'GET', `/devices/${NODE}`)).json();
const batteryCount = async () => {
  const counts = (await call(admin, 'GET', '/dashboard')).json<TDashboard>().batteryAlarm;
  return counts.lastWeek + counts.lastMonth + counts.moreThanAMonth;
};
const lowBatteries = async () => (await call(admin, 'GET', '/dashboard/lists/lowBatteries?limit=100')).json<{ name: string }[]>().map((row) => row.name);
const swap = () => call(admin, 'PATCH', `/devices/${NODE}/lora/NS`, { battery: { ts: 0, alarm: { ts: 0 } } });

describe('battery swap', () => {
  it('takes the node out of the low-battery count and list at once', async () => {
    await batteryReport(3.08, NOW - 2 * HOUR);
    expect((await node()).battery.alarm.ts).toBe(Math.floor((NOW - 2 * HOUR) / 1000));
    // The dashboard's summary is made now and is fresh for a minute: the swap must not wait for it.
    expect(await batteryCount()).toBe(1);
    expect(await lowBatteries()).toEqual(['Keuken']);

    expect((await swap()).statusCode).toBe(200);
    expect(await batteryCount()).toBe(0);
    expect(await lowBatteries()).toEqual([]);
    const swapped = await node();
    expect(swapped.battery).toMatchObject({ ts: new Date(NOW).toISOString(), alarm: { ts: 0 } });
    // The old voltage keeps its own measurement time; it is not a reading at the swap time.
    expect(swapped.channels.find((channel: { id: string }) => channel.id === 'battery1')).toMatchObject({ value: 3.08, ts: (NOW - 2 * HOUR) / 1000 });
  });

  it('a low reading measured before the swap raises nothing; one measured after it raises the alarm at its own time', async () => {
    await batteryReport(3.08, NOW - 2 * HOUR);
    expect((await swap()).statusCode).toBe(200);

    await batteryReport(3.07, NOW - HOUR); // measured before the swap, arriving late
    expect((await node()).battery.alarm.ts).toBe(0);
    expect(await batteryCount()).toBe(0);

    await batteryReport(3.6, NOW + 60_000); // the new battery
    expect((await node()).battery).toMatchObject({ voltage: 3.6, alarm: { ts: 0 } });

    await batteryReport(3.05, NOW + 120_000); // low, after the swap
    const later = await node();
    expect(later.battery).toMatchObject({ voltage: 3.05, alarm: { ts: Math.floor((NOW + 120_000) / 1000) } });
    expect(await batteryCount()).toBe(1);
    expect(await lowBatteries()).toEqual(['Keuken']);
  });
});
