import { sql, type SQL } from 'drizzle-orm';
import type { TDeUse, TRulebookId, TSamplePointRole, TSampleVerdict } from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { column, rowShape, type TRowOf } from '../../db/rows';

/**
 * The rows of sample points and a location's sampling plan (docs/sampling.md): set-based writes
 * (a CSV of points is one insert), the points with their latest result for the plan's due dates.
 */

const json = (value: unknown) => JSON.stringify(value);

/** What a location's sampling needs to know of its place: names, rulebook inputs, time zone. */
export interface TSamplingPlace {
  locationId: number;
  customerId: number;
  customer: string;
  location: string;
  locationRulebook: TRulebookId | null;
  customerRulebook: TRulebookId | null;
  country: string | null;
  timeZone: string;
}

/** The columns of a sampling place as `PLACE_SELECT` names them: read by `samplingPlace` and the due look (sampling-due.ts). */
export const PLACE_COLUMNS = {
  location_id: column.number,
  customer_id: column.number,
  customer: column.as<string>(),
  location: column.as<string>(),
  location_rulebook: column.as<TRulebookId | null>(),
  customer_rulebook: column.as<TRulebookId | null>(),
  country: column.as<string | null>(),
  time_zone: column.as<string>(),
};
/** The select list of PLACE_COLUMNS over `locations l JOIN customers c`. */
export const PLACE_SELECT = sql`l.id AS location_id, c.id AS customer_id, c.name AS customer, l.name AS location, l.rulebook AS location_rulebook,
  c.rulebook AS customer_rulebook, c.country, l.time_zone`;
const placeRow = rowShape(PLACE_COLUMNS);

export function toSamplingPlace(row: TRowOf<typeof placeRow>): TSamplingPlace {
  return {
    locationId: row.location_id,
    customerId: row.customer_id,
    customer: row.customer,
    location: row.location,
    locationRulebook: row.location_rulebook,
    customerRulebook: row.customer_rulebook,
    country: row.country,
    timeZone: row.time_zone,
  };
}

/** The place of a location (null when there is none). */
export async function samplingPlace(db: TDbOrTx, locationId: number): Promise<TSamplingPlace | null> {
  const [row] = await placeRow.read(db, sql`SELECT ${PLACE_SELECT} FROM locations l JOIN customers c ON c.id = l.customer_id WHERE l.id = ${locationId}`);
  return row ? toSamplingPlace(row) : null;
}

/** A sample point as stored, with its latest result. */
export interface TSamplePointRecord {
  id: number;
  locationId: number;
  name: string;
  role: TSamplePointRole;
  priority: boolean;
  eui: string | null;
  channelId: string | null;
  createdAt: string;
  latest: { resultId: number; sampleId: string; takenAt: string; verdict: TSampleVerdict } | null;
}

const pointRow = rowShape({
  id: column.number,
  location_id: column.number,
  name: column.as<string>(),
  role: column.as<TSamplePointRole>(),
  priority: column.as<boolean>(),
  device_eui: column.as<string | null>(),
  channel_id: column.as<string | null>(),
  created_at: column.iso,
  result_id: column.nullable(column.number),
  sample_id: column.as<string | null>(),
  taken_at: column.nullable(column.iso),
  verdict: column.as<TSampleVerdict | null>(),
});

const pointsQuery = (where: SQL) => sql`
  SELECT p.id, p.location_id, p.name, p.role, p.priority, p.device_eui, p.channel_id, p.created_at,
         r.id AS result_id, r.sample_id, r.taken_at, r.verdict
    FROM sample_points p
    LEFT JOIN LATERAL (SELECT id, sample_id, taken_at, verdict FROM sample_results r WHERE r.sample_point_id = p.id ORDER BY taken_at DESC, id DESC LIMIT 1) r ON true
   WHERE ${where}
   ORDER BY p.priority DESC, p.name, p.id`;

function toPoint(row: ReturnType<typeof pointRow.decode>): TSamplePointRecord {
  return {
    id: row.id,
    locationId: row.location_id,
    name: row.name,
    role: row.role,
    priority: row.priority,
    eui: row.device_eui,
    channelId: row.channel_id,
    createdAt: row.created_at,
    latest: row.result_id === null ? null : { resultId: row.result_id, sampleId: row.sample_id ?? '', takenAt: row.taken_at ?? '', verdict: row.verdict ?? 'compliant' },
  };
}

/** A location's points, priority points first, then by name. */
export async function listPoints(db: TDbOrTx, locationId: number): Promise<TSamplePointRecord[]> {
  return (await pointRow.read(db, pointsQuery(sql`p.location_id = ${locationId}`))).map(toPoint);
}

/** One point by id (whoever may see it is the caller's business); null when there is none. */
export async function findPoint(db: TDbOrTx, id: number, lock = false): Promise<TSamplePointRecord | null> {
  if (lock) await db.execute(sql`SELECT id FROM sample_points WHERE id = ${id} FOR UPDATE`);
  const [row] = await pointRow.read(db, pointsQuery(sql`p.id = ${id}`));
  return row ? toPoint(row) : null;
}

