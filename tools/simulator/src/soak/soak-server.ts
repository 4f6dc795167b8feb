import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { DEMO_NETWORK_SERVER } from '@aquasmart/server/demo';
import { insertUnassignedDevices, loadConfig, queryRows, startPortal } from '@aquasmart/server/embedded';
import { answerParent } from '../bench/child-server';
import type { TSoakReply, TSoakRequest, TSoakSample } from './protocol';

/**
 * The portal exactly as `npm start` starts it (startPortal: migrations, demo data, background
 * workers, the intake spool on PostgreSQL), in a process of its own so that its memory is its
 * own, plus an IPC channel for the soak: add the fleet, sample memory, backlog and database
 * size, count what arrived. DATABASE_URL or DATA_DIR, ADMIN_*, DEMO_PASSWORD from the environment.
 */

const config = loadConfig({ ...process.env, DEMO: 'true' });
const { app, database } = await startPortal(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

/**
 * The event loop's pauses: every request, uplink and stream of the portal waits while one lasts, so
 * the soak reports the longest of each report window (and of the fleet's registration).
 */
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

/** The longest pause since the last call, in ms; starts a new window. */
function takeLoopPause(): number {
  const longest = loopDelay.max / 1e6;
  loopDelay.reset();
  return longest;
}

function reply(message: TSoakReply): void {
  process.send!(message);
}

/** The soak fleet, provisioned under the demo's network server and registered at the demo locations in turn. */
async function seedFleet(nodes: Extract<TSoakRequest, { type: 'seed-fleet' }>['nodes']): Promise<number> {
  await database.system.transaction(async (tx) => {
    const [server] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM network_servers WHERE name = ${DEMO_NETWORK_SERVER.name}`);
    await insertUnassignedDevices(
      tx,
      nodes.map((node) => ({ eui: node.eui, type: node.type, version: '2.1', networkServerId: server.id, networkServer: DEMO_NETWORK_SERVER.name, encryptionMode: 'NS' })),
      { userEmail: null, via: 'api' },
    );
    const names = JSON.stringify(nodes.map((node) => ({ eui: node.eui, name: node.name })));
    await tx.execute(sql`
      WITH places AS (SELECT id, customer_id, (row_number() OVER (ORDER BY id) - 1)::int AS i, (count(*) OVER ())::int AS n FROM locations),
        fleet AS (SELECT f.eui, f.name, (row_number() OVER (ORDER BY f.eui) - 1)::int AS i FROM jsonb_to_recordset(${names}::jsonb) AS f(eui text, name text))
      UPDATE devices d SET customer_id = p.customer_id, location_id = p.id, name = fleet.name, lora_state = 'Started'
      FROM fleet JOIN places p ON p.i = fleet.i % p.n
      WHERE d.eui = fleet.eui`);
  });
  return nodes.length;
}

async function sample(window: boolean): Promise<TSoakSample> {
  const [row] = await queryRows<{ unprocessed: number; failed: number; bytes: string }>(
    database.system,
    sql`SELECT (SELECT count(*) FROM intake_events WHERE processed_at IS NULL)::int AS unprocessed,
      (SELECT count(*) FROM intake_events WHERE last_error IS NOT NULL)::int AS failed,
      pg_database_size(current_database())::text AS bytes`,
  );
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  return {
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    heapTotal: memory.heapTotal,
    unprocessed: row.unprocessed,
    failed: row.failed,
    databaseBytes: Number(row.bytes),
    cpuMs: (cpu.user + cpu.system) / 1000,
    loopPauseMs: window ? takeLoopPause() : 0,
  };
}

const [{ lastEventId }] = await queryRows<{ lastEventId: number }>(database.system, sql`SELECT coalesce(max(id), 0)::int AS "lastEventId" FROM intake_events`);

answerParent<TSoakRequest, TSoakReply>(async (message) => {
  switch (message.type) {
    case 'seed-fleet': {
      takeLoopPause();
      const nodes = await seedFleet(message.nodes);
      return { type: 'seeded', nodes, loopPauseMs: takeLoopPause() };
    }
    case 'sample':
      return { type: 'sample', ...(await sample(message.window === true)) };
    case 'count': {
      const [row] = await queryRows<{ upEvents: number; unprocessed: number; failed: number }>(
        database.system,
        sql`SELECT count(*) FILTER (WHERE event = 'up')::int AS "upEvents", count(*) FILTER (WHERE processed_at IS NULL)::int AS unprocessed,
          count(*) FILTER (WHERE last_error IS NOT NULL)::int AS failed FROM intake_events WHERE id > ${message.afterEventId}`,
      );
      return { type: 'count', ...row };
    }
    case 'stop':
      await app.close();
      await database.close();
      return { type: 'stopped', maxRss: process.resourceUsage().maxRSS * 1024 };
  }
});

reply({ type: 'ready', port, kind: database.kind, lastEventId });
