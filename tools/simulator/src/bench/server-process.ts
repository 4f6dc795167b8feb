import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp, ensureHistoryPartitions, insertUnassignedDevices, issueToken, loadConfig, networkServers, openDatabase, queryRows, userCustomers, users } from '@aquasmart/server/embedded';
import { USER_TYPE_ADMINISTRATOR } from '@aquasmart/domain';
import { answerParent } from './child-server';
import type { TBenchReply, TBenchRequest } from './protocol';

/**
 * The portal as `npm start` runs it (same buildApp, same database setup, background workers on),
 * in a process of its own so that its memory and CPU are its own, plus a small IPC channel for
 * the benchmark: seed devices directly in the database, count the intake backlog and the
 * history rows, report memory. DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite) as for the server.
 */

// --platform: the receiver the benchmark starts on 127.0.0.1 must be reachable (docs/platforms.md).
const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', DEMO: 'false', PLATFORM_ALLOWED_ADDRESSES: '127.0.0.1' });
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await ensureHistoryPartitions(database.db);
const app = await buildApp({ config, database, backgroundWorkers: true, logger: { level: 'warn' } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

function reply(message: TBenchReply): void {
  process.send!(message);
}

async function seed(devices: number, locations: number, platformUrl: string | null): Promise<{ secret: string; euis: string[] }> {
  const secret = randomBytes(32).toString('hex');
  const euis = Array.from({ length: devices }, (_v, i) => `BE0C4000${i.toString(16).toUpperCase().padStart(8, '0')}`);
  await database.db.transaction(async (tx) => {
    const [server] = await tx
      .insert(networkServers)
      .values({ name: 'Benchmark ChirpStack', kind: 'chirpstack', secret, config: { apiUrl: 'http://127.0.0.1:9', apiToken: 'bench' } })
      .returning({ id: networkServers.id });
    // The gateway the uplinks name (ingest.ts), registered, so the intake keeps what it heard (docs/gateways.md).
    await tx.execute(sql`WITH c AS (INSERT INTO customers (name) VALUES ('Benchmark') RETURNING id),
        l AS (INSERT INTO locations (customer_id, name) SELECT id, 'Benchmark' FROM c RETURNING id, customer_id)
      INSERT INTO gateways (mac, name, customer_id, location_id) SELECT '0016c001f1500001', 'Benchmark gateway', customer_id, id FROM l`);
    for (let i = 0; i < euis.length; i += 1000) {
      await insertUnassignedDevices(
        tx,
        euis.slice(i, i + 1000).map((eui) => ({ eui, type: 'V2' as const, version: '2.1', networkServerId: server.id, networkServer: 'Benchmark ChirpStack', encryptionMode: 'NS' })),
        { userEmail: null, via: 'api' },
      );
    }
    // --locations n: the devices spread over n locations of the customer; --platform: each with an
    // XIC endpoint of its own to the benchmark's receiver (docs/platforms.md, "Figures").
    if (locations > 0) {
      const endpoint = platformUrl ? JSON.stringify({ platform: 'XIC', url: platformUrl, token: 'bench-token' }) : '{}';
      await tx.execute(sql`INSERT INTO locations (customer_id, name, endpoint)
        SELECT c.id, 'Benchmark ' || n, ${endpoint}::jsonb FROM customers c, generate_series(1, ${locations}) AS n WHERE c.name = 'Benchmark'`);
      await tx.execute(sql`WITH l AS (SELECT id, customer_id, row_number() OVER (ORDER BY id) - 1 AS n FROM locations WHERE name LIKE 'Benchmark %'),
          d AS (SELECT eui, (row_number() OVER (ORDER BY eui) - 1) % ${locations} AS n FROM devices WHERE eui LIKE 'BE0C4000%')
        UPDATE devices SET customer_id = l.customer_id, location_id = l.id FROM d JOIN l ON l.n = d.n WHERE devices.eui = d.eui`);
    }
  });
  return { secret, euis };
}

/**
 * The events benchmark's fleet (bench/events.ts): the devices of `seed`, then spread round-robin over
 * `customers` customers (one location each), `administrators` administrators and `usersPerCustomer`
 * users restricted to each customer, each with a token (no password: they never sign in).
 */
async function seedEvents(devices: number, customers: number, administrators: number, usersPerCustomer: number) {
  const { secret, euis } = await seed(devices, 0, null);
  const customerOf = euis.map((_eui, index) => index % customers);
  const adminTokens: string[] = [];
  const customerTokens: string[][] = [];
  await database.db.transaction(async (tx) => {
    const places = await queryRows<{ customer_id: number; location_id: number }>(
      tx,
      sql`WITH c AS (INSERT INTO customers (name) SELECT 'Events customer ' || n FROM generate_series(1, ${customers}) n RETURNING id, name)
        INSERT INTO locations (customer_id, name) SELECT id, name FROM c ORDER BY id RETURNING customer_id, id AS location_id`,
    );
    await tx.execute(sql`UPDATE devices d SET customer_id = p.customer_id, location_id = p.location_id
      FROM jsonb_to_recordset(${JSON.stringify(euis.map((eui, index) => ({ eui, customer_id: places[customerOf[index]].customer_id, location_id: places[customerOf[index]].location_id })))}::jsonb)
        AS p(eui text, customer_id int, location_id int)
      WHERE d.eui = p.eui`);
    const user = async (email: string, administrator: boolean) => {
      const [row] = await tx
        .insert(users)
        .values({ email, firstName: 'Bench', lastName: 'User', passwordHash: 'x', type: administrator ? USER_TYPE_ADMINISTRATOR : null, portalRights: administrator ? { administrator: true } : { dashboard: true } })
        .returning({ id: users.id });
      return row.id;
    };
    for (let i = 0; i < administrators; i++) adminTokens.push(await issueToken(tx, await user(`events-admin-${i}@example.com`, true), 12 * 3600));
    for (const [index, place] of places.entries()) {
      const own: string[] = [];
      for (let n = 0; n < usersPerCustomer; n++) {
        const id = await user(`events-customer-${index}-${n}@example.com`, false);
        await tx.insert(userCustomers).values({ userId: id, customerId: place.customer_id });
        own.push(await issueToken(tx, id, 12 * 3600));
      }
      customerTokens.push(own);
    }
  });
  return { secret, euis, customerOf, adminTokens, customerTokens };
}

async function sample(): Promise<{ unprocessed: number; failed: number; history?: number }> {
  const [row] = await queryRows<{ unprocessed: number; failed: number }>(
    database.db,
    sql`SELECT (SELECT count(*) FROM intake_events WHERE processed_at IS NULL)::int AS unprocessed,
      (SELECT count(*) FROM intake_events WHERE last_error IS NOT NULL)::int AS failed`,
  );
  return row;
}

answerParent<TBenchRequest, TBenchReply>(async (message) => {
  switch (message.type) {
    case 'seed':
      return { type: 'seeded', ...(await seed(message.devices, message.locations, message.platformUrl)) };
    case 'seedEvents':
      return { type: 'seededEvents', ...(await seedEvents(message.devices, message.customers, message.administrators, message.usersPerCustomer)) };
    case 'transactions': {
      // A fresh snapshot of the statistics each time (they are cached per transaction otherwise).
      const [row] = await queryRows<{ n: string }>(
        database.system,
        sql`SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()`,
      );
      return { type: 'transactions', transactions: Number(row.n), at: Date.now() };
    }
    case 'sample': {
      const cpu = process.cpuUsage();
      const memory = process.memoryUsage();
      return { type: 'sample', ...(await sample()), rss: memory.rss, heapUsed: memory.heapUsed, cpuMs: (cpu.user + cpu.system) / 1000 };
    }
    case 'count': {
      const [row] = await queryRows<{ history: number; events: number }>(
        database.db,
        sql`SELECT (SELECT count(*) FROM device_data WHERE device_eui LIKE 'BE0C4000%')::int AS history, (SELECT count(*) FROM intake_events)::int AS events`,
      );
      return { type: 'count', ...row };
    }
    case 'stop':
      await app.close();
      await database.close();
      return { type: 'stopped', maxRss: process.resourceUsage().maxRSS * 1024 };
  }
});

reply({ type: 'ready', port, kind: database.kind });
