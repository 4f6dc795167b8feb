import { sql } from 'drizzle-orm';
import type { TPlatformItem } from '@aquasmart/domain';
import { queryRows, type TDbOrTx } from '../../db/database';

interface TItemRow {
  id: string | number;
  kind: string;
  at: string | Date;
  body: Record<string, unknown>;
  device_eui: string;
  node_name: string | null;
  node_type: string | null;
  customer: string | null;
  location: string | null;
  channels: Record<string, { name: string; mode: string | null }> | null;
  alarm_kind: string | null;
  alarm_channel: string | null;
  alarm_state: string | null;
  alarm_details: Record<string, unknown> | null;
}

/**
 * The oldest `limit` items of an endpoint's backlog as they go out (docs/platforms.md, "Format"):
 * the node's and place's names, the channels' names and modes and an alarm's kind and state are
 * read now, at delivery; the reading and the step itself were fixed when they were written. The
 * place is the endpoint's own (a location's, or a customer's with the node's location while it is
 * still theirs): a node moved to another customer while a backlog waits never carries that
 * customer's names to this platform.
 */
export async function loadItems(db: TDbOrTx, endpointId: number, limit: number): Promise<TPlatformItem[]> {
  const rows = await queryRows<TItemRow>(
    db,
    sql`SELECT i.id, i.kind, i.at, i.body, i.device_eui, d.name AS node_name, d.type AS node_type, c.name AS customer, l.name AS location,
        CASE WHEN i.kind = 'alarm' THEN NULL ELSE (SELECT jsonb_object_agg(ch.channel_id, jsonb_build_object('name', ch.name, 'mode', ch.custom->>'mode'))
          FROM device_channels ch WHERE ch.device_eui = i.device_eui AND ch.channel_id LIKE 'temperature%') END AS channels,
        a.kind AS alarm_kind, a.channel_id AS alarm_channel, a.state AS alarm_state, a.details AS alarm_details
      FROM platform_items i
      JOIN platform_endpoints e ON e.id = i.endpoint_id
      LEFT JOIN devices d ON d.eui = i.device_eui
      LEFT JOIN locations nl ON nl.id = d.location_id
      LEFT JOIN locations l ON l.id = CASE WHEN e.place = 'location' THEN e.place_id WHEN nl.customer_id = e.place_id THEN nl.id END
      LEFT JOIN customers c ON c.id = CASE WHEN e.place = 'customer' THEN e.place_id ELSE l.customer_id END
      LEFT JOIN alarms a ON i.kind = 'alarm' AND a.id = (i.body->>'alarmId')::bigint
      WHERE i.endpoint_id = ${endpointId}
      ORDER BY i.id LIMIT ${limit}`,
  );
  return rows.map(toItem);
}

function toItem(row: TItemRow): TPlatformItem {
  const base = {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    node: { eui: row.device_eui, name: row.node_name ?? '', type: row.node_type ?? '' },
    place: { customer: row.customer, location: row.location },
  };
  const channel = (id: string) => row.channels?.[id] ?? { name: '', mode: null };
  if (row.kind === 'flush') {
    const id = `temperature${Number(row.body.channel ?? 1)}`;
    return { ...base, type: 'flush', channel: id, before: Number(row.body.before), after: Number(row.body.after) };
  }
  if (row.kind === 'alarm') {
    return {
      ...base,
      type: 'alarm',
      action: row.body.action as 'opened',
      alarm: {
        id: String(row.body.alarmId),
        kind: row.alarm_kind ?? '',
        channel: row.alarm_channel ? row.alarm_channel : null,
        state: row.alarm_state ?? '',
        details: row.alarm_details ?? {},
      },
    };
  }
  const temperatures = Object.entries(row.body)
    .filter(([key, value]) => /^temperature\d+$/.test(key) && typeof value === 'number')
    .sort(([a], [b]) => Number(a.slice(11)) - Number(b.slice(11)))
    .map(([id, value]) => ({ channel: id, name: channel(id).name, mode: channel(id).mode ?? null, value: value as number }));
  return { ...base, type: 'temperature', temperatures };
}

/** The sample of a test delivery: one temperature item that a receiver can recognise by `test: true`. */
export function sampleItem(now: Date): TPlatformItem {
  return {
    id: `test-${now.getTime()}`,
    at: now.toISOString(),
    node: { eui: '0000000000000000', name: 'Test', type: 'V2' },
    place: { customer: null, location: null },
    type: 'temperature',
    temperatures: [{ channel: 'temperature1', name: 'Test', mode: null, value: 55.5 }],
  };
}
