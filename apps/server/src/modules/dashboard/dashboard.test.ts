import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DASHBOARD_LIST_NAMES, ZDashboard, type TDashboard } from '@aquasmart/domain';
import { queryRows } from '../../db/database';
import { devices, overflowLogs } from '../../db/schema';
import { useTestContext, TEST_PASSWORD } from '../../test/test-app';
import { caller, restrictUser } from '../../test/places-fixtures';
import { buildFleet, expectedDashboard, expectedList, insertFleet, type TFleetNode } from './dashboard-fleet.fixture';

/**
 * GET /dashboard, its twelve lists, GET /devices/byFlushAmount and DELETE /overflowLogs/{_id}
 * against a fleet with a node a minute either side of every bucket bound (dashboard-fleet.fixture.ts).
 */
const ctx = useTestContext({ reset: 'never' });
const call = caller(ctx);
let fleet: TFleetNode[];
let now: number;
let tokens: Record<'admin' | 'viewer' | 'calibrator' | 'acme' | 'overflow' | 'acmeOverflow' | 'none', string>;

beforeAll(async () => {
  const db = ctx.database.db;
  await ctx.database.reset();
  fleet = buildFleet();
  now = Date.now();
  const { customers } = await insertFleet(db, fleet, now);
  tokens = {
    ...(await ctx.signedInUsers({
      admin: { administrator: true },
      viewer: { rights: { dashboard: true } },
      calibrator: { rights: { dashboard: true, calibrationData: true } },
      overflow: { rights: { overflowDetection: true } },
      none: { rights: {} },
    })),
    acme: '',
    acmeOverflow: '',
  };
  const acmeId = await ctx.createUser({ email: 'acme@example.com', password: TEST_PASSWORD, rights: { dashboard: true, calibrationData: true } });
  await restrictUser(db, acmeId, [customers.Acme]);
  tokens.acme = await ctx.tokenFor('acme@example.com');
  const acmeOverflowId = await ctx.createUser({ email: 'acme-overflow@example.com', password: TEST_PASSWORD, rights: { overflowDetection: true, dashboard: true } });
  await restrictUser(db, acmeOverflowId, [customers.Acme]);
  tokens.acmeOverflow = await ctx.tokenFor('acme-overflow@example.com');
});

async function dashboard(token: string, query = ''): Promise<{ status: number; body: TDashboard }> {
  const response = await call(token, 'GET', `/dashboard${query}`);
  return { status: response.statusCode, body: response.json<TDashboard>() };
}

async function list(token: string, name: string, query = '') {
  const response = await call(token, 'GET', `/dashboard/lists/${name}?limit=100${query}`);
  const body = response.json<{ name: string; customer: string | null; date: string | null; count: number | null; _id?: string }[]>();
  return { status: response.statusCode, total: Number(response.headers['x-total-count']), rows: Array.isArray(body) ? body : [], body };
}

const ofCustomer = (customer: string) => fleet.filter((item) => item.customer === customer);

