import { sql } from 'drizzle-orm';
import { DEFAULT_GATEWAY_OFFLINE_AFTER_MS } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { BackgroundLoop, type TLoopLog } from '../../lib/background-loop';
import { closeAlarms, openAlarms } from '../alarm-store/alarm-store';
import { subjectColumnsSql } from '../alarm-store/alarm-subject';

/**
 * The gateway-offline alarm (docs/gateways.md, "Gateway offline"). A registered gateway not heard
 * for longer than GATEWAY_OFFLINE_AFTER (default 2 hours) gets an alarm of kind gatewayOffline;
 * when it is heard again the alarm closes. The rule is the domain's `isGatewayOffline`: the last
 * seen time, or for a gateway never heard its `watched_since` (registration, a new MAC, migration
 * 0016), more than the setting before now. Several server copies may run it at once: the alarm
 * store opens one alarm per gateway at a time and closes only open rows, each copy writing the
 * timeline rows of the alarms it opened or closed itself.
 */

/** How often the job looks (the alarm opens or closes at most this late). */
export const GATEWAY_OFFLINE_EVERY_MS = 60_000;

export interface TGatewayOfflineStep {
  opened: number;
  closed: number;
}

/**
 * One look: opens the alarms of the gateways that are offline now and closes those of the gateways
 * heard again (or deleted). The alarm's opened_at is the moment the gateway became offline (last
 * seen + the setting), its closed_at the moment it was heard again; customer and location are the
 * gateway's now.
 */
export async function runGatewayOfflineStep(db: TDb, now: Date, offlineAfterMs = DEFAULT_GATEWAY_OFFLINE_AFTER_MS): Promise<TGatewayOfflineStep> {
  const at = now.toISOString();
  const bound = sql`(${at}::timestamptz - ${offlineAfterMs} * interval '1 millisecond')`;
  return db.transaction(async (tx) => {
    const opened = await openAlarms(
      tx,
      sql`SELECT 'gatewayOffline' AS kind, ${subjectColumnsSql.gateway(sql`g.id`)}, g.customer_id, g.location_id,
          coalesce(g.last_seen_at, g.watched_since) + ${offlineAfterMs} * interval '1 millisecond' AS opened_at,
          jsonb_build_object('gatewayName', g.name, 'mac', g.mac, 'lastSeenAt', g.last_seen_at, 'neverHeard', g.last_seen_at IS NULL) AS details
        FROM gateways g
        WHERE coalesce(g.last_seen_at, g.watched_since) < ${bound}`,
      { details: false },
    );
    const closed = await closeAlarms(
      tx,
      sql`SELECT a.id, coalesce(g.last_seen_at, ${at}::timestamptz) AS closed_at,
          CASE WHEN g.id IS NULL THEN '{"reason":"gatewayDeleted"}'::jsonb ELSE '{}'::jsonb END AS details
        FROM alarms a LEFT JOIN gateways g ON g.id = a.gateway_id
        WHERE a.kind = 'gatewayOffline' AND a.closed_at IS NULL
          AND (g.id IS NULL OR coalesce(g.last_seen_at, g.watched_since) >= ${bound})`,
    );
    return { opened, closed: closed.length };
  });
}

/** The job as a background loop, a look every GATEWAY_OFFLINE_EVERY_MS; jobs/background-jobs.ts registers it with the background workers. */
export function createGatewayOfflineJob(deps: { db: TDb; log: TLoopLog; offlineAfterMs: number; now?: () => Date }, everyMs = GATEWAY_OFFLINE_EVERY_MS) {
  const loop = new BackgroundLoop(
    'gateway offline',
    async () => {
      await runGatewayOfflineStep(deps.db, deps.now?.() ?? new Date(), deps.offlineAfterMs);
      // Nothing is left for an immediate second look: sleep until the next.
      return 0;
    },
    deps.log,
    everyMs,
  );
  return { start: () => loop.start(), stop: () => loop.stop() };
}
