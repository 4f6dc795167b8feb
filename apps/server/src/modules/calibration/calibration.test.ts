import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CSV_CALIBRATION_HEADER } from '@aquasmart/domain';
import { auditLogs, calibrationLogs, deviceChannels, devices, users } from '../../db/schema';
import { useTestContext } from '../../test/test-app';
import { caller, insertCustomer, insertDevice, insertLocation, restrictUser } from '../../test/places-fixtures';
import { chirpstackUp, payload, postChirpstack, seedNetworkServer } from '../../test/intake-fixtures';
import { processIntakeBatch } from '../telemetry/intake-worker';

/**
 * POST and PATCH /devices/{eui}/channels/{channelId}/calibration (docs/calibration.md): the
 * reading rules at their boundaries, the body checks, rights, customer scope, and what a
 * calibration stores (offset, shown value, calibratedAt, calibration.ts, log row, audit entry),
 * or, when refused, that nothing is stored.
 */

type TUser = 'admin' | 'calibration' | 'dataEdit' | 'editNode' | 'calibrationData' | 'acmeOnly';
let tokens: Record<TUser, string>;

const NODE = '70B3D5499C000001'; // Acme / Hal, V2
const BETA = '70B3D5499C000002'; // Beta / Elders, V3
const LOOSE = '70B3D5499C000003'; // unassigned, V1
const SECRET = 'calibration-secret-000000000001';
/** The server's clock during the tests: Date is frozen here (only Date; timers and I/O run). */
const NOW = Math.floor(Date.now() / 1000) * 1000;

const ctx = useTestContext();
const call = caller(ctx);

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
  const beta = await insertCustomer(db, 'Beta');
  const hal = await insertLocation(db, acme, 'Hal');
  const elders = await insertLocation(db, beta, 'Elders');
  await insertDevice(db, { eui: NODE, name: 'Keuken', type: 'V2', customerId: acme, locationId: hal });
  await insertDevice(db, { eui: BETA, name: 'Elders 1', type: 'V3', customerId: beta, locationId: elders });
  await insertDevice(db, { eui: LOOSE, name: '', type: 'V1' });
  const server = await seedNetworkServer(db, 'ChirpStack', 'chirpstack', SECRET);
  await db.update(devices).set({ networkServerId: server });
  for (const eui of [NODE, BETA, LOOSE]) await reading(eui, 'temperature1', 59.5, 10_000);
  tokens = await ctx.signedInUsers({
    admin: { administrator: true },
    calibration: { rights: { calibration: true } },
    dataEdit: { rights: { calibrationDataEdit: true } },
    editNode: { rights: { editNode: true, settings: true } },
    calibrationData: { rights: { calibrationData: true } },
    acmeOnly: { rights: { calibration: true, calibrationDataEdit: true } },
  });
  const [acmeUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'acmeOnly@example.com'));
  await restrictUser(db, acmeUser.id, [acme]);
});

/** A stored reading of a channel, `ageMs` before NOW. */
async function reading(eui: string, channelId: string, raw: number | null, ageMs: number, offset = 0) {
  await ctx.database.db
    .update(deviceChannels)
    .set({ rawValue: raw, value: raw === null ? null : raw + offset, offset, ts: raw === null ? null : new Date(NOW - ageMs) })
    .where(and(eq(deviceChannels.deviceEui, eui), eq(deviceChannels.channelId, channelId)));
}

const calibrate = (token: string, body: unknown, eui = NODE, channel = 'temperature1') => call(token, 'POST', `/devices/${eui}/channels/${channel}/calibration`, body);
const editOffset = (token: string, body: unknown, eui = NODE, channel = 'temperature1') => call(token, 'PATCH', `/devices/${eui}/channels/${channel}/calibration`, body);

async function channelRow(eui: string, channelId: string) {
  const [row] = await ctx.database.db
    .select()
    .from(deviceChannels)
    .where(and(eq(deviceChannels.deviceEui, eui), eq(deviceChannels.channelId, channelId)));
  return row;
}
const logRows = () => ctx.database.db.select().from(calibrationLogs);
const audits = (eui = NODE) => ctx.database.db.select().from(auditLogs).where(eq(auditLogs.deviceEui, eui)).orderBy(auditLogs.id);
const deviceRow = async (eui = NODE) => (await ctx.database.db.select().from(devices).where(eq(devices.eui, eui)))[0];

/** Nothing of a calibration was stored: offset, calibratedAt, calibration.ts, log, audit. */
async function expectNothingStored(channelId = 'temperature1', offset = 0) {
  expect(await channelRow(NODE, channelId)).toMatchObject({ offset, calibratedAt: null });
  expect((await deviceRow()).calibrationTs).toBeNull();
  expect(await logRows()).toEqual([]);
  expect(await audits()).toEqual([]);
}

