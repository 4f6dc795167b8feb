import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { USER_TYPE_ADMINISTRATOR } from '@aquasmart/domain';
import { openDatabase } from '../db/client';
import type { TDatabase } from '../db/database';
import { ensureHistoryPartitions } from '../db/partitions';
import { hashPassword } from '../identity/passwords';

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
 * 15-minute reading of the 62 days, for the chart benchmark.
 *
 * The database is made anew: PostgreSQL (dropped and created) or a PGlite directory (emptied).
 */

export const BENCH_PASSWORD = 'Bench-scale-2026';
export const BENCH_ADMIN = 'bench-admin@example.com';
export const BENCH_CUSTOMER_USER = 'bench-customer@example.com';
export const DEFAULT_SCALE_URL = 'postgres://postgres@127.0.0.1:5432/aquasmart_scale';
export const DEFAULT_PGLITE_DIR = '/tmp/aquasmart-scale-pglite';

const HELP = `Seeds a large fleet for npm run bench:api.

Usage: npm run seed:scale -- [options]
  --nodes <n>            nodes (default 100000)
  --history-rows <n>     history rows (default 10000000)
  --database <postgres|pglite>   (default postgres)
  --url <url>            PostgreSQL database to (re)create (default ${DEFAULT_SCALE_URL})
  --dir <dir>            PGlite data directory to (re)create (default ${DEFAULT_PGLITE_DIR})
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

async function step(label: string, run: () => Promise<unknown>): Promise<void> {
  const started = Date.now();
  process.stdout.write(`${label} ... `);
  await run();
  process.stdout.write(`${((Date.now() - started) / 1000).toFixed(1)} s\n`);
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

  await ensureHistoryPartitions(db, new Date(), 3, 2);
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

  await step('users', async () => {
    const hash = await hashPassword(BENCH_PASSWORD);
    await run(sql`INSERT INTO users (email, first_name, last_name, password_hash, type, portal_rights) VALUES
      (${BENCH_ADMIN}, 'Bench', 'Admin', ${hash}, ${USER_TYPE_ADMINISTRATOR}, '{"administrator": true}'::jsonb),
      (${BENCH_CUSTOMER_USER}, 'Bench', 'Klant', ${hash}, NULL, '{"dashboard": true, "calibrationData": true}'::jsonb)`);
    await run(sql`INSERT INTO user_customers (user_id, customer_id) SELECT id, 1 FROM users WHERE email = ${BENCH_CUSTOMER_USER}`);
  });
  // A freshly loaded table has no visibility map yet; a live database has been vacuumed.
  await step('vacuum analyze', () => database.exec('VACUUM ANALYZE'));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      nodes: { type: 'string', default: '100000' },
      'history-rows': { type: 'string', default: '10000000' },
      database: { type: 'string', default: 'postgres' },
      url: { type: 'string', default: DEFAULT_SCALE_URL },
      dir: { type: 'string', default: DEFAULT_PGLITE_DIR },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
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
    await seedScale(database, nodes, historyRows);
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
