import { sql } from 'drizzle-orm';
import { opensAgainAtNewPlace, placeChangeCloseReason, type TAlarmKind, type TAlarmPlace } from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import { closeAlarms, openSubjects } from '../alarm-store/alarm-store';
import { nodeSubject } from '../alarm-store/alarm-subject';

/*
 * The alarms of a node that moves or is removed: which close and which open again is this
 * module's rule (the node's place); the rows and their steps are the alarm store's, set-based, in
 * the move's transaction.
 */

const activeAlarm = rowShape({ id: column.number, kind: column.as<TAlarmKind>(), customer_id: column.as<number | null>(), location_id: column.as<number | null>() });

/**
 * A node changed place (docs/alarms.md, "A node that moves or is removed"), in the transaction of
 * the move or removal: each active alarm of the node opened under another place closes at `at`
 * with a 'closed' step whose details carry the reason ('nodeMoved' / 'nodeRemoved',
 * placeChangeCloseReason). Of those, the node's own conditions (opensAgainAtNewPlace) open again at
 * once under the new place, with an 'opened' step { reason: 'nodeMoved' } and the old alarm's
 * details; the others wait for their next judgement there, and the channels' temperature
 * stretches start again (they were measured at the old place). A battery swapped in the same
 * request ends the low battery (it does not open again). Answers how many alarms closed.
 */
export async function closeAlarmsOfNodeLeavingPlace(
  tx: TDbOrTx,
  eui: string,
  place: TAlarmPlace,
  at: Date,
  { batterySwapped = false }: { batterySwapped?: boolean } = {},
): Promise<number> {
  const active = await activeAlarm.read(
    tx,
    sql`SELECT id, kind, customer_id, location_id FROM alarms WHERE device_eui = ${eui} AND closed_at IS NULL FOR UPDATE`,
  );
  const closes = active.flatMap((row) => {
    const reason = placeChangeCloseReason({ customerId: row.customer_id, locationId: row.location_id }, place);
    return reason ? [{ id: row.id, kind: row.kind, reason }] : [];
  });
  await tx.execute(sql`UPDATE device_channels SET out_of_range_since = NULL WHERE device_eui = ${eui} AND out_of_range_since IS NOT NULL`);
  if (closes.length === 0) return 0;
  const closed = await closeAlarms(
    tx,
    sql`SELECT r.id, greatest(${at.toISOString()}::timestamptz, a.opened_at) AS closed_at, jsonb_build_object('reason', r.reason) AS details
      FROM jsonb_to_recordset(${JSON.stringify(closes)}::jsonb) AS r(id bigint, reason text) JOIN alarms a ON a.id = r.id`,
  );
  const again = closed.filter((row) => opensAgainAtNewPlace(row.kind, place, batterySwapped));
  await openSubjects(
    tx,
    again.map((row) => ({ kind: row.kind, subject: nodeSubject(eui, row.channelId), at: at.getTime(), ...place, details: row.details })),
    { reason: 'nodeMoved' },
  );
  return closed.length;
}
