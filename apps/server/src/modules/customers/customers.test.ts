import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TOKEN_MASK } from '@aquasmart/domain';
import { customers, devices, locations } from '../../db/schema';
import { useTestContext, TEST_PASSWORD } from '../../test/test-app';
import { caller, insertCustomer, insertDevice, insertLocation, restrictUser } from '../../test/places-fixtures';

let admin: string;
let editor: string;
let adder: string;
let ids: { acme: number; beta: number };

const ctx = useTestContext();
const call = caller(ctx);
beforeEach(async () => {
  const db = ctx.database.db;
  ids = {
    acme: await insertCustomer(db, 'acme', { city: 'Utrecht', calibrationInterval: 2, endpoint: { platform: 'XIC', url: 'https://xic.example', token: 'secret' } }),
    beta: await insertCustomer(db, 'Beta', { city: 'Zwolle', calibrationInterval: 1 }),
  };
  await insertCustomer(db, 'Zeta', { city: 'Assen' });
  ({ admin, editor, adder } = await ctx.signedInUsers({
    admin: { administrator: true },
    editor: { rights: { editCustomer: true } },
    adder: { rights: { addCustomer: true } },
  }));
});

const newCustomer = { name: '  Gamma BV ', reference: 'G-1', address: 'Laan 2', postalCode: '3511 AA', city: 'Utrecht', country: 'Nederland' };

