import { sql } from 'drizzle-orm';
import type { TDbOrTx } from '../db/database';

/**
 * What the demo's gateways heard (docs/gateways.md), as the intake would have kept it from the
 * seeded history: per gateway and node the last message with its RSSI and SNR, and each gateway's
 * last-seen time. A location that has been silent for hours therefore shows a gateway last heard
 * hours ago, which the gateway-offline job turns into an alarm.
 */
export async function seedGatewaysHeard(tx: TDbOrTx): Promise<void> {
  await tx.execute(sql`INSERT INTO gateway_nodes (gateway_id, device_eui, last_heard_at, rssi, snr)
    SELECT DISTINCT ON (g.id, d.device_eui) g.id, d.device_eui, d.ts, d.rssi, d.snr
    FROM device_data d JOIN gateways g ON g.mac = lower(d.gateway)
    WHERE d.ts <= now()
    ORDER BY g.id, d.device_eui, d.ts DESC`);
  await tx.execute(sql`UPDATE gateways g SET last_seen_at = heard.at, watched_since = least(g.watched_since, heard.first)
    FROM (SELECT gateway_id, max(last_heard_at) AS at, min(last_heard_at) AS first FROM gateway_nodes GROUP BY gateway_id) heard
    WHERE g.id = heard.gateway_id`);
}
