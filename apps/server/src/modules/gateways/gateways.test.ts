import { beforeEach, describe, expect, it } from 'vitest';
import { devices, gateways } from '../../db/schema';
import { useTestContext } from '../../test/test-app';
import { caller, insertDevice, insertGateway, insertProduct, seedPlacesWorld } from '../../test/places-fixtures';

let manager: string;
let viewer: string;
let ids: Record<'acme' | 'beta' | 'hal' | 'kantoor' | 'elders' | 'kerlink', number>;

const ctx = useTestContext();
const call = caller(ctx);
beforeEach(async () => {
  const db = ctx.database.db;
  const world = await seedPlacesWorld(db, { kantoor: true });
  ids = { ...world, kerlink: await insertProduct(db, 'Kerlink iStation') };
  const { acme, beta } = ids;
  await insertProduct(db, 'Sanimatic kraan', 'Faucet');
  await insertGateway(db, { customerId: acme, locationId: ids.hal, name: 'gw dak', mac: '7076ff0056000001', productId: ids.kerlink, type: 'Outdoor' });
  await insertGateway(db, { customerId: beta, locationId: ids.elders, name: 'GW kelder', mac: '7076ff0056000002' });
  ({ manager, viewer } = await ctx.signedInUsers({ manager: { rights: { gatewayManagement: true } }, viewer: { rights: { gatewayView: true } } }));
});

const newGateway = { mac: '7076FF00560000AB', name: ' GW nieuw ', product: 'Kerlink iStation', customer: 'Acme', location: 'Kantoor', type: 'Indoor' };

describe('lists', () => {
  it('GET /gateways: sorted by name ignoring case, product, customer and location by name', async () => {
    expect((await call(viewer, 'GET', '/gateways')).json()).toEqual([
      { name: 'gw dak', mac: '7076ff0056000001', type: 'Outdoor', product: 'Kerlink iStation', customer: 'Acme', location: 'Hal', notes: null, lastSeenAt: null },
      { name: 'GW kelder', mac: '7076ff0056000002', type: '', product: null, customer: 'Beta', location: 'Elders', notes: null, lastSeenAt: null },
    ]);
  });

  it.each([
    ['/customers/Acme/gateways?projection=name mac', [{ name: 'gw dak', mac: '7076ff0056000001' }]],
    ['/customers/Acme/locations/Hal/gateways?projection=name', [{ name: 'gw dak' }]],
    ['/customers/Acme/locations/Kantoor/gateways?projection=name', []],
    [`/gateways?projection=name&conditions=${encodeURIComponent('{"customer":"Beta"}')}`, [{ name: 'GW kelder' }]],
  ])('GET %s', async (url, expected) => {
    const response = await call(viewer, 'GET', url);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expected);
  });

  it.each(['/customers/Nope/gateways', '/customers/Acme/locations/Elders/gateways', '/customers/Acme/locations/Hal/gateways/GW%20kelder'])('GET %s -> 404', async (url) => {
    expect((await call(viewer, 'GET', url)).statusCode).toBe(404);
  });
});

describe('POST /gateways', () => {
  it('creates with a lower-case MAC and trimmed name', async () => {
    const response = await call(manager, 'POST', '/gateways', newGateway);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ mac: '7076ff00560000ab', name: 'GW nieuw', product: 'Kerlink iStation', customer: 'Acme', location: 'Kantoor', type: 'Indoor', notes: null, lastSeenAt: null });
  });

  it.each([
    ['bad MAC', { mac: '7076ff00560000' }, 400, { mac: 'validation.mac' }],
    ['missing MAC', { mac: '' }, 400, { mac: 'validation.required' }],
    ['missing name, product and location', { name: '', product: undefined, location: ' ' }, 400, { name: 'validation.required', product: 'validation.required', location: 'validation.required' }],
    ['unknown customer', { customer: 'Nope' }, 400, { customer: 'validation.unknownCustomer?name=Nope' }],
    ['location of another customer', { location: 'Elders' }, 400, { location: 'validation.unknownLocation?name=Elders' }],
    ['unknown product', { product: 'Nope' }, 400, { product: 'validation.unknownProduct?name=Nope' }],
    ['a faucet as product', { product: 'Sanimatic kraan' }, 400, { product: 'validation.productType?type=Gateway' }],
    ['MAC taken (other case)', { mac: '7076FF0056000002' }, 409, { mac: 'errors.macTaken' }],
    ['name taken at the location', { location: 'Hal', name: 'gw dak' }, 409, { name: 'errors.gatewayNameTaken' }],
  ])('%s -> %i, nothing created', async (_case, change, status, fields) => {
    const response = await call(manager, 'POST', '/gateways', { ...newGateway, ...change });
    expect(response.statusCode).toBe(status);
    expect(response.json().fields).toEqual(fields);
    expect(await ctx.database.db.select().from(gateways)).toHaveLength(2);
  });

  it('the same name at another location is fine; gatewayView may not create', async () => {
    expect((await call(manager, 'POST', '/gateways', { ...newGateway, name: 'gw dak' })).statusCode).toBe(201);
    expect((await call(viewer, 'POST', '/gateways', { ...newGateway, mac: '7076ff00560000ac' })).statusCode).toBe(403);
  });
});

