import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLogs, deviceData, deviceParameters, devices, downlinks, locations, users } from '../../db/schema';
import { registrationPresets } from '@aquasmart/domain';
import { useTestContext } from '../../test/test-app';
import { caller, insertCustomer, insertDevice, insertGateway, insertLocation, insertProduct, restrictUser } from '../../test/places-fixtures';
import { insertNetworkServer } from '../../test/device-fixtures';

/**
 * PATCH /devices/{eui}/lora/{mode} and PATCH /devices/{eui}/channels/{id} (docs/nodes.md, server
 * section): field rights, customer scope, registration presets, removal, audit entries, 400s.
 */

type TUser = 'admin' | 'addNode' | 'editNode' | 'deleteNode' | 'moveNode' | 'gateway' | 'calibration' | 'editGateway' | 'acmeOnly' | 'nobody';
let tokens: Record<TUser, string>;

const NODE = '70B3D5499A000001'; // Acme / Hal, registered, V2
const BETA = '70B3D5499A000002'; // Beta / Elders
const LOOSE = '70B3D5499A000003'; // provisioned, unassigned, V1
const LOOSE_V3 = '70B3D5499A000004'; // provisioned, unassigned, V3
const ids: Record<string, number> = {};

const ctx = useTestContext();
const call = caller(ctx);

beforeEach(async () => {
  const db = ctx.database.db;
  ids.acme = await insertCustomer(db, 'Acme');
  ids.beta = await insertCustomer(db, 'Beta');
  ids.hal = await insertLocation(db, ids.acme, 'Hal');
  ids.kelder = await insertLocation(db, ids.acme, 'Kelder');
  ids.elders = await insertLocation(db, ids.beta, 'Elders');
  ids.server = await insertNetworkServer(db, 'ChirpStack');
  ids.roof = await insertGateway(db, { customerId: ids.acme, locationId: ids.hal, name: 'GW dak', mac: '7076ff0056000001' });
  ids.cellar = await insertGateway(db, { customerId: ids.acme, locationId: ids.kelder, name: 'GW kelder', mac: '7076ff0056000002' });
  ids.faucet = await insertProduct(db, 'Kraan X', 'Faucet');
  ids.gatewayProduct = await insertProduct(db, 'Gateway Y', 'Gateway');
  await insertDevice(db, { eui: NODE, name: 'Keuken', type: 'V2', customerId: ids.acme, locationId: ids.hal, gatewayId: ids.roof });
  await insertDevice(db, { eui: BETA, name: 'Elders 1', type: 'V3', customerId: ids.beta, locationId: ids.elders });
  await insertDevice(db, { eui: LOOSE, name: '', type: 'V1' });
  await insertDevice(db, { eui: LOOSE_V3, name: '', type: 'V3' });
  await db.update(devices).set({ networkServerId: ids.server });
  tokens = await ctx.signedInUsers({
    admin: { administrator: true },
    addNode: { rights: { addNode: true } },
    editNode: { rights: { editNode: true } },
    deleteNode: { rights: { deleteNode: true } },
    moveNode: { rights: { moveNode: true } },
    gateway: { rights: { gatewayManagement: true } },
    calibration: { rights: { calibration: true } },
    editGateway: { rights: { editNode: true, gatewayManagement: true } },
    acmeOnly: { rights: { addNode: true, editNode: true, deleteNode: true, moveNode: true, calibration: true } },
    nobody: { rights: { dashboard: true } },
  });
  const [acmeUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'acmeOnly@example.com'));
  await restrictUser(db, acmeUser.id, [ids.acme]);
});

const patch = (token: string, eui: string, body: unknown, mode = 'NS') => call(token, 'PATCH', `/devices/${eui}/lora/${mode}`, body);
const row = async (eui: string) => (await ctx.database.db.select().from(devices).where(eq(devices.eui, eui)))[0];
const audits = async (eui: string) => ctx.database.db.select().from(auditLogs).where(eq(auditLogs.deviceEui, eui)).orderBy(auditLogs.id);

