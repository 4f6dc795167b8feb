import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE, type TAlarmEventAction, type TAlarmKind, type TAlarmState } from '@aquasmart/domain';
import { queryRows, type TDbOrTx } from '../../db/database';
import type { TAuthUser } from '../../identity/auth-user';
import { scopedCustomerIds } from '../../identity/customer-scope';
import { isAdministrator } from '../../identity/rights';

/**
 * Reads and writes of the alarm rows (docs/alarms.md, "API"). Scope as the nodes'
 * (devices/device-repository.ts deviceScopeCondition): administrators see every alarm, other
 * users those of a customer (the node's at the time the alarm opened) they may see.
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

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A user's display name: first and last name, else the e-mail address. */
const userName = (alias: string) => sql.raw(`nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), '')`);

/** The alarms the user may see (a condition on alarms `a`). */
export function alarmScope(user: TAuthUser): SQL {
  if (isAdministrator(user)) return sql`TRUE`;
  const ids = scopedCustomerIds(user);
  return ids ? sql`a.customer_id = ANY(${sql.param(ids)})` : sql`a.customer_id IS NOT NULL`;
}

/** Active first, then newest: the order of every alarm list (an index per list filter, 0015_alarm_records.sql). */
const LIST_ORDER = sql`(a.closed_at IS NOT NULL), a.opened_at DESC, a.id DESC`;

/** The to-handle condition: not both resolved and closed. */
export const TO_HANDLE = sql`(a.state <> 'resolved' OR a.closed_at IS NULL)`;

interface TRawAlarm {
  id: string | number;
  kind: TAlarmKind;
  device_eui: string | null;
  device_name: string | null;
  gateway_id: number | null;
  gateway_name: string | null;
  channel_id: string;
  channel_name: string | null;
  customer_id: number | null;
  customer_name: string | null;
  location_id: number | null;
  location_name: string | null;
  opened_at: string | Date;
  closed_at: string | Date | null;
  state: TAlarmState;
  assignee_id: number | null;
  assignee_name: string | null;
  acknowledged_at: string | Date | null;
  acknowledged_by: number | null;
  acknowledged_by_name: string | null;
  resolved_at: string | Date | null;
  resolved_by: number | null;
  resolved_by_name: string | null;
  resolution: string | null;
  details: Record<string, unknown> | string;
}

function toRow(raw: TRawAlarm): TAlarmRow {
  return {
    id: Number(raw.id),
    kind: raw.kind,
    deviceEui: raw.device_eui,
    deviceName: raw.device_name,
    gatewayId: raw.gateway_id,
    gatewayName: raw.gateway_name,
    channelId: raw.channel_id,
    channelName: raw.channel_name,
    customerId: raw.customer_id,
    customerName: raw.customer_name,
    locationId: raw.location_id,
    locationName: raw.location_name,
    openedAt: iso(raw.opened_at)!,
    closedAt: iso(raw.closed_at),
    state: raw.state,
    assigneeId: raw.assignee_id,
    assigneeName: raw.assignee_name,
    acknowledgedAt: iso(raw.acknowledged_at),
    acknowledgedById: raw.acknowledged_by,
    acknowledgedByName: raw.acknowledged_by_name,
    resolvedAt: iso(raw.resolved_at),
    resolvedById: raw.resolved_by,
    resolvedByName: raw.resolved_by_name,
    resolution: raw.resolution,
    details: typeof raw.details === 'string' ? JSON.parse(raw.details) : raw.details,
  };
}

/** The whole shape of the alarms with these ids (any order). */
async function readAlarmRows(tx: TDbOrTx, ids: readonly number[]): Promise<TAlarmRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<TRawAlarm>(
    tx,
    sql`SELECT a.id, a.kind, a.device_eui, d.name AS device_name, a.gateway_id, g.name AS gateway_name, a.channel_id,
        ch.name AS channel_name, a.customer_id, c.name AS customer_name, a.location_id, l.name AS location_name,
        a.opened_at, a.closed_at, a.state, a.assignee_id, coalesce(${userName('ua')}, ua.email) AS assignee_name,
        a.acknowledged_at, a.acknowledged_by, coalesce(${userName('uk')}, uk.email) AS acknowledged_by_name,
        a.resolved_at, a.resolved_by, coalesce(${userName('ur')}, ur.email) AS resolved_by_name, a.resolution, a.details
      FROM alarms a
      LEFT JOIN devices d ON d.eui = a.device_eui
      LEFT JOIN gateways g ON g.id = a.gateway_id
      LEFT JOIN device_channels ch ON ch.device_eui = a.device_eui AND ch.channel_id = a.channel_id AND a.channel_id <> ''
      LEFT JOIN customers c ON c.id = a.customer_id
      LEFT JOIN locations l ON l.id = a.location_id
      LEFT JOIN users ua ON ua.id = a.assignee_id
      LEFT JOIN users uk ON uk.id = a.acknowledged_by
      LEFT JOIN users ur ON ur.id = a.resolved_by
      WHERE a.id = ANY(${sql.param(ids.map(String))}::bigint[])`,
  );
  return rows.map(toRow);
}

