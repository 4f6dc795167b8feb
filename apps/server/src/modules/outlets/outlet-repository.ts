import { sql, type SQL } from 'drizzle-orm';
import type { TCheckKind, TCheckOverride, TCheckPeriodUnit, TOutletKind, TOutletWater, TSentinelKind } from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import { PLACE_COLUMNS, PLACE_SELECT, toSamplingPlace, type TSamplingPlace } from '../sampling/sample-point-repository';

/**
 * The rows of a location's outlet register and its check plan overrides (docs/outlets.md):
 * set-based writes (a CSV of 2,000 outlets is one insert), the outlets with whether their node
 * flushes them.
 */

const json = (value: unknown) => JSON.stringify(value);

/** A sampling place with whether the location is healthcare premises (UK asks more there). */
export interface TOutletPlace extends TSamplingPlace {
  healthcare: boolean;
}

const placeRow = rowShape({ ...PLACE_COLUMNS, healthcare: column.as<boolean>() });

export async function outletPlace(db: TDbOrTx, locationId: number): Promise<TOutletPlace | null> {
  const [row] = await placeRow.read(db, sql`SELECT ${PLACE_SELECT}, l.healthcare FROM locations l JOIN customers c ON c.id = l.customer_id WHERE l.id = ${locationId}`);
  return row ? { ...toSamplingPlace(row), healthcare: row.healthcare } : null;
}

export interface TNewOutlet {
  name: string;
  room: string | null;
  floor: string | null;
  kind: TOutletKind;
  water: TOutletWater;
  sentinel: TSentinelKind;
  littleUsed: boolean;
  eui: string | null;
  channelId: string | null;
  samplePointId: number | null;
}

/** An outlet as stored, with whether its linked node flushes (has a flushing device). */
export interface TOutletRecord extends TNewOutlet {
  id: number;
  locationId: number;
  flushedByNode: boolean;
  createdAt: string;
}

const outletRow = rowShape({
  id: column.number,
  location_id: column.number,
  name: column.as<string>(),
  room: column.as<string | null>(),
  floor: column.as<string | null>(),
  kind: column.as<TOutletKind>(),
  water: column.as<TOutletWater>(),
  sentinel: column.as<TSentinelKind>(),
  little_used: column.as<boolean>(),
  device_eui: column.as<string | null>(),
  channel_id: column.as<string | null>(),
  sample_point_id: column.nullable(column.number),
  flushed_by_node: column.as<boolean>(),
  created_at: column.iso,
});

// A node flushes the outlet when it carries a flushing device (docs/nodes.md, flushDevice) and the outlet is linked to one of its channels.
const outletsQuery = (where: SQL) => sql`
  SELECT o.id, o.location_id, o.name, o.room, o.floor, o.kind, o.water, o.sentinel, o.little_used, o.device_eui, o.channel_id,
         o.sample_point_id, (o.channel_id IS NOT NULL AND d.flush_device_id IS NOT NULL) AS flushed_by_node, o.created_at
    FROM outlets o
    LEFT JOIN devices d ON d.eui = o.device_eui
   WHERE ${where}
   ORDER BY o.name, o.id`;

function toOutlet(row: ReturnType<typeof outletRow.decode>): TOutletRecord {
  return {
    id: row.id,
    locationId: row.location_id,
    name: row.name,
    room: row.room,
    floor: row.floor,
    kind: row.kind,
    water: row.water,
    sentinel: row.sentinel,
    littleUsed: row.little_used,
    eui: row.device_eui,
    channelId: row.channel_id,
    samplePointId: row.sample_point_id,
    flushedByNode: row.flushed_by_node === true,
    createdAt: row.created_at,
  };
}

export async function listOutlets(db: TDbOrTx, locationId: number): Promise<TOutletRecord[]> {
  return outletsWhere(db, sql`o.location_id = ${locationId}`);
}

/** The outlets a condition on `o` (outlets) names. */
export async function outletsWhere(db: TDbOrTx, where: SQL): Promise<TOutletRecord[]> {
  return (await outletRow.read(db, outletsQuery(where))).map(toOutlet);
}

export async function findOutlet(db: TDbOrTx, id: number, lock = false): Promise<TOutletRecord | null> {
  if (lock) await db.execute(sql`SELECT id FROM outlets WHERE id = ${id} FOR UPDATE`);
  const [row] = await outletRow.read(db, outletsQuery(sql`o.id = ${id}`));
  return row ? toOutlet(row) : null;
}

const idRow = rowShape({ id: column.number });

