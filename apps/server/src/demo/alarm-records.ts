import { sql } from 'drizzle-orm';
import { queryRows } from '../db/database';
import { column, rowShape } from '../db/rows';
import type { TAlarmEventAction } from '@aquasmart/domain';
import { CHANNEL_ACTIVE } from '../modules/dashboard/node-function-sql';
import { addAlarmSteps, openAlarms } from '../modules/alarm-store/alarm-store';
import { subjectColumnsSql } from '../modules/alarm-store/alarm-subject';
import { HOUR_MS } from './random';
import type { TTx } from './types';

/**
 * The demo nodes' alarm states as alarm records (docs/alarms.md), as migration 0015 does for an
 * existing database: the demo is seeded after the migrations ran on an empty one, so without this
 * it would start without alarms. A few are handled already, so that the Alarms screen shows every
 * state: the oldest low battery acknowledged by the engineer, a faulty sensor assigned to them with
 * a comment, the oldest offline node "resolved, condition still present". The flush alarms stay new
 * (the browser test acknowledges one from the dashboard list, e2e/alarms.spec.ts).
 */
const OPEN_ALARMS = [
  // Low battery: battery.alarm.ts (seconds) set.
  sql`SELECT 'lowBattery' AS kind, ${subjectColumnsSql.node(sql`d.eui`)}, d.customer_id, d.location_id, to_timestamp(d.battery_alarm_ts) AS opened_at,
        jsonb_build_object('voltage', d.battery_voltage, 'via', 'demo') AS details
      FROM devices d WHERE d.battery_alarm_ts > 0 AND d.customer_id IS NOT NULL`,
  // Flush alarm: flush.alarm.ts (milliseconds).
  sql`SELECT 'flushAlarm' AS kind, ${subjectColumnsSql.node(sql`d.eui`)}, d.customer_id, d.location_id, to_timestamp(d.flush_alarm_ts / 1000.0) AS opened_at, '{"via":"demo"}'::jsonb AS details
      FROM devices d WHERE d.flush_alarm_ts > 0 AND d.customer_id IS NOT NULL`,
  // Faulty sensor: a temperature channel at or below -100 whose input measures (the dashboard's rule, as 0015).
  sql`SELECT 'faultySensor' AS kind, ${subjectColumnsSql.channel(sql`d.eui`, sql`c.channel_id`)}, d.customer_id, d.location_id, coalesce(c.ts, now()) AS opened_at,
        jsonb_build_object('value', c.value, 'via', 'demo') AS details
      FROM device_channels c JOIN devices d ON d.eui = c.device_eui
      WHERE c.type = 'Temperatuur' AND c.value <= -100 AND d.customer_id IS NOT NULL AND ${CHANNEL_ACTIVE}`,
  // Water detection: an overflow log still Started (one per node).
  sql`SELECT DISTINCT ON (o.device_eui) 'waterDetection' AS kind, ${subjectColumnsSql.node(sql`o.device_eui`)}, d.customer_id, d.location_id, o.ts AS opened_at,
        jsonb_build_object('resistance', o.resistance, 'via', 'demo') AS details
      FROM overflow_logs o JOIN devices d ON d.eui = o.device_eui
      WHERE o.state = 'Started' AND d.customer_id IS NOT NULL ORDER BY o.device_eui, o.ts`,
  // Offline: heard once, silent for more than 6 hours.
  sql`SELECT 'offline' AS kind, ${subjectColumnsSql.node(sql`d.eui`)}, d.customer_id, d.location_id, d.lora_ts + interval '6 hours' AS opened_at,
        jsonb_build_object('lastMessageAt', d.lora_ts, 'via', 'demo') AS details
      FROM devices d WHERE d.lora_ts < now() - interval '6 hours' AND d.customer_id IS NOT NULL`,
  // Settings not taken.
  sql`SELECT 'settingsNotTaken' AS kind, ${subjectColumnsSql.node(sql`d.eui`)}, d.customer_id, d.location_id, coalesce(d.lora_ts, now()) AS opened_at, '{"via":"demo"}'::jsonb AS details
      FROM devices d WHERE d.incorrect_settings AND d.customer_id IS NOT NULL`,
];

const oldestAlarm = rowShape({ id: column.number, opened_at: column.ms });

/** The oldest alarm of a kind (its id and when it opened), or null. */
async function oldest(tx: TTx, kind: string): Promise<{ id: number; openedMs: number } | null> {
  const [row] = await oldestAlarm.read(tx, sql`SELECT id, opened_at FROM alarms WHERE kind = ${kind} ORDER BY opened_at, id LIMIT 1`);
  return row ? { id: row.id, openedMs: row.opened_at } : null;
}

export async function seedAlarmRecords(tx: TTx, nowMs: number, engineerEmail: string): Promise<void> {
  // Through the alarm store, as the intake opens them; each 'opened' step carries the alarm's details (with 'via').
  for (const rows of OPEN_ALARMS) await openAlarms(tx, rows);
  const [engineer] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM users WHERE email = ${engineerEmail}`);
  if (!engineer) return;
  const step = (alarmId: number, at: Date, action: TAlarmEventAction, note: string | null = null, assigneeId: number | null = null) =>
    addAlarmSteps(tx, [{ alarmId, at: at.toISOString(), action, userId: engineer.id, userEmail: engineerEmail, assigneeId, note }]);
  const soonAfter = (openedMs: number, hours: number) => new Date(Math.min(openedMs + hours * HOUR_MS, nowMs - 60_000));

  const battery = await oldest(tx, 'lowBattery');
  if (battery) {
    const at = soonAfter(battery.openedMs, 2);
    await tx.execute(sql`UPDATE alarms SET state = 'acknowledged', acknowledged_at = ${at}, acknowledged_by = ${engineer.id} WHERE id = ${battery.id}`);
    await step(battery.id, at, 'acknowledged');
  }
  const faulty = await oldest(tx, 'faultySensor');
  if (faulty) {
    const at = soonAfter(faulty.openedMs, 3);
    await tx.execute(
      sql`UPDATE alarms SET state = 'assigned', assignee_id = ${engineer.id}, acknowledged_at = ${at}, acknowledged_by = ${engineer.id} WHERE id = ${faulty.id}`,
    );
    await step(faulty.id, at, 'assigned', null, engineer.id);
    await step(faulty.id, soonAfter(faulty.openedMs, 4), 'commented', 'Sensor wordt bij het volgende bezoek vervangen.');
  }
  const offline = await oldest(tx, 'offline');
  if (offline) {
    const at = soonAfter(offline.openedMs, 5);
    const note = 'Gateway herstart; wacht op het eerste bericht van de node.';
    await tx.execute(
      sql`UPDATE alarms SET state = 'resolved', acknowledged_at = ${at}, acknowledged_by = ${engineer.id}, resolved_at = ${at}, resolved_by = ${engineer.id}, resolution = ${note} WHERE id = ${offline.id}`,
    );
    await step(offline.id, at, 'resolved', note);
  }
}