describe('PATCH and DELETE', () => {
  const url = '/customers/Acme/locations/Hal/gateways/gw%20dak';

  it('a rename keeps its nodes; notes: empty left out, null clears', async () => {
    await insertDevice(ctx.database.db, { eui: '0000000000000001', customerId: ids.acme, locationId: ids.hal, gatewayId: 1 });
    const renamed = await call(manager, 'PATCH', url, { name: 'GW dak noord', notes: 'Op het dak' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'GW dak noord', notes: 'Op het dak', mac: '7076ff0056000001' });
    const next = '/customers/Acme/locations/Hal/gateways/GW%20dak%20noord';
    expect((await call(manager, 'PATCH', next, { notes: '' })).json().notes).toBe('Op het dak');
    expect((await call(manager, 'PATCH', next, { notes: null })).json().notes).toBeNull();
    expect((await ctx.database.db.select({ gatewayId: devices.gatewayId }).from(devices))[0].gatewayId).toBe(1);
    expect((await call(viewer, 'GET', url)).statusCode).toBe(404);
  });

  it.each([
    ['to another location of the customer, with nodes', { location: 'Kantoor' }, true, 200, 'Kantoor'],
    ['to another customer, without nodes', { customer: 'Beta', location: 'Elders' }, false, 200, 'Elders'],
    ['to another customer, with nodes', { customer: 'Beta', location: 'Elders' }, true, 409, 'Hal'],
    ['to a location the customer does not have', { location: 'Elders' }, false, 400, 'Hal'],
  ])('moving %s -> %i', async (_case, patch, withNode, status, location) => {
    if (withNode) await insertDevice(ctx.database.db, { eui: '0000000000000001', customerId: ids.acme, locationId: ids.hal, gatewayId: 1 });
    const response = await call(manager, 'PATCH', url, patch);
    expect(response.statusCode).toBe(status);
    if (status === 409) expect(response.json()).toMatchObject({ key: 'errors.gatewayMoveInUse', params: { nodes: 1 } });
    expect((await call(viewer, 'GET', '/gateways?projection=name location')).json()).toContainEqual({ name: 'gw dak', location });
  });

  it.each([
    ['a taken MAC', { mac: '7076FF0056000002' }, 409, { mac: 'errors.macTaken' }],
    ['a bad MAC', { mac: 'xyz' }, 400, { mac: 'validation.mac' }],
    ['a blank name', { name: '' }, 400, { name: 'validation.required' }],
  ])('%s -> %i', async (_case, patch, status, fields) => {
    const response = await call(manager, 'PATCH', url, patch);
    expect(response.statusCode).toBe(status);
    expect(response.json().fields).toEqual(fields);
  });

  it('delete: refused while a node uses it, then allowed', async () => {
    await insertDevice(ctx.database.db, { eui: '0000000000000001', customerId: ids.acme, locationId: ids.hal, gatewayId: 1 });
    const refused = await call(manager, 'DELETE', url);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ key: 'errors.gatewayInUse', params: { nodes: 1 } });
    await ctx.database.db.update(devices).set({ gatewayId: null });
    expect((await call(viewer, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(manager, 'DELETE', url)).statusCode).toBe(204);
    expect((await call(manager, 'GET', url)).statusCode).toBe(404);
  });
});
