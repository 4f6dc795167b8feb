import { beforeEach, describe, expect, it } from 'vitest';
import { customers, devices, gateways, locations } from '../../db/schema';
import { useTestContext } from '../../test/test-app';
import { caller, insertCalibrationLog, insertDevice, insertGateway, insertProduct, restrictUser, type TMethod, seedPlacesWorld } from '../../test/places-fixtures';

/**
 * A user restricted to customer Acme, holding every right a restricted user can hold, gets
 * nothing of customer Beta from any route of customers, locations, gateways and calibration logs:
 * lists leave Beta out, paths under Beta are 404 (or 403 where the route itself is not theirs),
 * bodies naming Beta are 400, and Beta's data does not change.
 */
const PASSWORD = 'Customer-scope-2026';
let scoped: string;

const ctx = useTestContext();
const call = caller(ctx);
beforeEach(async () => {
  const db = ctx.database.db;
  const { acme, beta, hal, elders } = await seedPlacesWorld(db);
  const product = await insertProduct(db, 'Kerlink');
  await insertGateway(db, { customerId: acme, locationId: hal, name: 'GW A', mac: '000000000000000a', productId: product });
  await insertGateway(db, { customerId: beta, locationId: elders, name: 'GW B', mac: '000000000000000b', productId: product });
  await insertDevice(db, { eui: '00000000000000a1', customerId: acme, locationId: hal });
  await insertDevice(db, { eui: '00000000000000b1', customerId: beta, locationId: elders });
  await insertCalibrationLog(db, { eui: '00000000000000b1', customerId: beta, locationId: elders, ts: '2026-01-01T00:00:00Z' });
  const rights = Object.fromEntries(
    ['addCustomer', 'editCustomer', 'deleteCustomer', 'addLocation', 'editLocation', 'deleteLocation', 'moveLocation', 'gatewayManagement', 'calibrationData', 'settings'].map(
      (flag) => [flag, true],
    ),
  );
  const userId = await ctx.createUser({ email: 'scoped@example.com', password: PASSWORD, rights });
  await restrictUser(db, userId, [acme]);
  scoped = await ctx.tokenFor('scoped@example.com');
});

const place = { reference: 'R', address: 'A', postalCode: 'P', city: 'C', country: 'NL' };

describe('a user restricted to Acme', () => {
  it.each([
    ['/customers', 'name'],
    ['/locations', 'customer'],
    ['/gateways', 'customer'],
    [`/locations?conditions=${encodeURIComponent('{"customer":"Beta"}')}`, 'customer'],
    [`/gateways?conditions=${encodeURIComponent('{"mac":"000000000000000b"}')}`, 'customer'],
  ])('GET %s lists Acme only', async (url, field) => {
    const response = await call(scoped, 'GET', url);
    expect(response.statusCode).toBe(200);
    const values = response.json().map((row: Record<string, string>) => row[field]);
    expect(values.every((value: string) => value === 'Acme')).toBe(true);
    expect(response.body).not.toMatch(/Beta|Elders|GW B/);
  });

  const refused: [TMethod, string, unknown, number][] = [
    ['GET', '/customers/Beta', undefined, 404],
    ['PATCH', '/customers/Beta', { city: 'X' }, 404],
    ['DELETE', '/customers/Beta', undefined, 403], // deleteCustomer is never held with customers
    ['POST', '/customers', { name: 'Nieuw', ...place }, 403], // nor addCustomer
    ['PATCH', '/customers/Beta/devices', { calibration: { interval: 3 } }, 403],
    ['PATCH', '/customers/Beta/locations', { calibration: { interval: 3 } }, 403],
    ['GET', '/customers/Beta/calibrationLogs', undefined, 404],
    ['GET', '/customers/Beta/locations', undefined, 404],
    ['GET', '/customers/Beta/locations/Elders', undefined, 404],
    ['PATCH', '/customers/Beta/locations/Elders', { city: 'X' }, 404],
    ['PATCH', '/customers/Beta/locations/Elders', { customer: 'Acme' }, 404],
    ['DELETE', '/customers/Beta/locations/Elders', undefined, 404],
    ['PATCH', '/customers/Beta/locations/Elders/devices', { calibration: { interval: 3 } }, 403],
    ['GET', '/customers/Beta/locations/Elders/calibrationLogs', undefined, 404],
    ['POST', '/locations', { name: 'Nieuw', customer: 'Beta', ...place }, 400],
    ['PATCH', '/customers/Acme/locations/Hal', { customer: 'Beta' }, 400],
    ['GET', '/customers/Beta/gateways', undefined, 404],
    ['GET', '/customers/Beta/locations/Elders/gateways', undefined, 404],
    ['GET', '/customers/Beta/locations/Elders/gateways/GW%20B', undefined, 404],
    ['PATCH', '/customers/Beta/locations/Elders/gateways/GW%20B', { name: 'X' }, 404],
    ['DELETE', '/customers/Beta/locations/Elders/gateways/GW%20B', undefined, 404],
    ['POST', '/gateways', { mac: '00000000000000cc', name: 'X', product: 'Kerlink', customer: 'Beta', location: 'Elders' }, 400],
    ['PATCH', '/customers/Acme/locations/Hal/gateways/GW%20A', { customer: 'Beta', location: 'Elders' }, 400],
  ];

  it.each(refused)('%s %s -> %i, Beta unchanged', async (method, url, body, status) => {
    const db = ctx.database.db;
    const snapshot = async () => [
      await db.select().from(customers).orderBy(customers.id),
      await db.select().from(locations).orderBy(locations.id),
      await db.select().from(gateways).orderBy(gateways.id),
      await db.select().from(devices).orderBy(devices.eui),
    ];
    const before = await snapshot();
    const response = await call(scoped, method, url, body);
    expect(response.statusCode).toBe(status);
    expect(response.body).not.toMatch(/Elders|GW B|000000000000000b/);
    expect(await snapshot()).toEqual(before);
  });

  it('still reaches its own customer', async () => {
    expect((await call(scoped, 'GET', '/customers/Acme')).json()).toMatchObject({ name: 'Acme', nodes: 1 });
    expect((await call(scoped, 'GET', '/customers/Acme/locations/Hal/gateways?projection=name')).json()).toEqual([{ name: 'GW A' }]);
    expect((await call(scoped, 'PATCH', '/customers/Acme', { city: 'Ede' })).statusCode).toBe(200);
  });
});
