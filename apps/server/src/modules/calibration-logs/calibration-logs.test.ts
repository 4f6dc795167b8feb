import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { devices } from '../../db/schema';
import { useTestContext } from '../../test/test-app';
import { caller, insertCalibrationLog, insertDevice, restrictUser, seedPlacesWorld } from '../../test/places-fixtures';

const PASSWORD = 'Calibration-logs-2026';
const tokens: Record<string, string> = {};

const ctx = useTestContext();
const call = caller(ctx);
beforeEach(async () => {
  const db = ctx.database.db;
  const { acme, beta, hal, kantoor, elders } = await seedPlacesWorld(db, { kantoor: true });
  await insertDevice(db, { eui: '00000000000000a1', name: 'Douche 1', customerId: acme, locationId: hal });
  await insertDevice(db, { eui: '00000000000000a2', name: 'Keuken', customerId: acme, locationId: kantoor });
  await insertDevice(db, { eui: '00000000000000b1', name: 'Elders 1', customerId: beta, locationId: elders });
  await insertCalibrationLog(db, { eui: '00000000000000a1', customerId: acme, locationId: hal, ts: '2026-01-10T09:00:00Z', measured: 59.5, calibrated: 60 });
  await insertCalibrationLog(db, { eui: '00000000000000a2', customerId: acme, locationId: kantoor, ts: '2026-03-01T09:00:00Z', measured: 12, calibrated: 11.8, channel: 'temperature2' });
  await insertCalibrationLog(db, { eui: '00000000000000b1', customerId: beta, locationId: elders, ts: '2026-02-01T09:00:00Z' });
  await ctx.createUser({ email: 'admin@example.com', password: PASSWORD, administrator: true });
  await ctx.createUser({ email: 'data@example.com', password: PASSWORD, rights: { calibrationData: true } });
  await ctx.createUser({ email: 'other@example.com', password: PASSWORD, rights: { calibration: true, settings: true } });
  const scopedId = await ctx.createUser({ email: 'scoped@example.com', password: PASSWORD, rights: { calibrationData: true } });
  await restrictUser(db, scopedId, [acme]);
  for (const name of ['admin', 'data', 'other', 'scoped']) tokens[name] = await ctx.tokenFor(`${name}@example.com`);
});

describe('calibration logs', () => {
  it("a customer's rows, newest first, with names instead of ids", async () => {
    const response = await call(tokens.data, 'GET', '/customers/Acme/calibrationLogs');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { ts: '2026-03-01T09:00:00.000Z', name: 'Keuken', eui: '00000000000000a2', customer: 'Acme', location: 'Kantoor', channel: 'temperature2', measured: 12, calibrated: 11.8, offset: -0.2 },
      { ts: '2026-01-10T09:00:00.000Z', name: 'Douche 1', eui: '00000000000000a1', customer: 'Acme', location: 'Hal', channel: 'temperature1', measured: 59.5, calibrated: 60, offset: 0.5 },
    ]);
  });

  it.each([
    ['/customers/Acme/locations/Hal/calibrationLogs', ['00000000000000a1']],
    [`/customers/Acme/calibrationLogs?conditions=${encodeURIComponent('{"ts":{"$gte":"2026-02-01"}}')}`, ['00000000000000a2']],
    [`/customers/Acme/calibrationLogs?conditions=${encodeURIComponent('{"location":"Hal"}')}`, ['00000000000000a1']],
    ['/customers/Beta/calibrationLogs', ['00000000000000b1']],
  ])('GET %s', async (url, euis) => {
    const response = await call(tokens.admin, 'GET', url);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((row: { eui: string }) => row.eui)).toEqual(euis);
  });

  it('a renamed node shows its new name', async () => {
    await ctx.database.db.update(devices).set({ name: 'Douche links' }).where(eq(devices.eui, '00000000000000a1'));
    const rows = (await call(tokens.data, 'GET', '/customers/Acme/locations/Hal/calibrationLogs')).json();
    expect(rows[0].name).toBe('Douche links');
  });

  it.each([
    ['other', '/customers/Acme/calibrationLogs', 403],
    ['other', '/customers/Acme/locations/Hal/calibrationLogs', 403],
    ['scoped', '/customers/Acme/calibrationLogs', 200],
    ['scoped', '/customers/Beta/calibrationLogs', 404],
    ['scoped', '/customers/Beta/locations/Elders/calibrationLogs', 404],
    ['data', '/customers/Nope/calibrationLogs', 404],
    ['data', '/customers/Acme/locations/Elders/calibrationLogs', 404],
    ['data', '/customers/Acme/calibrationLogs?conditions=%7B%22customer_id%22%3A2%7D', 400],
  ])('%s: GET %s -> %i', async (user, url, status) => {
    expect((await call(tokens[user], 'GET', url)).statusCode).toBe(status);
  });
});