describe('GET /dashboard', () => {
  it('answers the shape of docs/dashboard.md ("What each count counts") with every count of the reference model', async () => {
    const { status, body } = await dashboard(tokens.admin);
    expect(status).toBe(200);
    expect(ZDashboard.strict().parse(body)).toEqual(body);
    expect(body).toEqual(expectedDashboard(fleet, now));
  });

  it('counts a minute either side of each bound in the bucket it belongs to', async () => {
    const { body } = await dashboard(tokens.admin);
    // Offline (6 h) by last uplink: 6h+1m .. 7d-1m in the last week (7 nodes with "Half silent"), 7d+1m and 30d-1m, then 30d+1m and never.
    expect(body.sensors).toEqual({ lastWeek: 7, lastMonth: 2, moreThanAMonth: 2 });
    // Offline locations by their newest uplink: 6h+1m, 24h-1m | 24h+1m, 48h-1m | 48h+1m, 7d-1m, 7d+1m, 30d-1m, 30d+1m, never.
    expect(body.locations).toEqual({ lastDay: 2, lastTwoDays: 2, moreThanTwoDays: 6 });
    expect(body.calibration).toEqual([
      { interval: 1, uncalibrated: 1, outOfDate: 1, calibrated: expect.any(Number) },
      { interval: 2, uncalibrated: 1, outOfDate: 1, calibrated: expect.any(Number) },
      { interval: 3, uncalibrated: 1, outOfDate: 1, calibrated: 1 },
    ]);
    expect(body.batteryAlarm).toEqual({ lastWeek: 1, lastMonth: 2, moreThanAMonth: 1 });
    expect(body.flushAlarm).toEqual({ lastDay: 1, lastFiveDays: 2, moreThanFiveDays: 1 });
    expect(body.sync).toEqual({ lastDay: 1, lastFiveDays: 2, moreThanFiveDays: 1 });
    // Faulty: 7d-1m | 7d+1m, 30d-1m (exactly -100) | 30d+1m; Beta's 2 days; an inactive channel and -99.9 do not count.
    expect(body.sensorErrors).toEqual({ lastWeek: 2, lastMonth: 2, moreThanAMonth: 1 });
    // Overflow per device by its newest active detection: 12h-1m | 12h+1m, 24h-1m | 24h+1m; Beta 1 h; an ended one does not count.
    expect(body.overflowAlarm).toEqual({ lastHalfDay: 2, lastDay: 2, moreThanADay: 1 });
    // Flushes in the last 7 days: once (7d-1m; 7d+1m is older), 2, 7 and Beta's 3, 8; "Flush old" none.
    expect(body.flushesPerWeek).toEqual({ once: 1, twoToSeven: 3, moreThanSeven: 1 });
    expect(body.incorrectSettings).toEqual({ incorrect: 2 });
    expect(body.type.flush).toBe(fleet.filter((item) => item.parameters.some((p) => p.register === 3 && Number((p.value as { enabled: unknown }).enabled) === 1) && item.type !== 'V3').length);
    expect(body.type.logger + body.type.flush).toBe(fleet.length);
  });

  it('a user of one customer sees only that customer; ?customer= narrows to one customer', async () => {
    expect((await dashboard(tokens.acme)).body).toEqual(expectedDashboard(ofCustomer('Acme'), now));
    expect((await dashboard(tokens.admin, '?customer=Beta')).body).toEqual(expectedDashboard(ofCustomer('Beta'), now));
    expect((await dashboard(tokens.acme, '?customer=Acme')).body).toEqual(expectedDashboard(ofCustomer('Acme'), now));
    expect((await dashboard(tokens.acme, '?customer=Beta')).status).toBe(404);
    expect((await dashboard(tokens.admin, '?customer=Nobody')).status).toBe(404);
  });

  it('calibration counts only for administrators and calibrationData', async () => {
    expect((await dashboard(tokens.viewer)).body.calibration).toEqual([]);
    expect((await dashboard(tokens.calibrator)).body.calibration).toHaveLength(3);
    expect((await dashboard(tokens.viewer)).body).toEqual(expectedDashboard(fleet, now, false));
  });

  it('needs the dashboard right', async () => {
    expect((await dashboard(tokens.none)).status).toBe(403);
    expect((await dashboard(tokens.overflow)).status).toBe(403);
  });
});

