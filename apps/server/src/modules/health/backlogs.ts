import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { column, rowShape } from '../../db/rows';

/**
 * The outboxes of the server (docs/architecture.md, "Background jobs and the outbox") and what
 * counts as waiting in each. A new outbox is one more line here and in docs/operations.md.
 */
const OUTBOXES = {
  /** Stored network-server events not yet processed. */
  intake: sql`SELECT count(*) AS waiting, min(received_at) AS oldest FROM intake_events WHERE processed_at IS NULL`,
  /** Downlinks not yet handed to their network server. */
  downlinks: sql`SELECT count(*) AS waiting, min(created_at) AS oldest FROM downlinks WHERE status = 'queued'`,
  /** E-mails composed and not yet sent (alerts, notifications, logbooks, resets). */
  mail: sql`SELECT count(*) AS waiting, min(created_at) AS oldest FROM mail_messages WHERE state = 'pending'`,
  /** Alert items not yet gathered into an e-mail. */
  alert_items: sql`SELECT count(*) AS waiting, min(created_at) AS oldest FROM alert_items WHERE mail_id IS NULL`,
  /** Alarm notifications due and not yet in an e-mail (digest items wait for their time: not counted before it). */
  alarm_notifications: sql`SELECT count(*) AS waiting, min(due_at) AS oldest FROM alarm_notification_items WHERE mail_id IS NULL AND due_at <= now()`,
  /** Readings, alarm steps and lab results not yet delivered to a platform. */
  platforms: sql`SELECT count(*) AS waiting, min(created_at) AS oldest FROM platform_items`,
  /** Webhook deliveries not yet answered with a 2xx nor given up (docs/webhooks.md), retries included. */
  webhooks: sql`SELECT count(*) AS waiting, min(created_at) AS oldest FROM webhook_deliveries WHERE state = 'pending'`,
  /** Teams, Slack and SMS messages not yet sent nor given up (docs/alarm-notifications.md, "Channels"), retries included. */
  alarm_channels: sql`SELECT count(*) AS waiting, min(created_at) AS oldest FROM alarm_messages WHERE state IN ('pending', 'retrying')`,
} as const;

export type TOutboxKind = keyof typeof OUTBOXES;
export const OUTBOX_KINDS = Object.keys(OUTBOXES) as TOutboxKind[];

export interface TBacklogs {
  outboxes: Record<TOutboxKind, { waiting: number; oldestSeconds: number }>;
  /** Age of the oldest unprocessed intake event (0 when none waits). */
  intakeLagSeconds: number;
}

const backlogRow = rowShape({ kind: column.as<TOutboxKind>(), waiting: column.number, age: column.nullable(column.number) });

/**
 * Every outbox's backlog in one statement (each count served by its partial index), or null when
 * the database does not answer within `deadlineMs`.
 */
export async function readBacklogs(db: TDb, deadlineMs: number): Promise<TBacklogs | null> {
  const parts = OUTBOX_KINDS.map(
    (kind) => sql`SELECT ${kind}::text AS kind, waiting, extract(epoch FROM now() - oldest)::float8 AS age FROM (${OUTBOXES[kind]}) AS ${sql.identifier(`o_${kind}`)}`,
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), deadlineMs);
  });
  const asked = backlogRow.read(db, sql.join(parts, sql` UNION ALL `)).then(
    (rows) => rows,
    () => null,
  );
  try {
    const rows = await Promise.race([asked, late]);
    if (!rows) return null;
    const outboxes = Object.fromEntries(OUTBOX_KINDS.map((kind) => [kind, { waiting: 0, oldestSeconds: 0 }])) as TBacklogs['outboxes'];
    for (const row of rows) outboxes[row.kind] = { waiting: row.waiting, oldestSeconds: Math.max(0, row.age ?? 0) };
    return { outboxes, intakeLagSeconds: outboxes.intake.oldestSeconds };
  } finally {
    clearTimeout(timer);
  }
}