/** Inserts a location's new outlets in one statement; answers their ids in order. */
export async function insertOutlets(db: TDbOrTx, locationId: number, outlets: readonly TNewOutlet[]): Promise<number[]> {
  if (outlets.length === 0) return [];
  const rows = await idRow.read(
    db,
    sql`INSERT INTO outlets (location_id, name, room, floor, kind, water, sentinel, little_used, device_eui, channel_id, sample_point_id)
        SELECT ${locationId}, o.name, o.room, o.floor, o.kind, o.water, o.sentinel, o.little_used, o.eui, o.channel_id, o.sample_point_id
          FROM jsonb_to_recordset(${json(
            outlets.map((outlet, n) => ({
              name: outlet.name,
              room: outlet.room,
              floor: outlet.floor,
              kind: outlet.kind,
              water: outlet.water,
              sentinel: outlet.sentinel,
              little_used: outlet.littleUsed,
              eui: outlet.eui,
              channel_id: outlet.channelId,
              sample_point_id: outlet.samplePointId,
              n,
            })),
          )}::jsonb)
            AS o(name text, room text, floor text, kind text, water text, sentinel text, little_used boolean, eui text, channel_id text, sample_point_id bigint, n int)
         ORDER BY o.n
        RETURNING id`,
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export async function updateOutlet(db: TDbOrTx, id: number, outlet: TNewOutlet): Promise<void> {
  await db.execute(sql`UPDATE outlets SET name = ${outlet.name}, room = ${outlet.room}, floor = ${outlet.floor}, kind = ${outlet.kind}, water = ${outlet.water},
    sentinel = ${outlet.sentinel}, little_used = ${outlet.littleUsed}, device_eui = ${outlet.eui}, channel_id = ${outlet.channelId},
    sample_point_id = ${outlet.samplePointId}, updated_at = now() WHERE id = ${id}`);
}

export async function deleteOutlet(db: TDbOrTx, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM outlets WHERE id = ${id}`);
}

const nameRow = rowShape({ name: column.as<string>() });

/** The names of a location's outlets that are taken (of those asked; `except` an outlet being renamed). */
export async function takenOutletNames(db: TDbOrTx, locationId: number, names: readonly string[], except?: number): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await nameRow.read(
    db,
    sql`SELECT name FROM outlets WHERE location_id = ${locationId} AND id <> ${except ?? 0}
          AND name IN (SELECT jsonb_array_elements_text(${json(names)}::jsonb))`,
  );
  return new Set(rows.map((row) => row.name));
}

const pointRow = rowShape({ id: column.number, name: column.as<string>(), outlet_id: column.nullable(column.number) });

/** A location's sample points by id and by name, with the outlet each is linked to (if any). */
export async function locationSamplePoints(db: TDbOrTx, locationId: number): Promise<{ id: number; name: string; outletId: number | null }[]> {
  const rows = await pointRow.read(
    db,
    sql`SELECT p.id, p.name, o.id AS outlet_id FROM sample_points p LEFT JOIN outlets o ON o.sample_point_id = p.id WHERE p.location_id = ${locationId}`,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, outletId: row.outlet_id }));
}

const linkRow = rowShape({ eui: column.as<string>(), location_id: column.as<number | null>(), channel_id: column.as<string | null>() });

/** The nodes of the given EUIs with their location and channels (one statement for a whole file). */
export async function nodeChannels(db: TDbOrTx, euis: readonly string[]): Promise<Map<string, { locationId: number | null; channels: Set<string> }>> {
  const nodes = new Map<string, { locationId: number | null; channels: Set<string> }>();
  if (euis.length === 0) return nodes;
  const rows = await linkRow.read(
    db,
    sql`SELECT d.eui, d.location_id, c.channel_id FROM devices d LEFT JOIN device_channels c ON c.device_eui = d.eui
         WHERE d.eui IN (SELECT jsonb_array_elements_text(${json([...new Set(euis)])}::jsonb))`,
  );
  for (const row of rows) {
    const node = nodes.get(row.eui) ?? { locationId: row.location_id, channels: new Set<string>() };
    if (row.channel_id) node.channels.add(row.channel_id);
    nodes.set(row.eui, node);
  }
  return nodes;
}

// ---- the check plans' overrides ----

const overrideRow = rowShape({
  location_id: column.number,
  check_kind: column.as<TCheckKind>(),
  off: column.as<boolean>(),
  period_unit: column.as<TCheckPeriodUnit | null>(),
  period_count: column.as<number | null>(),
});

export async function readOverrides(db: TDbOrTx, locationId: number): Promise<TCheckOverride[]> {
  return (await readOverridesOf(db, [locationId])).get(locationId) ?? [];
}

/** The overrides of some locations, or of all (null), per location. */
export async function readOverridesOf(db: TDbOrTx, locationIds: readonly number[] | null): Promise<Map<number, TCheckOverride[]>> {
  const rows = await overrideRow.read(
    db,
    sql`SELECT location_id, check_kind, off, period_unit, period_count FROM outlet_check_overrides
         WHERE ${locationIds === null ? sql`true` : sql`location_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(locationIds.map(String))}::jsonb)::int)`}
         ORDER BY location_id, check_kind`,
  );
  const byLocation = new Map<number, TCheckOverride[]>();
  for (const row of rows) {
    const list = byLocation.get(row.location_id) ?? [];
    list.push({ check: row.check_kind, off: row.off, period: row.period_unit !== null && row.period_count !== null ? { unit: row.period_unit, count: row.period_count } : null });
    byLocation.set(row.location_id, list);
  }
  return byLocation;
}

/** Writes the overrides named; one that is neither off nor has a period is the rulebook's plan again (its row goes). */
export async function writeOverrides(db: TDbOrTx, locationId: number, overrides: readonly TCheckOverride[]): Promise<void> {
  for (const override of overrides) {
    if (!override.off && override.period === null) {
      await db.execute(sql`DELETE FROM outlet_check_overrides WHERE location_id = ${locationId} AND check_kind = ${override.check}`);
      continue;
    }
    await db.execute(sql`INSERT INTO outlet_check_overrides (location_id, check_kind, off, period_unit, period_count)
      VALUES (${locationId}, ${override.check}, ${override.off}, ${override.period?.unit ?? null}, ${override.period?.count ?? null})
      ON CONFLICT (location_id, check_kind) DO UPDATE SET off = EXCLUDED.off, period_unit = EXCLUDED.period_unit,
        period_count = EXCLUDED.period_count, updated_at = now()`);
  }
}
