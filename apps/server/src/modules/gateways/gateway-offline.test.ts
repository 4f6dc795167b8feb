import { beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { alarmEvents, alarms, gateways } from '../../db/schema';
import { useTestContext } from '../../test/test-app';
import { insertGateway, seedPlacesWorld, type TPlacesWorld } from '../../test/places-fixtures';
import { runGatewayOfflineStep } from './gateway-offline-job';

/** The gateway-offline alarm (docs/gateways.md) at both sides of the 2-hour bound. */

const ctx = useTestContext();
const HOUR = 3_600_000;
const NOW = new Date('2026-11-27T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
let world: TPlacesWorld;
let gatewayId: number;

beforeEach(async () => {
  world = await seedPlacesWorld(ctx.database.db);
  gatewayId = await insertGateway(ctx.database.db, { customerId: world.acme, locationId: world.hal, name: 'dak', mac: '0016c001f1500001' });
  await setGateway({ watchedSince: ago(100 * HOUR), lastSeenAt: null });
});

async function setGateway(values: { lastSeenAt?: Date | null; watchedSince?: Date; locationId?: number; customerId?: number }) {
  await ctx.database.db.update(gateways).set(values).where(eq(gateways.id, gatewayId));
}

async function alarmRows() {
  return ctx.database.db.select().from(alarms).orderBy(asc(alarms.id));
}

async function eventRows() {
  return ctx.database.db.select({ alarmId: alarmEvents.alarmId, action: alarmEvents.action, at: alarmEvents.at }).from(alarmEvents).orderBy(asc(alarmEvents.id));
}

const step = (now = NOW, offlineAfterMs?: number) => runGatewayOfflineStep(ctx.database.db, now, offlineAfterMs);

describe('opening', () => {
  it('heard exactly 2 hours ago: no alarm; 2 hours and 1 ms ago: an alarm with the gateway as it is now, and an opened event', async () => {
    await setGateway({ lastSeenAt: ago(2 * HOUR) });
    expect(await step()).toEqual({ opened: 0, closed: 0 });
    expect(await alarmRows()).toEqual([]);

    await setGateway({ lastSeenAt: ago(2 * HOUR + 1) });
    expect(await step()).toEqual({ opened: 1, closed: 0 });
    const [alarm] = await alarmRows();
    expect(alarm).toMatchObject({
      kind: 'gatewayOffline',
      gatewayId,
      deviceEui: null,
      channelId: '',
      customerId: world.acme,
      locationId: world.hal,
      openedAt: new Date(NOW.getTime() - 1),
      closedAt: null,
      state: 'new',
      details: { gatewayName: 'dak', mac: '0016c001f1500001', neverHeard: false },
    });
    expect(await eventRows()).toEqual([{ alarmId: alarm.id, action: 'opened', at: alarm.openedAt }]);
  });

  it('one alarm at a time: a second look, or a second server copy, opens nothing more', async () => {
    await setGateway({ lastSeenAt: ago(3 * HOUR) });
    const [first, second] = await Promise.all([step(), step()]);
    expect(first.opened + second.opened).toBe(1);
    expect(await step(new Date(NOW.getTime() + HOUR))).toEqual({ opened: 0, closed: 0 });
    expect(await alarmRows()).toHaveLength(1);
    expect(await eventRows()).toHaveLength(1);
  });

  it('never heard: counted from registration (watched_since), at both sides of the bound', async () => {
    await setGateway({ watchedSince: ago(2 * HOUR) });
    expect((await step()).opened).toBe(0);
    await setGateway({ watchedSince: ago(2 * HOUR + 1) });
    expect((await step()).opened).toBe(1);
    expect((await alarmRows())[0].details).toMatchObject({ neverHeard: true, lastSeenAt: null });
  });

  it('the setting: 30 minutes', async () => {
    await setGateway({ lastSeenAt: ago(31 * 60_000) });
    expect((await step(NOW, 30 * 60_000)).opened).toBe(1);
  });
});

describe('closing', () => {
  beforeEach(async () => {
    await setGateway({ lastSeenAt: ago(3 * HOUR) });
    await step();
  });

  it('still not heard: stays open; heard again within the bound: closed at the time it was heard, with a closed event', async () => {
    expect(await step(new Date(NOW.getTime() + HOUR))).toEqual({ opened: 0, closed: 0 });
    const heard = ago(2 * HOUR);
    await setGateway({ lastSeenAt: heard });
    expect(await step()).toEqual({ opened: 0, closed: 1 });
    const [alarm] = await alarmRows();
    expect(alarm.closedAt).toEqual(heard);
    expect((await eventRows()).map((event) => [event.action, event.at])).toEqual([
      ['opened', alarm.openedAt],
      ['closed', heard],
    ]);
    // Quiet again later: a new alarm (a new row), the old one stays closed.
    expect(await step(new Date(heard.getTime() + 2 * HOUR + 1))).toEqual({ opened: 1, closed: 0 });
    expect((await alarmRows()).map((row) => row.closedAt === null)).toEqual([false, true]);
  });

  it('a deleted gateway closes its alarm', async () => {
    await ctx.database.db.delete(gateways).where(eq(gateways.id, gatewayId));
    expect(await step()).toEqual({ opened: 0, closed: 1 });
    expect((await alarmRows())[0].closedAt).toEqual(NOW);
  });
});
