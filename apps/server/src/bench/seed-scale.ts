import { asHistoryImport } from '../modules/devices/device-versions';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { USER_TYPE_ADMINISTRATOR } from '@aquasmart/domain';
import { openDatabase } from '../db/client';
import { queryRows, type TDatabase } from '../db/database';
import { ensureHistoryPartitions } from '../db/partitions';
import { hashPassword } from '../identity/passwords';
import { CHANNEL_ACTIVE } from '../modules/dashboard/node-function-sql';
import { BENCH_ADMIN, BENCH_CUSTOMER_USER, BENCH_PASSWORD, DEFAULT_PGLITE_DIR, DEFAULT_SCALE_URL, LOGBOOK_BENCH_CUSTOMER_ID, LOGBOOK_BENCH_LOCATION, LOGBOOK_BENCH_NODES, step } from './seed-common';
import { seedOutletSteps } from './seed-outlets';
import { seedSamplingSteps } from './seed-sampling';

export { BENCH_ADMIN, BENCH_CUSTOMER_USER, BENCH_PASSWORD, DEFAULT_PGLITE_DIR, DEFAULT_SCALE_URL, LOGBOOK_BENCH_CUSTOMER_ID, LOGBOOK_BENCH_LOCATION } from './seed-common';

/**
 * `npm run seed:scale -- --nodes 100000 --history-rows 10000000`: a large fleet for the API
 * benchmark (`npm run bench:api`, docs/dashboard.md "Speed"), written set-based in SQL. Not a test.
 *
 * Proportions: one customer per 250 nodes (at least 10), one location (and gateway) per 10 nodes;
 * the first customer holds a tenth of the locations (a large customer). Types 60 % V2, 30 % V1,
 * 10 % V3. Alarms in realistic shares: 3 % offline, 1 % of temperature channels broken (-102.4),
 * 1 % battery alarms, 0.5 % flush alarms, 3 % settings pending, 12 % never configured, 0.3 %
 * incorrect settings, 0.2 % active overflow detections (and 1 % ended ones); calibrations spread
 * over three years, 5 % never. History: the rows spread over the last 62 days (8 % flushes of V1
 * and V2, 2 % battery, the rest temperatures), plus one node ("Node 000001") with every
 * 15-minute reading of the 62 days, for the chart benchmark. For the logbook (docs/logbook.md,
 * "Speed"): a location "Logboek 50" of the second customer with 50 nodes and every reading of 12
 * months, and every reading of the previous month for that customer's other nodes (about 2 M rows
 * more than --history-rows). For sampling (docs/sampling.md, "Speed"): sample points, plans and two
 * years of lab results at a quarter of the locations and at every location of the second customer
 * (seed-sampling.ts). For outlets (docs/outlets.md, "Speed"): 20,000 outlets of the first customer
 * with plans and a year of checks (seed-outlets.ts).
 *
 * The database is made anew: PostgreSQL (dropped and created) or a PGlite directory (emptied).
 */


const HELP = `Seeds a large fleet for npm run bench:api.

Usage: npm run seed:scale -- [options]
  --nodes <n>            nodes (default 100000)
  --history-rows <n>     history rows (default 10000000)
  --database <postgres|pglite>   (default postgres)
  --url <url>            PostgreSQL database to (re)create (default ${DEFAULT_SCALE_URL})
  --dir <dir>            PGlite data directory to (re)create (default ${DEFAULT_PGLITE_DIR})
  --sampling-only        on a seeded PostgreSQL database (--url): delete its sampling data and seed that again
  --outlets-only         on a seeded PostgreSQL database (--url): delete its outlets and checks and seed them again
`;

