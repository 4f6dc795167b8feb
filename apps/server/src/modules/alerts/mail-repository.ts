import { sql } from 'drizzle-orm';
import type { TMailOutboxItem, TMailState } from '@aquasmart/domain';
import type { TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';

const outboxRow = rowShape({
  id: column.number,
  kind: column.as<TMailOutboxItem['kind']>(),
  recipient: column.as<string>(),
  subject: column.as<string>(),
  state: column.as<TMailState>(),
  attempts: column.number,
  last_error: column.as<string | null>(),
  created_at: column.iso,
  next_attempt_at: column.iso,
  sent_at: column.nullable(column.iso),
  alerts: column.number,
});

/** The outbox for administrators, newest first; `nextAttemptAt` only while an e-mail waits for another attempt. */
export async function listOutbox(tx: TDbOrTx, query: { state?: TMailState; id?: number; limit: number }): Promise<TMailOutboxItem[]> {
  const conditions = [query.state ? sql`m.state = ${query.state}` : null, query.id === undefined ? null : sql`m.id = ${query.id}`].filter((condition) => condition !== null);
  const rows = await outboxRow.read(
    tx,
    sql`SELECT m.id, m.kind, m.recipient, m.subject, m.state, m.attempts, m.last_error, m.created_at, m.next_attempt_at, m.sent_at,
          (SELECT count(*) FROM alert_items i WHERE i.mail_id = m.id)
            + (SELECT count(*) FROM alarm_notification_items n WHERE n.mail_id = m.id)
            + (SELECT count(*) FROM alarm_escalation_items x WHERE x.mail_id = m.id) AS alerts
        FROM mail_messages m ${conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``}
        ORDER BY m.created_at DESC, m.id DESC LIMIT ${query.limit}`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    nextAttemptAt: row.state === 'pending' && row.attempts > 0 ? row.next_attempt_at : null,
    sentAt: row.sent_at,
    alerts: row.alerts,
  }));
}
