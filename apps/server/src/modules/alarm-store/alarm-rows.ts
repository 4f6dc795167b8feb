import { sql, type SQL } from 'drizzle-orm';
import type { TAlarmEventAction, TAlarmKind, TAlarmState } from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { column, rowShape, type TRowOf } from '../../db/rows';
import { subjectKey } from './alarm-subject';

/**
 * Reading alarm rows and their timeline back (docs/alarms.md, "The alarm store"): one decoding of
 * what the drivers answer (ids as bigint strings, times as Date or text, jsonb as text on some
 * paths) into the shapes the API, the notifier and the intake use.
 */

/** An alarm row with the names the answer shows (null when the node, place or user is gone). */
export interface TAlarmRow {
  id: number;
  kind: TAlarmKind;
  deviceEui: string | null;
  deviceName: string | null;
  gatewayId: number | null;
  gatewayName: string | null;
  channelId: string;
  channelName: string | null;
  /** A sample point's alarm (docs/sampling.md): the point and its name as it is now. */
  samplePointId: number | null;
  samplePointName: string | null;
  /** An outlet's alarm (docs/outlets.md): the outlet and its name as it is now. */
  outletId: number | null;
  outletName: string | null;
  customerId: number | null;
  customerName: string | null;
  locationId: number | null;
  locationName: string | null;
  openedAt: string;
  closedAt: string | null;
  state: TAlarmState;
  assigneeId: number | null;
  assigneeName: string | null;
  acknowledgedAt: string | null;
  acknowledgedById: number | null;
  acknowledgedByName: string | null;
  resolvedAt: string | null;
  resolvedById: number | null;
  resolvedByName: string | null;
  resolution: string | null;
  details: Record<string, unknown>;
}

export interface TAlarmEventRow {
  id: number;
  at: string;
  action: TAlarmEventAction;
  userId: number | null;
  userEmail: string | null;
  userName: string | null;
  assigneeId: number | null;
  assigneeName: string | null;
  note: string | null;
  details: unknown;
}

/** A user's display name: first and last name, else the e-mail address. */
const userName = (alias: string) => sql.raw(`nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), '')`);

const rawAlarm = rowShape({
  id: column.number,
  kind: column.as<TAlarmKind>(),
  device_eui: column.as<string | null>(),
  device_name: column.as<string | null>(),
  gateway_id: column.as<number | null>(),
  gateway_name: column.as<string | null>(),
  channel_id: column.as<string>(),
  channel_name: column.as<string | null>(),
  sample_point_id: column.nullable(column.number),
  outlet_id: column.nullable(column.number),
  outlet_name: column.as<string | null>(),
  sample_point_name: column.as<string | null>(),
  customer_id: column.as<number | null>(),
  customer_name: column.as<string | null>(),
  location_id: column.as<number | null>(),
  location_name: column.as<string | null>(),
  opened_at: column.iso,
  closed_at: column.nullable(column.iso),
  state: column.as<TAlarmState>(),
  assignee_id: column.as<number | null>(),
  assignee_name: column.as<string | null>(),
  acknowledged_at: column.nullable(column.iso),
  acknowledged_by: column.as<number | null>(),
  acknowledged_by_name: column.as<string | null>(),
  resolved_at: column.nullable(column.iso),
  resolved_by: column.as<number | null>(),
  resolved_by_name: column.as<string | null>(),
  resolution: column.as<string | null>(),
  details: column.json<Record<string, unknown>>(),
});

function alarmRowOf(raw: TRowOf<typeof rawAlarm>): TAlarmRow {
  return {
    id: raw.id,
    kind: raw.kind,
    deviceEui: raw.device_eui,
    deviceName: raw.device_name,
    gatewayId: raw.gateway_id,
    gatewayName: raw.gateway_name,
    channelId: raw.channel_id,
    channelName: raw.channel_name,
    samplePointId: raw.sample_point_id,
    samplePointName: raw.sample_point_name,
    outletId: raw.outlet_id,
    outletName: raw.outlet_name,
    customerId: raw.customer_id,
    customerName: raw.customer_name,
    locationId: raw.location_id,
    locationName: raw.location_name,
    openedAt: raw.opened_at,
    closedAt: raw.closed_at,
    state: raw.state,
    assigneeId: raw.assignee_id,
    assigneeName: raw.assignee_name,
    acknowledgedAt: raw.acknowledged_at,
    acknowledgedById: raw.acknowledged_by,
    acknowledgedByName: raw.acknowledged_by_name,
    resolvedAt: raw.resolved_at,
    resolvedById: raw.resolved_by,
    resolvedByName: raw.resolved_by_name,
    resolution: raw.resolution,
    details: raw.details,
  };
}

