import { sql, type SQL } from 'drizzle-orm';
import type { TPlannedDisinfection, TPlannedDisinfectionListQuery } from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';

/**
 * The rows of planned thermal disinfections (docs/logbook.md, "Thermal disinfection"; migration 0032).
 * Insert-only: nothing here updates or deletes (a trigger refuses it too).
 */

const plannedRow = rowShape({
  id: column.number,
  from_at: column.iso,
  to_at: column.iso,
  note: column.as<string>(),
  user_email: column.as<string>(),
  recorded_at: column.iso,
});
const toPlanned = (row: ReturnType<typeof plannedRow.decode>): TPlannedDisinfection => ({
  id: row.id,
  from: row.from_at,
  to: row.to_at,
  note: row.note,
  recordedBy: row.user_email,
  recordedAt: row.recorded_at,
});
const COLUMNS = sql`id, from_at, to_at, note, user_email, recorded_at`;

export async function insertPlannedDisinfection(
  db: TDbOrTx,
  record: { locationId: number; from: Date; to: Date; note: string; userId: number; userEmail: string; now: Date },
): Promise<TPlannedDisinfection> {
  const [row] = await plannedRow.read(
    db,
    sql`INSERT INTO planned_disinfections (location_id, from_at, to_at, note, user_id, user_email, recorded_at)
        VALUES (${record.locationId}, ${record.from}, ${record.to}, ${record.note}, ${record.userId}, ${record.userEmail}, ${record.now})
        RETURNING ${COLUMNS}`,
  );
  return toPlanned(row);
}

/** A location's planned disinfections that overlap the local dates (the location's zone, both included), newest first. */
export async function listPlannedDisinfections(db: TDbOrTx, locationId: number, timeZone: string, query: TPlannedDisinfectionListQuery): Promise<TPlannedDisinfection[]> {
  const conditions: SQL[] = [sql`location_id = ${locationId}`];
  if (query.from) conditions.push(sql`to_at >= (${query.from}::date)::timestamp AT TIME ZONE ${timeZone}`);
  if (query.to) conditions.push(sql`from_at < (${query.to}::date + 1)::timestamp AT TIME ZONE ${timeZone}`);
  const rows = await plannedRow.read(db, sql`SELECT ${COLUMNS} FROM planned_disinfections WHERE ${sql.join(conditions, sql` AND `)} ORDER BY from_at DESC, id DESC`);
  return rows.map(toPlanned);
}

/**
 * The planned disinfections a report of a location takes: those that start in [start, end), so each
 * is in one period's report (one that runs past midnight on the last day is checked to its end), in
 * time order. Read in the report's turns.
 */
export async function plannedDisinfectionsIn(db: TDbOrTx, locationId: number, start: Date, end: Date): Promise<TPlannedDisinfection[]> {
  const rows = await plannedRow.readInTurn(
    db,
    sql`SELECT ${COLUMNS} FROM planned_disinfections WHERE location_id = ${locationId} AND from_at >= ${start} AND from_at < ${end} ORDER BY from_at, id`,
  );
  return rows.map(toPlanned);
}
