import { sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/database';

/** A reading the intake stored that platforms may receive: temperatures and flushes. */
export interface TPlatformReading {
  eui: string;
  kind: 'temperature' | 'flush';
  /** The measurement time, ISO. */
  ts: string;
  /** The history value (docs/telemetry.md): temperatureN with offsets applied, or before/after/channel. */
  value: Record<string, unknown>;
}

/** The endpoint of location `l`: its own, or its customer's when it follows the customer. */
const ENDPOINT_OF_LOCATION = sql`JOIN platform_endpoints e
      ON e.place = CASE WHEN l.endpoint->>'platform' = 'Customer' THEN 'customer' ELSE 'location' END
     AND e.place_id = CASE WHEN l.endpoint->>'platform' = 'Customer' THEN l.customer_id ELSE l.id END`;

/**
 * The platforms' transactional outbox (docs/platforms.md, "Outbox"): called by the intake with a
 * batch's readings, in the transaction that stores them, as one set-based statement. Only nodes
 * whose location has an endpoint of its own, or follows its customer's, get items; while no
 * endpoint exists at all the statement stops at its first check. The items keep the batch's order,
 * so their ids run in reception order per node; each carries the node's, channels' and place's names
 * of now (`platform_item_names`, 0022_scoping.sql), which are the names it goes out with. Alarm steps reach the outbox through a trigger on
 * alarm_events (0018_platform_deliveries.sql), so every writer of an alarm step is covered.
 */
export async function recordPlatformReadings(tx: TDbOrTx, readings: readonly TPlatformReading[]): Promise<void> {
  if (readings.length === 0) return;
  const rows = readings.map((reading, n) => ({ n, eui: reading.eui, kind: reading.kind, ts: reading.ts, body: reading.value }));
  await tx.execute(sql`INSERT INTO platform_items (endpoint_id, device_eui, kind, at, body, names)
    SELECT e.id, r.eui, r.kind, r.ts, r.body, platform_item_names(r.eui, l.id)
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(n int, eui text, kind text, ts timestamptz, body jsonb)
    JOIN devices d ON d.eui = r.eui
    JOIN locations l ON l.id = d.location_id
    ${ENDPOINT_OF_LOCATION}
    WHERE EXISTS (SELECT 1 FROM platform_endpoints)
    ORDER BY r.n`);
}

/**
 * Laboratory results as items (docs/platforms.md, "labResult"): called when results are entered, in
 * the entry's transaction, after their alarms are linked, as one set-based statement over the new
 * results. The figures are the result's as entered (results are not changed); the names, with the
 * sample point's name, are those of now. A point linked to a node carries that node.
 */
export async function recordPlatformLabResults(tx: TDbOrTx, resultIds: readonly number[]): Promise<void> {
  if (resultIds.length === 0) return;
  await tx.execute(sql`INSERT INTO platform_items (endpoint_id, device_eui, kind, at, body, names)
    SELECT e.id, p.device_eui, 'labResult', s.taken_at,
      jsonb_build_object(
        'resultId', s.id, 'sampleId', s.sample_id,
        'samplePoint', jsonb_build_object('id', p.id, 'name', p.name, 'role', p.role, 'channel', CASE WHEN p.device_eui IS NULL THEN NULL ELSE p.channel_id END),
        'takenAt', s.taken_at, 'enteredAt', s.entered_at, 'lab', s.lab, 'accreditation', s.accreditation, 'method', s.method,
        'waterCelsius', s.water_celsius, 'counts', s.counts, 'perLitre', s.highest_per_litre, 'rulebook', s.rulebook, 'verdict', s.verdict,
        'legalStep', s.legal_step, 'severity', s.severity, 'resample', s.resample, 'resampleDue', s.resample_due, 'alarmId', s.alarm_id),
      platform_item_names(p.device_eui, l.id)
    FROM sample_results s
    JOIN sample_points p ON p.id = s.sample_point_id
    JOIN locations l ON l.id = s.location_id
    ${ENDPOINT_OF_LOCATION}
    WHERE EXISTS (SELECT 1 FROM platform_endpoints)
      AND s.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(resultIds.map(String))}::jsonb)::bigint)
    ORDER BY s.taken_at, s.id`);
}
