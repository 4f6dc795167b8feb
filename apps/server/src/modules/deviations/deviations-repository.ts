import { sql, type SQL } from 'drizzle-orm';
import {
  continuesEarlierRecord,
  deviationKey,
  DEVIATION_LIST_DEFAULT_LIMIT,
  type TDeviationAction,
  type TDeviationFinding,
  type TDeviationListQuery,
  type TDeviationState,
  type TAlarmResolution,
} from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import { inTurn } from '../../db/turns';

/**
 * The deviations' rows (docs/logbook.md, "Deviations"): materialising the report's findings by key,
 * the lists, one deviation, its actions. Set-based: a report's findings are one upsert and one read.
 */

/** A finding as the report hands it over, with the alarm record it was found with (kind 'alarm'). */
export type TFoundDeviation = TDeviationFinding & { alarmId: number | null };

const CHUNK = 500;
const json = (value: unknown) => JSON.stringify(value);

const actionRow = rowShape({
  id: column.number,
  deviation_id: column.number,
  cause: column.as<string>(),
  action: column.as<string>(),
  acted_at: column.iso,
  user_email: column.as<string>(),
  created_at: column.iso,
  alarm_id: column.nullable(column.number),
});
const toAction = (row: Omit<ReturnType<typeof actionRow.decode>, 'deviation_id'>): TDeviationAction => ({
  id: row.id,
  cause: row.cause,
  action: row.action,
  actedAt: row.acted_at,
  by: row.user_email,
  recordedAt: row.created_at,
  alarmId: row.alarm_id,
});

const earlierRow = rowShape({ key: column.as<string>(), kind: column.as<string>(), alarm_kind: column.as<string | null>(), device_eui: column.as<string>(), channel_id: column.as<string | null>(), started_at: column.date });
const subjectOf = (row: { kind: string; alarmKind: string | null; eui: string; channelId: string | null }) => `${row.kind}|${row.alarmKind ?? ''}|${row.eui}|${row.channelId ?? ''}`;

/**
 * The keys of a location's findings. A finding that starts at the period's start was cut there by the
 * period: when a record of the same subject (kind, node, channel) was still going at that moment, the
 * finding continues it and takes its key, so a stretch across two months is one deviation.
 */
async function keysOf(db: TDbOrTx, locationId: number, periodStart: Date, findings: readonly TFoundDeviation[]): Promise<string[]> {
  const keys = findings.map((finding) => deviationKey(locationId, finding));
  const cut = findings.filter((finding) => continuesEarlierRecord(finding, periodStart.toISOString()));
  if (cut.length === 0) return keys;
  const earlier = await earlierRow.readInTurn(
    db,
    sql`SELECT key, kind, alarm_kind, device_eui, channel_id, started_at FROM deviations
         WHERE location_id = ${locationId} AND started_at < ${periodStart} AND (ended_at IS NULL OR ended_at >= ${periodStart})
           AND device_eui IN (SELECT jsonb_array_elements_text(${json([...new Set(cut.map((finding) => finding.eui))])}::jsonb))
         ORDER BY started_at DESC, id DESC`,
  );
  const latest = new Map<string, string>();
  for (const row of earlier) {
    const subject = subjectOf({ kind: row.kind, alarmKind: row.alarm_kind, eui: row.device_eui, channelId: row.channel_id });
    if (!latest.has(subject)) latest.set(subject, row.key);
  }
  return findings.map((finding, index) => (continuesEarlierRecord(finding, periodStart.toISOString()) ? (latest.get(subjectOf(finding)) ?? keys[index]) : keys[index]));
}

/** A record's id and its latest action, by key. */
export interface TMaterialised {
  id: number;
  latest: TDeviationAction | null;
}

const materialisedRow = rowShape({
  key: column.as<string>(),
  id: column.number,
  action_id: column.nullable(column.number),
  cause: column.as<string | null>(),
  action: column.as<string | null>(),
  acted_at: column.nullable(column.iso),
  user_email: column.as<string | null>(),
  created_at: column.nullable(column.iso),
  alarm_id: column.nullable(column.number),
});

/**
 * Writes a location's findings as deviations (its statements take their turns like the report's: db/turns.ts) (one upsert per 500; a row changes only when something
 * about it did: a known end, a later end, an alarm found, an earlier start) and answers each finding's
 * record with its latest action, in the findings' order. Safe to repeat: the same findings write nothing.
 */