describe('POST calibration: the reading (docs/calibration.md: above -100, no older than 120000 ms)', () => {
  it.each<[string, number, number, number, string | null]>([
    ['a fresh reading', 59.5, 0, 200, null],
    ['119999 ms old', 59.5, 119_999, 200, null],
    ['exactly 120000 ms old: accepted', 59.5, 120_000, 200, null],
    ['120001 ms old: refused', 59.5, 120_001, 400, 'errors.calibrationReadingTooOld'],
    ['a day old', 59.5, 86_400_000, 400, 'errors.calibrationReadingTooOld'],
    ['-99.9: a working sensor', -99.9, 0, 200, null],
    ['exactly -100: refused', -100, 0, 400, 'errors.checkSensor'],
    ['-102.4 (no sensor)', -102.4, 0, 400, 'errors.checkSensor'],
  ])('%s', async (_what, raw, ageMs, status, key) => {
    await reading(NODE, 'temperature2', raw, ageMs);
    // A refused reading is refused whatever the reference (the reading is judged first).
    const calibrated = key === null ? Math.round((raw + 0.5) * 10) / 10 : 20;
    const response = await calibrate(tokens.calibration, { calibrated, offset: 0.5, measured: raw }, NODE, 'temperature2');
    expect(response.statusCode).toBe(status);
    if (key === null) {
      expect(response.json()).toMatchObject({ key: 'snackbar.channelCalib', channel: 'temperature2', offset: 0.5 });
      return;
    }
    expect(response.json()).toMatchObject({ key, fields: { measured: key } });
    await expectNothingStored('temperature2');
  });

  it('the old-reading refusal names the window and the time of the reading', async () => {
    await reading(NODE, 'temperature1', 59.5, 180_000);
    const response = await calibrate(tokens.calibration, { calibrated: 60, offset: 0.5, measured: 59.5 });
    expect(response.json().params).toEqual({ channel: 1, minutes: 2, measuredAt: new Date(NOW - 180_000).toISOString() });
  });

  it('checkSensor names the channel number', async () => {
    await reading(NODE, 'temperature3', -102.4, 0);
    const response = await calibrate(tokens.calibration, { calibrated: 20, offset: 122.4, measured: -102.4 }, NODE, 'temperature3');
    expect(response.json()).toMatchObject({ key: 'errors.checkSensor', params: { channel: 3 } });
  });

  it('a channel without any reading', async () => {
    await reading(NODE, 'temperature2', null, 0);
    const response = await calibrate(tokens.calibration, { calibrated: 60, offset: 0.5, measured: 59.5 }, NODE, 'temperature2');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ key: 'errors.calibrationNoReading', params: { channel: 2 } });
    await expectNothingStored('temperature2');
  });
});

describe('POST calibration: the channel and the body', () => {
  it.each([
    ['an unknown channel', 'temperature9'],
    ['a channel V2 does not have', 'temperature4'],
    ['the battery channel', 'battery1'],
  ])('%s is channel-not-found (404, nothing stored)', async (_what, channel) => {
    const response = await calibrate(tokens.calibration, { calibrated: 60, offset: 0.5, measured: 59.5 }, NODE, channel);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ key: 'errors.channelNotFound', params: { channel }, fields: { channelId: 'errors.channelNotFound' } });
    await expectNothingStored();
  });

  it('a measured value that is not the stored reading (a newer reading came in): 409, nothing stored', async () => {
    const response = await calibrate(tokens.calibration, { calibrated: 60, offset: 0.2, measured: 59.8 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ key: 'errors.calibrationReadingChanged', params: { measured: 59.5 }, fields: { measured: 'errors.calibrationReadingChanged' } });
    await expectNothingStored();
  });

  it('an offset that is not calibrated - measured: 400 on offset, nothing stored', async () => {
    const response = await calibrate(tokens.calibration, { calibrated: 60, offset: 0.4, measured: 59.5 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ key: 'errors.calibrationOffsetMismatch', params: { offset: 0.5 }, fields: { offset: 'errors.calibrationOffsetMismatch' } });
    await expectNothingStored();
  });

  it.each<[number, number, number]>([
    [69.5, 10, 200],
    [69.6, 10.1, 400],
    [49.5, -10, 200],
    [49.4, -10.1, 400],
  ])('reference %s (offset %s): %i', async (calibrated, offset, status) => {
    const response = await calibrate(tokens.calibration, { calibrated, offset, measured: 59.5 });
    expect(response.statusCode).toBe(status);
    if (status === 400) {
      expect(response.json()).toMatchObject({ key: 'errors.calibrationOffsetTooLarge', fields: { calibrated: 'errors.calibrationOffsetTooLarge' } });
      await expectNothingStored();
    }
  });

  it.each([
    [{ offset: 0.5, measured: 59.5 }, { calibrated: 'validation.required' }],
    [{ calibrated: 200, offset: 0.5, measured: 59.5 }, { calibrated: 'validation.range?min=-100&max=150' }],
    [{ calibrated: 60 }, { offset: 'validation.required', measured: 'validation.required' }],
  ])('body %j: 400 naming the fields', async (body, fields) => {
    const response = await calibrate(tokens.calibration, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(fields);
    await expectNothingStored();
  });

  it('the reference is rounded to the sensor resolution: 60.25 - 59.5 = 0.8', async () => {
    const response = await calibrate(tokens.calibration, { calibrated: 60.25, offset: 0.8, measured: 59.5 });
    expect(response.statusCode).toBe(200);
    expect((await logRows())[0]).toMatchObject({ measured: 59.5, calibrated: 60.25, offset: 0.8 });
  });
});

