import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { logbookPeriod } from '@aquasmart/domain';
import type { FastifyBaseLogger } from 'fastify';
import { ensureFirstAdministrator } from '../bootstrap/first-admin';
import { queryRows } from '../db/database';
import { customers, locations, users } from '../db/schema';
import { makeReport } from '../modules/logbook/logbook-service';
import { verifyPassword } from '../identity/passwords';
import { openTestDatabase, type TTestDatabase } from '../test/test-database';
import { demoFleet } from './fleet';
import { DEMO_NETWORK_SERVER } from './network-server';
import { seedDemoData, type TDemoResult } from './seed';
import { DEMO_UNASSIGNED } from './unassigned';
import { LOGBOOK_DEMO_LOCATION } from './logbook-history';
import { SAMPLING_DEMO_LOCATION } from './sampling';

const DEMO_PASSWORD = 'Welkom-demo-2026';
const TABLES = ['customers', 'locations', 'gateways', 'products', 'network_servers', 'users', 'user_customers', 'devices', 'device_channels', 'device_parameters', 'device_data', 'audit_logs', 'calibration_logs', 'overflow_logs'];

const messages: string[] = [];
const log = {
  info: (...args: unknown[]) => void messages.push(JSON.stringify(args)),
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
} as unknown as FastifyBaseLogger;

let database: TTestDatabase;
let result: TDemoResult | null;

async function rows<T>(query: SQL): Promise<T[]> {
  return queryRows<T>(database.db, query);
}
async function count(query: SQL): Promise<number> {
  const [row] = await rows<{ n: number }>(sql`SELECT (${query})::int AS n`);
  return row.n;
}
async function tableCounts(): Promise<Record<string, number>> {
  const entries = await Promise.all(TABLES.map(async (table) => [table, await count(sql.raw(`SELECT count(*) FROM ${table}`))] as const));
  return Object.fromEntries(entries);
}
async function addAdministrator(): Promise<void> {
  await ensureFirstAdministrator(database.db, { email: 'admin@example.com', password: 'Welkom-admin-2026', demo: false });
}

beforeAll(async () => {
  database = await openTestDatabase();
  await addAdministrator();
  const started = performance.now();
  result = await seedDemoData(database.db, { demoPassword: DEMO_PASSWORD, log });
  console.info(`demo seed on ${database.kind}: ${Math.round(performance.now() - started)} ms`);
});
afterAll(async () => {
  await database.close();
});

