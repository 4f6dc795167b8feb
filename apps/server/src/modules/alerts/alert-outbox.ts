import { inArray, sql } from 'drizzle-orm';
import type { TAlertKind } from '@aquasmart/domain';
import { queryRows, type TDbOrTx } from '../../db/database';
import { loadSubscribers, receivesAlert } from './alert-recipients';

/** An alarm the intake raised while processing a node's uplink (docs/telemetry.md, "Processing and alarms"). */
export type TRaisedAlarm = {
  eui: string;
  customerId: number | null;
  locationId: number | null;
  /** When it happened (the node's measurement time), ms. */
  ts: number;
} & (
  | { kind: 'flush'; before: number; after: number; minimumDeviation: number }
  | { kind: Exclude<TAlertKind, 'flush'>; resistance: number }
);

/** What an alert item keeps of its alarm: names at the time of the alarm and the readings. */
export interface TAlertDetails {
  node: string;
  customer: string;
  location: string;
  before?: number;
  after?: number;
  minimumDeviation?: number;
  resistance?: number;
}

/**
 * The transactional outbox of the e-mail alerts: called by the intake with the alarms of a batch,
 * in the transaction that records them, so an alarm is never without its alerts nor an alert
 * without its alarm. Writes one `alert_items` row per alarm and recipient (docs/alerts.md); the
 * mailer gathers them into e-mails. Alarms of nodes without a customer and location (not
 * registered, no node page) alert nobody. No alarms: no queries.
 */
export async function recordAlarms(tx: TDbOrTx, alarms: readonly TRaisedAlarm[]): Promise<number> {
  const placed = alarms.filter((alarm) => alarm.customerId !== null && alarm.locationId !== null);
  if (placed.length === 0) return 0;
  const subscribers = await loadSubscribers(tx);
  if (subscribers.length === 0) return 0;
  const euis = [...new Set(placed.map((alarm) => alarm.eui))];
  const names = new Map(
    (
      await queryRows<{ eui: string; node: string; customer: string; location: string }>(
        tx,
        sql`SELECT d.eui, d.name AS node, c.name AS customer, l.name AS location
            FROM devices d JOIN customers c ON c.id = d.customer_id JOIN locations l ON l.id = d.location_id
            WHERE ${inArray(sql`d.eui`, euis)}`,
      )
    ).map((row) => [row.eui, row]),
  );
  const rows = placed.flatMap((alarm) => {
    const place = names.get(alarm.eui);
    if (!place) return [];
    const { eui: _eui, customerId: _customer, locationId: _location, ts, kind, ...readings } = alarm;
    const details: TAlertDetails = { node: place.node || alarm.eui, customer: place.customer, location: place.location, ...readings };
    return subscribers
      .filter((user) => receivesAlert(user, kind, alarm.customerId!, place.customer))
      .map((user) => ({ user_id: user.id, kind, eui: alarm.eui, details, raised_at: new Date(ts).toISOString() }));
  });
  if (rows.length === 0) return 0;
  await tx.execute(sql`INSERT INTO alert_items (user_id, kind, device_eui, details, raised_at)
    SELECT r.user_id, r.kind, r.eui, r.details, r.raised_at
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(user_id int, kind text, eui text, details jsonb, raised_at timestamptz)`);
  return rows.length;
}
