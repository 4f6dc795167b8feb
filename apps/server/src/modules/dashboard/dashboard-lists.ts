import { sql, type SQL } from 'drizzle-orm';
import { CALIBRATION_LIST_INTERVAL, OFFLINE_AFTER_MS, calibrationWindowMs, type TDashboardListName } from '@aquasmart/domain';
import { at } from './dashboard-sql';

/** The calibration counts of GET /dashboard, one per interval. */
export const CALIBRATION_INTERVALS_COUNTED = [1, 2, 3] as const;

/** The node `d` has a channel with possible sensor drift (docs/calibration.md, "Drift"): due, whatever its last calibration. */
export const DRIFT_SUSPECTED = sql`EXISTS (SELECT 1 FROM device_channels dc WHERE dc.device_eui = d.eui AND dc.drift IS NOT NULL)`;

/**
 * What a dashboard list shows (docs/dashboard.md, "Lists"): the rows (`from` with devices as `d`),
 * which of them (`where`, the scope included), the list's own time (`date`) and number (`count`),
 * and where the customer and location names come from.
 */
export interface TListSource {
  from: SQL;
  where: SQL;
  date: SQL;
  count?: SQL;
  /** Overflow detections are rows of logs: their id (for the delete) and a tie-breaker. */
  logId?: SQL;
  customerColumn: SQL;
  locationColumn: SQL;
}

interface TListContext {
  /** The caller's nodes, on `d`. */
  nodes: SQL;
  /** The caller's overflow logs, on `o`. */
  overflow: SQL;
  now: number;
  /** Weekly flushes: at least this many. */
  min: number;
}


function deviceList(context: TListContext, where: SQL, date: SQL): TListSource {
  return { from: sql`devices d`, where: sql`${context.nodes} AND ${where}`, date, customerColumn: sql`d.customer_id`, locationColumn: sql`d.location_id` };
}

export function listSource(name: TDashboardListName, context: TListContext): TListSource {
  const { nodes, now } = context;
  const interval = CALIBRATION_LIST_INTERVAL[name];
  if (interval !== undefined) {
    const due = at(now - calibrationWindowMs(interval));
    return deviceList(context, sql`d.calibration_interval = ${interval} AND (d.calibration_ts IS NULL OR d.calibration_ts < ${due} OR ${DRIFT_SUSPECTED})`, sql`d.calibration_ts`);
  }
  switch (name) {
    case 'faultySensors':
      // From the summary (dashboard_nodes): the newest timestamp among the node's active channels at or below -100.
      return {
        from: sql`dashboard_nodes f JOIN devices d ON d.eui = f.device_eui`,
        where: sql`f.faulty AND ${nodes}`,
        date: sql`f.faulty_at`,
        customerColumn: sql`d.customer_id`,
        locationColumn: sql`d.location_id`,
      };
    case 'flushAlarms':
      return deviceList(context, sql`d.flush_alarm_ts > 0`, sql`to_timestamp(d.flush_alarm_ts / 1000.0)`);
    case 'lowBatteries':
      return deviceList(context, sql`d.battery_alarm_ts > 0`, sql`to_timestamp(d.battery_alarm_ts)`);
    case 'nodes':
      return deviceList(context, sql`true`, sql`d.lora_ts`);
    case 'offlineNodes':
      return deviceList(context, sql`(d.lora_ts IS NULL OR d.lora_ts < ${at(now - OFFLINE_AFTER_MS)})`, sql`d.lora_ts`);
    case 'overflowDetections':
      // One row per active detection, at the node's place now (as GET /overflowLogs): the row opens the node where it is.
      return {
        from: sql`overflow_logs o JOIN devices d ON d.eui = o.device_eui`,
        where: sql`o.state = 'Started' AND ${context.overflow}`,
        date: sql`o.ts`,
        logId: sql`o.id`,
        customerColumn: sql`d.customer_id`,
        locationColumn: sql`d.location_id`,
      };
    case 'synchronizations':
      // Waiting since the oldest change the node has not confirmed.
      return deviceList(
        context,
        sql`d.sync = 0`,
        sql`(SELECT min(p.updated_at) FROM device_parameters p WHERE p.device_eui = d.eui AND p.status <> 'saved')`,
      );
    case 'weeklyFlushes':
      // From the summary (dashboard_nodes): flushes of the last 7 days.
      return {
        from: sql`dashboard_nodes w JOIN devices d ON d.eui = w.device_eui`,
        where: sql`w.weekly_flushes > 0 AND w.weekly_flushes >= ${context.min} AND ${nodes}`,
        date: sql`d.lora_ts`,
        count: sql`w.weekly_flushes`,
        customerColumn: sql`d.customer_id`,
        locationColumn: sql`d.location_id`,
      };
    case 'incorrectSettings':
      return deviceList(context, sql`d.incorrect_settings`, sql`d.lora_ts`);
    default:
      throw new Error(`unknown dashboard list ${name}`);
  }
}


/** The lists that read the summary (dashboard_nodes): it is made fresh first. */
export const SUMMARY_LISTS: readonly TDashboardListName[] = ['faultySensors', 'weeklyFlushes'];