export async function materialiseDeviations(db: TDbOrTx, locationId: number, periodStart: Date, findings: readonly TFoundDeviation[]): Promise<TMaterialised[]> {
  if (findings.length === 0) return [];
  const keys = await keysOf(db, locationId, periodStart, findings);
  const rows = findings.map((finding, index) => ({
    key: keys[index],
    kind: finding.kind,
    alarm_kind: finding.alarmKind,
    device_eui: finding.eui,
    node_name: finding.nodeName,
    channel_id: finding.channelId,
    started_at: finding.from,
    ended_at: finding.to,
    alarm_id: finding.alarmId,
  }));
  // One row per key: a finding that continues a record and the record's own start would be two.
  const unique = [...new Map(rows.map((row) => [row.key, row])).values()];
  for (let index = 0; index < unique.length; index += CHUNK) {
    await inTurn(db, () => db.execute(sql`
      INSERT INTO deviations AS d (key, location_id, kind, alarm_kind, device_eui, node_name, channel_id, started_at, ended_at, alarm_id)
      SELECT f.key, ${locationId}, f.kind, f.alarm_kind, f.device_eui, f.node_name, f.channel_id, f.started_at, f.ended_at, f.alarm_id
        FROM jsonb_to_recordset(${json(unique.slice(index, index + CHUNK))}::jsonb)
          AS f(key text, kind text, alarm_kind text, device_eui text, node_name text, channel_id text, started_at timestamptz, ended_at timestamptz, alarm_id bigint)
      ON CONFLICT (key) DO UPDATE SET
        started_at = LEAST(d.started_at, EXCLUDED.started_at),
        ended_at = CASE WHEN EXCLUDED.ended_at IS NULL THEN d.ended_at WHEN d.ended_at IS NULL THEN EXCLUDED.ended_at ELSE GREATEST(d.ended_at, EXCLUDED.ended_at) END,
        alarm_id = COALESCE(EXCLUDED.alarm_id, d.alarm_id),
        node_name = EXCLUDED.node_name,
        updated_at = now()
      WHERE EXCLUDED.started_at < d.started_at
         OR (EXCLUDED.ended_at IS NOT NULL AND (d.ended_at IS NULL OR EXCLUDED.ended_at > d.ended_at))
         OR (EXCLUDED.alarm_id IS NOT NULL AND d.alarm_id IS DISTINCT FROM EXCLUDED.alarm_id)
         OR d.node_name <> EXCLUDED.node_name`));
  }
  const found = new Map<string, TMaterialised>();
  for (let index = 0; index < unique.length; index += CHUNK) {
    const read = await materialisedRow.readInTurn(
      db,
      sql`SELECT d.key, d.id, x.id AS action_id, x.cause, x.action, x.acted_at, x.user_email, x.created_at, x.alarm_id
            FROM deviations d
            LEFT JOIN LATERAL (SELECT * FROM deviation_actions x WHERE x.deviation_id = d.id ORDER BY x.created_at DESC, x.id DESC LIMIT 1) x ON true
           WHERE d.key IN (SELECT jsonb_array_elements_text(${json(unique.slice(index, index + CHUNK).map((row) => row.key))}::jsonb))`,
    );
    for (const row of read) {
      const latest =
        row.action_id === null
          ? null
          : { id: row.action_id, cause: row.cause ?? '', action: row.action ?? '', actedAt: row.acted_at ?? '', by: row.user_email ?? '', recordedAt: row.created_at ?? '', alarmId: row.alarm_id };
      found.set(row.key, { id: row.id, latest });
    }
  }
  return keys.map((key) => found.get(key) as TMaterialised);
}

/** A deviation as stored, with its place's names and its alarm's resolution. */
export interface TDeviationRecord {
  id: number;
  kind: string;
  alarmKind: string | null;
  locationId: number;
  customerId: number;
  customer: string;
  location: string;
  eui: string;
  nodeName: string;
  channelId: string | null;
  from: string;
  to: string | null;
  alarmId: number | null;
  alarm: TAlarmResolution | null;
  state: TDeviationState;
}

const recordRow = rowShape({
  id: column.number,
  kind: column.as<string>(),
  alarm_kind: column.as<string | null>(),
  location_id: column.number,
  customer_id: column.number,
  customer: column.as<string>(),
  location: column.as<string>(),
  device_eui: column.as<string>(),
  node_name: column.as<string>(),
  channel_id: column.as<string | null>(),
  started_at: column.iso,
  ended_at: column.nullable(column.iso),
  alarm_id: column.nullable(column.number),
  resolved_at: column.nullable(column.iso),
  resolved_by: column.as<string | null>(),
  resolution: column.as<string | null>(),
  handled: column.as<boolean>(),
  total: column.number,
});
const toRecord = (row: ReturnType<typeof recordRow.decode>): TDeviationRecord => ({
  id: row.id,
  kind: row.kind,
  alarmKind: row.alarm_kind,
  locationId: row.location_id,
  customerId: row.customer_id,
  customer: row.customer,
  location: row.location,
  eui: row.device_eui,
  nodeName: row.node_name,
  channelId: row.channel_id,
  from: row.started_at,
  to: row.ended_at,
  alarmId: row.alarm_id,
  alarm: row.alarm_id === null ? null : { alarmId: row.alarm_id, resolvedAt: row.resolved_at, resolvedBy: row.resolved_by, note: row.resolution },
  state: row.handled ? 'handled' : 'open',
});