describe('the twelve lists', () => {
  it.each(DASHBOARD_LIST_NAMES.map((name) => [name]))('%s holds the nodes of the reference model', async (name) => {
    const answer = await list(tokens.admin, name);
    expect(answer.status).toBe(200);
    const expected = expectedList(name, fleet, now);
    expect(answer.rows.map((row) => row.name).sort()).toEqual([...expected].sort());
    expect(answer.total).toBe(expected.length);
  });

  it.each(DASHBOARD_LIST_NAMES.map((name) => [name]))('%s of a customer user holds only that customer', async (name) => {
    const answer = await list(tokens.acme, name);
    expect(answer.rows.map((row) => row.name).sort()).toEqual([...expectedList(name, ofCustomer('Acme'), now)].sort());
    const scoped = await list(tokens.admin, name, '&customer=Beta');
    expect(scoped.rows.map((row) => row.name).sort()).toEqual([...expectedList(name, ofCustomer('Beta'), now)].sort());
  });

  it('default orders: faulty, overflow, flush alarms and low batteries newest first; weekly flushes ascending', async () => {
    expect((await list(tokens.admin, 'faultySensors')).rows.map((row) => row.name)).toEqual(['Faulty Beta', 'Faulty 7d-1m', 'Faulty 7d+1m', 'Faulty 30d-1m', 'Faulty 30d+1m']);
    const overflow = (await list(tokens.admin, 'overflowDetections')).rows;
    expect(overflow.map((row) => row.name)).toEqual(['Overflow Beta', 'Overflow 12h-1m', 'Overflow 12h+1m', 'Overflow 24h-1m', 'Overflow 24h+1m', 'Overflow 12h+1m']);
    expect(overflow.every((row) => /^\d+$/.test(row._id ?? ''))).toBe(true);
    const alarms = (await list(tokens.admin, 'flushAlarms')).rows.map((row) => Date.parse(row.date ?? ''));
    expect(alarms).toEqual([...alarms].sort((a, b) => b - a));
    const batteries = (await list(tokens.admin, 'lowBatteries')).rows.map((row) => Date.parse(row.date ?? ''));
    expect(batteries).toEqual([...batteries].sort((a, b) => b - a));
    expect((await list(tokens.admin, 'weeklyFlushes')).rows.map((row) => [row.name, row.count])).toEqual([
      ['Flush once', 1],
      ['Flush twice', 2],
      ['Flush Beta', 3],
      ['Flush seven', 7],
      ['Flush eight', 8],
    ]);
    expect((await list(tokens.admin, 'weeklyFlushes', '&min=3')).rows.map((row) => row.name)).toEqual(['Flush Beta', 'Flush seven', 'Flush eight']);
  });

  it('the faulty date is the newest faulty active channel time', async () => {
    const row = (await list(tokens.admin, 'faultySensors')).rows.find((candidate) => candidate.name === 'Faulty 7d-1m');
    expect(Math.abs(Date.parse(row?.date ?? '') - (now - 7 * 86_400_000 + 60_000))).toBeLessThan(1000);
  });

  it('pages, sorts and searches on the server', async () => {
    const first = await call(tokens.admin, 'GET', '/dashboard/lists/nodes?limit=5&page=1');
    expect(first.json<unknown[]>()).toHaveLength(5);
    expect(first.headers['x-total-count']).toBe(String(fleet.length));
    const response = await call(tokens.admin, 'GET', '/dashboard/lists/nodes?limit=5&page=2&sort=-name');
    const names = response.json<{ name: string }[]>().map((row) => row.name);
    const all = (await list(tokens.admin, 'nodes', '&sort=-name')).rows.map((row) => row.name);
    expect(all).toHaveLength(fleet.length);
    expect(all[0]).toBe('V3 never flushes');
    expect(all.at(-1)).toBe('Battery 10079m');
    expect(names).toEqual(all.slice(5, 10));
    expect(response.headers['x-total-count']).toBe(String(fleet.length));
    const searched = await list(tokens.admin, 'offlineNodes', '&search=30d');
    expect(searched.rows.map((row) => row.name).sort()).toEqual(['Offline 30d+1m', 'Offline 30d-1m']);
    expect((await list(tokens.admin, 'nodes', '&search=Elders')).rows.every((row) => row.customer === 'Beta')).toBe(true);
    expect((await list(tokens.admin, 'nodes', '&search=%25')).total).toBe(0);
  });

  it('sorts by calibration going up with the never calibrated first, then the oldest date; going down, never last', async () => {
    const calibrated = async (sort: string) => {
      const response = await call(tokens.admin, 'GET', `/dashboard/lists/nodes?limit=500&sort=${sort}`);
      return response.json<{ calibration: { ts: string | null } }[]>().map((row) => row.calibration.ts);
    };
    const up = await calibrated('calibration');
    const never = up.filter((ts) => ts === null).length;
    expect(never).toBeGreaterThan(0);
    expect(never).toBeLessThan(up.length);
    expect(up.slice(0, never).every((ts) => ts === null)).toBe(true);
    const dates = up.slice(never).map((ts) => Date.parse(ts ?? ''));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    const down = await calibrated('-calibration');
    expect(down.slice(-never).every((ts) => ts === null)).toBe(true);
    expect(down.slice(0, -never).map((ts) => Date.parse(ts ?? ''))).toEqual([...dates].reverse());
  });

  it('guards: calibration lists need calibrationData (or administrator); the others dashboard', async () => {
    for (const name of ['annualCalibrations', 'biennialCalibrations', 'triennialCalibrations']) {
      expect((await list(tokens.viewer, name)).status).toBe(403);
      expect((await list(tokens.calibrator, name)).status).toBe(200);
    }
    expect((await list(tokens.viewer, 'faultySensors')).status).toBe(200);
    expect((await list(tokens.none, 'faultySensors')).status).toBe(403);
    expect((await list(tokens.admin, 'IncorrectSettings')).status).toBe(400);
    expect((await list(tokens.admin, 'nodes', '&sort=password')).status).toBe(400);
    expect((await list(tokens.acme, 'nodes', '&customer=Beta')).status).toBe(404);
  });
});

describe('a node whose channels have no mode', () => {
  // A provisioned node is registered without channel modes (the soak test found the 500).
  it('is listed with an empty custom instead of failing the answer schema', async () => {
    const first = (await list(tokens.admin, 'nodes')).rows[0] as unknown as { eui: string; name: string };
    const db = ctx.database.db;
    const saved = await queryRows<{ channel_id: string; custom: object }>(db, sql`SELECT channel_id, custom FROM device_channels WHERE device_eui = ${first.eui}`);
    await db.execute(sql`UPDATE device_channels SET custom = custom - 'mode' WHERE device_eui = ${first.eui}`);
    try {
      const answer = await list(tokens.admin, 'nodes', `&search=${encodeURIComponent(first.name)}`);
      expect(answer.status).toBe(200);
      const row = (answer.body as unknown as { eui: string; channels: { custom: object }[] }[]).find((node) => node.eui === first.eui);
      expect(row?.channels.length).toBeGreaterThan(0);
      for (const channel of row!.channels) expect(channel.custom).toEqual({});
    } finally {
      for (const channel of saved)
        await db.execute(sql`UPDATE device_channels SET custom = ${JSON.stringify(channel.custom)}::jsonb WHERE device_eui = ${first.eui} AND channel_id = ${channel.channel_id}`);
    }
  });
});

