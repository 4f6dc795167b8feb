import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLogs, deviceChannels, deviceData, deviceParameters, devices, intakeEvents, overflowLogs } from '../../db/schema';
import { useTestContext } from '../../test/test-app';
import { caller, insertDevice, insertGateway, restrictUser, seedPlacesWorld } from '../../test/places-fixtures';
import { insertNetworkServer } from '../../test/device-fixtures';
import type { TIntakeEnvelope } from '../intake/envelope';

/** An intake event body as the intake stores it. */
const envelope = (eui: string, fCnt: number): TIntakeEnvelope => ({ kind: 'up', eui, fCnt, fPort: 34, data: 'AA==', receivedAt: 0 });

const PASSWORD = 'Device-reads-2026';
let tokens: Record<'admin' | 'engineer' | 'acme' | 'watcher', string>;

/** Acme's node, Beta's node, an unassigned one. */
const ACME = '70B3D5499A000001';
const BETA = '70B3D5499A000002';
const LOOSE = '70B3D5499A000003';
const T0 = Date.UTC(2026, 10, 1, 12, 0, 0);
const seconds = (ms: number) => Math.floor(ms / 1000);

const ctx = useTestContext();
const call = caller(ctx);
beforeEach(async () => {
  const db = ctx.database.db;
  const { acme, beta, hal, elders } = await seedPlacesWorld(db);
  const server = await insertNetworkServer(db, 'ChirpStack');
  const roof = await insertGateway(db, { customerId: acme, locationId: hal, name: 'GW dak', mac: '7076ff0056000001' });
  await insertDevice(db, { eui: ACME, name: 'Keuken', type: 'V2', customerId: acme, locationId: hal, gatewayId: roof, sync: 0, heardHoursAgo: 1 });
  await db.insert(auditLogs).values([
    // Provisioned and registered before its first reading (history from before a registration is an earlier owner's: earlier-owner.test.ts).
    { deviceEui: ACME, ts: new Date(T0 - 2000), userEmail: 'admin@example.com', value: { action: 'provision' } },
    { deviceEui: ACME, ts: new Date(T0 - 1000), userEmail: 'admin@example.com', value: { action: 'register', customer: 'Acme' } },
  ]);
  await insertDevice(db, { eui: BETA, name: 'bad', type: 'V3', customerId: beta, locationId: elders, heardHoursAgo: 10 });
  await insertDevice(db, { eui: LOOSE, name: '', type: 'V1' });
  await db.update(devices).set({ networkServerId: server, batteryAlarmTs: 1_700_000_000, flushAlarmTs: 1_700_000_000_123, presets: [{ register: 2, value: { mode: 'actual' } }] }).where(eq(devices.eui, ACME));
  await db.update(deviceChannels).set({ value: 61.5, rawValue: 61.2, offset: 0.3, ts: new Date(T0) }).where(eq(deviceChannels.deviceEui, ACME));
  await db.update(deviceChannels).set({ value: -102.4, rawValue: -102.4, ts: new Date(T0) }).where(eq(deviceChannels.deviceEui, BETA));
  await db.insert(deviceParameters).values([
    { deviceEui: ACME, register: 2, value: { logInterval: 15 }, status: 'saved' },
    { deviceEui: ACME, register: 3, value: { enabled: 1 }, status: 'pending' },
  ]);
  await db.insert(deviceData).values([
    ...[0, 1, 2, 3].map((i) => ({
      deviceEui: ACME,
      ts: new Date(T0 + i * 900_000),
      msgId: 42,
      counter: 10 + i,
      rssi: -90,
      snr: 7.5,
      gateway: '7076ff0056000001',
      value: { timestamp: seconds(T0 + i * 900_000), temperature1: 60 + i, temperature2: 15, temperature3: -102.4 },
    })),
    { deviceEui: ACME, ts: new Date(T0 + 60_000), msgId: 40, counter: 9, rssi: -95, snr: 5, gateway: null, value: { timestamp: seconds(T0 + 60_000), voltage: 3.61 } },
    { deviceEui: BETA, ts: new Date(T0), msgId: 32, counter: 1, rssi: -100, snr: 1, gateway: null, value: { timestamp: seconds(T0), temperature1: -102.4, temperature2: 20 } },
  ]);
  await db.insert(overflowLogs).values([
    { deviceEui: ACME, customerId: acme, locationId: hal, resistance: 120, ts: new Date(T0), state: 'Started' },
    { deviceEui: ACME, customerId: acme, locationId: hal, resistance: 80, ts: new Date(T0 - 86_400_000), state: 'Stopped' },
    { deviceEui: BETA, customerId: beta, locationId: elders, resistance: 150, ts: new Date(T0 + 1000), state: 'Started' },
    { deviceEui: LOOSE, resistance: 150, ts: new Date(T0 + 2000), state: 'Started' },
  ]);
  await db.insert(intakeEvents).values([
    { networkServerId: server, event: 'up', dedupeKey: 'a', body: envelope('70B3D5499A0000FF', 3), lastError: 'unknown device 70B3D5499A0000FF', attempts: 1, receivedAt: new Date(T0) },
    { networkServerId: server, event: 'up', dedupeKey: 'b', body: envelope(ACME, 1), processedAt: new Date(T0 + 5), receivedAt: new Date(T0 + 1) },
    { networkServerId: null, event: 'uplink', dedupeKey: 'c', body: envelope(BETA, 2), lastError: 'decode failed: fPort 9', attempts: 3, receivedAt: new Date(T0 + 2) },
  ]);

  await ctx.createUser({ email: 'admin@example.com', password: PASSWORD, administrator: true });
  await ctx.createUser({ email: 'engineer@example.com', password: PASSWORD, rights: { editNode: true, overflowDetection: true } });
  const acmeUser = await ctx.createUser({ email: 'acme@example.com', password: PASSWORD, rights: { overflowDetection: true } });
  await restrictUser(db, acmeUser, [acme]);
  await ctx.createUser({ email: 'watcher@example.com', password: PASSWORD, rights: { editNode: true } });
  tokens = {
    admin: await ctx.tokenFor('admin@example.com'),
    engineer: await ctx.tokenFor('engineer@example.com'),
    acme: await ctx.tokenFor('acme@example.com'),
    watcher: await ctx.tokenFor('watcher@example.com'),
  };
});

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('scoping', () => {
  it.each([
    ['admin', [LOOSE, BETA, ACME]],
    ['engineer', [BETA, ACME]],
    ['acme', [ACME]],
  ] as const)('GET /devices as %s, sorted by name ("", bad, Keuken)', async (who, euis) => {
    const response = await call(tokens[who], 'GET', '/devices?projection=eui');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(euis.map((eui) => ({ eui })));
  });

  it.each([
    ['admin', ACME, 200],
    ['admin', LOOSE, 200],
    ['engineer', BETA, 200],
    ['engineer', LOOSE, 404],
    ['acme', ACME, 200],
    ['acme', BETA, 404],
    ['acme', LOOSE, 404],
    ['admin', 'FFFFFFFFFFFFFFFF', 404],
    ['admin', 'not-an-eui', 404],
  ] as const)('%s GET /devices/%s -> %i (data route alike)', async (who, eui, status) => {
    expect((await call(tokens[who], 'GET', `/devices/${eui}`)).statusCode).toBe(status);
    expect((await call(tokens[who], 'GET', `/devices/${eui}/data`)).statusCode).toBe(status);
  });

  it('conditions cannot reach outside the scope', async () => {
    const response = await call(tokens.acme, 'GET', `/devices?projection=eui&conditions=${q({ $or: [{ customer: 'Beta' }, { customer: null }] })}`);
    expect(response.json()).toEqual([]);
  });

  it.each([
    ['admin', [LOOSE, BETA, ACME]],
    ['engineer', [BETA, ACME]],
    ['acme', [ACME]],
  ] as const)('GET /overflowLogs?conditions={"lora.state":"Started"} as %s', async (who, euis) => {
    const response = await call(tokens[who], 'GET', `/overflowLogs?conditions=${q({ 'lora.state': 'Started' })}&projection=eui`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(euis.map((eui) => ({ eui })));
  });

  it('GET /overflowLogs needs overflowDetection or dashboard', async () => {
    expect((await call(tokens.watcher, 'GET', '/overflowLogs')).statusCode).toBe(403);
  });
});

describe('GET /devices/{eui}', () => {
  it('answers the node shape; the EUI may be given in lower case', async () => {
    const response = await call(tokens.acme, 'GET', `/devices/${ACME.toLowerCase()}`);
    expect(response.statusCode).toBe(200);
    const device = response.json();
    expect(device).toMatchObject({
      eui: ACME,
      name: 'Keuken',
      type: 'V2',
      customer: 'Acme',
      location: 'Hal',
      gateway: 'GW dak',
      flushDevice: null,
      calibration: { interval: 2, ts: null },
      battery: { alarm: { ts: 1_700_000_000 } },
      flush: { minimumTemperatureDeviation: 2, alarm: { ts: 1_700_000_000_123 } },
      lora: { state: 'Started', networkServer: 'ChirpStack', encryption: { mode: 'NS' } },
      presets: [{ register: 2, value: { mode: 'actual' } }],
      sync: 0,
      incorrectSettings: false,
    });
    expect(Date.now() - Date.parse(device.lora.ts)).toBeGreaterThan(3_500_000);
    expect(device.lora.ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(device.channels[0]).toEqual({
      id: 'temperature1',
      name: 'T1',
      type: 'Temperatuur',
      value: 61.5,
      rawValue: 61.2,
      ts: seconds(T0),
      offset: 0.3,
      calibratedAt: null,
      custom: {},
      // Its measuring point's role (docs/nodes.md, "Roles"): none set, so the logbook derives it from the mode.
      role: null,
      // No possible sensor drift found by a check by hand (docs/calibration.md, "Drift").
      drift: null,
    });
    expect(device.channels.map((channel: { id: string }) => channel.id)).toEqual(['temperature1', 'temperature2', 'temperature3', 'battery1']);
    expect(device.sipp.parameters).toEqual([
      { register: 2, value: { logInterval: 15 }, status: 'saved', reported: null, updatedAt: expect.any(String) },
      { register: 3, value: { enabled: 1 }, status: 'pending', reported: null, updatedAt: expect.any(String) },
    ]);
  });
});

describe('GET /devices: projection and conditions', () => {
  it.each([
    ['projection=eui name', 'projection=eui%20name', [{ eui: LOOSE, name: '' }, { eui: BETA, name: 'bad' }, { eui: ACME, name: 'Keuken' }]],
    ['a nested path', `projection=eui%20lora.state&conditions=${q({ customer: { $ne: null } })}`, [{ eui: BETA, lora: { state: 'Started' } }, { eui: ACME, lora: { state: 'Started' } }]],
    ['a parent path', `projection=battery.alarm&conditions=${q({ eui: ACME })}`, [{ battery: { alarm: { ts: 1_700_000_000 } } }]],
    ['unassigned nodes: no customer, no location', `projection=eui&conditions=${q({ customer: null, location: null })}`, [{ eui: LOOSE }]],
    ['faulty sensors: a temperature at or below -100', `projection=eui&conditions=${q({ 'channels.value': { $lte: -100 } })}`, [{ eui: BETA }]],
    ['battery alarm', `projection=eui&conditions=${q({ 'battery.alarm.ts': { $gt: 0 } })}`, [{ eui: ACME }]],
    ['offline: heard from more than 6 hours ago', `projection=eui&conditions=${q({ 'lora.ts': { $lt: new Date(Date.now() - 6 * 3_600_000).toISOString() } })}`, [{ eui: BETA }]],
    ['settings not saved', `projection=eui&conditions=${q({ 'sipp.parameters.status': 'pending' })}`, [{ eui: ACME }]],
    ['replication candidates: same type, other eui, has parameters', `projection=eui&conditions=${q({ type: 'V2', eui: { $ne: BETA }, sync: { $ne: -1 } })}`, [{ eui: ACME }]],
    ['a page', 'projection=eui&limit=1&page=2', [{ eui: BETA }]],
  ])('%s', async (_case, query, expected) => {
    const response = await call(tokens.admin, 'GET', `/devices?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expected);
  });

  it('an exclusion leaves the other node fields', async () => {
    const [row] = (await call(tokens.admin, 'GET', `/devices?projection=-channels%20-sipp%20-presets&conditions=${q({ eui: ACME })}`)).json();
    expect(Object.keys(row)).not.toContain('channels');
    expect(Object.keys(row)).not.toContain('sipp');
    expect(row).toMatchObject({ eui: ACME, customer: 'Acme', lora: { networkServer: 'ChirpStack' } });
  });

  it.each([
    ['an unknown field', `conditions=${q({ secret: 1 })}`, 'errors.unknownField'],
    ['a condition on a whole list', `conditions=${q({ channels: 1 })}`, 'errors.unknownField'],
    ['a wrong kind of value', `conditions=${q({ sync: 'x' })}`, 'errors.invalidConditions'],
    ['an unknown projection', 'projection=password', 'errors.unknownField'],
    ['a limit too large', 'limit=100000', 'errors.badRequest'],
  ])('%s -> 400', async (_case, query, key) => {
    const response = await call(tokens.admin, 'GET', `/devices?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().key).toBe(key);
  });
});

describe('GET /devices/{eui}/data', () => {
  const url = (query: string) => `/devices/${ACME}/data?${query}`;

  it('every row, oldest first, with value, ts, msgId, counter, rssi, snr, gateway', async () => {
    const rows = (await call(tokens.acme, 'GET', url(''))).json();
    expect(rows.map((row: { counter: number }) => row.counter)).toEqual([10, 9, 11, 12, 13]);
    expect(rows[0]).toEqual({
      ts: new Date(T0).toISOString(),
      msgId: 42,
      counter: 10,
      rssi: -90,
      snr: 7.5,
      gateway: '7076ff0056000001',
      value: { timestamp: seconds(T0), temperature1: 60, temperature2: 15, temperature3: -102.4 },
    });
  });

  it.each([
    ['temperatures only, values only (the chart call)', `conditions=${q({ msgId: 42 })}&projection=value`, [60, 61, 62, 63].map((t, i) => ({ value: { timestamp: seconds(T0 + i * 900_000), temperature1: t, temperature2: 15, temperature3: -102.4 } }))],
    ['a value.timestamp range', `conditions=${q({ msgId: { $in: [42, 40] }, 'value.timestamp': { $gte: seconds(T0 + 60_000), $lte: seconds(T0 + 900_000) } })}&projection=counter`, [{ counter: 9 }, { counter: 11 }]],
    ['a ts range', `conditions=${q({ ts: { $gt: new Date(T0 + 900_000).toISOString() } })}&projection=counter`, [{ counter: 12 }, { counter: 13 }]],
    ['battery', `conditions=${q({ msgId: 40 })}&projection=value%20msgId`, [{ msgId: 40, value: { timestamp: seconds(T0 + 60_000), voltage: 3.61 } }]],
    ['a limit and a page', 'projection=counter&limit=2&page=2', [{ counter: 11 }, { counter: 12 }]],
  ])('%s', async (_case, query, expected) => {
    const response = await call(tokens.acme, 'GET', url(query));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expected);
  });

  it.each([
    ['an unknown field', `conditions=${q({ eui: BETA })}`, 'errors.unknownField'],
    ['a text timestamp', `conditions=${q({ 'value.timestamp': { $gt: 'yesterday' } })}`, 'errors.invalidConditions'],
    ['value.timestamp is not projectable', 'projection=value.timestamp', 'errors.unknownField'],
  ])('%s -> 400', async (_case, query, key) => {
    const response = await call(tokens.acme, 'GET', url(query));
    expect(response.statusCode).toBe(400);
    expect(response.json().key).toBe(key);
  });
});

describe('GET /overflowLogs', () => {
  it('the fields of docs/telemetry.md, newest first; projection=-_id eui leaves out _id and eui', async () => {
    const full = (await call(tokens.acme, 'GET', '/overflowLogs')).json();
    expect(full).toEqual([
      { _id: '1', customer: 'Acme', eui: ACME, location: 'Hal', name: 'Keuken', resistance: 120, ts: new Date(T0).toISOString(), lora: { state: 'Started' } },
      { _id: '2', customer: 'Acme', eui: ACME, location: 'Hal', name: 'Keuken', resistance: 80, ts: new Date(T0 - 86_400_000).toISOString(), lora: { state: 'Stopped' } },
    ]);
    const trimmed = (await call(tokens.acme, 'GET', '/overflowLogs?projection=-_id%20-eui')).json();
    expect(Object.keys(trimmed[0]).sort()).toEqual(['customer', 'location', 'lora', 'name', 'resistance', 'ts']);
  });
});

describe('GET /intakeEvents', () => {
  it('administrators see the events that failed, newest first, with the EUI they name; not the body unless asked', async () => {
    const response = await call(tokens.admin, 'GET', '/intakeEvents');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: '3', networkServer: null, event: 'uplink', eui: BETA, receivedAt: new Date(T0 + 2).toISOString(), processedAt: null, attempts: 3, nextAttemptAt: expect.any(String), lastError: 'decode failed: fPort 9' },
      { id: '1', networkServer: 'ChirpStack', event: 'up', eui: '70B3D5499A0000FF', receivedAt: new Date(T0).toISOString(), processedAt: null, attempts: 1, nextAttemptAt: expect.any(String), lastError: 'unknown device 70B3D5499A0000FF' },
    ]);
    const withBody = (await call(tokens.admin, 'GET', `/intakeEvents?projection=id%20body&conditions=${q({ networkServer: 'ChirpStack' })}`)).json();
    expect(withBody).toEqual([{ id: '1', body: envelope('70B3D5499A0000FF', 3) }]);
  });

  it.each(['engineer', 'acme'] as const)('%s -> 403', async (who) => {
    expect((await call(tokens[who], 'GET', '/intakeEvents')).statusCode).toBe(403);
  });
});