/** The deviations with their place, their alarm's resolution and whether they are handled; `where` on d (deviations) and l (locations). */
const recordsQuery = (where: SQL) => sql`
  WITH q AS (
    SELECT d.id, d.kind, d.alarm_kind, d.location_id, l.customer_id, c.name AS customer, l.name AS location, d.device_eui, d.node_name,
           d.channel_id, d.started_at, d.ended_at, d.alarm_id, a.resolved_at, a.resolution,
           (SELECT e.user_email FROM alarm_events e WHERE e.alarm_id = a.id AND e.action = 'resolved' ORDER BY e.at DESC, e.id DESC LIMIT 1) AS resolved_by,
           (EXISTS (SELECT 1 FROM deviation_actions x WHERE x.deviation_id = d.id) OR a.resolved_at IS NOT NULL) AS handled
      FROM deviations d
      JOIN locations l ON l.id = d.location_id
      JOIN customers c ON c.id = l.customer_id
      LEFT JOIN alarms a ON a.id = d.alarm_id
     WHERE ${where}
  )`;

/**
 * One page of deviations at the given locations (a location's, or a customer's: its locations of now),
 * open ones first, then the newest; with the filters of the query.
 */
export async function listDeviationRecords(db: TDbOrTx, locationIds: readonly number[], query: TDeviationListQuery): Promise<{ rows: TDeviationRecord[]; total: number }> {
  if (locationIds.length === 0) return { rows: [], total: 0 };
  const conditions: SQL[] = [sql`d.location_id IN (SELECT jsonb_array_elements_text(${json(locationIds.map(String))}::jsonb)::int)`];
  if (query.kind) conditions.push(sql`d.kind = ${query.kind}`);
  // The period in each location's own time zone: deviations that overlap its local dates.
  if (query.from) conditions.push(sql`(d.ended_at IS NULL OR d.ended_at >= (${query.from}::date)::timestamp AT TIME ZONE l.time_zone)`);
  if (query.to) conditions.push(sql`d.started_at < (${query.to}::date + 1)::timestamp AT TIME ZONE l.time_zone`);
  const limit = query.limit ?? DEVIATION_LIST_DEFAULT_LIMIT;
  const offset = ((query.page ?? 1) - 1) * limit;
  const state = query.state === 'open' ? sql`WHERE NOT handled` : query.state === 'handled' ? sql`WHERE handled` : sql``;
  const rows = await recordRow.read(
    db,
    sql`${recordsQuery(sql.join(conditions, sql` AND `))}
        SELECT *, count(*) OVER () AS total FROM q ${state}
         ORDER BY handled, started_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  return { rows: rows.map(toRecord), total: rows[0]?.total ?? (offset > 0 ? await countRecords(db, conditions, state) : 0) };
}

const countRow = rowShape({ n: column.number });
async function countRecords(db: TDbOrTx, conditions: SQL[], state: SQL): Promise<number> {
  const [row] = await countRow.read(db, sql`${recordsQuery(sql.join(conditions, sql` AND `))} SELECT count(*) AS n FROM q ${state}`);
  return row?.n ?? 0;
}

/** One deviation by id (whoever may see it is the caller's business), with its place and state; null when there is none. */
export async function findDeviationRecord(db: TDbOrTx, id: number, lock = false): Promise<TDeviationRecord | null> {
  if (lock) await db.execute(sql`SELECT id FROM deviations WHERE id = ${id} FOR UPDATE`);
  const [row] = await recordRow.read(db, sql`${recordsQuery(sql`d.id = ${id}`)} SELECT *, 1 AS total FROM q`);
  return row ? toRecord(row) : null;
}

/** The actions of the deviations, oldest first, by deviation id. */
export async function actionsOf(db: TDbOrTx, ids: readonly number[]): Promise<Map<number, TDeviationAction[]>> {
  const byDeviation = new Map<number, TDeviationAction[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byDeviation;
  const rows = await actionRow.read(
    db,
    sql`SELECT id, deviation_id, cause, action, acted_at, user_email, created_at, alarm_id FROM deviation_actions
         WHERE deviation_id IN (SELECT jsonb_array_elements_text(${json(ids.map(String))}::jsonb)::bigint) ORDER BY created_at, id`,
  );
  for (const row of rows) byDeviation.get(row.deviation_id)?.push(toAction(row));
  return byDeviation;
}

/** Records an action (insert-only). */
export async function insertAction(
  db: TDbOrTx,
  action: { deviationId: number; cause: string; action: string; actedAt: Date; alarmId: number | null; userId: number; userEmail: string; now: Date },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO deviation_actions (deviation_id, cause, action, acted_at, alarm_id, user_id, user_email, created_at)
    VALUES (${action.deviationId}, ${action.cause}, ${action.action}, ${action.actedAt}, ${action.alarmId}, ${action.userId}, ${action.userEmail}, ${action.now})`);
}

const alarmPlaceRow = rowShape({ location_id: column.nullable(column.number) });
/** The location an alarm belongs to (its place when it opened); undefined when there is no such alarm. */
export async function alarmLocation(db: TDbOrTx, alarmId: number): Promise<number | null | undefined> {
  const [row] = await alarmPlaceRow.read(db, sql`SELECT location_id FROM alarms WHERE id = ${alarmId}`);
  return row ? row.location_id : undefined;
}
