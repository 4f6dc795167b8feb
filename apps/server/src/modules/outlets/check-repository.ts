import { sql, type SQL } from 'drizzle-orm';
import { FAULTY_READING_AT_OR_BELOW, PROFILES, type TChannelDrift, type TCheckKind, type TCheckOutcome, type TReadingVerdict, type TRulebookId, type TTemperatureLimit } from '@aquasmart/domain';
import { queryRows, type TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';

/**
 * The rows of checks recorded at outlets (docs/outlets.md, "Checks"): insert-only through the API,
 * the latest done check per outlet and kind for the due dates (one statement for a location).
 */

/** What a check records, written and read alike. */
interface TCheckFacts {
  locationId: number;
  outletId: number;
  check: TCheckKind;
  outcome: TCheckOutcome;
  reason: string | null;
  celsius: number | null;
  ranSeconds: number | null;
  allowedSeconds: number | null;
  rulebook: TRulebookId;
  limit: TTemperatureLimit | null;
  verdict: TReadingVerdict | null;
  node: { eui: string; channelId: string; celsius: number; at: string } | null;
  drift: boolean | null;
  note: string | null;
}

export interface TCheckRow extends TCheckFacts {
  id: number;
  outletName: string;
  alarmId: number | null;
  doneAt: string;
  recordedAt: string;
  recordedBy: string;
  /** The photo taken with it (its type and size), or null. */
  photo: { type: string; size: number } | null;
}

const checkRow = rowShape({
  id: column.number,
  location_id: column.number,
  outlet_id: column.number,
  outlet_name: column.as<string>(),
  check_kind: column.as<TCheckKind>(),
  outcome: column.as<TCheckOutcome>(),
  reason: column.as<string | null>(),
  celsius: column.nullable(column.number),
  ran_seconds: column.nullable(column.number),
  allowed_seconds: column.nullable(column.number),
  rulebook: column.as<TRulebookId>(),
  limit_kind: column.as<TTemperatureLimit['kind'] | null>(),
  limit_celsius: column.nullable(column.number),
  verdict: column.as<TReadingVerdict | null>(),
  alarm_id: column.nullable(column.number),
  node_eui: column.as<string | null>(),
  node_channel: column.as<string | null>(),
  node_celsius: column.nullable(column.number),
  node_at: column.nullable(column.iso),
  drift: column.as<boolean | null>(),
  note: column.as<string | null>(),
  done_at: column.iso,
  recorded_at: column.iso,
  user_email: column.as<string>(),
  photo_type: column.as<string | null>(),
  photo_size: column.nullable(column.number),
  total: column.number,
});

const checksQuery = (where: SQL, tail: SQL = sql``) => sql`
  SELECT k.id, k.location_id, k.outlet_id, o.name AS outlet_name, k.check_kind, k.outcome, k.reason, k.celsius, k.ran_seconds, k.allowed_seconds,
         k.rulebook, k.limit_kind, k.limit_celsius, k.verdict, k.alarm_id, k.node_eui, k.node_channel, k.node_celsius, k.node_at, k.drift, k.note, k.done_at, k.recorded_at, k.user_email,
         p.type AS photo_type, p.size AS photo_size, count(*) OVER () AS total
    FROM outlet_checks k JOIN outlets o ON o.id = k.outlet_id LEFT JOIN outlet_check_photos p ON p.check_id = k.id
   WHERE ${where}
   ORDER BY k.done_at DESC, k.id DESC ${tail}`;

function toCheck(row: ReturnType<typeof checkRow.decode>): TCheckRow {
  return {
    id: row.id,
    locationId: row.location_id,
    outletId: row.outlet_id,
    outletName: row.outlet_name,
    check: row.check_kind,
    outcome: row.outcome,
    reason: row.reason,
    celsius: row.celsius,
    ranSeconds: row.ran_seconds,
    allowedSeconds: row.allowed_seconds,
    rulebook: row.rulebook,
    limit: row.limit_kind !== null && row.limit_celsius !== null ? { kind: row.limit_kind, celsius: row.limit_celsius } : null,
    verdict: row.verdict,
    alarmId: row.alarm_id,
    node:
      row.node_eui !== null && row.node_channel !== null && row.node_celsius !== null && row.node_at !== null
        ? { eui: row.node_eui, channelId: row.node_channel, celsius: row.node_celsius, at: row.node_at }
        : null,
    drift: row.drift,
    note: row.note,
    doneAt: row.done_at,
    recordedAt: row.recorded_at,
    recordedBy: row.user_email,
    photo: row.photo_type !== null && row.photo_size !== null ? { type: row.photo_type, size: row.photo_size } : null,
  };
}

export async function findCheck(db: TDbOrTx, id: number): Promise<TCheckRow | null> {
  const [row] = await checkRow.read(db, checksQuery(sql`k.id = ${id}`));
  return row ? toCheck(row) : null;
}

/** The check a device's entry made at the location (the entry sent again). */
export async function checkOfEntry(db: TDbOrTx, locationId: number, entryId: string): Promise<TCheckRow | null> {
  const [row] = await checkRow.read(db, checksQuery(sql`k.location_id = ${locationId} AND k.entry_id = ${entryId}`));
  return row ? toCheck(row) : null;
}

/** A page of a location's checks, newest first, and how many there are. */
export async function listChecks(db: TDbOrTx, locationId: number, query: { outletId?: number; page?: number; limit?: number }): Promise<{ rows: TCheckRow[]; total: number }> {
  const limit = query.limit ?? 100;
  const offset = ((query.page ?? 1) - 1) * limit;
  const where = query.outletId === undefined ? sql`k.location_id = ${locationId}` : sql`k.location_id = ${locationId} AND k.outlet_id = ${query.outletId}`;
  const rows = await checkRow.read(db, checksQuery(where, sql`LIMIT ${limit} OFFSET ${offset}`));
  const total = rows[0]?.total ?? (offset > 0 ? ((await countRow.read(db, sql`SELECT count(*) AS n FROM outlet_checks k WHERE ${where}`))[0]?.n ?? 0) : 0);
  return { rows: rows.map(toCheck), total };
}

const countRow = rowShape({ n: column.number });

export async function checkCountOf(db: TDbOrTx, outletId: number): Promise<number> {
  const [row] = await countRow.read(db, sql`SELECT count(*) AS n FROM outlet_checks WHERE outlet_id = ${outletId}`);
  return row?.n ?? 0;
}

export interface TNewCheck extends TCheckFacts {
  doneAt: Date;
  entryId: string | null;
  userId: number;
  userEmail: string;
}

const idRow = rowShape({ id: column.number });

/** Inserts a check; null when the entry was stored before (its entry id at the location), nothing written then. */
export async function insertCheck(db: TDbOrTx, check: TNewCheck): Promise<number | null> {
  const [row] = await idRow.read(
    db,
    sql`INSERT INTO outlet_checks (location_id, outlet_id, check_kind, outcome, reason, celsius, ran_seconds, allowed_seconds, rulebook, limit_kind, limit_celsius,
          verdict, node_eui, node_channel, node_celsius, node_at, drift, note, done_at, entry_id, user_id, user_email)
        VALUES (${check.locationId}, ${check.outletId}, ${check.check}, ${check.outcome}, ${check.reason}, ${check.celsius}, ${check.ranSeconds}, ${check.allowedSeconds},
          ${check.rulebook}, ${check.limit?.kind ?? null}, ${check.limit?.celsius ?? null}, ${check.verdict},
          ${check.node?.eui ?? null}, ${check.node?.channelId ?? null}, ${check.node?.celsius ?? null}, ${check.node?.at ?? null}, ${check.drift}, ${check.note}, ${check.doneAt.toISOString()},
          ${check.entryId}, ${check.userId}, ${check.userEmail})
        ON CONFLICT (location_id, entry_id) WHERE entry_id IS NOT NULL DO NOTHING
        RETURNING id`,
  );
  return row?.id ?? null;
}

export async function setCheckAlarm(db: TDbOrTx, id: number, alarmId: number): Promise<void> {
  await db.execute(sql`UPDATE outlet_checks SET alarm_id = ${alarmId} WHERE id = ${id}`);
}

const lastDoneRow = rowShape({ outlet_id: column.number, check_kind: column.as<TCheckKind>(), done_at: column.iso });

/** The latest done check per outlet and kind at a location: `outletId:check` -> its instant. */
export async function lastDoneChecks(db: TDbOrTx, locationId: number): Promise<Map<string, string>> {
  return lastDoneChecksOf(db, [locationId]);
}

/** The same for some locations, or for all (null): from `outlet_check_last`, which a trigger keeps on every insert (migration 0037). */
export async function lastDoneChecksOf(db: TDbOrTx, locationIds: readonly number[] | null): Promise<Map<string, string>> {
  const rows = await lastDoneRow.read(
    db,
    sql`SELECT outlet_id, check_kind, done_at FROM outlet_check_last
         WHERE ${locationIds === null ? sql`true` : sql`location_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(locationIds.map(String))}::jsonb)::int)`}`,
  );
  return new Map(rows.map((row) => [`${row.outlet_id}:${row.check_kind}`, row.done_at]));
}