describe('device lists under a customer, location or gateway', () => {
  it.each([
    ['acme', '/customers/Acme/devices', 200, [ACME]],
    ['acme', '/customers/Beta/devices', 404, null],
    ['engineer', '/customers/Beta/devices', 200, [BETA]],
    ['acme', '/customers/Acme/locations/Hal/devices', 200, [ACME]],
    ['acme', '/customers/Beta/locations/Elders/devices', 404, null],
    ['admin', '/customers/Acme/locations/Hal/gateways/GW%20dak/devices', 200, [ACME]],
    ['engineer', '/customers/Acme/locations/Hal/gateways/GW%20dak/devices', 403, null],
  ] as const)('%s GET %s -> %i', async (who, url, status, euis) => {
    const response = await call(tokens[who], 'GET', `${url}?projection=eui`);
    expect(response.statusCode).toBe(status);
    if (euis) expect(response.json()).toEqual(euis.map((eui) => ({ eui })));
  });
});

describe('GET /devices/{eui}/auditLogs', () => {
  it('administrators: newest first, ts, user, value', async () => {
    const response = await call(tokens.admin, 'GET', `/devices/${ACME}/auditLogs`);
    expect(response.json()).toEqual([
      { ts: new Date(T0 - 1000).toISOString(), user: 'admin@example.com', value: { action: 'register', customer: 'Acme' } },
      { ts: new Date(T0 - 2000).toISOString(), user: 'admin@example.com', value: { action: 'provision' } },
    ]);
  });

  it.each([
    ['acme', ACME, 403],
    ['admin', 'FFFFFFFFFFFFFFFF', 404],
  ] as const)('%s GET /devices/%s/auditLogs -> %i', async (who, eui, status) => {
    expect((await call(tokens[who], 'GET', `/devices/${eui}/auditLogs`)).statusCode).toBe(status);
  });
});