export interface TNewPoint {
  name: string;
  role: TSamplePointRole;
  priority: boolean;
  eui: string | null;
  channelId: string | null;
}

const idRow = rowShape({ id: column.number });

/** Inserts a location's new points in one statement; answers their ids in order. */
export async function insertPoints(db: TDbOrTx, locationId: number, points: readonly TNewPoint[]): Promise<number[]> {
  if (points.length === 0) return [];
  const rows = await idRow.read(
    db,
    sql`INSERT INTO sample_points (location_id, name, role, priority, device_eui, channel_id)
        SELECT ${locationId}, p.name, p.role, p.priority, p.eui, p.channel_id
          FROM jsonb_to_recordset(${json(points.map((point, n) => ({ name: point.name, role: point.role, priority: point.priority, eui: point.eui, channel_id: point.channelId, n })))}::jsonb)
            AS p(name text, role text, priority boolean, eui text, channel_id text, n int)
         ORDER BY p.n
        RETURNING id`,
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export async function updatePoint(db: TDbOrTx, id: number, point: TNewPoint): Promise<void> {
  await db.execute(sql`UPDATE sample_points SET name = ${point.name}, role = ${point.role}, priority = ${point.priority}, device_eui = ${point.eui},
    channel_id = ${point.channelId}, updated_at = now() WHERE id = ${id}`);
}

export async function deletePoint(db: TDbOrTx, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM sample_points WHERE id = ${id}`);
}

const countRow = rowShape({ n: column.number });
export async function resultCountOf(db: TDbOrTx, pointId: number): Promise<number> {
  const [row] = await countRow.read(db, sql`SELECT count(*) AS n FROM sample_results WHERE sample_point_id = ${pointId}`);
  return row?.n ?? 0;
}

const nameRow = rowShape({ name: column.as<string>() });

/** The names of a location's points that are taken (of those asked; `except` a point being renamed). */
export async function takenNames(db: TDbOrTx, locationId: number, names: readonly string[], except?: number): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await nameRow.read(
    db,
    sql`SELECT name FROM sample_points WHERE location_id = ${locationId} AND id <> ${except ?? 0}
          AND name IN (SELECT jsonb_array_elements_text(${json(names)}::jsonb))`,
  );
  return new Set(rows.map((row) => row.name));
}

const channelRow = rowShape({ location_id: column.as<number | null>(), has_channel: column.as<boolean>() });

/** Whether a node is at the location and has the channel: 'nodeNotHere', 'channelUnknown' or null (fine). */
export async function nodeChannelIssue(db: TDbOrTx, locationId: number, eui: string, channelId: string | null): Promise<'nodeNotHere' | 'channelUnknown' | null> {
  const [row] = await channelRow.read(
    db,
    sql`SELECT d.location_id, EXISTS (SELECT 1 FROM device_channels c WHERE c.device_eui = d.eui AND c.channel_id = ${channelId ?? ''}) AS has_channel
          FROM devices d WHERE d.eui = ${eui}`,
  );
  if (!row || row.location_id !== locationId) return 'nodeNotHere';
  return channelId !== null && !row.has_channel ? 'channelUnknown' : null;
}

// ---- the plan ----

export interface TPlanRecord {
  intervalMonths: number | null;
  deUse: TDeUse | null;
  resampleWithinDays: number | null;
  taps: number | null;
}

const planRow = rowShape({
  interval_months: column.as<number | null>(),
  de_use: column.as<TDeUse | null>(),
  resample_within_days: column.as<number | null>(),
  taps: column.as<number | null>(),
});

/** A location's own plan; null fields (or no row) take the rulebook's defaults. */
export async function readPlan(db: TDbOrTx, locationId: number): Promise<TPlanRecord> {
  const [row] = await planRow.read(db, sql`SELECT interval_months, de_use, resample_within_days, taps FROM sampling_plans WHERE location_id = ${locationId}`);
  return { intervalMonths: row?.interval_months ?? null, deUse: row?.de_use ?? null, resampleWithinDays: row?.resample_within_days ?? null, taps: row?.taps ?? null };
}

export async function writePlan(db: TDbOrTx, locationId: number, plan: TPlanRecord): Promise<void> {
  await db.execute(sql`INSERT INTO sampling_plans (location_id, interval_months, de_use, resample_within_days, taps)
    VALUES (${locationId}, ${plan.intervalMonths}, ${plan.deUse}, ${plan.resampleWithinDays}, ${plan.taps})
    ON CONFLICT (location_id) DO UPDATE SET interval_months = EXCLUDED.interval_months, de_use = EXCLUDED.de_use,
      resample_within_days = EXCLUDED.resample_within_days, taps = EXCLUDED.taps, updated_at = now()`);
}