describe('GET /devices/byFlushAmount', () => {
  it('flushes per node in the last 7 days, at least min, fewest first', async () => {
    const response = await call(tokens.admin, 'GET', '/devices/byFlushAmount?min=1');
    expect(response.statusCode).toBe(200);
    expect(response.json<{ name: string; flushesPerWeek: number }[]>().map((row) => [row.name, row.flushesPerWeek])).toEqual([
      ['Flush once', 1],
      ['Flush twice', 2],
      ['Flush Beta', 3],
      ['Flush seven', 7],
      ['Flush eight', 8],
    ]);
    const acme = await call(tokens.acme, 'GET', '/devices/byFlushAmount?min=2');
    expect(acme.json<{ name: string }[]>().map((row) => row.name)).toEqual(['Flush twice', 'Flush seven', 'Flush eight']);
    expect((await call(tokens.admin, 'GET', '/devices/byFlushAmount?min=0')).statusCode).toBe(400);
    expect((await call(tokens.overflow, 'GET', '/devices/byFlushAmount')).statusCode).toBe(403);
  });
});

describe('DELETE /overflowLogs/{_id}', () => {
  it('ends the detection (the log stays), lowers the count; scope, rights and unknown ids', async () => {
    const rows = (await list(tokens.admin, 'overflowDetections')).rows;
    const beta = rows.find((row) => row.name === 'Overflow Beta')!;
    const acme = rows.find((row) => row.name === 'Overflow 24h+1m')!;
    expect((await call(tokens.viewer, 'DELETE', `/overflowLogs/${acme._id}`)).statusCode).toBe(403);
    expect((await call(tokens.acmeOverflow, 'DELETE', `/overflowLogs/${beta._id}`)).statusCode).toBe(404);
    expect((await call(tokens.overflow, 'DELETE', '/overflowLogs/999999')).statusCode).toBe(404);
    expect((await call(tokens.overflow, 'DELETE', '/overflowLogs/abc')).statusCode).toBe(404);

    const before = (await dashboard(tokens.admin)).body.overflowAlarm;
    expect((await call(tokens.acmeOverflow, 'DELETE', `/overflowLogs/${acme._id}`)).statusCode).toBe(204);
    const [log] = await ctx.database.db.select().from(overflowLogs).where(eq(overflowLogs.id, Number(acme._id)));
    expect(log.state).toBe('Stopped');
    const after = (await dashboard(tokens.admin)).body.overflowAlarm;
    expect(after).toEqual({ ...before, moreThanADay: before.moreThanADay - 1 });
    expect((await list(tokens.admin, 'overflowDetections')).rows.map((row) => row._id)).not.toContain(acme._id);
    // Again: nothing left to end, still fine.
    expect((await call(tokens.overflow, 'DELETE', `/overflowLogs/${acme._id}`)).statusCode).toBe(204);
    const started = await call(tokens.admin, 'GET', `/overflowLogs?conditions=${encodeURIComponent(JSON.stringify({ 'lora.state': 'Started' }))}&projection=eui`);
    expect(new Set(started.json<{ eui: string }[]>().map((row) => row.eui)).size).toBe(after.lastHalfDay + after.lastDay + after.moreThanADay);
  });
});

describe('the summary (docs/dashboard.md, "Speed")', () => {
  const incorrect = async () => (await dashboard(tokens.admin)).body.incorrectSettings.incorrect;
  const age = (minutes: number) => ctx.database.db.execute(sql`UPDATE dashboard_counts_state SET computed_at = now() - ${minutes} * interval '1 minute'`);

  it('answers from a summary up to a minute old, makes it anew in the background after that, and waits for it after 10 minutes', async () => {
    const before = await incorrect();
    await ctx.database.db.update(devices).set({ incorrectSettings: true }).where(eq(devices.name, 'Modes'));
    // Fresh: the change shows with the next summary.
    expect(await incorrect()).toBe(before);
    // Older than a minute: made anew behind the answer (on PGlite's single connection the new one
    // may already be there when the answer is read).
    await age(2);
    expect([before, before + 1]).toContain(await incorrect());
    await expect.poll(incorrect, { timeout: 5000 }).toBe(before + 1);
    // Older than ten minutes: made anew before answering.
    await ctx.database.db.update(devices).set({ incorrectSettings: false }).where(eq(devices.name, 'Modes'));
    await age(11);
    expect(await incorrect()).toBe(before);
  });
});
