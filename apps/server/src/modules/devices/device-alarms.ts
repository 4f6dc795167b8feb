import { sql } from 'drizzle-orm';
import { opensAgainAtNewPlace, placeChangeCloseReason, type TAlarmKind, type TAlarmPlace } from '@aquasmart/domain';
import { queryRows, type TDbOrTx } from '../../db/database';

/*
 * The alarm rows of a node that moves or is removed. Here in the devices module, which writes the
 * move, because the alarms module builds on this one (MODULE_BUILDS_ON in eslint.config.js): the
 * rows written are the ones alarms/alarm-records.ts writes (a closing with its 'closed' step, an
 * opening with its 'opened' step), set-based, in the move's transaction.
 */

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
  const active = await queryRows<{ id: number | string; kind: TAlarmKind; customer_id: number | null; location_id: number | null }>(
    tx,
    sql`SELECT id, kind, customer_id, location_id FROM alarms WHERE device_eui = ${eui} AND closed_at IS NULL FOR UPDATE`,
  );
  const closes = active.flatMap((row) => {
    const reason = placeChangeCloseReason({ customerId: row.customer_id, locationId: row.location_id }, place);
    return reason ? [{ id: Number(row.id), kind: row.kind, reason }] : [];
  });
  await tx.execute(sql`UPDATE device_channels SET out_of_range_since = NULL WHERE device_eui = ${eui} AND out_of_range_since IS NOT NULL`);
  if (closes.length === 0) return 0;
  const closedAt = at.toISOString();
  const closed = await queryRows<{ id: number | string; kind: TAlarmKind; channel_id: string; details: Record<string, unknown> | string }>(
    tx,
    sql`WITH input AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(closes)}::jsonb) AS r(id bigint, reason text)
      ), closed AS (
        UPDATE alarms a SET closed_at = greatest(${closedAt}::timestamptz, a.opened_at), updated_at = now()
        FROM input i WHERE a.id = i.id AND a.closed_at IS NULL
        RETURNING a.id, a.kind, a.channel_id, a.closed_at, a.details, i.reason
      ), steps AS (
        INSERT INTO alarm_events (alarm_id, at, action, details) SELECT id, closed_at, 'closed', jsonb_build_object('reason', reason) FROM closed
      )
      SELECT id, kind, channel_id, details FROM closed`,
  );
  const again = closed.filter((row) => opensAgainAtNewPlace(row.kind, place, batterySwapped));
  if (again.length) {
    const opens = again.map((row) => ({ kind: row.kind, channel: row.channel_id, details: typeof row.details === 'string' ? JSON.parse(row.details) : row.details }));
    await tx.execute(sql`WITH opened AS (
        INSERT INTO alarms (kind, device_eui, channel_id, customer_id, location_id, opened_at, details)
        SELECT r.kind, ${eui}, r.channel, ${place.customerId}::int, ${place.locationId}::int, ${closedAt}::timestamptz, r.details
        FROM jsonb_to_recordset(${JSON.stringify(opens)}::jsonb) AS r(kind text, channel text, details jsonb)
        ON CONFLICT (kind, coalesce(device_eui, ''), coalesce(gateway_id, 0), channel_id) WHERE closed_at IS NULL DO NOTHING
        RETURNING id, opened_at, details
      )
      INSERT INTO alarm_events (alarm_id, at, action, details) SELECT id, opened_at, 'opened', details || '{"reason":"nodeMoved"}'::jsonb FROM opened`);
  }
  return closed.length;
}
