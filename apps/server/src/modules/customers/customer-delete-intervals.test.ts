import { beforeEach, describe, expect, it } from 'vitest';
import { calibrationLogs, customers, devices, locations } from '../../db/schema';
import { useTestContext, TEST_PASSWORD } from '../../test/test-app';
import { caller, insertCalibrationLog, insertCustomer, insertDevice, insertGateway, insertLocation, restrictUser } from '../../test/places-fixtures';

let admin: string;
let deleter: string;
let ids: { acme: number; beta: number };

const ctx = useTestContext();
const call = caller(ctx);
beforeEach(async () => {
  ids = { acme: await insertCustomer(ctx.database.db, 'Acme'), beta: await insertCustomer(ctx.database.db, 'Beta', { calibrationInterval: 1 }) };
  ({ admin, deleter } = await ctx.signedInUsers({ admin: { administrator: true }, deleter: { rights: { deleteCustomer: true } } }));
});

describe('DELETE /customers/{name}', () => {
  const cases: [string, () => Promise<void>, Record<string, number>][] = [
    ['a location', async () => void (await insertLocation(ctx.database.db, ids.acme, 'Hal')), { locations: 1, gateways: 0, nodes: 0, users: 0 }],
    [
      'a location with a gateway and two nodes',
      async () => {
        const db = ctx.database.db;
        const hal = await insertLocation(db, ids.acme, 'Hal');
        const gatewayId = await insertGateway(db, { customerId: ids.acme, locationId: hal, name: 'GW', mac: '00000000000000aa' });
        await insertDevice(db, { eui: '0000000000000001', customerId: ids.acme, locationId: hal, gatewayId });
        await insertDevice(db, { eui: '0000000000000002', customerId: ids.acme, locationId: hal });
      },
      { locations: 1, gateways: 1, nodes: 2, users: 0 },
    ],
    ['a node without location', async () => insertDevice(ctx.database.db, { eui: '0000000000000003', customerId: ids.acme }), { locations: 0, gateways: 0, nodes: 1, users: 0 }],
    [
      'a user restricted to it',
      async () => restrictUser(ctx.database.db, await ctx.createUser({ email: 'scoped@example.com', password: TEST_PASSWORD }), [ids.acme]),
      { locations: 0, gateways: 0, nodes: 0, users: 1 },
    ],
  ];

  it.each(cases)('with %s -> 409 with the counts; the customer is still there', async (_case, arrange, params) => {
    await arrange();
    const response = await call(deleter, 'DELETE', '/customers/Acme');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ key: 'errors.customerInUse', params });
    expect((await call(admin, 'GET', '/customers/Acme')).statusCode).toBe(200);
  });

  it('an empty customer goes; its old calibration logs stay without it', async () => {
    await insertDevice(ctx.database.db, { eui: '0000000000000004' });
    await insertCalibrationLog(ctx.database.db, { eui: '0000000000000004', customerId: ids.acme, locationId: null, ts: '2026-02-01T00:00:00Z' });
    expect((await call(deleter, 'DELETE', '/customers/Acme')).statusCode).toBe(204);
    expect((await ctx.database.db.select({ name: customers.name }).from(customers))).toEqual([{ name: 'Beta' }]);
    expect(await ctx.database.db.select({ customerId: calibrationLogs.customerId }).from(calibrationLogs)).toEqual([{ customerId: null }]);
    expect((await call(deleter, 'DELETE', '/customers/Acme')).statusCode).toBe(404);
  });
});

describe('calibration interval calls (administrators)', () => {
  beforeEach(async () => {
    const db = ctx.database.db;
    const hal = await insertLocation(db, ids.acme, 'Hal', { calibrationInterval: 1 });
    const kantoor = await insertLocation(db, ids.acme, 'Kantoor', { calibrationInterval: 1 });
    const elders = await insertLocation(db, ids.beta, 'Elders', { calibrationInterval: 1 });
    await insertDevice(db, { eui: '0000000000000001', customerId: ids.acme, locationId: hal, calibrationInterval: 1 });
    await insertDevice(db, { eui: '0000000000000002', customerId: ids.acme, locationId: kantoor, calibrationInterval: 1 });
    await insertDevice(db, { eui: '0000000000000003', customerId: ids.beta, locationId: elders, calibrationInterval: 1 });
  });

  const intervals = async () => ({
    locations: (await ctx.database.db.select({ name: locations.name, interval: locations.calibrationInterval }).from(locations).orderBy(locations.name)).map(
      (row) => `${row.name}:${row.interval}`,
    ),
    devices: (await ctx.database.db.select({ eui: devices.eui, interval: devices.calibrationInterval }).from(devices).orderBy(devices.eui)).map(
      (row) => `${row.eui.slice(-1)}:${row.interval}`,
    ),
  });

  it.each([
    ['/customers/Acme/devices', 2, { locations: ['Elders:1', 'Hal:1', 'Kantoor:1'], devices: ['1:3', '2:3', '3:1'] }],
    ['/customers/Acme/locations', 2, { locations: ['Elders:1', 'Hal:3', 'Kantoor:3'], devices: ['1:3', '2:3', '3:1'] }],
    ['/customers/Acme/locations/Hal/devices', 1, { locations: ['Elders:1', 'Hal:1', 'Kantoor:1'], devices: ['1:3', '2:1', '3:1'] }],
  ])('PATCH %s sets interval 3 there only', async (url, updated, expected) => {
    const response = await call(admin, 'PATCH', url, { calibration: { interval: 3 } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated });
    expect(await intervals()).toEqual(expected);
  });

  it.each([
    ['/customers/Acme/devices', {}, 400],
    ['/customers/Acme/locations', { calibration: { interval: 5 } }, 400],
    ['/customers/Acme/locations/Hal/devices', { calibration: {} }, 400],
    ['/customers/Nope/devices', { calibration: { interval: 3 } }, 404],
    ['/customers/Acme/locations/Nope/devices', { calibration: { interval: 3 } }, 404],
  ])('PATCH %s %j -> %i, nothing changed', async (url, body, status) => {
    const before = await intervals();
    expect((await call(admin, 'PATCH', url, body)).statusCode).toBe(status);
    expect(await intervals()).toEqual(before);
  });

  it('others get 403', async () => {
    expect((await call(deleter, 'PATCH', '/customers/Acme/devices', { calibration: { interval: 3 } })).statusCode).toBe(403);
  });
});
