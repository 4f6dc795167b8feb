import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TOKEN_MASK } from '@aquasmart/domain';
import { alarms, calibrationLogs, devices, gateways, locations } from '../../db/schema';
import { useTestContext } from '../../test/test-app';
import { caller, insertCalibrationLog, insertCustomer, insertDevice, insertGateway, insertLocation } from '../../test/places-fixtures';

const PASSWORD = 'Locations-test-2026';
const tokens: Record<string, string> = {};
let ids: { acme: number; beta: number; hal: number; kantoor: number };

const ctx = useTestContext();
const call = caller(ctx);
beforeEach(async () => {
  const db = ctx.database.db;
  const acme = await insertCustomer(db, 'Acme', { calibrationInterval: 3 });
  const beta = await insertCustomer(db, 'Beta', { calibrationInterval: 2 });
  ids = {
    acme,
    beta,
    hal: await insertLocation(db, acme, 'Sporthal', { calibrationInterval: 1 }),
    kantoor: await insertLocation(db, acme, 'kantoor', { calibrationInterval: 2, endpoint: { platform: 'Unica', url: 'https://u.example', token: 'tok' } }),
  };
  await insertLocation(db, beta, 'Sporthal');
  const users = {
    admin: { administrator: true },
    adder: { rights: { addLocation: true } },
    editor: { rights: { editLocation: true } },
    mover: { rights: { moveLocation: true } },
    both: { rights: { editLocation: true, moveLocation: true } },
    engineer: { rights: { editNode: true } },
  };
  for (const [name, options] of Object.entries(users)) {
    await ctx.createUser({ email: `${name}@example.com`, password: PASSWORD, ...options });
    tokens[name] = await ctx.tokenFor(`${name}@example.com`);
  }
});

const newLocation = { name: ' Zwembad ', customer: 'Acme', reference: 'Z-1', address: 'Bad 1', postalCode: '1000 AA', city: 'Ede', country: 'Nederland' };

