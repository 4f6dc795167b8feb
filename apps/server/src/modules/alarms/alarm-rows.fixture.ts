import { sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/database';
import { column, rowShape, type TRowOf } from '../../db/rows';

const alarmRow = rowShape({
  id: column.number,
  kind: column.as<string>(),
  channel_id: column.as<string>(),
  customer_id: column.as<number | null>(),
  location_id: column.as<number | null>(),
  opened_at: column.iso,
  closed_at: column.nullable(column.iso),
  state: column.as<string>(),
  details: column.json<Record<string, unknown>>(),
});

/** An alarm as its row stands, for the alarm tests. */
export type TAlarmRow = TRowOf<typeof alarmRow>;

/** A node's alarms (of one kind when named), oldest first. */
export async function alarmRows(db: TDbOrTx, eui: string, kind?: string): Promise<TAlarmRow[]> {
  return alarmRow.read(
    db,
    sql`SELECT id, kind, channel_id, customer_id, location_id, opened_at, closed_at, state, details FROM alarms
      WHERE device_eui = ${eui} ${kind ? sql`AND kind = ${kind}` : sql``} ORDER BY id`,
  );
}