describe('GET /customers', () => {
  it('lists every field sorted by name, ignoring case', async () => {
    const response = await call(admin, 'GET', '/customers');
    expect(response.statusCode).toBe(200);
    expect(response.json().map((row: { name: string }) => row.name)).toEqual(['acme', 'Beta', 'Zeta']);
    expect(response.json()[0]).toEqual({
      name: 'acme',
      reference: 'REF-1',
      address: 'Straat 1',
      postalCode: '1234 AB',
      city: 'Utrecht',
      country: 'Nederland',
      calibration: { interval: 2 },
      endpoint: { platform: 'XIC', url: 'https://xic.example', token: TOKEN_MASK, ldOptions: null },
      notes: null,
      rulebook: null,
      alarmTemperatureMinutes: 60,
      responsible: null,
      deputy: null,
      sync: -1,
      online: 0,
      channels: 0,
      nodes: 0,
    });
  });

  it.each([
    ['name', [{ name: 'acme' }, { name: 'Beta' }, { name: 'Zeta' }]],
    ['calibration.interval name', [{ name: 'acme', calibration: { interval: 2 } }, { name: 'Beta', calibration: { interval: 1 } }, { name: 'Zeta', calibration: { interval: 2 } }]],
    ['name,city', [{ name: 'acme', city: 'Utrecht' }, { name: 'Beta', city: 'Zwolle' }, { name: 'Zeta', city: 'Assen' }]],
    ['endpoint.platform', [{ endpoint: { platform: 'XIC' } }, { endpoint: { platform: null } }, { endpoint: { platform: null } }]],
    ['name endpoint.ldOptions.subType1', [{ name: 'acme', endpoint: { ldOptions: null } }, { name: 'Beta', endpoint: { ldOptions: null } }, { name: 'Zeta', endpoint: { ldOptions: null } }]],
    ['-endpoint -notes -reference -address -postalCode -country -city -calibration -rulebook -alarmTemperatureMinutes -responsible -deputy', [
      { name: 'acme', sync: -1, online: 0, channels: 0, nodes: 0 },
      { name: 'Beta', sync: -1, online: 0, channels: 0, nodes: 0 },
      { name: 'Zeta', sync: -1, online: 0, channels: 0, nodes: 0 },
    ]],
  ])('projection %s', async (projection, expected) => {
    const response = await call(admin, 'GET', `/customers?projection=${encodeURIComponent(projection)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expected);
  });

  it.each([
    [{ city: 'Zwolle' }, ['Beta']],
    [{ 'calibration.interval': { $gte: 2 } }, ['acme', 'Zeta']],
    [{ $or: [{ name: 'Zeta' }, { city: 'Utrecht' }] }, ['acme', 'Zeta']],
    [{ 'endpoint.platform': 'XIC' }, ['acme']],
    [{ sync: -1 }, ['acme', 'Beta', 'Zeta']],
  ])('conditions %j', async (conditions, names) => {
    const response = await call(admin, 'GET', `/customers?projection=name&conditions=${encodeURIComponent(JSON.stringify(conditions))}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((row: { name: string }) => row.name)).toEqual(names);
  });

  it.each([
    ['projection=secret', 'errors.unknownField'],
    ['conditions=%7B%22password%22%3A1%7D', 'errors.unknownField'],
    ['conditions=nope', 'errors.invalidJson'],
    ['conditions=%7B%22name%22%3A%7B%22%24regex%22%3A%22a%22%7D%7D', 'errors.unknownOperator'],
  ])('%s -> 400 %s', async (query, key) => {
    const response = await call(admin, 'GET', `/customers?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().key).toBe(key);
  });

  it('shows url, token and ldOptions to administrators only, and refuses them as conditions to others', async () => {
    const rows = (await call(editor, 'GET', '/customers')).json();
    expect(rows[0].endpoint).toEqual({ platform: 'XIC' });
    expect(JSON.stringify(rows)).not.toContain('secret');
    expect((await call(editor, 'GET', '/customers?projection=endpoint.token')).statusCode).toBe(400);
    expect((await call(editor, 'GET', `/customers?conditions=${encodeURIComponent('{"endpoint.token":"secret"}')}`)).statusCode).toBe(400);
    expect((await call(editor, 'GET', '/customers/acme')).json().endpoint).toEqual({ platform: 'XIC' });
  });
});

describe('computed columns', () => {
  it.each([
    ['no nodes', [], { sync: -1, online: 0, channels: 0, nodes: 0 }],
    ['nodes without parameters', [{ sync: -1 }, { sync: -1, type: 'V1' as const }], { sync: -1, online: 0, channels: 4, nodes: 2 }],
    ['all synchronised', [{ sync: 1, heardHoursAgo: 1 }, { sync: -1, type: 'V3' as const }], { sync: 1, online: 1, channels: 5, nodes: 2 }],
    ['one pending', [{ sync: 1, heardHoursAgo: 0.1 }, { sync: 0, heardHoursAgo: 5.9 }, { sync: 1, heardHoursAgo: 6.1 }], { sync: 0, online: 2, channels: 9, nodes: 3 }],
  ])('%s', async (_case, seeds, expected) => {
    const locationId = await insertLocation(ctx.database.db, ids.beta, 'Hal');
    for (const [index, seed] of seeds.entries()) {
      await insertDevice(ctx.database.db, { eui: `00000000000000b${index}`, customerId: ids.beta, locationId, ...seed });
    }
    // A node of another customer changes nothing here.
    await insertDevice(ctx.database.db, { eui: '00000000000000a0', customerId: ids.acme, sync: 0, heardHoursAgo: 0 });
    const customer = (await call(admin, 'GET', '/customers/Beta')).json();
    expect({ sync: customer.sync, online: customer.online, channels: customer.channels, nodes: customer.nodes }).toEqual(expected);
    const location = (await call(admin, 'GET', '/customers/Beta/locations/Hal')).json();
    expect({ sync: location.sync, online: location.online, channels: location.channels, nodes: location.nodes }).toEqual(expected);
  });
});

describe('the channel count of a node (kept by triggers on device_channels)', () => {
  it('follows channels added and removed, and only temperature channels count', async () => {
    const locationId = await insertLocation(ctx.database.db, ids.beta, 'Kelder');
    await insertDevice(ctx.database.db, { eui: '00000000000000c1', customerId: ids.beta, locationId, type: 'V2' });
    const count = async () => (await call(admin, 'GET', '/customers/Beta/locations/Kelder')).json().channels as number;
    expect(await count()).toBe(3);
    await ctx.database.db.execute(sql`DELETE FROM device_channels WHERE device_eui = '00000000000000c1' AND channel_id IN ('temperature1', 'battery1')`);
    expect(await count()).toBe(2);
    await ctx.database.db.execute(sql`INSERT INTO device_channels (device_eui, channel_id, name, type) VALUES
      ('00000000000000c1', 'temperature1', 'Temperatuur 1', 'Temperatuur'), ('00000000000000c1', 'extra1', 'Extra', 'Event')`);
    expect(await count()).toBe(3);
    await ctx.database.db.execute(sql`UPDATE device_channels SET type = 'Temperatuur' WHERE device_eui = '00000000000000c1' AND channel_id = 'extra1'`);
    expect(await count()).toBe(4);
    await ctx.database.db.execute(sql`UPDATE device_channels SET type = 'Event' WHERE device_eui = '00000000000000c1' AND type = 'Temperatuur'`);
    expect(await count()).toBe(0);
    // The intake's updates (value and time) leave the count alone.
    await ctx.database.db.execute(sql`UPDATE device_channels SET value = 20.5, ts = now() WHERE device_eui = '00000000000000c1'`);
    expect(await count()).toBe(0);
  });
});

describe('GET /customers/{name}', () => {
  it.each([
    ['acme', 200],
    ['ACME', 404],
    ['missing', 404],
  ])('%s -> %i', async (name, status) => {
    expect((await call(admin, 'GET', `/customers/${encodeURIComponent(name)}`)).statusCode).toBe(status);
  });

  it('finds names with spaces, accents and slashes', async () => {
    await insertCustomer(ctx.database.db, 'Café de Zon / Noord');
    const response = await call(admin, 'GET', `/customers/${encodeURIComponent('Café de Zon / Noord')}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('Café de Zon / Noord');
  });
});

describe('POST /customers', () => {
  it('creates with trimmed texts, interval 2 and no platform', async () => {
    const response = await call(adder, 'POST', '/customers', { ...newCustomer, notes: '' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Gamma BV', calibration: { interval: 2 }, endpoint: { platform: null }, notes: null, sync: -1 });
  });

  it.each([
    ['missing name', { name: undefined }, { name: 'validation.required' }],
    ['blank reference', { reference: '   ' }, { reference: 'validation.required' }],
    ['null city', { city: null }, { city: 'validation.required' }],
    ['every address field', { address: '', postalCode: '', country: '' }, { address: 'validation.required', postalCode: 'validation.required', country: 'validation.required' }],
    ['interval 4', { calibration: { interval: 4 } }, { 'calibration.interval': 'validation.oneOf' }],
    ['interval missing', { calibration: {} }, { 'calibration.interval': 'validation.required' }],
    ['unknown platform', { endpoint: { platform: 'Dropbox' } }, { 'endpoint.platform': 'validation.oneOf' }],
    ['XIC without url and token', { endpoint: { platform: 'XIC' } }, { 'endpoint.url': 'validation.required', 'endpoint.token': 'validation.required' }],
    ['Unica without token', { endpoint: { platform: 'Unica', url: 'https://u.example' } }, { 'endpoint.token': 'validation.required' }],
    ['XIC with a url that is not http', { endpoint: { platform: 'XIC', url: 'javascript:alert(1)', token: 't' } }, { 'endpoint.url': 'validation.url' }],
  ])('%s -> 400 naming the field', async (_case, change, fields) => {
    const response = await call(admin, 'POST', '/customers', { ...newCustomer, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(fields);
    expect(await ctx.database.db.select().from(customers).where(eq(customers.name, 'Gamma BV'))).toEqual([]);
  });

  it('refuses a taken name with 409 on the field', async () => {
    const response = await call(admin, 'POST', '/customers', { ...newCustomer, name: 'Beta' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ key: 'errors.customerNameTaken', fields: { name: 'errors.customerNameTaken' } });
  });

  it.each([
    ['default interval', { calibration: { interval: 2 } }, 201, undefined],
    ['no platform', { endpoint: { platform: null } }, 201, undefined],
    ['another interval', { calibration: { interval: 3 } }, 403, 'customer.calibration.interval'],
    ['a platform', { endpoint: { platform: 'LegionellaDossier', token: 'x' } }, 403, 'customer.endpoint'],
  ])('addCustomer with %s -> %i', async (_case, change, status, field) => {
    const response = await call(adder, 'POST', '/customers', { ...newCustomer, ...change });
    expect(response.statusCode).toBe(status);
    if (field) expect(response.json().fields).toHaveProperty([field]);
  });

  it.each([
    ['no platform clears url and token', { platform: '', url: 'https://x', token: 't' }, { platform: null, url: null, token: null, ldOptions: null }],
    ['LegionellaDossier clears url', { platform: 'LegionellaDossier', url: 'https://x', token: 't' }, { platform: 'LegionellaDossier', url: null, token: TOKEN_MASK, ldOptions: null }],
    ['LegionellaDossier without token', { platform: 'LegionellaDossier' }, { platform: 'LegionellaDossier', url: null, token: null, ldOptions: null }],
    ['XIC keeps url and token, drops ldOptions', { platform: 'XIC', url: 'https://x', token: 't', ldOptions: { deviceType: 'a' } }, { platform: 'XIC', url: 'https://x', token: TOKEN_MASK, ldOptions: null }],
  ])('administrator: %s', async (_case, endpoint, expected) => {
    const response = await call(admin, 'POST', '/customers', { ...newCustomer, endpoint });
    expect(response.statusCode).toBe(201);
    expect(response.json().endpoint).toEqual(expected);
  });
});

describe('PATCH /customers/{name}', () => {
  it('renames and keeps every reference: locations, nodes and restricted users', async () => {
    const db = ctx.database.db;
    const locationId = await insertLocation(db, ids.acme, 'Hal');
    await insertDevice(db, { eui: '0000000000000001', customerId: ids.acme, locationId });
    const scopedId = await ctx.createUser({ email: 'scoped@example.com', password: TEST_PASSWORD, rights: { editCustomer: true } });
    await restrictUser(db, scopedId, [ids.acme]);
    const response = await call(admin, 'PATCH', '/customers/acme', { name: 'Acme Holding' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Acme Holding', nodes: 1 });
    expect((await call(admin, 'GET', '/customers/Acme%20Holding/locations/Hal')).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/customers/acme')).statusCode).toBe(404);
    const scoped = await ctx.tokenFor('scoped@example.com');
    expect((await call(scoped, 'GET', '/customers?projection=name')).json()).toEqual([{ name: 'Acme Holding' }]);
  });

  it.each([
    ['empty notes are left out', { notes: 'keep me' }, { notes: '' }, 'keep me'],
    ['null clears notes', { notes: 'old' }, { notes: null }, null],
    ['notes are trimmed', { notes: null }, { notes: '  new  ' }, 'new'],
  ])('%s', async (_case, before, patch, notes) => {
    await ctx.database.db.update(customers).set(before).where(eq(customers.id, ids.beta));
    const response = await call(editor, 'PATCH', '/customers/Beta', patch);
    expect(response.statusCode).toBe(200);
    expect(response.json().notes).toBe(notes);
  });

  it.each([
    ['a detail', { city: 'Amersfoort' }, 200, undefined],
    ['the interval and endpoint it read', { city: 'Ede', calibration: { interval: 2 }, endpoint: { platform: 'XIC' } }, 200, undefined],
    ['another interval', { calibration: { interval: 3 } }, 403, 'customer.calibration.interval'],
    ['another platform', { endpoint: { platform: 'Unica', url: 'https://u', token: 't' } }, 403, 'customer.endpoint'],
    ['another token', { endpoint: { token: 'guess' } }, 403, 'customer.endpoint'],
  ])('editCustomer changing %s -> %i', async (_case, patch, status, field) => {
    const response = await call(editor, 'PATCH', '/customers/acme', patch);
    expect(response.statusCode).toBe(status);
    if (field) expect(response.json().fields).toEqual({ [field]: 'errors.forbidden' });
    if (status !== 200) expect((await call(admin, 'GET', '/customers/acme')).json()).toMatchObject({ city: 'Utrecht', calibration: { interval: 2 } });
  });

  it.each([
    ['blank name', { name: ' ' }, 400, { name: 'validation.required' }],
    ['taken name', { name: 'Zeta' }, 409, { name: 'errors.customerNameTaken' }],
    ['LegionellaDossier token without ldOptions', { endpoint: { platform: 'LegionellaDossier', token: 't' } }, 400, {
      'endpoint.ldOptions.deviceType': 'validation.required',
      'endpoint.ldOptions.subType1': 'validation.required',
      'endpoint.ldOptions.subType2': 'validation.required',
      'endpoint.ldOptions.subType3': 'validation.required',
    }],
    ['LegionellaDossier token with three options', { endpoint: { platform: 'LegionellaDossier', token: 't', ldOptions: { deviceType: 'a', subType1: 'b', subType2: 'c' } } }, 400, {
      'endpoint.ldOptions.subType3': 'validation.required',
    }],
    ['XIC clearing its url', { endpoint: { url: null } }, 400, { 'endpoint.url': 'validation.required' }],
  ])('administrator: %s -> %i, nothing changed', async (_case, patch, status, fields) => {
    const response = await call(admin, 'PATCH', '/customers/acme', { city: 'Changed', ...patch });
    expect(response.statusCode).toBe(status);
    expect(response.json().fields).toEqual(fields);
    expect((await call(admin, 'GET', '/customers/acme')).json()).toMatchObject({ city: 'Utrecht', endpoint: { platform: 'XIC' } });
  });

  it('administrator: LegionellaDossier with a token and all four options; no platform clears it again', async () => {
    const ldOptions = { deviceType: 'Tap', subType1: 'a', subType2: 'b', subType3: 'c' };
    const set = await call(admin, 'PATCH', '/customers/acme', { endpoint: { platform: 'LegionellaDossier', token: 't', ldOptions } });
    expect(set.statusCode).toBe(200);
    expect(set.json().endpoint).toEqual({ platform: 'LegionellaDossier', url: null, token: TOKEN_MASK, ldOptions });
    const cleared = await call(admin, 'PATCH', '/customers/acme', { endpoint: { platform: null } });
    expect(cleared.json().endpoint).toEqual({ platform: null, url: null, token: null, ldOptions: null });
  });

  it('a changed interval propagates to its locations and their devices, not to other customers', async () => {
    const db = ctx.database.db;
    const hal = await insertLocation(db, ids.acme, 'Hal', { calibrationInterval: 1 });
    const other = await insertLocation(db, ids.beta, 'Elders', { calibrationInterval: 1 });
    await insertDevice(db, { eui: '0000000000000001', customerId: ids.acme, locationId: hal, calibrationInterval: 1 });
    await insertDevice(db, { eui: '0000000000000002', customerId: ids.beta, locationId: other, calibrationInterval: 1 });
    expect((await call(admin, 'PATCH', '/customers/acme', { calibration: { interval: 3 } })).statusCode).toBe(200);
    const intervals = await db.select({ id: locations.id, interval: locations.calibrationInterval }).from(locations).orderBy(locations.id);
    expect(intervals).toEqual([{ id: hal, interval: 3 }, { id: other, interval: 1 }]);
    const nodes = await db.select({ eui: devices.eui, interval: devices.calibrationInterval }).from(devices).orderBy(devices.eui);
    expect(nodes).toEqual([{ eui: '0000000000000001', interval: 3 }, { eui: '0000000000000002', interval: 1 }]);
  });

  it('an unknown customer is 404', async () => {
    expect((await call(admin, 'PATCH', '/customers/missing', { city: 'X' })).statusCode).toBe(404);
  });
});

describe('the sustained-temperature alarm duration (docs/alarms.md)', () => {
  it('POST and PATCH set it within 15 minutes .. 7 days; out of range names the field', async () => {
    const created = await call(adder, 'POST', '/customers', { ...newCustomer, alarmTemperatureMinutes: 30 });
    expect(created.json()).toMatchObject({ alarmTemperatureMinutes: 30 });
    const patched = await call(admin, 'PATCH', '/customers/Gamma%20BV', { alarmTemperatureMinutes: 120 });
    expect(patched.json()).toMatchObject({ alarmTemperatureMinutes: 120 });
    const refused = await call(admin, 'PATCH', '/customers/Gamma%20BV', { alarmTemperatureMinutes: 10 });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields ?? {})).toContain('alarmTemperatureMinutes');
  });
});

describe('the logbook rulebook (docs/places.md, "Logbook settings")', () => {
  it.each([
    ['null: by the country', null, 201],
    ['NL', 'NL', 201],
    ['UK', 'UK', 201],
    ['DE', 'DE', 201],
  ])('POST with %s -> %i, read back', async (_case, rulebook, status) => {
    const response = await call(adder, 'POST', '/customers', { ...newCustomer, rulebook });
    expect(response.statusCode).toBe(status);
    expect(response.json().rulebook).toBe(rulebook);
    expect((await call(adder, 'GET', '/customers/Gamma%20BV')).json().rulebook).toBe(rulebook);
  });

  it('POST without a rulebook stores none (by the country)', async () => {
    expect((await call(adder, 'POST', '/customers', newCustomer)).json().rulebook).toBeNull();
  });

  it.each([
    ['an unknown rulebook', 'FR'],
    ['lower case', 'nl'],
    ['empty', ''],
    ['a number', 1],
  ])('POST and PATCH with %s -> 400 on rulebook, nothing stored', async (_case, rulebook) => {
    const created = await call(admin, 'POST', '/customers', { ...newCustomer, rulebook });
    expect(created.statusCode).toBe(400);
    expect(created.json().fields).toEqual({ rulebook: 'validation.oneOf' });
    const patched = await call(admin, 'PATCH', '/customers/acme', { rulebook });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().fields).toEqual({ rulebook: 'validation.oneOf' });
    expect((await ctx.database.db.select({ rulebook: customers.rulebook }).from(customers).where(eq(customers.id, ids.acme)))[0].rulebook).toBeNull();
  });

  it.each([
    ['editCustomer sets UK', 'editor', [null, 'UK'], 200],
    ['editCustomer clears it again', 'editor', ['DE', null], 200],
    ['editCustomer sends back what it read', 'editor', ['DE', 'DE'], 200],
    ['addCustomer only (no PatchCustomer)', 'adder', [null, 'UK'], 403],
  ])('PATCH: %s -> %i', async (_case, user, [before, after], status) => {
    await ctx.database.db.update(customers).set({ rulebook: before as 'DE' | null }).where(eq(customers.id, ids.acme));
    const tokens: Record<string, string> = { editor, adder };
    const response = await call(tokens[user], 'PATCH', '/customers/acme', { rulebook: after });
    expect(response.statusCode).toBe(status);
    const [row] = await ctx.database.db.select({ rulebook: customers.rulebook }).from(customers).where(eq(customers.id, ids.acme));
    expect(row.rulebook).toBe(status === 200 ? after : before);
  });

  it('is a list field for projection and conditions', async () => {
    await ctx.database.db.update(customers).set({ rulebook: 'UK' }).where(eq(customers.id, ids.beta));
    const conditions = encodeURIComponent(JSON.stringify({ rulebook: 'UK' }));
    expect((await call(admin, 'GET', `/customers?projection=name rulebook&conditions=${conditions}`)).json()).toEqual([{ name: 'Beta', rulebook: 'UK' }]);
  });
});

describe('the responsible person and deputy (docs/places.md, "Responsible person")', () => {
  const anna = { name: 'Anna de Vries', role: 'Beheerder', organisation: 'Gamma BV', email: 'anna@example.com', phone: '' };
  it('POST stores them trimmed, GET and the list answer them; PATCH by editCustomer changes and clears them; addCustomer alone may not', async () => {
    const created = await call(adder, 'POST', '/customers', { ...newCustomer, responsible: { ...anna, name: ' Anna de Vries ' }, deputy: null });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ responsible: anna, deputy: null });
    const conditions = encodeURIComponent(JSON.stringify({ 'responsible.email': 'anna@example.com' }));
    expect((await call(admin, 'GET', `/customers?projection=name responsible.name&conditions=${conditions}`)).json()).toEqual([{ name: 'Gamma BV', responsible: { name: 'Anna de Vries' } }]);
    const deputy = { name: 'Bram', phone: '030 123 4567' };
    const patched = await call(editor, 'PATCH', '/customers/Gamma%20BV', { deputy });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ responsible: anna, deputy: { ...deputy, role: '', organisation: '', email: '' } });
    expect((await call(editor, 'PATCH', '/customers/Gamma%20BV', { responsible: null })).json()).toMatchObject({ responsible: null });
    expect((await call(adder, 'PATCH', '/customers/Gamma%20BV', { responsible: anna })).statusCode).toBe(403);
  });

  it.each([
    ['no contact', { name: 'Anna' }, { 'responsible.email': 'validation.contactRequired' }],
    ['no name', { email: 'anna@example.com' }, { 'responsible.name': 'validation.required' }],
    ['a bad e-mail address', { name: 'Anna', email: 'anna@' }, { 'responsible.email': 'validation.email' }],
    ['a phone with letters', { name: 'Anna', phone: 'call me' }, { 'responsible.phone': 'validation.invalid' }],
  ])('%s -> 400 on the field, nothing stored', async (_case, responsible, fields) => {
    const created = await call(admin, 'POST', '/customers', { ...newCustomer, responsible });
    expect(created.statusCode).toBe(400);
    expect(created.json().fields).toEqual(fields);
    const patched = await call(admin, 'PATCH', '/customers/acme', { responsible });
    expect(patched.json().fields).toEqual(fields);
    expect((await ctx.database.db.select({ responsible: customers.responsible }).from(customers).where(eq(customers.id, ids.acme)))[0].responsible).toBeNull();
  });
});