describe('demo data on an empty database', () => {
  it('returns the password and the demo users, not the administrator', async () => {
    expect(result).toEqual({ password: DEMO_PASSWORD, users: ['monteur@example.com', 'klant@example.com', 'planner@example.com'] });
    const [klant] = await rows<{ password_hash: string }>(sql`SELECT password_hash FROM users WHERE email = 'klant@example.com'`);
    expect(await verifyPassword(DEMO_PASSWORD, klant.password_hash)).toBe(true);
    expect(messages.some((m) => m.includes('demo data seeded'))).toBe(true);
  });

  it('seeds customers, locations with a gateway each, products and 60 nodes of every type', async () => {
    expect(await count(sql`SELECT count(*) FROM customers`)).toBeGreaterThanOrEqual(3);
    expect(await count(sql`SELECT count(*) FROM customers WHERE name = 'Gemeente Utrecht' AND country = 'Nederland'`)).toBe(1);
    expect(await count(sql`SELECT count(*) FROM locations`)).toBeGreaterThanOrEqual(8);
    expect(await count(sql`SELECT count(*) FROM locations l WHERE NOT EXISTS (SELECT 1 FROM gateways g WHERE g.location_id = l.id)`)).toBe(0);
    expect(await count(sql`SELECT count(*) FROM gateways WHERE mac !~ '^[0-9a-f]{16}$' OR product_id IS NULL`)).toBe(0);
    expect(await count(sql`SELECT count(DISTINCT type) FROM products WHERE type IN ('Device', 'Gateway', 'Faucet')`)).toBe(3);
    expect(await count(sql`SELECT count(*) FROM network_servers WHERE kind = 'chirpstack'`)).toBe(1);
    const types = await rows<{ type: string; n: number }>(sql`SELECT type, count(*)::int AS n FROM devices WHERE customer_id IS NOT NULL GROUP BY type ORDER BY type`);
    expect(types.map((t) => t.type)).toEqual(['V1', 'V2', 'V3']);
    expect(types.reduce((sum, t) => sum + t.n, 0)).toBe(60);
    expect(
      await count(sql`SELECT count(*) FROM devices WHERE customer_id IS NOT NULL AND (eui !~ '^[0-9A-F]{16}$' OR lora_state <> 'Started'
        OR location_id IS NULL OR gateway_id IS NULL OR signal NOT BETWEEN 0 AND 4)`),
    ).toBe(0);
  });

  it("keeps what each gateway heard: every placed node heard by its location's gateway, each gateway's last-seen time", async () => {
    expect(await count(sql`SELECT count(*) FROM gateway_nodes`)).toBeGreaterThanOrEqual(55);
    expect(await count(sql`SELECT count(*) FROM gateway_nodes n JOIN devices d ON d.eui = n.device_eui WHERE n.gateway_id <> d.gateway_id`)).toBe(0);
    expect(await count(sql`SELECT count(*) FROM gateways WHERE last_seen_at IS NULL`)).toBe(0);
    // A silent location: its gateway was last heard hours ago.
    expect(await count(sql`SELECT count(*) FROM gateways WHERE last_seen_at < now() - interval '2 hours'`)).toBeGreaterThanOrEqual(1);
  });

  it('leaves provisioned nodes to register: no customer, no location, stopped, no history', async () => {
    const loose = await rows<{ eui: string; type: string; lora_state: string; location_id: number | null; network_server_id: number | null }>(
      sql`SELECT eui, type, lora_state, location_id, network_server_id FROM devices WHERE customer_id IS NULL ORDER BY eui`,
    );
    expect(loose.map(({ eui, type }) => ({ eui, type }))).toEqual(DEMO_UNASSIGNED);
    expect(loose.every((node) => node.lora_state === 'Stopped' && node.location_id === null && node.network_server_id !== null)).toBe(true);
    expect(await count(sql`SELECT count(*) FROM device_data x JOIN devices d ON d.eui = x.device_eui WHERE d.customer_id IS NULL`)).toBe(0);
  });

  it('has one V2 tap with its third input switched off: no readings there, mode disabled', async () => {
    const off = await rows<{ eui: string; mode: string }>(sql`SELECT d.eui, p.value -> 'inputs' -> 2 ->> 'mode' AS mode
      FROM devices d JOIN device_channels c ON c.device_eui = d.eui AND c.channel_id = 'temperature3'
      JOIN device_parameters p ON p.device_eui = d.eui AND p.register = 2
      WHERE d.customer_id IS NOT NULL AND c.value IS NULL`);
    expect(off).toHaveLength(1);
    expect(off[0].mode).toBe('disabled');
    expect(await count(sql`SELECT count(*) FROM device_data WHERE device_eui = ${off[0].eui} AND value ? 'temperature3'`)).toBe(0);
  });

  it('gives every node its channels: V1 one, V2 three, V3 two temperatures, a battery, and a flush event for V1 and V2', async () => {
    const wrong = sql`SELECT count(*) FROM devices d WHERE
      (SELECT count(*) FROM device_channels c WHERE c.device_eui = d.eui AND c.type = 'Temperatuur') <> CASE d.type WHEN 'V1' THEN 1 WHEN 'V2' THEN 3 ELSE 2 END
      OR NOT EXISTS (SELECT 1 FROM device_channels c WHERE c.device_eui = d.eui AND c.channel_id = 'battery1' AND c.type = 'Batterij')
      OR (d.type <> 'V3') <> EXISTS (SELECT 1 FROM device_channels c WHERE c.device_eui = d.eui AND c.channel_id = 'flush1' AND c.type = 'Event')`;
    expect(await count(wrong)).toBe(0);
  });

  it('writes 14 days of history every 15 minutes per node, and the channels hold its latest values', async () => {
    // The logbook's demo location has more (logbook-history.ts); the 14 days are counted from the latest uplink back.
    const perDevice = await rows<{ temperatures: number; batteries: number }>(sql`SELECT
      count(*) FILTER (WHERE msg_id IN (34, 42, 32))::int AS temperatures, count(*) FILTER (WHERE msg_id IN (40, 36))::int AS batteries
      FROM device_data x JOIN devices d ON d.eui = x.device_eui
      WHERE x.ts > d.lora_ts - interval '14 days' GROUP BY device_eui`);
    expect(perDevice).toHaveLength(60);
    for (const device of perDevice) {
      expect(device.temperatures).toBe(14 * 96);
      expect(device.batteries).toBe(14 * 4);
    }
    const total = await count(sql`SELECT count(*) FROM device_data x JOIN devices d ON d.eui = x.device_eui
      WHERE x.ts > d.lora_ts - interval '14 days'`);
    expect(total).toBeGreaterThan(60 * 14 * 100);
    expect(total).toBeLessThan(60 * 14 * 110);
    expect(await count(sql`SELECT count(*) FROM device_data WHERE (value ->> 'timestamp')::bigint <> extract(epoch FROM ts)::bigint`)).toBe(0);
    expect(await count(sql`SELECT count(*) FROM device_data WHERE rssi NOT BETWEEN -115 AND -70 OR snr NOT BETWEEN -10 AND 10`)).toBe(0);
    // The latest uplink is lora.ts, with the device's counter; channel values and ts come from it.
    expect(
      await count(sql`SELECT count(*) FROM devices d WHERE d.lora_ts <> (SELECT max(ts) FROM device_data x WHERE x.device_eui = d.eui)
        OR d.counter <> (SELECT max(counter) FROM device_data x WHERE x.device_eui = d.eui)`),
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*) FROM device_channels c JOIN devices d ON d.eui = c.device_eui
        WHERE d.customer_id IS NOT NULL AND c.type = 'Temperatuur' AND (c.ts <> d.lora_ts OR c.value IS NULL OR (c.value > -100 AND abs(c.value - c.raw_value - c."offset") > 0.01))`),
    ).toBe(1); // the switched-off input
    expect(await count(sql`SELECT count(*) FROM devices WHERE battery_voltage NOT BETWEEN 2.8 AND 3.7`)).toBe(0);
  });

  it('keeps sync in step with the parameters and presets as registration sends them', async () => {
    const wrong = sql`SELECT count(*) FROM devices d WHERE d.sync <> CASE
      WHEN NOT EXISTS (SELECT 1 FROM device_parameters p WHERE p.device_eui = d.eui) THEN -1
      WHEN EXISTS (SELECT 1 FROM device_parameters p WHERE p.device_eui = d.eui AND p.status <> 'saved') THEN 0 ELSE 1 END`;
    expect(await count(wrong)).toBe(0);
    expect(await count(sql`SELECT count(*) FROM devices WHERE sync = -1`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) FROM devices WHERE customer_id IS NOT NULL AND jsonb_array_length(presets) = 0`)).toBe(0);
    const registers = await rows<{ type: string; registers: number[] }>(sql`SELECT d.type, array_agg(DISTINCT p.register ORDER BY p.register) AS registers
      FROM devices d JOIN device_parameters p ON p.device_eui = d.eui GROUP BY d.type ORDER BY d.type`);
    expect(registers).toEqual([
      { type: 'V1', registers: [1, 2, 3] },
      { type: 'V2', registers: [1, 2, 3, 4] },
      { type: 'V3', registers: [1] },
    ]);
  });

  it('restricts the klant user to Gemeente Utrecht and leaves the engineer unrestricted', async () => {
    const scopes = await rows<{ email: string; customer: string }>(sql`SELECT u.email, c.name AS customer
      FROM user_customers uc JOIN users u ON u.id = uc.user_id JOIN customers c ON c.id = uc.customer_id ORDER BY u.email`);
    expect(scopes).toEqual([{ email: 'klant@example.com', customer: 'Gemeente Utrecht' }]);
    const [engineer] = await rows<{ portal_rights: Record<string, boolean>; type: string | null }>(
      sql`SELECT portal_rights, type FROM users WHERE email = 'monteur@example.com'`,
    );
    expect(engineer.type).toBeNull();
    expect(Object.keys(engineer.portal_rights).filter((flag) => engineer.portal_rights[flag]).sort()).toEqual(
      ['addNode', 'calibration', 'calibrationData', 'dashboard', 'editNode', 'gatewayView', 'products', 'settings'].sort(),
    );
  });
});