describe('POST calibration: what it stores', () => {
  it('offset and shown value, calibratedAt, calibration.ts, the log row and the audit entry, in the answer too', async () => {
    // An earlier offset is replaced, not added to: the reading compared is the raw one.
    await reading(NODE, 'temperature1', 59.5, 30_000, 0.3);
    const response = await calibrate(tokens.calibration, { calibrated: 60.1, offset: 0.6, measured: 59.5 });
    expect(response.statusCode).toBe(200);
    const at = new Date(NOW).toISOString();
    const answer = response.json();
    expect(answer).toMatchObject({ key: 'snackbar.channelCalib', channel: 'temperature1', offset: 0.6 });
    expect(answer.device.calibration.ts).toBe(at);
    expect(answer.device.channels.find((channel: { id: string }) => channel.id === 'temperature1')).toMatchObject({ value: 60.1, rawValue: 59.5, offset: 0.6, calibratedAt: at });

    const read = (await call(tokens.calibration, 'GET', `/devices/${NODE}`)).json();
    expect(read.channels[0]).toMatchObject({ id: 'temperature1', value: 60.1, offset: 0.6, calibratedAt: at });
    expect(read.calibration.ts).toBe(at);
    expect((await deviceRow()).calibrationTs?.toISOString()).toBe(at);
    expect(await logRows()).toEqual([
      expect.objectContaining({ deviceEui: NODE, channel: 'temperature1', measured: 59.5, calibrated: 60.1, offset: 0.6, userEmail: 'calibration@example.com' }),
    ]);
    const [audit] = await audits();
    expect(audit.userEmail).toBe('calibration@example.com');
    expect(audit.value).toEqual({ action: 'calibration', channel: 'temperature1', measured: 59.5, calibrated: 60.1, offset: 0.6, changes: { offset: [0.3, 0.6] } });
  });

  it("the row is in the customer's and the location's calibration log (the CSV download's rows)", async () => {
    await calibrate(tokens.calibration, { calibrated: 60, offset: 0.5, measured: 59.5 });
    for (const url of ['/customers/Acme/calibrationLogs', '/customers/Acme/locations/Hal/calibrationLogs']) {
      const rows = (await call(tokens.calibrationData, 'GET', url)).json();
      expect(rows).toEqual([
        { ts: new Date(NOW).toISOString(), name: 'Keuken', eui: NODE, customer: 'Acme', location: 'Hal', channel: 'temperature1', measured: 59.5, calibrated: 60, offset: 0.5 },
      ]);
    }
    // The web app builds the CSV from these rows under this header (components/places/calibration-csv.ts).
    expect(CSV_CALIBRATION_HEADER.split(';')).toHaveLength(9);
  });

  it('a later reading that came in through the intake gets the new offset', async () => {
    await calibrate(tokens.calibration, { calibrated: 60, offset: 0.5, measured: 59.5 });
    const timestamp = Math.floor(NOW / 1000) + 60;
    const up = chirpstackUp(NODE, 1, payload('V2', { kind: 'temperature', msgId: 42, timestamp, temperatures: [58, 20, 30] }));
    expect((await postChirpstack(ctx.app, SECRET, 'up', up)).statusCode).toBe(200);
    await processIntakeBatch(ctx.database.db);
    expect(await channelRow(NODE, 'temperature1')).toMatchObject({ rawValue: 58, value: 58.5, offset: 0.5 });
    expect(await channelRow(NODE, 'temperature2')).toMatchObject({ rawValue: 20, value: 20, offset: 0 });
  });

  it('a fresh reading from the intake can be calibrated at once', async () => {
    await reading(NODE, 'temperature1', 40, 3_600_000);
    const timestamp = Math.floor(NOW / 1000) - 5;
    const up = chirpstackUp(NODE, 2, payload('V2', { kind: 'temperature', msgId: 42, timestamp, temperatures: [61.2, 20, 30] }));
    expect((await postChirpstack(ctx.app, SECRET, 'up', up)).statusCode).toBe(200);
    await processIntakeBatch(ctx.database.db);
    const response = await calibrate(tokens.calibration, { calibrated: 60.8, offset: -0.4, measured: 61.2 });
    expect(response.statusCode).toBe(200);
    expect(response.json().device.channels[0]).toMatchObject({ value: 60.8, offset: -0.4 });
  });
});

