import { sql } from 'drizzle-orm';
import { OFFLINE_AFTER_MS } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { BackgroundLoop, type TLoopLog } from '../../lib/background-loop';
import { closeAlarms, openAlarms } from '../alarm-store/alarm-store';
import { subjectColumnsSql } from '../alarm-store/alarm-subject';

/**
 * The alarms the clock opens (docs/alarms.md, "Kinds"): a node assigned to a customer that was
 * heard once and then not for more than 6 hours (OFFLINE_AFTER_MS, as the dashboard counts) gets
 * an offline alarm, opened at the moment the 6 hours passed. The intake closes it on the node's
 * next message; this sweep closes one too when it finds the node heard again (a message that
 * arrived while the alarm was being opened). The sweep also closes low-battery alarms whose
 * battery was swapped after they opened (the swap is a node edit, which does not touch alarms).
 * Set-based statements through the alarm store, whose one-open rule keeps two server copies from
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
    const opened = await openAlarms(
      tx,
      sql`SELECT 'offline' AS kind, ${subjectColumnsSql.node(sql`d.eui`)}, d.customer_id, d.location_id,
          d.lora_ts + ${OFFLINE_INTERVAL} AS opened_at, jsonb_build_object('lastMessageAt', d.lora_ts) AS details
        FROM devices d
        WHERE d.customer_id IS NOT NULL AND d.lora_ts < ${cutoff}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM alarms a WHERE a.device_eui = d.eui AND a.kind = 'offline' AND a.closed_at IS NULL)`,
    );
    const heardAgain = await closeAlarms(
      tx,
      sql`SELECT a.id, greatest(d.lora_ts, a.opened_at) AS closed_at, '{}'::jsonb AS details
        FROM alarms a JOIN devices d ON d.eui = a.device_eui
        WHERE a.kind = 'offline' AND a.closed_at IS NULL AND d.lora_ts >= ${cutoff}::timestamptz`,
    );
    const swapped = await closeAlarms(
      tx,
      sql`SELECT a.id, d.battery_ts AS closed_at, '{"reason":"batterySwap"}'::jsonb AS details
        FROM alarms a JOIN devices d ON d.eui = a.device_eui
        WHERE a.kind = 'lowBattery' AND a.closed_at IS NULL AND d.battery_ts > a.opened_at`,
    );
    return { opened, closed: heardAgain.length + swapped.length };
  });
}

export function createOfflineAlarmJob(deps: { db: TDb; now: () => Date; log: TLoopLog }, everyMs = OFFLINE_ALARM_SWEEP_EVERY_MS) {
  // Each round does all there is; it answers 0 so the loop sleeps until the next round.
  const loop = new BackgroundLoop('offline alarms', async () => (await runOfflineAlarmSweep(deps.db, deps.now()), 0), deps.log, everyMs);
  return { start: () => loop.start(), stop: () => loop.stop() };
}
