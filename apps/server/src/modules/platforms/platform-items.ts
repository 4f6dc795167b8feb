import { sql } from 'drizzle-orm';
import type { TPlatformItem } from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { column, rowShape, type TRowOf } from '../../db/rows';

/** The names an item was written with (`platform_item_names`, 0022_scoping.sql). */
interface TItemNames {
  node: string | null;
  type: string;
  customer: string | null;
  location: string | null;
  channels: Record<string, { name: string; mode: string | null }>;
}

const itemRow = rowShape({
  id: column.number,
  kind: column.as<string>(),
  at: column.iso,
  body: column.json<Record<string, unknown>>(),
  device_eui: column.as<string | null>(),
  names: column.json<TItemNames>(),
  alarm_kind: column.as<string | null>(),
  alarm_channel: column.as<string | null>(),
  alarm_state: column.as<string | null>(),
  alarm_details: column.nullable(column.json<Record<string, unknown>>()),
});

/**
 * The oldest `limit` items of an endpoint's backlog as they go out (docs/platforms.md, "Format"):
 * the node's, channels' and place's names are those of when the item was written (the reading's
 * processing, the alarm step), so a node moved to another customer while a backlog waits never
 * carries that customer's names to this platform; an alarm's kind and state are read now.
 */
export async function loadItems(db: TDbOrTx, endpointId: number, limit: number): Promise<TPlatformItem[]> {
  const rows = await itemRow.read(
    db,
    sql`SELECT i.id, i.kind, i.at, i.body, i.device_eui, i.names,
        a.kind AS alarm_kind, a.channel_id AS alarm_channel, a.state AS alarm_state, a.details AS alarm_details
      FROM platform_items i
      LEFT JOIN alarms a ON i.kind = 'alarm' AND a.id = (i.body->>'alarmId')::bigint
      WHERE i.endpoint_id = ${endpointId}
      ORDER BY i.id LIMIT ${limit}`,
  );
  return rows.map(toItem);
}

const idOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** A lab result's item: the figures stored when it was entered (platform-outbox.ts), ids as strings like the alarm's. */
function labResult(body: Record<string, unknown>): Extract<TPlatformItem, { type: 'labResult' }>['result'] {
  const point = body.samplePoint as { id: number; name: string; role: 'hot' | 'cold'; channel: string | null };
  const iso = (value: unknown) => new Date(String(value)).toISOString();
  return {
    id: String(body.resultId),
    sampleId: String(body.sampleId),
    samplePoint: { id: String(point.id), name: point.name, role: point.role, channel: point.channel ?? null },
    takenAt: iso(body.takenAt),
    enteredAt: iso(body.enteredAt),
    lab: String(body.lab),
    accreditation: (body.accreditation as string | null) ?? null,
    method: String(body.method),
    waterCelsius: (body.waterCelsius as number | null) ?? null,
    counts: body.counts as Extract<TPlatformItem, { type: 'labResult' }>['result']['counts'],
    perLitre: (body.perLitre as number | null) ?? null,
    rulebook: body.rulebook as 'NL',
    verdict: body.verdict as 'compliant',
    legalStep: body.legalStep as 'none',
    severity: (body.severity as 'warning' | 'critical' | null) ?? null,
    resample: body.resample === true,
    resampleDue: (body.resampleDue as string | null) ?? null,
    alarmId: idOrNull(body.alarmId),
  };
}

function toItem(row: TRowOf<typeof itemRow>): TPlatformItem {
  const place = { customer: row.names.customer, location: row.names.location };
  if (row.kind === 'labResult') {
    const node = row.device_eui ? { eui: row.device_eui, name: row.names.node ?? '', type: row.names.type } : null;
    return { id: String(row.id), at: row.at, node, place, type: 'labResult', result: labResult(row.body) };
  }
  const base = {
    id: String(row.id),
    at: row.at,
    node: { eui: row.device_eui ?? '', name: row.names.node ?? '', type: row.names.type },
    place,
  };
  const channel = (id: string) => row.names.channels[id] ?? { name: '', mode: null };
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
