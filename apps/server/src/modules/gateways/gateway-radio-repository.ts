import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TDeviceHeardGateway, TGatewayHeardNode } from '@aquasmart/domain';
import type { TDb, TDbOrTx } from '../../db/database';
import { customers, devices, gatewayNodes, gateways, locations } from '../../db/schema';
import { customerScopeCondition } from '../../identity/customer-scope';
import type { TAuthUser } from '../../identity/auth-user';

/** One gateway hearing one node in an intake batch (docs/gateways.md). */
export interface THeardRow {
  /** The gateway's MAC as registered: 16 lower-case hex characters (`gatewayMacOf`). */
  mac: string;
  eui: string;
  /** Reception time, ms (never ahead of the processing time). */
  at: number;
  rssi: number | null;
  snr: number | null;
}

/** A gateway's last-seen time is moved on when it is at least this much older than the batch's (so a busy gateway's row is not written by every batch). */
export const LAST_SEEN_STEP = '1 minute';
/**
 * A (gateway, node) pair is written again only when its last reception is this far behind: a node
 * sends every 15 minutes through every gateway near it, and one more row write per uplink was a
 * quarter of the intake's cost (docs/gateways.md). The list shows the last heard time and signal
 * to within this step.
 */
export const HEARD_STEP = '1 hour';

/** An ISO 8601 text in UTC with milliseconds, made in SQL (as devices' `isoText`). */
const isoText = (value: SQL | typeof gatewayNodes.lastHeardAt | typeof gateways.lastSeenAt) =>
  sql<string>`to_char(${value} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The latest reception of each (gateway, node) pair: one row each, as one upsert may not touch a row twice. */
function latestPerPair(rows: THeardRow[]): THeardRow[] {
  const latest = new Map<string, THeardRow>();
  for (const row of rows) {
    const key = `${row.mac}:${row.eui}`;
    const known = latest.get(key);
    if (!known || row.at >= known.at) latest.set(key, row);
  }
  return [...latest.values()];
}

/**
 * Records which registered gateways heard which nodes, in one statement for an intake batch (in the
 * batch's transaction): the pairs are upserted into gateway_nodes when HEARD_STEP behind (a later reception wins; the batch
 * holds the nodes' device rows locked, so two batches never write the same pair), and each gateway's
 * last_seen_at moves on when it is LAST_SEEN_STEP behind. Only those gateway rows are locked (most
 * batches lock none), in id order, skipping one another batch holds (that batch is moving it on
 * already), so batches never wait for each other on a gateway nor deadlock. MACs of unregistered
 * gateways are left out.
 */
export async function recordHeard(tx: TDbOrTx, rows: THeardRow[]): Promise<void> {
  if (rows.length === 0) return;
  const pairs = latestPerPair(rows).map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
  await tx.execute(sql`WITH heard AS (
      SELECT g.id AS gateway_id, h.eui, h.at, h.rssi, h.snr
      FROM jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) AS h(mac text, eui text, at timestamptz, rssi float8, snr float8)
      JOIN gateways g ON g.mac = h.mac
    ), seen AS (
      UPDATE gateways g SET last_seen_at = greatest(g.last_seen_at, s.at)
      FROM (SELECT gateway_id, max(at) AS at FROM heard GROUP BY gateway_id) s
      WHERE g.id = s.gateway_id
        AND (g.last_seen_at IS NULL OR g.last_seen_at < s.at - ${LAST_SEEN_STEP}::interval)
        AND g.id IN (
          SELECT l.id FROM gateways l JOIN (SELECT gateway_id, max(at) AS at FROM heard GROUP BY gateway_id) b ON b.gateway_id = l.id
          WHERE l.last_seen_at IS NULL OR l.last_seen_at < b.at - ${LAST_SEEN_STEP}::interval
          ORDER BY l.id FOR NO KEY UPDATE OF l SKIP LOCKED)
      RETURNING g.id
    )
    INSERT INTO gateway_nodes (gateway_id, device_eui, last_heard_at, rssi, snr)
    SELECT gateway_id, eui, at, rssi, snr FROM heard h
     WHERE NOT EXISTS (SELECT 1 FROM gateway_nodes n WHERE n.gateway_id = h.gateway_id AND n.device_eui = h.eui AND n.last_heard_at > h.at - ${HEARD_STEP}::interval)
    ON CONFLICT (gateway_id, device_eui) DO UPDATE SET last_heard_at = excluded.last_heard_at, rssi = excluded.rssi, snr = excluded.snr
      WHERE gateway_nodes.last_heard_at <= excluded.last_heard_at`);
}

/** A new MAC is another radio: what the old one heard goes, and it is expected to be heard from now. */
export async function forgetHeard(tx: TDbOrTx, gatewayId: number): Promise<void> {
  await tx.delete(gatewayNodes).where(eq(gatewayNodes.gatewayId, gatewayId));
  await tx.update(gateways).set({ lastSeenAt: null, watchedSince: sql`now()` }).where(eq(gateways.id, gatewayId));
}

/** The most nodes the heard list answers (latest first). */
export const HEARD_LIST_MAX = 1000;

/**
 * The nodes a gateway heard, latest first, limited to the nodes `visibleNodes` lets the caller see
 * (the devices' scope: a gateway may hear another customer's nodes, which its owner must not see).
 */
export async function listHeardNodes(db: TDb, gatewayId: number, visibleNodes: SQL | undefined): Promise<TGatewayHeardNode[]> {
  return db
    .select({
      eui: devices.eui,
      name: devices.name,
      customer: customers.name,
      location: locations.name,
      lastHeardAt: isoText(gatewayNodes.lastHeardAt),
      rssi: gatewayNodes.rssi,
      snr: gatewayNodes.snr,
    })
    .from(gatewayNodes)
    .innerJoin(devices, eq(devices.eui, gatewayNodes.deviceEui))
    .leftJoin(customers, eq(customers.id, devices.customerId))
    .leftJoin(locations, eq(locations.id, devices.locationId))
    .where(and(eq(gatewayNodes.gatewayId, gatewayId), visibleNodes))
    .orderBy(desc(gatewayNodes.lastHeardAt), devices.eui)
    .limit(HEARD_LIST_MAX);
}

/** The registered gateways that heard a node, latest first, of the caller's customers only. */
export async function listHeardGateways(db: TDb, user: TAuthUser, eui: string): Promise<TDeviceHeardGateway[]> {
  return db
    .select({
      name: gateways.name,
      mac: gateways.mac,
      customer: customers.name,
      location: locations.name,
      lastHeardAt: isoText(gatewayNodes.lastHeardAt),
      rssi: gatewayNodes.rssi,
      snr: gatewayNodes.snr,
    })
    .from(gatewayNodes)
    .innerJoin(gateways, eq(gateways.id, gatewayNodes.gatewayId))
    .innerJoin(customers, eq(customers.id, gateways.customerId))
    .innerJoin(locations, eq(locations.id, gateways.locationId))
    .where(and(eq(gatewayNodes.deviceEui, eui), customerScopeCondition(user, gateways.customerId)))
    .orderBy(desc(gatewayNodes.lastHeardAt), gateways.name);
}