const nodeReadingRow = rowShape({ at: column.iso, t: column.number });

/** How far from a manual reading the node's reading may be to be paired with it: one log interval. */
export const PAIR_WITHIN_MS = 15 * 60_000;

/**
 * The node's temperature reading on a channel nearest to `at`, within 15 minutes either side (a
 * temperature message of any node type, a faulty reading left out), as the node showed it: the
 * history keeps the value with the offset of its time applied (telemetry/process-events.ts), so
 * nothing is added here. Null when there is none.
 */
export async function nodeReadingNear(db: TDbOrTx, eui: string, channelId: string, at: Date): Promise<{ celsius: number; at: string } | null> {
  const temperatureIds = [...new Set(Object.values(PROFILES).map((profile) => profile.messageIds.temperature))];
  const [row] = await nodeReadingRow.read(
    db,
    sql`SELECT d.ts AS at, (d.value->>${channelId})::float8 AS t
         FROM device_data d
         WHERE d.device_eui = ${eui} AND d.ts >= ${new Date(at.getTime() - PAIR_WITHIN_MS)} AND d.ts <= ${new Date(at.getTime() + PAIR_WITHIN_MS)}
           AND d.msg_id IN (${sql.raw(temperatureIds.join(', '))}) AND jsonb_typeof(d.value->${channelId}) = 'number'
           AND (d.value->>${channelId})::float8 > ${FAULTY_READING_AT_OR_BELOW}
         ORDER BY abs(extract(epoch FROM d.ts - ${at}::timestamptz)), d.ts LIMIT 1`,
  );
  return row ? { celsius: row.t, at: row.at } : null;
}

/**
 * Possible sensor drift found by a check by hand (docs/calibration.md, "Drift"), kept on the node's
 * channel, where the channel's next calibration clears it (calibration-service.ts). Not kept when
 * the channel was calibrated after the check (the check says nothing about the sensor since) or a
 * newer check's drift is there. Answers whether it was kept.
 */
export async function markChannelDrift(db: TDbOrTx, eui: string, channelId: string, drift: TChannelDrift): Promise<boolean> {
  const rows = await queryRows<{ eui: string }>(
    db,
    sql`UPDATE device_channels SET drift = ${JSON.stringify(drift)}::jsonb
         WHERE device_eui = ${eui} AND channel_id = ${channelId}
           AND (calibrated_at IS NULL OR calibrated_at < ${drift.at}::timestamptz)
           AND (drift IS NULL OR (drift ->> 'at')::timestamptz <= ${drift.at}::timestamptz)
        RETURNING device_eui AS eui`,
  );
  return rows.length > 0;
}
