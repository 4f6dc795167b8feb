import { sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';

/**
 * At most this many devices are created per network server per hour (a sliding hour) from
 * uplinks of unknown EUIs. A real roll-out announces far fewer nodes per hour; a network server
 * that sends uplinks for random EUIs (a broken or hostile integration) must not fill the device
 * table. Uplinks over the quota are kept as intake errors, not retried; a real node is created by
 * one of its later uplinks.
 */
export const NEW_DEVICES_PER_NETWORK_SERVER_PER_HOUR = 100;

const quotaRow = rowShape({ id: column.as<number>(), created: column.number });

/**
 * How many devices each of these network servers may still create from uplinks now. Locks the
 * network servers' rows (FOR NO KEY UPDATE: the intake's INSERTs, which only check the foreign key,
 * are not held up) until the caller's transaction ends, so concurrent batches count one after the
 * other. Counted from the audit entries that uplink provisioning writes (`via: 'uplink'`).
 */
export async function newDeviceQuota(tx: TDbOrTx, networkServerIds: number[]): Promise<Map<number, number>> {
  const quota = new Map(networkServerIds.map((id) => [id, NEW_DEVICES_PER_NETWORK_SERVER_PER_HOUR]));
  if (networkServerIds.length === 0) return quota;
  const ids = sql.join(
    networkServerIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`SELECT id FROM network_servers WHERE id IN (${ids}) ORDER BY id FOR NO KEY UPDATE`);
  const rows = await quotaRow.read(
    tx,
    sql`SELECT d.network_server_id AS id, count(*)::int AS created
        FROM audit_logs a JOIN devices d ON d.eui = a.device_eui
        WHERE d.network_server_id IN (${ids}) AND a.ts > now() - interval '1 hour'
          AND a.value ->> 'action' = 'provision' AND a.value ->> 'via' = 'uplink'
        GROUP BY d.network_server_id`,
  );
  for (const row of rows) quota.set(row.id, Math.max(0, NEW_DEVICES_PER_NETWORK_SERVER_PER_HOUR - row.created));
  return quota;
}
