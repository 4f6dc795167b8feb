import { sql } from 'drizzle-orm';
import { queryRows, type TDbOrTx } from '../../db/database';

/** An alarm as its row stands, for the alarm tests. */
export interface TAlarmRow {
  id: number;
  kind: string;
  channel_id: string;
  customer_id: number | null;
  location_id: number | null;
  opened_at: string | Date;
  closed_at: string | Date | null;
  state: string;
  details: Record<string, unknown>;
}

/** A node's alarms (of one kind when named), oldest first. */
export async function alarmRows(db: TDbOrTx, eui: string, kind?: string): Promise<TAlarmRow[]> {
  const rows = await queryRows<Omit<TAlarmRow, 'details'> & { details: TAlarmRow['details'] | string }>(
    db,
    sql`SELECT id, kind, channel_id, customer_id, location_id, opened_at, closed_at, state, details FROM alarms
      WHERE device_eui = ${eui} ${kind ? sql`AND kind = ${kind}` : sql``} ORDER BY id`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), details: typeof row.details === 'string' ? JSON.parse(row.details) : row.details }));
}