export interface TAlarmFilter {
  status: 'toHandle' | 'active' | 'all';
  kind?: TAlarmKind;
  customerId?: number;
  locationId?: number;
  state?: TAlarmState;
  assigneeId?: number;
  deviceEui?: string;
}

function filterCondition(user: TAuthUser, filter: TAlarmFilter): SQL {
  const parts: SQL[] = [alarmScope(user)];
  if (filter.status === 'toHandle') parts.push(TO_HANDLE);
  if (filter.status === 'active') parts.push(sql`a.closed_at IS NULL`);
  if (filter.kind) parts.push(sql`a.kind = ${filter.kind}`);
  if (filter.customerId !== undefined) parts.push(sql`a.customer_id = ${filter.customerId}`);
  if (filter.locationId !== undefined) parts.push(sql`a.location_id = ${filter.locationId}`);
  if (filter.state) parts.push(sql`a.state = ${filter.state}`);
  if (filter.assigneeId !== undefined) parts.push(sql`a.assignee_id = ${filter.assigneeId}`);
  if (filter.deviceEui) parts.push(sql`a.device_eui = ${filter.deviceEui}`);
  return sql.join(parts, sql` AND `);
}

/**
 * One page of alarms and the number matching. The page's ids come from the alarms table alone
 * (the order is an index scan of 0015's indexes), then the names for those rows only; page and
 * count run side by side (two connections on PostgreSQL), as the node list does.
 */
export async function listAlarmPage(tx: TDbOrTx, user: TAuthUser, filter: TAlarmFilter, paging: { page?: number; limit?: number }): Promise<{ rows: TAlarmRow[]; total: number }> {
  const limit = paging.limit ?? DEFAULT_PAGE_SIZE;
  const offset = ((paging.page ?? 1) - 1) * limit;
  const where = filterCondition(user, filter);
  const [page, [counted]] = await Promise.all([
    queryRows<{ id: string | number }>(tx, sql`SELECT a.id FROM alarms a WHERE ${where} ORDER BY ${LIST_ORDER} LIMIT ${limit} OFFSET ${offset}`),
    queryRows<{ total: number }>(tx, sql`SELECT count(*)::int AS total FROM alarms a WHERE ${where}`),
  ]);
  const ids = page.map((row) => Number(row.id));
  const byId = new Map((await readAlarmRows(tx, ids)).map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total: counted?.total ?? 0 };
}

/** The menu badge: alarms in state new the user may see. */
export async function countUnacknowledged(tx: TDbOrTx, user: TAuthUser): Promise<number> {
  const [row] = await queryRows<{ total: number }>(tx, sql`SELECT count(*)::int AS total FROM alarms a WHERE a.state = 'new' AND ${alarmScope(user)}`);
  return row?.total ?? 0;
}

/** The alarm when the user may see it; null otherwise. `lock`: FOR UPDATE for a handling step. */
export async function findVisibleAlarm(tx: TDbOrTx, user: TAuthUser, id: number, { lock = false } = {}): Promise<TAlarmRow | null> {
  const [found] = await queryRows<{ id: string | number }>(
    tx,
    sql`SELECT a.id FROM alarms a WHERE a.id = ${id} AND ${alarmScope(user)} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!found) return null;
  const [row] = await readAlarmRows(tx, [Number(found.id)]);
  return row ?? null;
}

export async function listAlarmEvents(tx: TDbOrTx, alarmId: number): Promise<TAlarmEventRow[]> {
  const rows = await queryRows<{
    id: string | number;
    at: string | Date;
    action: TAlarmEventAction;
    user_id: number | null;
    user_email: string | null;
    user_name: string | null;
    assignee_id: number | null;
    assignee_name: string | null;
    note: string | null;
    details: unknown;
  }>(
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
    id: Number(row.id),
    at: iso(row.at)!,
    action: row.action,
    userId: row.user_id,
    userEmail: row.user_email,
    userName: row.user_name,
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
    note: row.note,
    details: typeof row.details === 'string' ? JSON.parse(row.details) : row.details,
  }));
}

/** A handling step: the alarm's new fields and its timeline row, in the caller's transaction. */
export async function recordHandlingStep(
  tx: TDbOrTx,
  alarmId: number,
  step: {
    action: TAlarmEventAction;
    user: TAuthUser;
    note: string | null;
    /** Columns the step sets (acknowledged, assigned, resolved); none for a comment. */
    set?: SQL;
    assigneeId?: number | null;
  },
): Promise<void> {
  if (step.set) await tx.execute(sql`UPDATE alarms SET ${step.set}, updated_at = now() WHERE id = ${alarmId}`);
  await tx.execute(sql`INSERT INTO alarm_events (alarm_id, at, action, user_id, user_email, assignee_id, note)
    VALUES (${alarmId}, now(), ${step.action}, ${step.user.id}, ${step.user.email}, ${step.assigneeId ?? null}, ${step.note})`);
}
