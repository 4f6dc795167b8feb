import { sql, type SQL } from 'drizzle-orm';
import { WEBHOOK_KEEP_DAYS, WEBHOOK_LOG_ROWS, type TWebhookDelivery, type TWebhookEventType } from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import { webhookMessageId } from './webhook-sender';

/** Webhook subscriptions and their deliveries as stored (migration 0045). */

const subscriptionRow = rowShape({
  id: column.number,
  customer_id: column.nullable(column.number),
  customer: column.nullable(column.as<string>()),
  url: column.as<string>(),
  description: column.as<string>(),
  event_types: column.as<TWebhookEventType[]>(),
  secret: column.as<string>(),
  enabled: column.as<boolean>(),
  created_by_email: column.as<string>(),
  created_at: column.iso,
  pending: column.number,
  failed: column.number,
  last_delivered_at: column.nullable(column.iso),
});
export type TSubscriptionRow = ReturnType<typeof subscriptionRow.decode>;

/** Subscriptions with their counts; `where` narrows them (scope, one id). */
export function readSubscriptions(db: TDbOrTx, where: SQL): Promise<TSubscriptionRow[]> {
  return subscriptionRow.read(
    db,
    sql`SELECT s.id, s.customer_id, c.name AS customer, s.url, s.description, s.event_types, s.secret, s.enabled, s.created_by_email, s.created_at,
        (SELECT count(*) FROM webhook_deliveries d WHERE d.subscription_id = s.id AND d.state = 'pending') AS pending,
        (SELECT count(*) FROM webhook_deliveries d WHERE d.subscription_id = s.id AND d.state = 'failed'
          AND d.created_at > now() - ${sql.raw(`interval '${WEBHOOK_KEEP_DAYS} days'`)}) AS failed,
        (SELECT max(d.delivered_at) FROM webhook_deliveries d WHERE d.subscription_id = s.id) AS last_delivered_at
      FROM webhook_subscriptions s LEFT JOIN customers c ON c.id = s.customer_id
      WHERE ${where} ORDER BY c.name NULLS FIRST, s.id`,
  );
}

export interface TSubscriptionValues {
  customerId: number | null;
  url: string;
  description: string;
  types: readonly TWebhookEventType[];
  enabled: boolean;
}

const typesArray = (types: readonly TWebhookEventType[]) => sql`ARRAY[${sql.join(types.map((type) => sql`${type}`), sql`, `)}]::text[]`;

export async function insertSubscription(tx: TDbOrTx, values: TSubscriptionValues, secret: string, by: { id: number; email: string }): Promise<number> {
  const [row] = await rowShape({ id: column.number }).read(
    tx,
    sql`INSERT INTO webhook_subscriptions (customer_id, url, description, event_types, secret, enabled, created_by, created_by_email)
      VALUES (${values.customerId}, ${values.url}, ${values.description}, ${typesArray(values.types)}, ${secret}, ${values.enabled}, ${by.id}, ${by.email})
      RETURNING id`,
  );
  return row.id;
}

export async function updateSubscription(tx: TDbOrTx, id: number, values: TSubscriptionValues, secret: string | null): Promise<void> {
  await tx.execute(sql`UPDATE webhook_subscriptions SET customer_id = ${values.customerId}, url = ${values.url}, description = ${values.description},
      event_types = ${typesArray(values.types)}, enabled = ${values.enabled}, secret = coalesce(${secret}, secret), updated_at = now()
    WHERE id = ${id}`);
}

export async function deleteSubscription(tx: TDbOrTx, id: number): Promise<void> {
  await tx.execute(sql`DELETE FROM webhook_subscriptions WHERE id = ${id}`);
}

/** Subscriptions of one customer (null: of every customer). */
export async function countSubscriptions(tx: TDbOrTx, customerId: number | null): Promise<number> {
  const [row] = await rowShape({ n: column.number }).read(tx, sql`SELECT count(*) AS n FROM webhook_subscriptions WHERE customer_id IS NOT DISTINCT FROM ${customerId}`);
  return row.n;
}

/** A delivery written by hand ("Send test"): already leased, so the sender leaves it to the request. */
export async function insertTestDelivery(tx: TDbOrTx, subscriptionId: number, payload: Record<string, unknown>, now: Date): Promise<number> {
  const [row] = await rowShape({ id: column.number }).read(
    tx,
    sql`INSERT INTO webhook_deliveries (subscription_id, event_type, payload, next_attempt_at)
      VALUES (${subscriptionId}, ${String(payload.type)}, ${JSON.stringify(payload)}::jsonb, ${new Date(now.getTime() + 3600_000).toISOString()}::timestamptz)
      RETURNING id`,
  );
  return row.id;
}

const deliveryRow = rowShape({
  id: column.number,
  event_type: column.as<string>(),
  state: column.as<'pending' | 'delivered' | 'failed'>(),
  attempts: column.number,
  created_at: column.iso,
  last_attempt_at: column.nullable(column.iso),
  last_status: column.nullable(column.number),
  last_duration_ms: column.nullable(column.number),
  last_answer: column.nullable(column.as<string>()),
  last_error: column.nullable(column.as<string>()),
  next_attempt_at: column.iso,
});

/** The log of a subscription: its latest deliveries, newest first; `id` one of them. */
export async function readDeliveries(db: TDbOrTx, subscriptionId: number, id?: number): Promise<TWebhookDelivery[]> {
  const rows = await deliveryRow.read(
    db,
    sql`SELECT id, event_type, state, attempts, created_at, last_attempt_at, last_status, last_duration_ms, last_answer, last_error, next_attempt_at
      FROM webhook_deliveries WHERE subscription_id = ${subscriptionId} ${id === undefined ? sql`` : sql`AND id = ${id}`}
      ORDER BY id DESC LIMIT ${WEBHOOK_LOG_ROWS}`,
  );
  return rows.map((row) => ({
    id: webhookMessageId(row.id),
    type: row.event_type,
    state: row.state,
    attempts: row.attempts,
    createdAt: row.created_at,
    lastAttemptAt: row.last_attempt_at,
    status: row.last_status,
    durationMs: row.last_duration_ms,
    answer: row.last_answer === null ? null : row.last_answer.slice(0, 200),
    error: row.last_error,
    nextAttemptAt: row.state === 'pending' ? row.next_attempt_at : null,
  }));
}