async function recreatePostgres(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.replace(/^\//, '');
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`seed:scale: refusing database name ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}


export async function seedScale(database: TDatabase, nodes: number, historyRows: number): Promise<void> {
  const db = database.system;
  const run = (query: ReturnType<typeof sql>) => db.execute(query);
  const customerCount = Math.max(10, Math.round(nodes / 250));
  const locationCount = Math.max(customerCount, Math.round(nodes / 10));
  const large = Math.max(1, Math.round(locationCount / 10));
  // The type of node i, the same formula everywhere (also for the history's message ids).
  const typeOf = (i: string) => sql.raw(`(CASE WHEN ${i} % 10 < 6 THEN 'V2' WHEN ${i} % 10 < 9 THEN 'V1' ELSE 'V3' END)`);
  const euiOf = (i: string) => sql.raw(`('70B3D549' || lpad(upper(to_hex(${i})), 8, '0'))`);

  // 13 months back: the logbook's year (step "logbook subjects") starts on a local first of the month 12 months ago.
  await ensureHistoryPartitions(db, new Date(), 13, 2);
  await step(`customers (${customerCount}), locations and gateways (${locationCount})`, async () => {
    await run(sql`INSERT INTO customers (name, reference, address, postal_code, city, country, calibration_interval)
      SELECT 'Klant ' || lpad(i::text, 4, '0'), 'REF-' || i, 'Straat ' || i, '1234 AB', 'Utrecht', 'Nederland', 1 + i % 3
      FROM generate_series(1, ${customerCount}) i`);
    await run(sql`INSERT INTO locations (customer_id, name, reference, address, postal_code, city, country, calibration_interval)
      SELECT CASE WHEN j <= ${large} THEN 1 ELSE 2 + (j * 7919) % ${customerCount - 1} END,
        'Locatie ' || lpad(j::text, 6, '0'), 'L-' || j, 'Weg ' || j, '1234 AB', 'Utrecht', 'Nederland', 1 + (j * 31) % 3
      FROM generate_series(1, ${locationCount}) j`);
    await run(sql`INSERT INTO gateways (mac, name, customer_id, location_id, type)
      SELECT upper(lpad(to_hex(l.id), 16, '0')), 'Gateway ' || l.id, l.customer_id, l.id, 'Kerlink' FROM locations l`);
  });

  await step(`nodes (${nodes})`, () =>
    run(sql`INSERT INTO devices (eui, name, type, version, customer_id, location_id, gateway_id, calibration_interval, calibration_ts,
        battery_alarm_ts, battery_voltage, flush_alarm_ts, lora_state, lora_ts, counter, rssi, snr, signal, sync, incorrect_settings,
        connector_id, connector_version)
      SELECT ${euiOf('i')}, 'Node ' || lpad(i::text, 6, '0'), ${typeOf('i')}, '2.1', l.customer_id, l.id, l.id, l.calibration_interval,
        CASE WHEN random() < 0.05 THEN NULL ELSE now() - random() * interval '1100 days' END,
        CASE WHEN random() < 0.01 THEN floor(extract(epoch FROM now() - random() * interval '90 days'))::bigint ELSE 0 END,
        3.2 + random() * 0.4,
        CASE WHEN i % 10 < 9 AND random() < 0.005 THEN floor(extract(epoch FROM now() - random() * interval '20 days') * 1000)::bigint ELSE 0 END,
        'Started',
        CASE WHEN random() < 0.03 THEN now() - interval '6 hours' - random() * interval '60 days' ELSE now() - random() * interval '15 minutes' END,
        i, -70 - random() * 50, -5 + random() * 15, floor(random() * 5)::int,
        CASE WHEN i % 100 < 12 THEN -1 WHEN i % 100 < 15 THEN 0 ELSE 1 END,
        random() < 0.003,
        'aquasmart-' || lower(${typeOf('i')}), '1'
      FROM generate_series(1, ${nodes}) i JOIN locations l ON l.id = 1 + (i - 1) % ${locationCount}`),
  );

  await step('channels', async () => {
    await run(sql`INSERT INTO device_channels (device_eui, channel_id, name, type, value, raw_value, ts, custom)
      SELECT d.eui, 'temperature' || n, 'Temperatuur ' || n, 'Temperatuur', v, v, t,
        jsonb_build_object('mode', (ARRAY['KW', 'WW', 'Meng/uittap'])[1 + floor(random() * 3)::int])
      FROM devices d
      CROSS JOIN LATERAL generate_series(1, CASE d.type WHEN 'V1' THEN 1 WHEN 'V2' THEN 3 ELSE 2 END) n
      CROSS JOIN LATERAL (SELECT random() + 0 * n < 0.01 AS broken) b
      CROSS JOIN LATERAL (SELECT CASE WHEN b.broken THEN -102.4 ELSE round((10 + random() * 55)::numeric, 1)::float8 END AS v,
        CASE WHEN b.broken THEN now() - random() * interval '60 days' ELSE d.lora_ts END AS t) x`);
    await run(sql`INSERT INTO device_channels (device_eui, channel_id, name, type, value, raw_value, ts)
      SELECT d.eui, 'battery1', 'Batterij', 'Batterij', d.battery_voltage, d.battery_voltage, d.lora_ts FROM devices d`);
    await run(sql`INSERT INTO device_channels (device_eui, channel_id, name, type, value, ts)
      SELECT d.eui, 'flush1', 'Spoeling', 'Event', 1, d.lora_ts - interval '3 hours' FROM devices d WHERE d.type <> 'V3'`);
  });

  await step('parameters', async () => {
    const status = sql.raw(`CASE WHEN d.sync = 0 THEN 'pending' ELSE 'saved' END`);
    const updated = sql.raw(`CASE WHEN d.sync = 0 THEN now() - random() * interval '10 days' ELSE now() - interval '200 days' END`);
    const mode = sql.raw(`(CASE WHEN random() < 0.1 THEN 'disabled' ELSE 'actual' END)`);
    await run(sql`INSERT INTO device_parameters (device_eui, register, value, status, updated_at)
      SELECT d.eui, 2, CASE WHEN d.type = 'V1' THEN jsonb_build_object('mode', 'actual')
          ELSE jsonb_build_object('inputs', jsonb_build_array(jsonb_build_object('mode', 'actual'), jsonb_build_object('mode', 'actual'), jsonb_build_object('mode', ${mode}))) END,
        ${status}, ${updated}
      FROM devices d WHERE d.sync <> -1 AND d.type <> 'V3'`);
    await run(sql`INSERT INTO device_parameters (device_eui, register, value, status, updated_at)
      SELECT d.eui, 3, jsonb_build_object('enabled', CASE WHEN random() < 0.6 THEN 1 ELSE 0 END, 'flushtime', 5), ${status}, ${updated}
      FROM devices d WHERE d.sync <> -1 AND d.type <> 'V3'`);
    await run(sql`INSERT INTO device_parameters (device_eui, register, value, status, updated_at)
      SELECT d.eui, 1, jsonb_build_object('inputs', jsonb_build_array(jsonb_build_object('mode', 'actual'), jsonb_build_object('mode', ${mode}))), ${status}, ${updated}
      FROM devices d WHERE d.sync <> -1 AND d.type = 'V3'`);
  });

  await step('overflow logs', async () => {
    await run(sql`INSERT INTO overflow_logs (device_eui, customer_id, location_id, resistance, ts, state)
      SELECT d.eui, d.customer_id, d.location_id, 150 + random() * 250, now() - random() * interval '5 days', 'Started'
      FROM devices d WHERE d.type <> 'V3' AND random() < 0.002`);
    await run(sql`INSERT INTO overflow_logs (device_eui, customer_id, location_id, resistance, ts, state)
      SELECT d.eui, d.customer_id, d.location_id, 150 + random() * 250, now() - interval '6 days' - random() * interval '120 days', 'Stopped'
      FROM devices d WHERE d.type <> 'V3' AND random() < 0.01`);
  });

  const showcase = 62 * 96;
  const spread = Math.max(0, historyRows - showcase);
  const chunk = 1_000_000;
  for (let from = 1; from <= spread; from += chunk) {
    const to = Math.min(spread, from + chunk - 1);
    await step(`history rows ${from.toLocaleString('en')}-${to.toLocaleString('en')}`, () =>
      run(sql`INSERT INTO device_data (device_eui, ts, msg_id, counter, rssi, snr, gateway, value)
        SELECT ${euiOf('x.i')}, x.t,
          CASE WHEN x.k % 100 < 8 AND x.i % 10 < 9 THEN 50 WHEN x.k % 100 < 10 THEN (CASE WHEN x.i % 10 < 9 THEN 40 ELSE 36 END)
            ELSE (CASE WHEN x.i % 10 < 6 THEN 42 WHEN x.i % 10 < 9 THEN 34 ELSE 32 END) END,
          x.k, -90, 7, 'GW', jsonb_build_object('timestamp', floor(extract(epoch FROM x.t)), 'temperature1', round((10 + random() * 55)::numeric, 1))
        FROM (SELECT k, 1 + (k * 2654435761) % ${nodes} AS i, now() - random() * interval '62 days' AS t
          FROM generate_series(${from}::bigint, ${to}::bigint) k) x`),
    );
  }
  await step(`history of Node 000001 (${showcase} readings over 62 days)`, () =>
    run(sql`INSERT INTO device_data (device_eui, ts, msg_id, counter, value)
      SELECT ${euiOf('1')}, t, 42, n, jsonb_build_object('timestamp', floor(extract(epoch FROM t)), 'temperature1', 20 + 5 * sin(n / 15.0), 'temperature2', 55, 'temperature3', 12)
      FROM (SELECT n, now() - n * interval '15 minutes' AS t FROM generate_series(0, ${showcase - 1}) n) s`),
  );

  await step('logbook subjects (dense history of "Logboek 50" and of the second customer)', () => seedLogbookSubjects(database));

  await step('users', async () => {
    const hash = await hashPassword(BENCH_PASSWORD);
    await run(sql`INSERT INTO users (email, first_name, last_name, password_hash, type, portal_rights) VALUES
      (${BENCH_ADMIN}, 'Bench', 'Admin', ${hash}, ${USER_TYPE_ADMINISTRATOR}, '{"administrator": true}'::jsonb),
      (${BENCH_CUSTOMER_USER}, 'Bench', 'Klant', ${hash}, NULL, '{"dashboard": true, "calibrationData": true}'::jsonb)`);
    await run(sql`INSERT INTO user_customers (user_id, customer_id) SELECT id, 1 FROM users WHERE email = ${BENCH_CUSTOMER_USER}`);
  });
  await step('alarms (the nodes\' alarm states, and a handled history)', () => seedAlarms(database));
  await seedSamplingSteps(database);
  await seedOutletSteps(database);
  // A freshly loaded table has no visibility map yet; a live database has been vacuumed.
  await step('vacuum analyze', () => database.exec('VACUUM ANALYZE'));
}

/**
 * Alarms (docs/alarms.md, "Speed"), set-based: the nodes' current alarm states become active
 * alarms as migration 0015 makes them, a quarter of those acknowledged or assigned, and a history
 * of two resolved and closed alarms per ten nodes over the last year (the list's "all" status
 * walks them; "to handle" skips them by its partial index).
 */
export async function seedAlarms(database: TDatabase): Promise<void> {
  const run = (query: ReturnType<typeof sql>) => database.system.execute(query);
  await run(sql`INSERT INTO alarms (kind, device_eui, customer_id, location_id, opened_at, details)
    SELECT 'lowBattery', d.eui, d.customer_id, d.location_id, to_timestamp(d.battery_alarm_ts), jsonb_build_object('voltage', d.battery_voltage)
    FROM devices d WHERE d.battery_alarm_ts > 0 AND d.customer_id IS NOT NULL
    UNION ALL
    SELECT 'flushAlarm', d.eui, d.customer_id, d.location_id, to_timestamp(d.flush_alarm_ts / 1000.0), '{}'::jsonb
    FROM devices d WHERE d.flush_alarm_ts > 0 AND d.customer_id IS NOT NULL
    UNION ALL
    SELECT 'offline', d.eui, d.customer_id, d.location_id, d.lora_ts + interval '6 hours', jsonb_build_object('lastMessageAt', d.lora_ts)
    FROM devices d WHERE d.lora_ts < now() - interval '6 hours' AND d.customer_id IS NOT NULL
    UNION ALL
    SELECT 'settingsNotTaken', d.eui, d.customer_id, d.location_id, coalesce(d.lora_ts, now()), '{}'::jsonb
    FROM devices d WHERE d.incorrect_settings AND d.customer_id IS NOT NULL`);
  await run(sql`INSERT INTO alarms (kind, device_eui, channel_id, customer_id, location_id, opened_at, details)
    SELECT 'faultySensor', d.eui, c.channel_id, d.customer_id, d.location_id, coalesce(c.ts, now()), jsonb_build_object('value', c.value)
    FROM device_channels c JOIN devices d ON d.eui = c.device_eui
    WHERE c.type = 'Temperatuur' AND c.value <= -100 AND d.customer_id IS NOT NULL AND ${CHANNEL_ACTIVE}`);
  await run(sql`INSERT INTO alarms (kind, device_eui, customer_id, location_id, opened_at, details)
    SELECT DISTINCT ON (o.device_eui) 'waterDetection', o.device_eui, d.customer_id, d.location_id, o.ts, jsonb_build_object('resistance', o.resistance)
    FROM overflow_logs o JOIN devices d ON d.eui = o.device_eui WHERE o.state = 'Started' AND d.customer_id IS NOT NULL ORDER BY o.device_eui, o.ts`);
  const admin = sql`(SELECT id FROM users WHERE email = ${BENCH_ADMIN})`;
  await run(sql`UPDATE alarms SET state = CASE WHEN id % 8 = 0 THEN 'assigned' ELSE 'acknowledged' END,
      acknowledged_at = opened_at + interval '1 hour', acknowledged_by = ${admin}, assignee_id = CASE WHEN id % 8 = 0 THEN ${admin} END
    WHERE id % 4 = 0`);
  await run(sql`INSERT INTO alarms (kind, device_eui, channel_id, customer_id, location_id, opened_at, closed_at, state, acknowledged_at, acknowledged_by,
      resolved_at, resolved_by, resolution)
    SELECT x.kind, d.eui, CASE WHEN x.kind = 'faultySensor' THEN 'temperature1' ELSE '' END, d.customer_id, d.location_id, x.opened, x.opened + interval '3 hours',
      'resolved', x.opened + interval '1 hour', ${admin}, x.opened + interval '2 hours', ${admin}, 'Benchmark: opgelost'
    FROM devices d, LATERAL (SELECT (ARRAY['lowBattery', 'faultySensor', 'flushAlarm', 'offline'])[1 + (abs(hashtext(d.eui || n)) % 4)] AS kind,
      now() - interval '7 days' - random() * interval '358 days' AS opened FROM generate_series(1, 2) n) x
    WHERE d.customer_id IS NOT NULL AND abs(hashtext(d.eui)) % 10 = 0`);
  await run(sql`INSERT INTO alarm_events (alarm_id, at, action, details) SELECT id, opened_at, 'opened', '{"via":"seed"}'::jsonb FROM alarms`);
}



/**
 * The logbook's two benchmark subjects get dense history, set-based like the rest:
 * - "Logboek 50" (new, under the second customer): 50 new nodes (45 V2, 5 V1; hot and cold lines),
 *   every 15-minute temperature reading from the local first of the month 12 months ago until now,
 *   a daily flush and a battery reading every 6 hours; a few gaps (9 hours), excursions of a hot
 *   line to 44 °C (3 hours), a faulty run of a sensor, failed flushes and a low battery;
 * - the second customer's other nodes: every 15-minute reading, a daily flush and a battery
 *   reading every 6 hours over the previous local calendar month (Europe/Amsterdam), unless a node
 *   already has dense history there.
 * The rows are written month by month in time order (nodes interleaved, as they arrive), not node by node.
 */
export async function seedLogbookSubjects(database: TDatabase): Promise<void> {
  const db = database.system;
  const run = (query: ReturnType<typeof sql>) => db.execute(query);
  const customer = LOGBOOK_BENCH_CUSTOMER_ID;
  const [place] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO locations (customer_id, name, reference, address, postal_code, city, country, calibration_interval)
      VALUES (${customer}, ${LOGBOOK_BENCH_LOCATION}, 'L-LOGBOEK-50', 'Logboekweg 50', '1234 AB', 'Utrecht', 'Nederland', 1) RETURNING id`,
  );
  await run(sql`INSERT INTO gateways (mac, name, customer_id, location_id, type)
    VALUES ('F00000000000B050', 'Gateway Logboek 50', ${customer}, ${place.id}, 'Kerlink')`);
  // EUIs 70B3D54A0000xxxx: apart from the fleet's 70B3D549xxxxxxxx (and the gateway's MAC from the fleet's, which are the location ids in hex). Node 10 of every ten is a V1 (one channel).
  await run(sql`INSERT INTO devices (eui, name, type, version, customer_id, location_id, gateway_id, calibration_interval, calibration_ts,
      battery_alarm_ts, battery_voltage, flush_alarm_ts, lora_state, lora_ts, counter, rssi, snr, signal, sync, incorrect_settings, connector_id, connector_version)
    SELECT '70B3D54A' || lpad(upper(to_hex(i)), 8, '0'), 'Logboek node ' || lpad(i::text, 2, '0'), CASE WHEN i % 10 = 0 THEN 'V1' ELSE 'V2' END, '2.1',
      ${customer}, ${place.id}, (SELECT id FROM gateways WHERE mac = 'F00000000000B050'), 1, now() - (i * 5) * interval '1 day',
      0, 3.5, 0, 'Started', now() - interval '5 minutes', 0, -80, 7, 3, 1, false, CASE WHEN i % 10 = 0 THEN 'aquasmart-v1' ELSE 'aquasmart-v2' END, '1'
    FROM generate_series(1, ${LOGBOOK_BENCH_NODES}) i`);
  const benchNodes = sql`SELECT eui, type, substr(name, 14)::int AS i FROM devices WHERE location_id = ${place.id}`;
  // Channel 1 hot (WW), channel 2 cold (KW), channel 3 hot or cold by node.
  await run(sql`INSERT INTO device_channels (device_eui, channel_id, name, type, value, raw_value, ts, custom)
    SELECT d.eui, 'temperature' || n, 'Temperatuur ' || n, 'Temperatuur', 0, 0, now() - interval '5 minutes',
      jsonb_build_object('mode', CASE WHEN n = 1 OR (n = 3 AND d.i % 2 = 0) THEN 'WW' ELSE 'KW' END, 'attachments', '[]'::jsonb)
    FROM (${benchNodes}) d CROSS JOIN LATERAL generate_series(1, CASE d.type WHEN 'V1' THEN 1 ELSE 3 END) n`);
  await run(sql`INSERT INTO device_channels (device_eui, channel_id, name, type, value, raw_value, ts)
    SELECT eui, 'battery1', 'Batterij', 'Batterij', 3.5, 3.5, now() - interval '5 minutes' FROM devices WHERE location_id = ${place.id}`);
  await run(sql`INSERT INTO device_channels (device_eui, channel_id, name, type, value, ts)
    SELECT eui, 'flush1', 'Spoeling', 'Event', 1, now() - interval '3 hours' FROM devices WHERE location_id = ${place.id}`);
  await run(sql`INSERT INTO device_parameters (device_eui, register, value, status, updated_at)
    SELECT eui, 2, CASE WHEN type = 'V1' THEN '{"mode": "actual", "logInterval": 15}'::jsonb
        ELSE '{"logInterval": 15, "inputs": [{"mode": "actual"}, {"mode": "actual"}, {"mode": "actual"}]}'::jsonb END, 'saved', now() - interval '400 days'
    FROM devices WHERE location_id = ${place.id}`);
  await run(sql`INSERT INTO device_parameters (device_eui, register, value, status, updated_at)
    SELECT eui, 3, '{"enabled": 1, "flushtime": 5}'::jsonb, 'saved', now() - interval '400 days' FROM devices WHERE location_id = ${place.id}`);

  // Month by month from the local first of the month 12 months ago: every 15 minutes, a node's readings a few seconds
  // after the slot. Deviations by node number i and slot number n (from the year's start):
  // gaps of 9 hours (i % 10 = 7), a hot line at 44 °C for 3 hours (i % 10 = 3), channel 2 faulty for 2 hours (i = 25).
  const [year] = await queryRows<{ start: string; months: number }>(
    db,
    sql`SELECT (date_trunc('month', now() AT TIME ZONE 'Europe/Amsterdam') - interval '12 months') AT TIME ZONE 'Europe/Amsterdam' AS start, 13 AS months`,
  );
  const yearStart = new Date(year.start).toISOString();
  for (let month = 0; month < year.months; month++) {
    const from = sql`(date_trunc('month', ${yearStart}::timestamptz AT TIME ZONE 'Europe/Amsterdam') + ${month}::int * interval '1 month') AT TIME ZONE 'Europe/Amsterdam'`;
    const to = sql`least(now() - interval '5 minutes', (date_trunc('month', ${yearStart}::timestamptz AT TIME ZONE 'Europe/Amsterdam') + ${month + 1}::int * interval '1 month') AT TIME ZONE 'Europe/Amsterdam')`;
    await run(sql`INSERT INTO device_data (device_eui, ts, msg_id, counter, rssi, snr, gateway, value)
      SELECT s.eui, s.t, CASE s.type WHEN 'V1' THEN 34 ELSE 42 END, s.n, -80, 7, 'F00000000000B050',
        jsonb_strip_nulls(jsonb_build_object('timestamp', floor(extract(epoch FROM s.t)),
          'temperature1', CASE WHEN s.i % 10 = 3 AND s.n % 8000 BETWEEN 4000 AND 4011 THEN 44 ELSE round((61.5 + 0.8 * sin(s.n / 15.28 + s.i))::numeric, 1) END,
          'temperature2', CASE WHEN s.type = 'V1' THEN NULL WHEN s.i = 25 AND s.n % 10000 BETWEEN 7000 AND 7007 THEN -102.4
            ELSE round((14 + 1.2 * sin(s.n / 15.28 + s.i))::numeric, 1) END,
          'temperature3', CASE WHEN s.type = 'V1' THEN NULL WHEN s.i % 2 = 0 THEN round((62 + 0.8 * sin(s.n / 15.28 - s.i))::numeric, 1)
            ELSE round((15 + 1.2 * sin(s.n / 15.28 - s.i))::numeric, 1) END))
      FROM (
        SELECT d.eui, d.type, d.i, g.t + d.i * interval '3 seconds' AS t, round(extract(epoch FROM g.t - ${yearStart}::timestamptz) / 900)::int AS n
          FROM generate_series(${from}, ${to} - interval '1 second', interval '15 minutes') g(t) CROSS JOIN (${benchNodes}) d
      ) s
      WHERE NOT (s.i % 10 = 7 AND s.n % 6000 BETWEEN 3000 AND 3035)
      ORDER BY s.t`);
    // Battery every 6 hours (node 11 low for 3 days of its second month); a flush a day at 05:xx local
    // (node i % 10 = 5: the 19th of each month does not prove itself, the 20th is weak).
    await run(sql`INSERT INTO device_data (device_eui, ts, msg_id, counter, rssi, snr, gateway, value)
      SELECT eui, t, msg, 0, -80, 7, 'F00000000000B050', jsonb_build_object('timestamp', floor(extract(epoch FROM t))) || v FROM (
        SELECT d.eui, g.t + interval '7 minutes' + d.i * interval '3 seconds' AS t, 40 AS msg,
               jsonb_build_object('voltage', CASE WHEN d.i = 11 AND ${month}::int = 1 AND extract(day FROM g.t) BETWEEN 10 AND 12 THEN 3.02 ELSE 3.55 END) AS v
          FROM generate_series(${from}, ${to} - interval '8 minutes', interval '6 hours') g(t) CROSS JOIN (${benchNodes}) d
          WHERE NOT (d.i % 10 = 7 AND round(extract(epoch FROM g.t - ${yearStart}::timestamptz) / 900)::int % 6000 BETWEEN 3000 AND 3035)
        UNION ALL
        SELECT d.eui, g.t + interval '5 hours' + d.i * interval '1 minute', 50,
               jsonb_build_object('channel', 1, 'before', CASE WHEN d.i % 10 = 5 AND extract(day FROM g.t) = 19 THEN 45.2 WHEN d.i % 10 = 5 AND extract(day FROM g.t) = 20 THEN 58.1 ELSE 49.5 END,
                 'after', CASE WHEN d.i % 10 = 5 AND extract(day FROM g.t) = 19 THEN 52.4 WHEN d.i % 10 = 5 AND extract(day FROM g.t) = 20 THEN 58.6 ELSE 61.2 END)
          FROM generate_series(${from}, ${to} - interval '6 hours', interval '1 day') g(t) CROSS JOIN (${benchNodes}) d
      ) x ORDER BY t`);
  }

  // The second customer's other nodes over the previous local month: the channel's mode sets its level.
  const monthFrom = sql`(date_trunc('month', now() AT TIME ZONE 'Europe/Amsterdam') - interval '1 month') AT TIME ZONE 'Europe/Amsterdam'`;
  const monthTo = sql`date_trunc('month', now() AT TIME ZONE 'Europe/Amsterdam') AT TIME ZONE 'Europe/Amsterdam'`;
  const others = sql`SELECT d.eui, d.type, row_number() OVER (ORDER BY d.eui)::int AS i,
        max(CASE c.channel_id WHEN 'temperature1' THEN c.base END) AS b1, max(CASE c.channel_id WHEN 'temperature2' THEN c.base END) AS b2,
        max(CASE c.channel_id WHEN 'temperature3' THEN c.base END) AS b3
      FROM devices d JOIN (SELECT device_eui, channel_id, CASE custom->>'mode' WHEN 'WW' THEN 61.5 WHEN 'KW' THEN 14 ELSE 38 END AS base
        FROM device_channels WHERE type = 'Temperatuur') c ON c.device_eui = d.eui
      WHERE d.customer_id = ${customer} AND d.location_id <> ${place.id}
        AND (SELECT count(*) FROM device_data h WHERE h.device_eui = d.eui AND h.ts >= ${monthFrom} AND h.ts < ${monthTo} AND h.msg_id IN (32, 34, 42)) < 1000
      GROUP BY d.eui, d.type`;
  await run(sql`DROP TABLE IF EXISTS logbook_others`);
  await run(sql`CREATE UNLOGGED TABLE logbook_others AS ${others}`);
  await run(sql`INSERT INTO device_data (device_eui, ts, msg_id, counter, rssi, snr, gateway, value)
    SELECT s.eui, s.t, CASE s.type WHEN 'V1' THEN 34 WHEN 'V2' THEN 42 ELSE 32 END, s.n, -85, 6, 'GW',
      jsonb_strip_nulls(jsonb_build_object('timestamp', floor(extract(epoch FROM s.t)),
        'temperature1', round((s.b1 + sin(s.n / 15.28 + s.i))::numeric, 1), 'temperature2', round((s.b2 + sin(s.n / 15.28 - s.i))::numeric, 1),
        'temperature3', round((s.b3 + sin(s.n / 15.28 + 2 * s.i))::numeric, 1)))
    FROM (SELECT o.*, g.t + o.i * interval '2 seconds' AS t, round(extract(epoch FROM g.t - ${monthFrom}) / 900)::int AS n
      FROM generate_series(${monthFrom}, ${monthTo} - interval '1 second', interval '15 minutes') g(t) CROSS JOIN logbook_others o) s
    ORDER BY s.t`);
  await run(sql`INSERT INTO device_data (device_eui, ts, msg_id, counter, rssi, snr, gateway, value)
    SELECT eui, t, msg, 0, -85, 6, 'GW', jsonb_build_object('timestamp', floor(extract(epoch FROM t))) || v FROM (
      SELECT o.eui, g.t + interval '7 minutes' + o.i * interval '2 seconds' AS t, CASE o.type WHEN 'V3' THEN 36 ELSE 40 END AS msg, '{"voltage": 3.5}'::jsonb AS v
        FROM generate_series(${monthFrom}, ${monthTo} - interval '8 minutes', interval '6 hours') g(t) CROSS JOIN logbook_others o
      UNION ALL
      SELECT o.eui, g.t + interval '5 hours' + (o.i % 60) * interval '1 minute', 50,
             CASE WHEN o.b1 > 50 THEN '{"channel": 1, "before": 49.5, "after": 61.2}' WHEN o.b1 < 20 THEN '{"channel": 1, "before": 21.5, "after": 13.8}'
               ELSE '{"channel": 1, "before": 30.5, "after": 36.0}' END::jsonb
        FROM generate_series(${monthFrom}, ${monthTo} - interval '6 hours', interval '1 day') g(t) CROSS JOIN logbook_others o WHERE o.type <> 'V3'
    ) x ORDER BY t`);
  const [counts] = await queryRows<{ others: number; location: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM logbook_others) AS others, (SELECT count(*)::int FROM devices WHERE location_id = ${place.id}) AS location`,
  );
  await run(sql`DROP TABLE logbook_others`);
  process.stdout.write(`(${counts.location} nodes at ${LOGBOOK_BENCH_LOCATION}, ${counts.others} other nodes of the customer) `);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      nodes: { type: 'string', default: '100000' },
      'history-rows': { type: 'string', default: '10000000' },
      database: { type: 'string', default: 'postgres' },
      url: { type: 'string', default: DEFAULT_SCALE_URL },
      dir: { type: 'string', default: DEFAULT_PGLITE_DIR },
      'sampling-only': { type: 'boolean', default: false },
      'outlets-only': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  if (values['sampling-only'] || values['outlets-only']) {
    const database = await openDatabase({ databaseUrl: values.url });
    try {
      if (values['sampling-only']) await seedSamplingSteps(database, true);
      if (values['outlets-only']) await seedOutletSteps(database, true);
    } finally {
      await database.close();
    }
    return;
  }
  const nodes = Number(values.nodes);
  const historyRows = Number(values['history-rows']);
  if (!Number.isInteger(nodes) || nodes < 10 || !Number.isInteger(historyRows) || historyRows < 0) throw new Error('seed:scale: --nodes (>= 10) and --history-rows must be whole numbers');
  const started = Date.now();
  let database: TDatabase;
  if (values.database === 'pglite') {
    fs.rmSync(path.resolve(values.dir, 'pglite'), { recursive: true, force: true });
    database = await openDatabase({ dataDir: values.dir });
  } else {
    await recreatePostgres(values.url);
    database = await openDatabase({ databaseUrl: values.url });
  }
  try {
    // A generated history: every node's state holds from always (device-versions.ts).
    await asHistoryImport(database.system, () => seedScale(database, nodes, historyRows));
  } finally {
    await database.close();
  }
  process.stdout.write(`seeded ${nodes} nodes and ${historyRows} history rows in ${((Date.now() - started) / 1000).toFixed(0)} s (${values.database})\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