describe('PATCH calibration: the offset by hand (calibrationDataEdit)', () => {
  it('stores the offset, shows the value with it, writes an audit entry; no calibration date, no log row', async () => {
    const response = await editOffset(tokens.dataEdit, { offset: -0.4 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ key: 'snackbar.calibEdit', channel: 'temperature1', offset: -0.4 });
    expect(await channelRow(NODE, 'temperature1')).toMatchObject({ offset: -0.4, value: 59.1, rawValue: 59.5, calibratedAt: null });
    expect((await deviceRow()).calibrationTs).toBeNull();
    expect(await logRows()).toEqual([]);
    const [audit] = await audits();
    expect(audit.value).toEqual({ action: 'calibrationEdit', channel: 'temperature1', offset: -0.4, changes: { offset: [0, -0.4] } });
  });

  it('an unchanged offset answers calibAlready with the offset (200) and writes nothing', async () => {
    await reading(NODE, 'temperature1', 59.5, 0, 0.3);
    const response = await editOffset(tokens.dataEdit, { offset: 0.3 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ key: 'snackbar.calibAlready', offset: 0.3 });
    expect(await audits()).toEqual([]);
  });

  it('works without a reading: the value stays empty', async () => {
    await reading(NODE, 'temperature2', null, 0);
    expect((await editOffset(tokens.dataEdit, { offset: 1 }, NODE, 'temperature2')).statusCode).toBe(200);
    expect(await channelRow(NODE, 'temperature2')).toMatchObject({ offset: 1, value: null });
  });

  it.each([
    [{ offset: 10.5 }, 'validation.range?min=-10&max=10'],
    [{ offset: 0.25 }, 'validation.decimals?N=1'],
    [{}, 'validation.required'],
  ])('body %j: 400 %s, nothing stored', async (body, key) => {
    const response = await editOffset(tokens.dataEdit, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ offset: key });
    expect(await audits()).toEqual([]);
  });

  it('an unknown channel is channel-not-found', async () => {
    const response = await editOffset(tokens.dataEdit, { offset: 1 }, NODE, 'temperature7');
    expect(response.statusCode).toBe(404);
    expect(response.json().key).toBe('errors.channelNotFound');
  });
});

describe('rights and customer scope', () => {
  const good = { calibrated: 60, offset: 0.5, measured: 59.5 };
  it.each<[string, TUser, 'POST' | 'PATCH', string, number]>([
    ['calibration calibrates', 'calibration', 'POST', NODE, 200],
    ['administrator calibrates', 'admin', 'POST', NODE, 200],
    ['calibrationDataEdit alone does not calibrate', 'dataEdit', 'POST', NODE, 403],
    ['editNode and settings do not calibrate', 'editNode', 'POST', NODE, 403],
    ['calibrationData (the log) does not calibrate', 'calibrationData', 'POST', NODE, 403],
    ['calibrationDataEdit edits the offset', 'dataEdit', 'PATCH', NODE, 200],
    ['calibration alone does not edit the offset', 'calibration', 'PATCH', NODE, 403],
    ['administrator edits the offset', 'admin', 'PATCH', NODE, 200],
    ['scoped user: own customer', 'acmeOnly', 'POST', NODE, 200],
    ['scoped user: other customer is not found', 'acmeOnly', 'POST', BETA, 404],
    ['scoped user: other customer, offset edit', 'acmeOnly', 'PATCH', BETA, 404],
    ['an unassigned node is not found for a non-administrator', 'calibration', 'POST', LOOSE, 404],
    ['an administrator calibrates an unassigned node (in the workshop)', 'admin', 'POST', LOOSE, 200],
    ['an unknown node', 'admin', 'POST', '70B3D5499C0000FF', 404],
    ['a malformed EUI', 'admin', 'PATCH', 'not-an-eui', 404],
  ])('%s', async (_what, user, method, eui, status) => {
    const response = method === 'POST' ? await calibrate(tokens[user], good, eui) : await editOffset(tokens[user], { offset: 0.5 }, eui);
    expect(response.statusCode).toBe(status);
    if (status === 403) expect(response.json().key).toBe('errors.forbidden');
    if (status !== 200) {
      expect(await logRows()).toEqual([]);
      expect((await channelRow(NODE, 'temperature1')).offset).toBe(0);
    }
  });
});