/** The whole shape of the alarms with these ids (any order). */
export async function readAlarmRows(tx: TDbOrTx, ids: readonly number[]): Promise<TAlarmRow[]> {
  if (ids.length === 0) return [];
  const rows = await rawAlarm.read(
    tx,
    sql`SELECT a.id, a.kind, a.device_eui, d.name AS device_name, a.gateway_id, g.name AS gateway_name, a.channel_id,
        ch.name AS channel_name, a.sample_point_id, sp.name AS sample_point_name, a.outlet_id, o.name AS outlet_name, a.customer_id, c.name AS customer_name, a.location_id, l.name AS location_name,
        a.opened_at, a.closed_at, a.state, a.assignee_id, coalesce(${userName('ua')}, ua.email) AS assignee_name,
        a.acknowledged_at, a.acknowledged_by, coalesce(${userName('uk')}, uk.email) AS acknowledged_by_name,
        a.resolved_at, a.resolved_by, coalesce(${userName('ur')}, ur.email) AS resolved_by_name, a.resolution, a.details
      FROM alarms a
      LEFT JOIN devices d ON d.eui = a.device_eui
      LEFT JOIN gateways g ON g.id = a.gateway_id
      LEFT JOIN device_channels ch ON ch.device_eui = a.device_eui AND ch.channel_id = a.channel_id AND a.channel_id <> ''
      LEFT JOIN sample_points sp ON sp.id = a.sample_point_id
      LEFT JOIN outlets o ON o.id = a.outlet_id
      LEFT JOIN customers c ON c.id = a.customer_id
      LEFT JOIN locations l ON l.id = a.location_id
      LEFT JOIN users ua ON ua.id = a.assignee_id
      LEFT JOIN users uk ON uk.id = a.acknowledged_by
      LEFT JOIN users ur ON ur.id = a.resolved_by
      WHERE a.id = ANY(${sql.param(ids.map(String))}::bigint[])`,
  );
  return rows.map(alarmRowOf);
}

const timelineRow = rowShape({
  id: column.number,
  at: column.iso,
  action: column.as<TAlarmEventAction>(),
  user_id: column.as<number | null>(),
  user_email: column.as<string | null>(),
  user_name: column.as<string | null>(),
  assignee_id: column.as<number | null>(),
  assignee_name: column.as<string | null>(),
  note: column.as<string | null>(),
  details: column.json<unknown>(),
});

/** An alarm's timeline, oldest first, with the names of who took each step. */
export async function readTimeline(tx: TDbOrTx, alarmId: number): Promise<TAlarmEventRow[]> {
  const rows = await timelineRow.read(
    tx,
    sql`SELECT e.id, e.at, e.action, e.user_id, e.user_email, ${userName('u')} AS user_name, e.assignee_id,
        coalesce(${userName('ua')}, ua.email) AS assignee_name, e.note, e.details
      FROM alarm_events e
      LEFT JOIN users u ON u.id = e.user_id
      LEFT JOIN users ua ON ua.id = e.assignee_id
      WHERE e.alarm_id = ${alarmId}
      ORDER BY e.at, e.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    action: row.action,
    userId: row.user_id,
    userEmail: row.user_email,
    userName: row.user_name,
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
    note: row.note,
    details: row.details,
  }));
}

/**
 * A node's open alarms as one jsonb value (a correlated subquery for the intake's device read, so
 * a batch costs no extra round trip; alarms_active_device_idx): `eui` the node's EUI column.
 */
export function activeAlarmsOfNode(eui: SQL) {
  return sql<unknown>`(SELECT jsonb_agg(jsonb_build_object('kind', a.kind, 'channel', a.channel_id, 'openedAt', a.opened_at))
    FROM alarms a WHERE a.device_eui = ${eui} AND a.closed_at IS NULL)`;
}

const activeAlarmsValue = column.nullable(column.json<{ kind: TAlarmKind; channel: string; openedAt: string }[]>());

/** The value of activeAlarmsOfNode: `kind:channelId` (subjectKey) -> opened at (ms). */
export function decodeActiveAlarms(value: unknown): Map<string, number> {
  return new Map((activeAlarmsValue(value) ?? []).map((alarm) => [subjectKey(alarm.kind, alarm.channel), Date.parse(alarm.openedAt)] as const));
}
