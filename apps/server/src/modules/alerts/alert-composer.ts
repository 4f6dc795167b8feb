import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ALERT_MAIL_INTERVAL_MS, inQuietHours, readStoredAlarmNotifications, type TAlertKind, type TMailKind } from '@aquasmart/domain';
import { queryRows, type TDb, type TDbOrTx } from '../../db/database';
import { column, rowShape } from '../../db/rows';
import type { TAlertDetails } from './alert-outbox';
import { composeAlertMail, type TAlertForMail, type TMailContent } from './alert-mail';
import { ADVISORY_LOCKS } from '../../db/locks';

/** Only one server copy gathers alerts at a time, so two copies never write two e-mails for one user within the minute. */
/** Alert items taken per round; a user's rest waits for the next e-mail. */
const ITEMS_PER_ROUND = 5000;

const waitingItem = rowShape({
  id: column.number,
  user_id: column.as<number>(),
  kind: column.as<TAlertKind>(),
  device_eui: column.as<string>(),
  details: column.json<TAlertDetails>(),
  raised_at: column.date,
});

interface TRecipientRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  language: string;
  alarm_notifications: unknown;
}

/** The Message-ID of an outbox e-mail: the same on every attempt, so a receiver can drop a second copy. */
export function newMessageId(publicUrl: string): string {
  let host = 'aquasmart-portal';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // keep the default
  }
  return `<${randomUUID()}@${host}>`;
}

const mailId = rowShape({ id: column.number });

/** Writes one outbox e-mail; answers its id. */
export async function insertMail(
  tx: TDbOrTx,
  mail: TMailContent & { userId: number | null; kind: TMailKind; recipient: string; language: string; messageId: string },
): Promise<number> {
  const [row] = await mailId.read(
    tx,
    sql`INSERT INTO mail_messages (user_id, kind, recipient, language, subject, text_body, html_body, message_id)
        VALUES (${mail.userId}, ${mail.kind}, ${mail.recipient}, ${mail.language}, ${mail.subject}, ${mail.text}, ${mail.html}, ${mail.messageId})
        RETURNING id`,
  );
  return row.id;
}

/**
 * Gathers the waiting alert items into e-mails, one per user (docs/alerts.md, "Batching"): a user
 * whose last alert e-mail is younger than a minute waits until the minute is over, and then gets
 * everything raised meanwhile in one e-mail. In one transaction: the e-mails are written and their
 * items marked together, so a crash leaves either both or neither. Answers how many e-mails it wrote.
 */
export async function composeDueAlertMails(db: TDb, publicUrl: string, intervalMs = ALERT_MAIL_INTERVAL_MS): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${ADVISORY_LOCKS.alertComposer}) AS locked`);
    if (!lock.locked) return 0;
    const items = await waitingItem.read(
      tx,
      sql`SELECT i.id, i.user_id, i.kind, i.device_eui, i.details, i.raised_at FROM alert_items i
          WHERE i.mail_id IS NULL
            AND NOT EXISTS (SELECT 1 FROM mail_messages m WHERE m.user_id = i.user_id AND m.kind = 'alerts'
                            AND m.created_at > now() - ${intervalMs} * interval '1 millisecond')
          ORDER BY i.id LIMIT ${ITEMS_PER_ROUND}`,
    );
    if (items.length === 0) return 0;
    const userIds = [...new Set(items.map((item) => item.user_id))];
    const recipients = await queryRows<TRecipientRow>(
      tx,
      sql`SELECT id, email, first_name, last_name, language, alarm_notifications FROM users WHERE id IN (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    let written = 0;
    const now = new Date();
    for (const user of recipients) {
      // During the user's quiet hours (docs/alarm-notifications.md) the alerts wait and go together when they end.
      if (inQuietHours(now, readStoredAlarmNotifications(user.alarm_notifications))) continue;
      const own = items.filter((item) => item.user_id === user.id);
      const alerts: TAlertForMail[] = own.map((item) => ({ kind: item.kind, eui: item.device_eui, details: item.details, raisedAt: item.raised_at }));
      const content = composeAlertMail({ firstName: user.first_name, lastName: user.last_name, email: user.email, language: user.language }, alerts, publicUrl);
      const mailId = await insertMail(tx, {
        ...content,
        userId: user.id,
        kind: 'alerts',
        recipient: user.email,
        language: user.language,
        messageId: newMessageId(publicUrl),
      });
      await tx.execute(sql`UPDATE alert_items SET mail_id = ${mailId} WHERE id IN (${sql.join(
        own.map((item) => sql`${item.id}`),
        sql`, `,
      )})`);
      written += 1;
    }
    return written;
  });
}