describe('lists', () => {
  it('GET /locations: every customer, sorted by name ignoring case, customer by name', async () => {
    const rows = (await call(tokens.admin, 'GET', '/locations?projection=name customer')).json();
    expect(rows).toEqual([
      { name: 'kantoor', customer: 'Acme' },
      { name: 'Sporthal', customer: 'Acme' },
      { name: 'Sporthal', customer: 'Beta' },
    ]);
  });

  it.each([
    ['name', [{ name: 'kantoor' }, { name: 'Sporthal' }]],
    ['calibration.interval name', [{ name: 'kantoor', calibration: { interval: 2 } }, { name: 'Sporthal', calibration: { interval: 1 } }]],
  ])('GET /customers/Acme/locations?projection=%s', async (projection, expected) => {
    const response = await call(tokens.admin, 'GET', `/customers/Acme/locations?projection=${encodeURIComponent(projection)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expected);
  });

  it('conditions on the customer name and the platform', async () => {
    const conditions = encodeURIComponent(JSON.stringify({ customer: 'Acme', 'endpoint.platform': { $ne: null } }));
    expect((await call(tokens.admin, 'GET', `/locations?projection=name&conditions=${conditions}`)).json()).toEqual([{ name: 'kantoor' }]);
  });

  it('GET one location: full fields, endpoint details for administrators only', async () => {
    const asAdmin = (await call(tokens.admin, 'GET', '/customers/Acme/locations/kantoor')).json();
    expect(asAdmin).toMatchObject({ name: 'kantoor', customer: 'Acme', calibration: { interval: 2 }, endpoint: { platform: 'Unica', url: 'https://u.example', token: TOKEN_MASK } });
    const asEditor = (await call(tokens.editor, 'GET', '/customers/Acme/locations/kantoor')).json();
    expect(asEditor.endpoint).toEqual({ platform: 'Unica' });
    expect((await call(tokens.admin, 'GET', '/customers/Beta/locations/kantoor')).statusCode).toBe(404);
    expect((await call(tokens.admin, 'GET', '/customers/Nope/locations')).statusCode).toBe(404);
  });
});

describe('POST /locations', () => {
  it.each([
    ['administrator, no interval: 1', 'admin', {}, 201, { calibration: { interval: 1 }, endpoint: { platform: null } }],
    ['administrator, interval 2', 'admin', { calibration: { interval: 2 } }, 201, { calibration: { interval: 2 } }],
    ["addLocation with the customer's interval", 'adder', { calibration: { interval: 3 } }, 201, { calibration: { interval: 3 } }],
    ['addLocation with the default interval', 'adder', { calibration: { interval: 1 } }, 201, { calibration: { interval: 1 } }],
    ['administrator, chosen customer platform', 'admin', { endpoint: { platform: 'Customer', url: 'https://x', token: 't' } }, 201, { endpoint: { platform: 'Customer', url: null, token: null } }],
  ])('%s -> %i', async (_case, user, change, status, expected) => {
    const response = await call(tokens[user], 'POST', '/locations', { ...newLocation, ...change });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ name: 'Zwembad', customer: 'Acme', ...expected });
  });

  it.each([
    ['addLocation with another interval', 'adder', { calibration: { interval: 2 } }, 403, { 'location.calibration.interval': 'errors.forbidden' }],
    ['addLocation with a platform', 'adder', { endpoint: { platform: 'Customer' } }, 403, { 'location.endpoint': 'errors.forbidden' }],
    ['missing customer', 'admin', { customer: '' }, 400, { customer: 'validation.required' }],
    ['unknown customer', 'admin', { customer: 'Nope' }, 400, { customer: 'validation.unknownCustomer?name=Nope' }],
    ['missing address fields', 'admin', { reference: '', city: undefined }, 400, { reference: 'validation.required', city: 'validation.required' }],
    ['XIC without url', 'admin', { endpoint: { platform: 'XIC', token: 't' } }, 400, { 'endpoint.url': 'validation.required' }],
    ['interval 0', 'admin', { calibration: { interval: 0 } }, 400, { 'calibration.interval': 'validation.oneOf' }],
    ['taken name at the customer', 'admin', { name: 'kantoor' }, 409, { name: 'errors.locationNameTaken' }],
  ])('%s -> %i, nothing created', async (_case, user, change, status, fields) => {
    const before = await ctx.database.db.select().from(locations);
    const response = await call(tokens[user], 'POST', '/locations', { ...newLocation, ...change });
    expect(response.statusCode).toBe(status);
    expect(response.json().fields).toEqual(fields);
    expect(await ctx.database.db.select().from(locations)).toEqual(before);
  });

  it('a name taken at another customer is fine', async () => {
    expect((await call(tokens.admin, 'POST', '/locations', { ...newLocation, name: 'Sporthal', customer: 'Beta' })).statusCode).toBe(409);
    expect((await call(tokens.admin, 'POST', '/locations', { ...newLocation, name: 'kantoor', customer: 'Beta' })).statusCode).toBe(201);
  });
});

describe('PATCH /customers/{c}/locations/{l}', () => {
  async function fillHal() {
    const db = ctx.database.db;
    const gatewayId = await insertGateway(db, { customerId: ids.acme, locationId: ids.hal, name: 'GW', mac: '00000000000000aa' });
    await insertDevice(db, { eui: '0000000000000001', customerId: ids.acme, locationId: ids.hal, gatewayId, calibrationInterval: 1 });
    await insertDevice(db, { eui: '0000000000000002', customerId: ids.acme, locationId: ids.kantoor, calibrationInterval: 2 });
    await insertCalibrationLog(db, { eui: '0000000000000001', customerId: ids.acme, locationId: ids.hal, ts: '2026-01-01T10:00:00Z' });
    await db.insert(alarms).values([
      { kind: 'lowBattery', deviceEui: '0000000000000001', customerId: ids.acme, locationId: ids.hal, openedAt: new Date('2026-01-02T10:00:00Z') },
      { kind: 'offline', deviceEui: '0000000000000002', customerId: ids.acme, locationId: ids.kantoor, openedAt: new Date('2026-01-02T10:00:00Z'), closedAt: new Date('2026-01-03T10:00:00Z') },
    ]);
    return gatewayId;
  }

  it('moveLocation moves the location with its gateways, nodes and logs in one go', async () => {
    const gatewayId = await fillHal();
    const response = await call(tokens.mover, 'PATCH', '/customers/Acme/locations/kantoor', { customer: 'Beta' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'kantoor', customer: 'Beta', nodes: 1 });
    const hal = await call(tokens.mover, 'PATCH', '/customers/Acme/locations/Sporthal', { customer: 'Beta', name: 'Sporthal Oost' });
    expect(hal.statusCode).toBe(403); // renaming is editLocation
    const moved = await call(tokens.both, 'PATCH', '/customers/Acme/locations/Sporthal', { customer: 'Beta', name: 'Sporthal Oost', calibration: { interval: 2 } });
    expect(moved.statusCode).toBe(200);
    const db = ctx.database.db;
    expect((await db.select({ customerId: gateways.customerId }).from(gateways).where(eq(gateways.id, gatewayId)))[0].customerId).toBe(ids.beta);
    expect(await db.select({ eui: devices.eui, customerId: devices.customerId, interval: devices.calibrationInterval }).from(devices).orderBy(devices.eui)).toEqual([
      { eui: '0000000000000001', customerId: ids.beta, interval: 2 },
      { eui: '0000000000000002', customerId: ids.beta, interval: 2 },
    ]);
    expect((await db.select({ customerId: calibrationLogs.customerId }).from(calibrationLogs))[0].customerId).toBe(ids.beta);
    // The locations' alarms, open or closed, are their logbooks': they go with them.
    expect(await db.select({ kind: alarms.kind, customerId: alarms.customerId }).from(alarms).orderBy(alarms.kind)).toEqual([
      { kind: 'lowBattery', customerId: ids.beta },
      { kind: 'offline', customerId: ids.beta },
    ]);
    expect((await call(tokens.admin, 'GET', '/customers/Beta/gateways?projection=name location')).json()).toEqual([{ name: 'GW', location: 'Sporthal Oost' }]);
    expect((await call(tokens.admin, 'GET', '/customers/Acme')).json()).toMatchObject({ nodes: 0 });
  });

  it.each([
    ['editLocation moving', 'editor', { customer: 'Beta' }, 403, { 'location.customer': 'errors.forbidden' }],
    ['moveLocation renaming', 'mover', { name: 'Nieuw' }, 403, { 'location.details': 'errors.forbidden' }],
    ['moveLocation taking another interval', 'mover', { customer: 'Beta', calibration: { interval: 3 } }, 403, { 'location.calibration.interval': 'errors.forbidden' }],
    ['editLocation changing the interval', 'editor', { calibration: { interval: 2 } }, 403, { 'location.calibration.interval': 'errors.forbidden' }],
    ['editLocation changing the endpoint', 'editor', { endpoint: { platform: 'Customer' } }, 403, { 'location.endpoint': 'errors.forbidden' }],
    ['moving to an unknown customer', 'both', { customer: 'Nope' }, 400, { customer: 'validation.unknownCustomer?name=Nope' }],
    ['moving where the name is taken', 'both', { customer: 'Beta' }, 409, { name: 'errors.locationNameTaken' }],
    ['a blank city', 'admin', { city: '  ' }, 400, { city: 'validation.required' }],
    ['editNode changing more than the notes', 'engineer', { notes: 'Sleutel bij de balie', address: 'Elders 1' }, 403, { 'location.details': 'errors.forbidden' }],
  ])('%s -> %i, nothing changed', async (_case, user, patch, status, fields) => {
    await fillHal();
    const before = [await ctx.database.db.select().from(locations).orderBy(locations.id), await ctx.database.db.select().from(devices).orderBy(devices.eui)];
    const response = await call(tokens[user], 'PATCH', '/customers/Acme/locations/Sporthal', patch);
    expect(response.statusCode).toBe(status);
    expect(response.json().fields).toEqual(fields);
    expect([await ctx.database.db.select().from(locations).orderBy(locations.id), await ctx.database.db.select().from(devices).orderBy(devices.eui)]).toEqual(before);
  });

  it('editNode keeps the notes of a location (docs/places-screens.md, "A field engineer keeps a location\'s notes"), the same details sent along unchanged', async () => {
    await fillHal();
    const [before] = await ctx.database.db.select().from(locations).where(eq(locations.name, 'Sporthal'));
    const response = await call(tokens.engineer, 'PATCH', '/customers/Acme/locations/Sporthal', { notes: 'Sleutel bij de balie', address: before.address, city: before.city });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Sporthal', notes: 'Sleutel bij de balie' });
  });

  it('moveLocation may take the new customer interval (as the edit form does)', async () => {
    await fillHal();
    const response = await call(tokens.mover, 'PATCH', '/customers/Acme/locations/kantoor', { customer: 'Beta', calibration: { interval: 2 } });
    expect(response.statusCode).toBe(200);
  });

  it('editLocation may send back what it read', async () => {
    const read = (await call(tokens.editor, 'GET', '/customers/Acme/locations/kantoor')).json();
    const response = await call(tokens.editor, 'PATCH', '/customers/Acme/locations/kantoor', { ...read, city: 'Arnhem', notes: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ city: 'Arnhem', endpoint: { platform: 'Unica' } });
    expect((await call(tokens.admin, 'GET', '/customers/Acme/locations/kantoor')).json().endpoint).toMatchObject({ url: 'https://u.example', token: TOKEN_MASK });
    // The token itself is never answered; it stays stored as it was.
    const [stored] = await ctx.database.db.select({ endpoint: locations.endpoint }).from(locations).where(eq(locations.name, 'kantoor'));
    expect(stored.endpoint.token).toBe('tok');
  });

  it('a changed interval propagates to the devices of the location only', async () => {
    await fillHal();
    expect((await call(tokens.admin, 'PATCH', '/customers/Acme/locations/Sporthal', { calibration: { interval: 3 } })).statusCode).toBe(200);
    expect(await ctx.database.db.select({ eui: devices.eui, interval: devices.calibrationInterval }).from(devices).orderBy(devices.eui)).toEqual([
      { eui: '0000000000000001', interval: 3 },
      { eui: '0000000000000002', interval: 2 },
    ]);
  });

  it.each([
    ['chosen customer clears url and token', { platform: 'Customer' }, 200, { platform: 'Customer', url: null, token: null, ldOptions: null }],
    ['LegionellaDossier with a token needs ldOptions on edit', { platform: 'LegionellaDossier', token: 't' }, 400, undefined],
  ])('administrator endpoint: %s', async (_case, endpoint, status, expected) => {
    const response = await call(tokens.admin, 'PATCH', '/customers/Acme/locations/kantoor', { endpoint });
    expect(response.statusCode).toBe(status);
    if (expected) expect(response.json().endpoint).toEqual(expected);
    else expect(Object.keys(response.json().fields)).toHaveLength(4);
  });
});

describe('DELETE /customers/{c}/locations/{l}', () => {
  it.each([
    ['a gateway', 'gateway', { gateways: 1, nodes: 0 }],
    ['a node', 'node', { gateways: 0, nodes: 1 }],
  ])('with %s -> 409 saying what is in the way; nothing deleted', async (_case, what, params) => {
    const db = ctx.database.db;
    if (what === 'gateway') await insertGateway(db, { customerId: ids.acme, locationId: ids.hal, name: 'GW', mac: '00000000000000aa' });
    else await insertDevice(db, { eui: '0000000000000001', customerId: ids.acme, locationId: ids.hal });
    const response = await call(tokens.admin, 'DELETE', '/customers/Acme/locations/Sporthal');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ key: 'errors.locationInUse', params });
    expect((await call(tokens.admin, 'GET', '/customers/Acme/locations/Sporthal')).statusCode).toBe(200);
  });

  it('an empty location goes; its calibration logs stay with the customer', async () => {
    const db = ctx.database.db;
    await insertDevice(db, { eui: '0000000000000009' });
    await insertCalibrationLog(db, { eui: '0000000000000009', customerId: ids.acme, locationId: ids.hal, ts: '2026-01-01T00:00:00Z' });
    expect((await call(tokens.admin, 'DELETE', '/customers/Acme/locations/Sporthal')).statusCode).toBe(204);
    expect((await call(tokens.admin, 'GET', '/customers/Acme/locations/Sporthal')).statusCode).toBe(404);
    expect(await db.select({ customerId: calibrationLogs.customerId, locationId: calibrationLogs.locationId }).from(calibrationLogs)).toEqual([
      { customerId: ids.acme, locationId: null },
    ]);
    expect((await call(tokens.admin, 'DELETE', '/customers/Acme/locations/Sporthal')).statusCode).toBe(404);
  });
});

describe('the logbook settings of a location (docs/places.md, "Logbook settings")', () => {
  const read = async () => (await ctx.database.db.select({ rulebook: locations.rulebook, healthcare: locations.healthcare, timeZone: locations.timeZone }).from(locations).where(eq(locations.id, ids.hal)))[0];

  it('a new location: the customer\'s rulebook, no healthcare, Europe/Amsterdam; GET answers them', async () => {
    const response = await call(tokens.adder, 'POST', '/locations', newLocation);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ rulebook: null, healthcare: false, timeZone: 'Europe/Amsterdam' });
    expect((await call(tokens.adder, 'GET', '/customers/Acme/locations/Zwembad')).json()).toMatchObject({ rulebook: null, healthcare: false, timeZone: 'Europe/Amsterdam' });
  });

  it.each([
    ['null (the customer\'s)', { rulebook: null }, { rulebook: null }],
    ['NL', { rulebook: 'NL' }, { rulebook: 'NL' }],
    ['UK healthcare in London', { rulebook: 'UK', healthcare: true, timeZone: 'Europe/London' }, { rulebook: 'UK', healthcare: true, timeZone: 'Europe/London' }],
    ['DE in Berlin', { rulebook: 'DE', timeZone: 'Europe/Berlin' }, { rulebook: 'DE', timeZone: 'Europe/Berlin' }],
    ['a zone outside Europe', { timeZone: 'America/New_York' }, { timeZone: 'America/New_York' }],
    ['UTC', { timeZone: 'UTC' }, { timeZone: 'UTC' }],
  ])('POST with %s -> 201', async (_case, change, expected) => {
    const response = await call(tokens.adder, 'POST', '/locations', { ...newLocation, ...change });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject(expected);
  });

  it.each([
    ['an unknown rulebook', { rulebook: 'FR' }, { rulebook: 'validation.oneOf' }],
    ['a rulebook in lower case', { rulebook: 'uk' }, { rulebook: 'validation.oneOf' }],
    ['an unknown time zone', { timeZone: 'Europe/Atlantis' }, { timeZone: 'validation.timeZone' }],
    ['an offset, not a zone', { timeZone: '+01:00x' }, { timeZone: 'validation.timeZone' }],
    ['an empty time zone', { timeZone: '' }, { timeZone: 'validation.timeZone' }],
    ['a zone with spaces around', { timeZone: ' Europe/Amsterdam ' }, { timeZone: 'validation.timeZone' }],
    ['a null time zone', { timeZone: null }, { timeZone: 'validation.required' }],
    ['healthcare as text', { healthcare: 'yes' }, { healthcare: 'validation.required' }],
    ['everything wrong at once', { rulebook: 'XX', timeZone: 'Nowhere' }, { rulebook: 'validation.oneOf', timeZone: 'validation.timeZone' }],
  ])('%s -> 400 on the field (POST and PATCH), nothing stored', async (_case, change, fields) => {
    const before = await ctx.database.db.select().from(locations).orderBy(locations.id);
    const created = await call(tokens.admin, 'POST', '/locations', { ...newLocation, ...change });
    expect(created.statusCode).toBe(400);
    expect(created.json().fields).toEqual(fields);
    const patched = await call(tokens.admin, 'PATCH', '/customers/Acme/locations/Sporthal', change);
    expect(patched.statusCode).toBe(400);
    expect(patched.json().fields).toEqual(fields);
    expect(await ctx.database.db.select().from(locations).orderBy(locations.id)).toEqual(before);
  });

  it.each([
    ['editLocation sets all three', 'editor', { rulebook: 'UK', healthcare: true, timeZone: 'Europe/London' }, 200],
    ['editLocation clears the rulebook', 'editor', { rulebook: null }, 200],
    ['editNode sends them back unchanged with the notes', 'engineer', { rulebook: null, healthcare: false, timeZone: 'Europe/Amsterdam', notes: 'Sleutel' }, 200],
    ['editNode changing the rulebook', 'engineer', { rulebook: 'DE' }, 403],
    ['editNode changing healthcare', 'engineer', { healthcare: true }, 403],
    ['editNode changing the time zone', 'engineer', { timeZone: 'Europe/Berlin' }, 403],
    ['moveLocation changing the time zone', 'mover', { timeZone: 'Europe/Berlin' }, 403],
  ])('PATCH: %s -> %i', async (_case, user, patch, status) => {
    const before = await read();
    const response = await call(tokens[user], 'PATCH', '/customers/Acme/locations/Sporthal', patch);
    expect(response.statusCode, response.body).toBe(status);
    if (status === 403) {
      expect(response.json().fields).toEqual({ 'location.details': 'errors.forbidden' });
      expect(await read()).toEqual(before);
    } else {
      const { notes: _notes, ...settings } = patch as Record<string, unknown>;
      expect(await read()).toEqual({ ...before, ...settings });
      expect(response.json()).toMatchObject(settings);
    }
  });

  it('are list fields for projection and conditions', async () => {
    await ctx.database.db.update(locations).set({ healthcare: true, timeZone: 'Europe/London', rulebook: 'UK' }).where(eq(locations.id, ids.kantoor));
    const conditions = encodeURIComponent(JSON.stringify({ healthcare: true }));
    expect((await call(tokens.admin, 'GET', `/locations?projection=name rulebook healthcare timeZone&conditions=${conditions}`)).json()).toEqual([
      { name: 'kantoor', rulebook: 'UK', healthcare: true, timeZone: 'Europe/London' },
    ]);
  });
});
