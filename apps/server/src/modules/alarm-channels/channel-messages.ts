import { sql } from 'drizzle-orm';
import type { TChannelMessage, TOutboxChannel } from '@aquasmart/domain';
import { queryRows, type TDb } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import { ApiError } from '../../lib/api-error';
import { maskedRecipient } from './channel-formats';

const messageRow = rowShape({
  id: column.number,
  channel: column.as<TOutboxChannel>(),
  purpose: column.as<TChannelMessage['purpose']>(),
  user_name: column.as<string | null>(),
  recipient: column.as<string>(),
  stage: column.nullable(column.number),
  state: column.as<TChannelMessage['state']>(),
  attempts: column.number,
  last_status: column.nullable(column.number),
  last_error: column.as<string | null>(),
  created_at: column.iso,
  sent_at: column.nullable(column.iso),
  next_attempt_at: column.iso,
});

/** An alarm's channel messages, oldest first (docs/alarm-notifications.md, "Channels"): 404 for an alarm that does not exist. */
export async function alarmMessages(db: TDb, alarmId: number): Promise<TChannelMessage[]> {
  const [alarm] = await queryRows<{ id: number }>(db, sql`SELECT id FROM alarms WHERE id = ${alarmId}`);
  if (!alarm) throw ApiError.notFound(`No alarm ${alarmId}`);
  const rows = await messageRow.read(
    db,
    sql`SELECT m.id, m.channel, m.purpose, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) AS user_name, m.recipient, m.stage,
        m.state, m.attempts, m.last_status, m.last_error, m.created_at, m.sent_at, m.next_attempt_at
      FROM alarm_messages m LEFT JOIN users u ON u.id = m.user_id
      WHERE m.alarm_ids @> ${JSON.stringify([alarmId])}::jsonb
      ORDER BY m.created_at, m.id LIMIT 500`,
  );
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    purpose: row.purpose,
    user: row.user_name,
    to: maskedRecipient(row.channel, row.recipient),
    stage: row.stage,
    state: row.state,
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    nextAttemptAt: row.state === 'pending' || row.state === 'retrying' ? row.next_attempt_at : null,
  }));
}
