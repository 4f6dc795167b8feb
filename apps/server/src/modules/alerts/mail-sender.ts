import { sql } from 'drizzle-orm';
import { MAIL_GIVE_UP_HOURS, NO_MAIL_SERVER } from '@aquasmart/domain';
import { queryRows, type TDb, type TDbOrTx } from '../../db/database';
import { column, rowShape, type TRowOf } from '../../db/rows';
import type { TMailTransport } from './mail-transport';

/** First retry after this; each further one waits twice as long, at most MAX_RETRY_MS. */
export const RETRY_BASE_MS = 30_000;
const MAX_RETRY_MS = 30 * 60_000;
/** Errors of the mail server as a whole (not of one e-mail): the round ends, the loop waits a little. */
const SERVER_ERRORS = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'EAUTH', 'ETLS', 'EPROXY']);

export interface TSendOptions {
  /**
   * PostgreSQL: the e-mail's row stays locked (FOR UPDATE, in a transaction) while it is handed to
   * the mail server, so other server copies skip it, and a crash releases it at once. PGlite is one
   * process with one connection that a long transaction would block: there the single sender
   * loop is the only one taking e-mails, and a crash leaves the row pending for the next start.
   */
  lockWhileSending: boolean;
  retryBaseMs?: number;
  /** E-mails per round. */
  limit?: number;
}

const dueMail = rowShape({
  id: column.number,
  recipient: column.as<string>(),
  subject: column.as<string>(),
  text_body: column.as<string>(),
  html_body: column.as<string>(),
  message_id: column.as<string>(),
});

async function nextDue(tx: TDbOrTx, lock: boolean): Promise<TRowOf<typeof dueMail> | undefined> {
  const [row] = await dueMail.read(
    tx,
    sql`SELECT id, recipient, subject, text_body, html_body, message_id FROM mail_messages
        WHERE state = 'pending' AND next_attempt_at <= now() ORDER BY id LIMIT 1 ${lock ? sql`FOR UPDATE SKIP LOCKED` : sql``}`,
  );
  return row;
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/**
 * A password-reset e-mail holds a working link: once it is sent, given up or kept unsent, its
 * body is blanked, so the outbox keeps only who was sent what subject when (docs/users.md).
 */
const BLANK_SECRET_BODIES = sql`text_body = CASE WHEN kind = 'passwordReset' THEN '' ELSE text_body END,
  html_body = CASE WHEN kind = 'passwordReset' THEN '' ELSE html_body END`;

async function markSent(tx: TDbOrTx, id: number): Promise<void> {
  await tx.execute(sql`UPDATE mail_messages SET state = 'sent', attempts = attempts + 1, sent_at = now(), last_error = NULL, ${BLANK_SECRET_BODIES} WHERE id = ${id}`);
}

/** Retried with back-off; given up (`failed`) once it has been undeliverable for MAIL_GIVE_UP_HOURS. */
async function markFailed(tx: TDbOrTx, id: number, error: unknown, retryBaseMs: number): Promise<void> {
  await tx.execute(sql`UPDATE mail_messages SET attempts = attempts + 1, last_error = ${errorText(error)},
      state = CASE WHEN created_at < now() - ${MAIL_GIVE_UP_HOURS} * interval '1 hour' THEN 'failed' ELSE 'pending' END,
      next_attempt_at = now() + least(${retryBaseMs} * power(2, attempts), ${MAX_RETRY_MS}) * interval '1 millisecond'
    WHERE id = ${id}`);
  await tx.execute(sql`UPDATE mail_messages SET ${BLANK_SECRET_BODIES} WHERE id = ${id} AND state = 'failed'`);
}

/** Hands one due e-mail to the transport and records the outcome; answers 'none', 'sent', 'failed' or 'serverDown'. */
async function sendOne(tx: TDbOrTx, transport: TMailTransport, lock: boolean, retryBaseMs: number): Promise<'none' | 'sent' | 'failed' | 'serverDown'> {
  const mail = await nextDue(tx, lock);
  if (!mail) return 'none';
  const id = mail.id;
  try {
    await transport.send({ recipient: mail.recipient, subject: mail.subject, text: mail.text_body, html: mail.html_body, messageId: mail.message_id });
  } catch (error) {
    await markFailed(tx, id, error, retryBaseMs);
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && SERVER_ERRORS.has(code) ? 'serverDown' : 'failed';
  }
  await markSent(tx, id);
  return 'sent';
}

/**
 * Delivers the due e-mails of the outbox, one at a time, oldest first (docs/alerts.md, "Nothing
 * lost, nothing twice"). One refused address is retried on its own and does not hold up the
 * others; when the mail server itself cannot be reached the round ends. Without a transport
 * (no SMTP_URL) the pending e-mails are marked `unsent`. Answers how many e-mails it handled
 * (0 after the mail server failed, so the loop pauses).
 */
export async function sendDueMails(db: TDb, transport: TMailTransport | null, options: TSendOptions): Promise<number> {
  if (!transport) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`UPDATE mail_messages SET state = 'unsent', last_error = ${NO_MAIL_SERVER}, ${BLANK_SECRET_BODIES} WHERE state = 'pending' RETURNING id`,
    );
    return rows.length;
  }
  const retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;
  const limit = options.limit ?? 20;
  let handled = 0;
  while (handled < limit) {
    const outcome = options.lockWhileSending
      ? await db.transaction((tx) => sendOne(tx, transport, true, retryBaseMs))
      : await sendOne(db, transport, false, retryBaseMs);
    if (outcome === 'none') break;
    if (outcome === 'serverDown') return 0;
    handled += 1;
  }
  return handled;
}