describe('field rights (docs/nodes.md, PATCH lora): each field with and without its right', () => {
  it.each<[string, unknown, TUser, TUser, string]>([
    ['name', { name: 'Badkamer' }, 'editNode', 'moveNode', 'device.name'],
    ['notes', { notes: 'Achter het plafond' }, 'editNode', 'calibration', 'device.notes'],
    ['locationNotes', { locationNotes: 'Kamer 12' }, 'editNode', 'deleteNode', 'device.locationNotes'],
    ['flushDevice', { flushDevice: 'Kraan X' }, 'editNode', 'moveNode', 'device.flushDevice'],
    ['gateway', { gateway: null }, 'editGateway', 'editNode', 'device.gateway'],
    ['calibration.interval', { calibration: { interval: 3 } }, 'admin', 'editNode', 'device.calibration.interval'],
    ['flush.minimumTemperatureDeviation', { flush: { minimumTemperatureDeviation: 4 } }, 'admin', 'editNode', 'device.flush.minimumTemperatureDeviation'],
    ['move (customer and location)', { customer: 'Beta', location: 'Elders' }, 'moveNode', 'editNode', 'device.customer'],
    ['move (location)', { location: 'Kelder' }, 'moveNode', 'editNode', 'device.location'],
    ['removal', { customer: null, location: null, lora: { state: 'Stopped' } }, 'deleteNode', 'editNode', 'device.remove'],
    ['battery swap', { battery: { ts: 1, alarm: { ts: 0 } } }, 'calibration', 'editNode', 'device.battery'],
    ['lora.networkServer', { lora: { networkServer: 'Other' } }, 'admin', 'editNode', 'device.lora.networkServer'],
    ['lora.state alone', { lora: { state: 'Stopped' } }, 'admin', 'addNode', 'device.lora.state'],
    // The portal's own V2 presets: the field right alone (other values also need their setting group, below).
    ['presets', { presets: registrationPresets('V2') }, 'addNode', 'editNode', 'device.presets'],
  ])('%s', async (_what, body, allowed, refused, path) => {
    if (path === 'device.lora.networkServer') await insertNetworkServer(ctx.database.db, 'Other');
    if (refused !== 'nobody') {
      const denied = await patch(tokens[refused], NODE, body);
      expect(denied.statusCode, denied.body).toBe(403);
      expect(denied.json().fields).toHaveProperty([path], 'errors.forbidden');
    }
    const granted = await patch(tokens[allowed], NODE, body);
    expect(granted.statusCode, granted.body).toBe(200);
  });

  it('unchanged fields need no right: the edit form may send everything back', async () => {
    const response = await patch(tokens.editNode, NODE, {
      name: 'Nieuw',
      customer: 'Acme',
      location: 'Hal',
      gateway: 'GW dak',
      calibration: { interval: 2 },
      flush: { minimumTemperatureDeviation: 2 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Nieuw', customer: 'Acme', location: 'Hal', gateway: 'GW dak' });
  });

  it('a user without the PatchDevice route entry is refused before anything (403; gatewayManagement alone has none)', async () => {
    expect((await patch(tokens.gateway, NODE, { gateway: null })).statusCode).toBe(403);
    expect((await patch(tokens.nobody, NODE, { name: 'x' })).statusCode).toBe(403);
    expect((await call(tokens.moveNode, 'PATCH', `/devices/${NODE}/channels/temperature1`, { name: 'x' })).statusCode).toBe(403);
  });
});

describe('customer scope', () => {
  it.each<[string, string, unknown]>([
    ['GET /devices/{eui}', 'GET', undefined],
    ['GET /devices/{eui}/data', 'GET', undefined],
    ['PATCH lora (edit)', 'PATCH', { name: 'x' }],
    ['PATCH lora (removal)', 'PATCH', { customer: null, location: null }],
    ['PATCH lora (battery)', 'PATCH', { battery: { alarm: { ts: 0 } } }],
    ['PATCH channel', 'PATCH', { name: 'x' }],
  ])("another customer's node is a 404: %s", async (what, method, body) => {
    const url = what.includes('data') ? `/devices/${BETA}/data` : what.includes('channel') ? `/devices/${BETA}/channels/temperature1` : what.includes('lora') ? `/devices/${BETA}/lora/NS` : `/devices/${BETA}`;
    const response = await call(tokens.acmeOnly, method as 'GET' | 'PATCH', url, body);
    expect(response.statusCode, response.body).toBe(404);
  });

  it('a scoped user cannot move a node to a customer outside the scope (400 on customer)', async () => {
    const response = await patch(tokens.acmeOnly, NODE, { customer: 'Beta', location: 'Elders' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ customer: 'validation.unknownCustomer?name=Beta' });
    expect((await row(NODE)).customerId).toBe(ids.acme);
  });

  it('a scoped user with addNode registers an unassigned node into their customer, not into another', async () => {
    expect((await patch(tokens.acmeOnly, LOOSE, { name: 'Nieuw', customer: 'Beta', location: 'Elders' })).statusCode).toBe(400);
    const response = await patch(tokens.acmeOnly, LOOSE, { name: 'Nieuw', customer: 'Acme', location: 'Hal' });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('an unassigned node is a 404 for non-administrators unless they register it', async () => {
    expect((await patch(tokens.editNode, LOOSE, { name: 'x' })).statusCode).toBe(404);
    expect((await patch(tokens.editNode, LOOSE, { name: 'x', customer: 'Acme', location: 'Hal' })).statusCode).toBe(404);
    expect((await call(tokens.addNode, 'GET', `/devices/${LOOSE}`)).statusCode).toBe(404);
  });
});

describe('registration (docs/nodes.md)', () => {
  it('assigns, starts, forces interval 2, stores the presets and queues them as downlinks, with the gateway', async () => {
    await ctx.database.db.update(devices).set({ calibrationInterval: 3 }).where(eq(devices.eui, LOOSE));
    const response = await patch(tokens.editGateway, LOOSE, { name: 'Nieuw', customer: 'Acme', location: 'Hal', gateway: 'GW dak' });
    expect(response.statusCode).toBe(404); // editNode + gatewayManagement, but no addNode: the unassigned node stays hidden
    const admin = await patch(tokens.admin, LOOSE, { name: 'Nieuw', customer: 'Acme', location: 'Hal', gateway: 'GW dak', lora: { state: 'Started' }, calibration: { interval: 3 } });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json()).toMatchObject({
      customer: 'Acme',
      location: 'Hal',
      gateway: 'GW dak',
      lora: { state: 'Started' },
      calibration: { interval: 2 },
      presets: [{ register: 2, value: { mode: 'actual' } }, { register: 3, value: { resistanceThreshold: 0 } }],
      sync: 0,
    });
    const parameters = await ctx.database.db.select().from(deviceParameters).where(eq(deviceParameters.deviceEui, LOOSE)).orderBy(deviceParameters.register);
    expect(parameters.map((p) => [p.register, p.status, p.value])).toEqual([
      [2, 'pending', { mode: 'actual' }],
      [3, 'pending', { resistanceThreshold: 0 }],
    ]);
    const queued = await ctx.database.db.select().from(downlinks).where(eq(downlinks.deviceEui, LOOSE));
    expect(queued.length).toBeGreaterThan(0);
    expect(queued.flatMap((d) => d.registers).sort()).toEqual([2, 3]);
    expect(queued[0].networkServerId).toBe(ids.server);
    const [entry] = await audits(LOOSE);
    expect(entry).toMatchObject({ userEmail: 'admin@example.com', value: { action: 'register', changes: { customer: [null, 'Acme'], location: [null, 'Hal'], gateway: [null, 'GW dak'], 'lora.state': ['Stopped', 'Started'], 'calibration.interval': [3, 2] } } });
  });

  it('addNode alone registers (V3: register 1 with its inputs)', async () => {
    const response = await patch(tokens.addNode, LOOSE_V3, { name: 'V3 nieuw', customer: 'Acme', location: 'Kelder', lora: { state: 'Started' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().presets).toEqual([{ register: 1, value: { inputs: [{ mode: 'actual' }, { mode: 'actual' }] } }]);
    expect((await ctx.database.db.select().from(downlinks).where(eq(downlinks.deviceEui, LOOSE_V3))).length).toBeGreaterThan(0);
  });

  it('a node is registered with a name', async () => {
    const response = await patch(tokens.addNode, LOOSE, { customer: 'Acme', location: 'Hal' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ name: 'validation.required' });
  });
});

describe('registration presets obey the setting rights of the parameter routes', () => {
  const REGISTER = { name: 'Nieuw', customer: 'Acme', location: 'Hal', lora: { state: 'Started' } };
  const SYSTEM = [{ register: 1, value: { sendinterval: 24 } }];
  const INPUTS = [{ register: 2, value: { mode: 'actual', logInterval: 5 } }];
  it.each<[string, 'acmeOnly' | 'addNode' | 'addSettings' | 'admin', unknown, number, string?]>([
    ['the portal\'s own presets, sent by the request', 'acmeOnly', registrationPresets('V1'), 200],
    ['no presets: the portal\'s are sent', 'acmeOnly', undefined, 200],
    ['system register (send interval)', 'acmeOnly', SYSTEM, 403, 'registers.system'],
    ['system register, addNode without customers', 'addNode', SYSTEM, 403, 'registers.system'],
    ['inputs register without settings', 'addNode', INPUTS, 403, 'registers.inputs'],
    ['inputs register with settings', 'addSettings', INPUTS, 200],
    ['system register with settings', 'addSettings', SYSTEM, 403, 'registers.system'],
    ['system register by an administrator', 'admin', SYSTEM, 200],
  ])('%s (%s, presets %j) -> %i', async (_what, who, presets, status, refused) => {
    const extra = await ctx.signedInUsers({ addSettings: { rights: { addNode: true, settings: true } } });
    const token = who === 'addSettings' ? extra.addSettings : tokens[who];
    const response = await patch(token, LOOSE, { ...REGISTER, ...(presets ? { presets } : {}) });
    expect(response.statusCode, response.body).toBe(status);
    const queued = await ctx.database.db.select().from(downlinks).where(eq(downlinks.deviceEui, LOOSE));
    if (refused) {
      expect(response.json().fields).toEqual({ [refused]: 'errors.forbidden' });
      // Nothing written: still unassigned, nothing queued.
      expect(await row(LOOSE)).toMatchObject({ customerId: null, presets: [] });
      expect(queued).toEqual([]);
    } else {
      expect(queued.length).toBeGreaterThan(0);
    }
  });

  it('presets stored on a registered node follow the same rule', async () => {
    const denied = await patch(tokens.addNode, NODE, { presets: INPUTS });
    expect(denied.statusCode).toBe(403);
  });
});

describe('removal, move, battery swap', () => {
  it('removal clears customer, location and gateway, stops the node, and keeps the device and its history', async () => {
    await ctx.database.db.insert(deviceData).values({ deviceEui: NODE, ts: new Date(), msgId: 42, value: { temperature: [20] } });
    const response = await patch(tokens.deleteNode, NODE, { customer: null, location: null, lora: { state: 'Stopped' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ eui: NODE, name: 'Keuken', customer: null, location: null, gateway: null, lora: { state: 'Stopped' } });
    expect((await ctx.database.db.select().from(deviceData).where(eq(deviceData.deviceEui, NODE))).length).toBe(1);
    expect((await call(tokens.admin, 'GET', `/devices/${NODE}/data`)).json()).toHaveLength(1);
    const [entry] = await audits(NODE);
    expect(entry.value).toEqual({ action: 'remove', changes: { customer: ['Acme', null], location: ['Hal', null], gateway: ['GW dak', null], 'lora.state': ['Started', 'Stopped'] } });
    expect(entry.userEmail).toBe('deleteNode@example.com');
  });

  it('a move to another location clears a gateway of the old one', async () => {
    const response = await patch(tokens.moveNode, NODE, { location: 'Kelder' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ customer: 'Acme', location: 'Kelder', gateway: null });
    expect((await audits(NODE))[0].value).toMatchObject({ action: 'move', changes: { location: ['Hal', 'Kelder'], gateway: ['GW dak', null] } });
  });

  it.each([
    ['editNode + moveNode', { rights: { editNode: true, moveNode: true } }, {}],
    ['moveNode alone', { rights: { moveNode: true } }, {}],
    ['an administrator sending another interval', { administrator: true }, { calibration: { interval: 3 } }],
  ] as const)('a move copies the new location\'s calibration interval into the node, whoever moves (%s)', async (_who, spec, extra) => {
    await ctx.database.db.update(locations).set({ calibrationInterval: 1 }).where(eq(locations.id, ids.kelder));
    await ctx.database.db.update(locations).set({ calibrationInterval: 3 }).where(eq(locations.id, ids.elders));
    const { mover } = await ctx.signedInUsers({ mover: spec });
    const moved = await patch(mover, NODE, { location: 'Kelder', ...extra });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().calibration.interval).toBe(1);
    expect((await row(NODE)).calibrationInterval).toBe(1);
    expect((await audits(NODE)).at(-1)?.value).toMatchObject({ action: 'move', changes: { location: ['Hal', 'Kelder'], 'calibration.interval': [2, 1] } });
    // To another customer's location: that location's interval.
    const again = await patch(mover, NODE, { customer: 'Beta', location: 'Elders' });
    expect(again.statusCode, again.body).toBe(200);
    expect((await row(NODE)).calibrationInterval).toBe(3);
  });

  it('battery swap: battery.ts now, alarm 0', async () => {
    await ctx.database.db.update(devices).set({ batteryAlarmTs: 1_700_000_000 }).where(eq(devices.eui, NODE));
    const before = Date.now();
    const response = await patch(tokens.calibration, NODE, { battery: { ts: 0, alarm: { ts: 0 } } });
    expect(response.statusCode, response.body).toBe(200);
    expect(Date.parse(response.json().battery.ts)).toBeGreaterThanOrEqual(before - 1000);
    expect(response.json().battery.alarm.ts).toBe(0);
    expect((await audits(NODE))[0].value).toMatchObject({ action: 'batterySwap', changes: { 'battery.alarm.ts': [1_700_000_000, 0] } });
  });
});

describe('400 naming each bad field', () => {
  it.each<[string, unknown, Record<string, string>, string?]>([
    ['a location of another customer', { location: 'Elders' }, { location: 'validation.unknownLocation?name=Elders' }],
    ['an unknown customer', { customer: 'Gamma', location: 'Hal' }, { customer: 'validation.unknownCustomer?name=Gamma' }],
    ['an unknown gateway', { gateway: 'GW nergens' }, { gateway: 'validation.unknownGateway?name=GW%20nergens' }],
    ['a gateway of another location', { gateway: 'GW kelder' }, { gateway: 'validation.unknownGateway?name=GW%20kelder' }],
    ['an unknown flushDevice product', { flushDevice: 'Kraan Z' }, { flushDevice: 'validation.unknownProduct?name=Kraan%20Z' }],
    ['a flushDevice that is no Faucet', { flushDevice: 'Gateway Y' }, { flushDevice: 'validation.productType?type=Faucet' }],
    ['an interval outside 1-3', { calibration: { interval: 4 } }, { 'calibration.interval': 'validation.range?min=1&max=3' }],
    ['a deviation outside 1-5', { flush: { minimumTemperatureDeviation: 9 } }, { 'flush.minimumTemperatureDeviation': 'validation.range?min=1&max=5' }],
    ['an empty name', { name: ' ' }, { name: 'validation.required' }],
    ['a lora state', { lora: { state: 'Paused' } }, { 'lora.state': 'validation.oneOf' }],
    ['an unknown network server', { lora: { networkServer: 'Loriot' } }, { 'lora.networkServer': 'validation.unknownNetworkServer?name=Loriot' }],
    ['only the customer cleared', { customer: null }, { location: 'validation.required' }],
    ['presets the codec cannot send', { presets: [{ register: 9, value: {} }] }, { presets: 'validation.invalid' }],
    ['an encryption mode', { name: 'x' }, { encryptionMode: 'validation.oneOf' }, 'XYZ'],
  ])('%s', async (_what, body, fields, mode = 'NS') => {
    const response = await patch(tokens.admin, NODE, body, mode);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields).toEqual(fields);
  });
});

describe('PATCH /devices/{eui}/channels/{channelId}', () => {
  const url = `/devices/${NODE}/channels/temperature1`;

  it('saves name and custom with editNode, audited', async () => {
    const response = await call(tokens.editNode, 'PATCH', url, { name: 'Boiler uit', custom: { mode: 'WW', attachments: ['Nattouwtje'] } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().channels[0]).toMatchObject({ id: 'temperature1', name: 'Boiler uit', custom: { mode: 'WW', attachments: ['Nattouwtje'] } });
    expect((await audits(NODE))[0]).toMatchObject({
      userEmail: 'editNode@example.com',
      value: { action: 'channel', channel: 'temperature1', changes: { name: ['T1', 'Boiler uit'], custom: [{}, { mode: 'WW', attachments: ['Nattouwtje'] }] } },
    });
  });

  it.each<[string, unknown, Record<string, string>]>([
    ['an empty name', { name: '' }, { name: 'validation.required' }],
    ['an unknown mode', { custom: { mode: 'HW', attachments: [] } }, { 'custom.mode': 'validation.oneOf' }],
    ['an unknown attachment', { custom: { mode: 'KW', attachments: ['Slang'] } }, { 'custom.attachments.0': 'validation.oneOf' }],
  ])('400 for %s', async (_what, body, fields) => {
    const response = await call(tokens.editNode, 'PATCH', url, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(fields);
  });

  it('an unknown channel is a 404', async () => {
    expect((await call(tokens.editNode, 'PATCH', `/devices/${NODE}/channels/temperature9`, { name: 'x' })).statusCode).toBe(404);
  });

  it('sets, shows and clears a role (docs/logbook.md, "Roles"), audited; an unknown role or a battery channel is a 400 on the field', async () => {
    const set = await call(tokens.editNode, 'PATCH', url, { role: 'heaterFlow' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().channels[0]).toMatchObject({ id: 'temperature1', role: 'heaterFlow' });
    expect((await call(tokens.admin, 'GET', `/devices/${NODE}`)).json().channels[0].role).toBe('heaterFlow');
    expect((await audits(NODE))[0]).toMatchObject({ value: { action: 'channel', channel: 'temperature1', changes: { role: [null, 'heaterFlow'] } } });
    // '' and null: no role of its own (derived from the mode again).
    expect((await call(tokens.editNode, 'PATCH', url, { role: '' })).json().channels[0].role).toBeNull();
    const unknown = await call(tokens.editNode, 'PATCH', url, { role: 'boiler' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ role: 'validation.oneOf' });
    const battery = await call(tokens.editNode, 'PATCH', `/devices/${NODE}/channels/battery1`, { role: 'outlet' });
    expect(battery.statusCode).toBe(400);
    expect(battery.json().fields).toEqual({ role: 'validation.oneOf' });
    // The role is written under the mode's right: moveNode may not.
    expect((await call(tokens.moveNode, 'PATCH', url, { role: 'outlet' })).statusCode).toBe(403);
  });
});

describe('audit log', () => {
  it('GET /devices/{eui}/auditLogs answers the entries, newest first, with the e-mail and the changes', async () => {
    await patch(tokens.editNode, NODE, { name: 'Een' });
    await patch(tokens.editNode, NODE, { name: 'Twee', notes: 'bij de meterkast' });
    const response = await call(tokens.admin, 'GET', `/devices/${NODE}/auditLogs`);
    expect(response.json().map((entry: { user: string; value: unknown }) => [entry.user, entry.value])).toEqual([
      ['editNode@example.com', { action: 'edit', changes: { name: ['Een', 'Twee'], notes: [null, 'bij de meterkast'] } }],
      ['editNode@example.com', { action: 'edit', changes: { name: ['Keuken', 'Een'] } }],
    ]);
  });

  it('nothing changed: no entry', async () => {
    expect((await patch(tokens.editNode, NODE, { name: 'Keuken' })).statusCode).toBe(200);
    expect(await audits(NODE)).toEqual([]);
  });
});
