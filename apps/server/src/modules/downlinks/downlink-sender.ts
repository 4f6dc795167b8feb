import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import type { TNetworkServerConfig } from '../../db/schema';
import { BackgroundLoop, type TLoopLog } from '../../lib/background-loop';
import { sendFrame, type TTransportDeps } from './transports';

/** While a frame is being handed over, other copies of the server leave it alone this long. */
const LEASE = sql`interval '60 seconds'`;
/** After the n-th failed attempt: 5 s * 2^(n-1), at most 15 minutes. The frame stays queued: nothing is dropped. */
const RETRY_DELAY = sql`least(5 * power(2, d.attempts), 900) * interval '1 second'`;

const dueDownlink = rowShape({
  id: column.number,
  device_eui: column.as<string>(),
  f_port: column.as<number>(),
  payload: column.as<Buffer | Uint8Array>(),
  network_server_id: column.as<number | null>(),
  kind: column.as<string | null>(),
  config: column.nullable(column.json<TNetworkServerConfig>()),
  network_device_id: column.as<string | null>(),
  network_application_id: column.as<string | null>(),
});

/**
 * Sends the queued downlinks that are due, oldest first, to each device's current network
 * server. A frame that cannot be delivered stays `queued` with its error and attempt count and
 * a later next_attempt_at; the frames after it for the same device wait too, so a node always
 * receives its settings in the order they were made. Answers how many frames were taken.
 */
export async function sendDueDownlinks(db: TDb, deps: TTransportDeps, limit = 50): Promise<number> {
  const due = await dueDownlink.read(
    db,
    sql`WITH claimed AS (
          UPDATE downlinks SET next_attempt_at = now() + ${LEASE}
          WHERE id IN (SELECT id FROM downlinks WHERE status = 'queued' AND next_attempt_at <= now() ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING id, device_eui, f_port, payload)
        SELECT c.id, c.device_eui, c.f_port, c.payload, d.network_server_id, n.kind, n.config, d.network_device_id, d.network_application_id
        FROM claimed c JOIN devices d ON d.eui = c.device_eui LEFT JOIN network_servers n ON n.id = d.network_server_id
        ORDER BY c.id`,
  );
  const blocked = new Set<string>();
  for (const row of due) {
    const id = row.id;
    if (blocked.has(row.device_eui)) {
      await db.execute(sql`UPDATE downlinks SET next_attempt_at = now() + interval '5 seconds' WHERE id = ${id}`);
      continue;
    }
    try {
      if (row.network_server_id === null || row.kind === null) throw new Error('The device has no network server');
      await sendFrame(
        {
          networkServerId: row.network_server_id,
          kind: row.kind,
          config: row.config ?? {},
          eui: row.device_eui,
          networkDeviceId: row.network_device_id,
          networkApplicationId: row.network_application_id,
          fPort: row.f_port,
          bytes: new Uint8Array(row.payload),
        },
        deps,
      );
      await db.execute(sql`UPDATE downlinks SET status = 'sent', attempts = attempts + 1, network_server_id = ${row.network_server_id},
        last_error = NULL, updated_at = now() WHERE id = ${id}`);
    } catch (error) {
      blocked.add(row.device_eui);
      const message = error instanceof Error ? error.message : String(error);
      await db.execute(sql`UPDATE downlinks d SET attempts = d.attempts + 1, last_error = ${message.slice(0, 1000)},
        next_attempt_at = now() + ${RETRY_DELAY}, updated_at = now() WHERE d.id = ${id}`);
    }
  }
  return due.length;
}

/** How often the sender looks for due downlinks when not woken. */
export const DOWNLINK_SENDER_IDLE_MS = 2000;

/** The background loop of the sender: at once when woken (a downlink was queued), else every 2 seconds. */
export function downlinkSender(db: TDb, deps: TTransportDeps, log: TLoopLog, idleMs = DOWNLINK_SENDER_IDLE_MS): BackgroundLoop {
  return new BackgroundLoop('downlink sending', () => sendDueDownlinks(db, deps), log, idleMs);
}
