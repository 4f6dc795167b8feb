import { sql } from 'drizzle-orm';
import { OFFLINE_AFTER_MS } from '@aquasmart/domain';
import { queryRows, type TDb } from '../../db/database';
import { BackgroundLoop, type TLoopLog } from '../../lib/background-loop';

/**
 * The alarms the clock opens (docs/alarms.md, "Kinds"): a node assigned to a customer that was
 * heard once and then not for more than 6 hours (OFFLINE_AFTER_MS, as the dashboard counts) gets
 * an offline alarm, opened at the moment the 6 hours passed. The intake closes it on the node's
 * next message; this sweep closes one too when it finds the node heard again (a message that
 * arrived while the alarm was being opened). The sweep also closes low-battery alarms whose
 * battery was swapped after they opened (the swap is a node edit, which does not touch alarms).
 * Set-based statements; the ON CONFLICT on the one-active index keeps two server copies from
 * opening twice.
 */

/** How often the sweep runs: an offline alarm opens at most this late. */
export const OFFLINE_ALARM_SWEEP_EVERY_MS = 60_000;

const OFFLINE_INTERVAL = sql.raw(`interval '${OFFLINE_AFTER_MS / 1000} seconds'`);

export interface TOfflineSweep {
  opened: number;
  closed: number;
}

export async function runOfflineAlarmSweep(db: TDb, now: Date): Promise<TOfflineSweep> {
  const cutoff = new Date(now.getTime() - OFFLINE_AFTER_MS).toISOString();
  return db.transaction(async (tx) => {
    const [opened] = await queryRows<{ count: number }>(
      tx,
      sql`WITH opened AS (
          INSERT INTO alarms (kind, device_eui, customer_id, location_id, opened_at, details)
          SELECT 'offline', d.eui, d.customer_id, d.location_id, d.lora_ts + ${OFFLINE_INTERVAL}, jsonb_build_object('lastMessageAt', d.lora_ts)
          FROM devices d
          WHERE d.customer_id IS NOT NULL AND d.lora_ts < ${cutoff}::timestamptz
            AND NOT EXISTS (SELECT 1 FROM alarms a WHERE a.device_eui = d.eui AND a.kind = 'offline' AND a.closed_at IS NULL)
          ON CONFLICT (kind, coalesce(device_eui, ''), coalesce(gateway_id, 0), channel_id) WHERE closed_at IS NULL DO NOTHING
          RETURNING id, opened_at, details
        ), events AS (
          INSERT INTO alarm_events (alarm_id, at, action, details) SELECT id, opened_at, 'opened', details FROM opened RETURNING 1
        )
        SELECT count(*)::int AS count FROM events`,
    );
    const [closedOffline] = await queryRows<{ count: number }>(
      tx,
      sql`WITH closed AS (
          UPDATE alarms a SET closed_at = greatest(d.lora_ts, a.opened_at), updated_at = now()
          FROM devices d
          WHERE a.kind = 'offline' AND a.closed_at IS NULL AND a.device_eui IS NOT NULL AND d.eui = a.device_eui AND d.lora_ts >= ${cutoff}::timestamptz
          RETURNING a.id, a.closed_at
        ), events AS (
          INSERT INTO alarm_events (alarm_id, at, action) SELECT id, closed_at, 'closed' FROM closed RETURNING 1
        )
        SELECT count(*)::int AS count FROM events`,
    );
    const [closedBattery] = await queryRows<{ count: number }>(
      tx,
      sql`WITH closed AS (
          UPDATE alarms a SET closed_at = d.battery_ts, updated_at = now()
          FROM devices d
          WHERE a.kind = 'lowBattery' AND a.closed_at IS NULL AND a.device_eui IS NOT NULL AND d.eui = a.device_eui AND d.battery_ts > a.opened_at
          RETURNING a.id, a.closed_at
        ), events AS (
          INSERT INTO alarm_events (alarm_id, at, action, details) SELECT id, closed_at, 'closed', '{"reason":"batterySwap"}'::jsonb FROM closed RETURNING 1
        )
        SELECT count(*)::int AS count FROM events`,
    );
    return { opened: opened?.count ?? 0, closed: (closedOffline?.count ?? 0) + (closedBattery?.count ?? 0) };
  });
}

export function createOfflineAlarmJob(deps: { db: TDb; now: () => Date; log: TLoopLog }, everyMs = OFFLINE_ALARM_SWEEP_EVERY_MS) {
  // Each round does all there is; it answers 0 so the loop sleeps until the next round.
  const loop = new BackgroundLoop('offline alarms', async () => (await runOfflineAlarmSweep(deps.db, deps.now()), 0), deps.log, everyMs);
  return { start: () => loop.start(), stop: () => loop.stop() };
}