/** Counts per bucket of an age expression: recent (< first), middle (< second), older. */
async function buckets(from: SQL, age: SQL, first: string, second: string): Promise<number[]> {
  const [row] = await rows<{ a: number; b: number; c: number }>(sql`SELECT
    count(*) FILTER (WHERE t >= now() - ${sql.raw(`interval '${first}'`)})::int AS a,
    count(*) FILTER (WHERE t < now() - ${sql.raw(`interval '${first}'`)} AND t >= now() - ${sql.raw(`interval '${second}'`)})::int AS b,
    count(*) FILTER (WHERE t < now() - ${sql.raw(`interval '${second}'`)})::int AS c
    FROM (SELECT ${age} AS t FROM ${from}) x`);
  return [row.a, row.b, row.c];
}

describe('every dashboard state has a node, in every bucket', () => {
  it('fills the Sampling tab of one location: three points with compliant results, one of them overdue (sampled over six months ago), no alarm', async () => {
    const points = await rows<{ name: string; verdict: string; months: number }>(sql`
      SELECT p.name, r.verdict, extract(epoch FROM now() - r.taken_at) / (86400 * 30.4) AS months
      FROM sample_points p JOIN locations l ON l.id = p.location_id JOIN sample_results r ON r.sample_point_id = p.id
      WHERE l.name = ${SAMPLING_DEMO_LOCATION} ORDER BY p.id`);
    expect(points.map((point) => point.name)).toEqual(['Douche 1 dameskleedkamer', 'Keukenkraan kantine', 'Douche 3 herenkleedkamer']);
    expect(points.every((point) => point.verdict === 'compliant')).toBe(true);
    expect(Number(points[0].months)).toBeGreaterThan(6);
    expect(await count(sql`SELECT count(*) FROM alarms WHERE kind = 'legionella'`)).toBe(0);
  });

  it('every alarm state of a node is an alarm record with its opened step; the flush alarms wait for acknowledgement, some others are handled', async () => {
    const kinds = await rows<{ kind: string; state: string; n: number }>(sql`SELECT kind, state, count(*)::int AS n FROM alarms GROUP BY kind, state ORDER BY kind, state`);
    expect(new Set(kinds.map((row) => row.kind))).toEqual(new Set(['lowBattery', 'flushAlarm', 'faultySensor', 'waterDetection', 'offline', 'settingsNotTaken']));
    expect(kinds.filter((row) => row.kind === 'flushAlarm').map((row) => row.state)).toEqual(['new']);
    expect(new Set(kinds.map((row) => row.state))).toEqual(new Set(['new', 'acknowledged', 'assigned', 'resolved']));
    expect(await count(sql`SELECT count(*) FROM devices WHERE flush_alarm_ts > 0 AND customer_id IS NOT NULL`)).toBe(
      await count(sql`SELECT count(*) FROM alarms WHERE kind = 'flushAlarm' AND closed_at IS NULL`),
    );
    expect(await count(sql`SELECT count(*) FROM alarms a WHERE NOT EXISTS (SELECT 1 FROM alarm_events e WHERE e.alarm_id = a.id AND e.action = 'opened')`)).toBe(0);
    expect(await count(sql`SELECT count(*) FROM alarm_events WHERE action <> 'opened' AND user_email = 'monteur@example.com'`)).toBeGreaterThanOrEqual(4);
  });

  it('calibration: uncalibrated, out of date and calibrated for intervals 1, 2 and 3', async () => {
    for (const interval of [1, 2, 3]) {
      const days = interval === 1 ? 365.2425 : 730;
      const [row] = await rows<{ uncalibrated: number; out_of_date: number; calibrated: number }>(sql`SELECT
        count(*) FILTER (WHERE calibration_ts IS NULL)::int AS uncalibrated,
        count(*) FILTER (WHERE calibration_ts < now() - ${sql.raw(String(days))} * interval '1 day')::int AS out_of_date,
        count(*) FILTER (WHERE calibration_ts >= now() - ${sql.raw(String(days))} * interval '1 day')::int AS calibrated
        FROM devices WHERE calibration_interval = ${interval} AND lora_state = 'Started'`);
      expect(Object.values(row).every((n) => n > 0), `interval ${interval}: ${JSON.stringify(row)}`).toBe(true);
    }
    expect(await count(sql`SELECT count(*) FROM calibration_logs WHERE abs("offset" - (calibrated - measured)) > 0.001`)).toBe(0);
    expect(await count(sql`SELECT count(*) FROM calibration_logs WHERE channel = 'temperature1' AND customer_id IS NOT NULL`)).toBeGreaterThan(0);
  });

  it('faulty sensors (value <= -100) last week, last month and longer ago', async () => {
    const faulty = sql`device_channels WHERE type = 'Temperatuur' AND value <= -100`;
    expect(await buckets(faulty, sql`ts`, '7 days', '30 days')).toEqual([expect.any(Number), expect.any(Number), expect.any(Number)]);
    expect((await buckets(faulty, sql`ts`, '7 days', '30 days')).every((n) => n > 0)).toBe(true);
  });

  it('battery alarms (seconds) in each bucket, with a low voltage', async () => {
    expect((await buckets(sql`devices WHERE battery_alarm_ts > 0`, sql`to_timestamp(battery_alarm_ts)`, '7 days', '30 days')).every((n) => n > 0)).toBe(true);
    expect(await count(sql`SELECT count(*) FROM devices WHERE battery_alarm_ts > 0 AND battery_voltage >= 3.1`)).toBe(0);
  });

  it('offline nodes (lora.ts older than 6 hours): under a day, one to two days, longer', async () => {
    expect((await buckets(sql`devices WHERE lora_ts < now() - interval '6 hours'`, sql`lora_ts`, '24 hours', '48 hours')).every((n) => n > 0)).toBe(true);
    expect(await count(sql`SELECT count(*) FROM devices WHERE lora_ts >= now() - interval '6 hours'`)).toBeGreaterThan(40);
  });

  it('sync pending (sync 0) changed within a day, five days and longer ago', async () => {
    const pending = sql`device_parameters p JOIN devices d ON d.eui = p.device_eui WHERE p.status = 'pending' AND d.sync = 0`;
    expect((await buckets(pending, sql`p.updated_at`, '24 hours', '5 days')).every((n) => n > 0)).toBe(true);
  });

  it('flush alarms (milliseconds) within a day, five days and longer, each at a flush that moved too little', async () => {
    expect((await buckets(sql`devices WHERE flush_alarm_ts > 0`, sql`to_timestamp(flush_alarm_ts / 1000.0)`, '24 hours', '5 days')).every((n) => n > 0)).toBe(true);
    const weak = sql`SELECT count(*) FROM devices d JOIN device_data x ON x.device_eui = d.eui AND x.msg_id = 50
      AND x.ts = to_timestamp(d.flush_alarm_ts / 1000.0)
      WHERE d.flush_alarm_ts > 0 AND abs((x.value ->> 'after')::float8 - (x.value ->> 'before')::float8) < d.flush_minimum_temperature_deviation`;
    expect(await count(weak)).toBe(await count(sql`SELECT count(*) FROM devices WHERE flush_alarm_ts > 0`));
  });

  it('overflow detections Started within 12 hours, 24 hours and longer, plus stopped ones', async () => {
    expect((await buckets(sql`overflow_logs WHERE state = 'Started'`, sql`ts`, '12 hours', '24 hours')).every((n) => n > 0)).toBe(true);
    expect(await count(sql`SELECT count(*) FROM overflow_logs WHERE state = 'Stopped'`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) FROM overflow_logs WHERE resistance IS NULL OR customer_id IS NULL OR location_id IS NULL`)).toBe(0);
  });

  it('flushes per week: once, two to seven, more than seven; loggers and flush nodes', async () => {
    const [row] = await rows<{ once: number; some: number; many: number }>(sql`SELECT
      count(*) FILTER (WHERE n = 1)::int AS once, count(*) FILTER (WHERE n BETWEEN 2 AND 7)::int AS some, count(*) FILTER (WHERE n > 7)::int AS many
      FROM (SELECT count(*) AS n FROM device_data WHERE msg_id = 50 AND ts >= now() - interval '7 days' GROUP BY device_eui) x`);
    expect(Object.values(row).every((n) => n > 0), JSON.stringify(row)).toBe(true);
    const flushEnabled = sql`EXISTS (SELECT 1 FROM device_parameters p WHERE p.device_eui = d.eui AND p.register = 3 AND (p.value ->> 'enabled')::int = 1)`;
    expect(await count(sql`SELECT count(*) FROM devices d WHERE ${flushEnabled}`)).toBeGreaterThan(0);
    expect(await count(sql`SELECT count(*) FROM devices d WHERE NOT ${flushEnabled}`)).toBeGreaterThan(0);
  });

  it('incorrect settings: flagged, with a reported value that differs', async () => {
    expect(
      await count(sql`SELECT count(*) FROM devices d WHERE d.incorrect_settings
        AND EXISTS (SELECT 1 FROM device_parameters p WHERE p.device_eui = d.eui AND p.reported IS DISTINCT FROM p.value)`),
    ).toBeGreaterThan(0);
  });

  it('channel modes KW, WW and Meng/uittap', async () => {
    const modes = await rows<{ mode: string }>(sql`SELECT DISTINCT c.custom ->> 'mode' AS mode FROM device_channels c JOIN devices d ON d.eui = c.device_eui WHERE d.customer_id IS NOT NULL AND c.type = 'Temperatuur' ORDER BY 1`);
    expect(modes.map((m) => m.mode)).toEqual(['KW', 'Meng/uittap', 'WW']);
  });

  it('the node list has a hot line under 60 °C and a cold line over 25 °C to show in colour', async () => {
    const latest = (mode: string, condition: SQL) =>
      count(sql`SELECT count(*) FROM device_channels WHERE type = 'Temperatuur' AND custom ->> 'mode' = ${mode} AND value > -100 AND ${condition}`);
    expect(await latest('WW', sql`value < 60`)).toBeGreaterThan(0);
    expect(await latest('KW', sql`value > 25`)).toBeGreaterThan(0);
  });

  it('audit log entries for the devices', async () => {
    expect(await count(sql`SELECT count(DISTINCT device_eui) FROM audit_logs WHERE value ->> 'action' = 'register'`)).toBe(60);
  });
});

describe('the demo fleet the simulator replays (demo/fleet.ts)', () => {
  it('has the seeded nodes: same EUIs, types, gateways and last frame counters', async () => {
    const seeded = await rows<{ eui: string; type: string; counter: number; mac: string }>(
      sql`SELECT d.eui, d.type, d.counter::int AS counter, g.mac FROM devices d JOIN gateways g ON g.id = d.gateway_id ORDER BY d.eui`,
    );
    const fleet = demoFleet().map((node) => ({ eui: node.eui, type: node.type, counter: node.counter, mac: node.radio.gateway }));
    expect(fleet.sort((a, b) => a.eui.localeCompare(b.eui))).toEqual(seeded);
  });

  it('keeps silent exactly the nodes that are offline in the demo', async () => {
    const offline = await rows<{ eui: string }>(sql`SELECT eui FROM devices WHERE lora_ts < now() - interval '2 hours' ORDER BY eui`);
    expect(offline.length).toBeGreaterThan(0);
    expect(demoFleet().filter((node) => node.silent).map((node) => node.eui).sort()).toEqual(offline.map((row) => row.eui));
  });

  it('marks as faulty the channels whose last reading is -102.4', async () => {
    const faulty = await rows<{ key: string }>(
      sql`SELECT device_eui || ':' || channel_id AS key FROM device_channels WHERE type = 'Temperatuur' AND value <= -100 ORDER BY 1`,
    );
    const fromFleet = demoFleet().flatMap((node) => node.channels.flatMap((channel, i) => (channel.faulty ? [`${node.eui}:temperature${i + 1}`] : [])));
    expect(fromFleet.sort()).toEqual(faulty.map((row) => row.key));
  });

  it('runs with the registers the nodes reported (a pending change has not reached them)', async () => {
    const reported = await rows<{ eui: string; register: number; reported: Record<string, unknown> }>(
      sql`SELECT device_eui AS eui, register, reported FROM device_parameters ORDER BY device_eui, register`,
    );
    const fromFleet = demoFleet().flatMap((node) => node.registers.map((entry) => ({ eui: node.eui, register: entry.register, reported: entry.value })));
    expect(fromFleet.sort((a, b) => a.eui.localeCompare(b.eui) || a.register - b.register)).toEqual(reported);
  });

  it('the demo network server is the simulator: known secret, REST API at its port', async () => {
    const [server] = await rows<{ name: string; kind: string; secret: string; config: Record<string, string> }>(sql`SELECT name, kind, secret, config FROM network_servers`);
    expect(server).toEqual({
      name: DEMO_NETWORK_SERVER.name,
      kind: 'chirpstack',
      secret: DEMO_NETWORK_SERVER.secret,
      config: { apiUrl: DEMO_NETWORK_SERVER.apiUrl, apiToken: DEMO_NETWORK_SERVER.apiToken },
    });
    expect(await count(sql`SELECT count(*) FROM devices WHERE network_server_id IS NULL`)).toBe(0);
  });
});

describe('a database with data is left alone', () => {
  it('a second call returns null and changes nothing', async () => {
    const before = await tableCounts();
    expect(await seedDemoData(database.db, { log })).toBeNull();
    expect(await tableCounts()).toEqual(before);
  });

  it('a database with one customer gets nothing', async () => {
    await database.reset();
    await addAdministrator();
    await database.db.insert(customers).values({ name: 'Bestaande klant' });
    const before = await tableCounts();
    expect(await seedDemoData(database.db, { log })).toBeNull();
    expect(await tableCounts()).toEqual(before);
  });

  it('an empty database without a demo password gets a generated, readable one', async () => {
    await database.reset();
    await addAdministrator();
    const seeded = await seedDemoData(database.db, { log });
    expect(seeded?.password).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const [engineer] = await database.db.select({ hash: users.passwordHash }).from(users).where(sql`email = 'monteur@example.com'`);
    expect(await verifyPassword(seeded!.password, engineer.hash)).toBe(true);
  });
});

describe('the logbook demo location', () => {
  it("last month's report has something in every section: a gap, an excursion, flushes that prove and fail, alarms, a calibration, changes", async () => {
    const now = new Date();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
    const [location] = await database.db.select().from(locations).where(eq(locations.name, LOGBOOK_DEMO_LOCATION));
    const [customer] = await database.db.select().from(customers).where(eq(customers.id, location.customerId));
    const report = await makeReport(database.db, { scope: 'location', customer, location }, logbookPeriod('month', today, 1), 'admin@example.com', now);
    const [section] = report.locations;
    expect(section.verdict).toBe('openDeviations');
    expect(section.channels.length).toBeGreaterThanOrEqual(8);
    expect(section.channels.every((channel) => channel.readings > 0)).toBe(true);
    expect(section.channels.some((channel) => channel.gaps.length > 0)).toBe(true);
    expect(section.channels.some((channel) => channel.longestExcursion !== null && channel.growthRangeHours >= 3)).toBe(true);
    expect(section.channels.filter((channel) => channel.verdict === 'compliant').length).toBeGreaterThan(0);
    expect(section.flushWeeks.some((week) => week.flushes > 0)).toBe(true);
    expect(section.failedFlushes.length).toBeGreaterThan(0);
    expect(new Set(section.alarms.map((alarm) => alarm.kind))).toEqual(new Set(['offline', 'lowBattery', 'waterDetection', 'flushAlarm']));
    expect(section.calibrations).toHaveLength(1);
    expect(section.changes.map((change) => change.kind)).toEqual(expect.arrayContaining(['batterySwap', 'settings', 'settingsConfirmed', 'calibration']));
  });
});
