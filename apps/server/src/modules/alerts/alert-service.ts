import { sql } from 'drizzle-orm';
import { NO_MAIL_SERVER, type TMailOutboxItem, type TTestMailRequest } from '@aquasmart/domain';
import { queryRows, type TDb } from '../../db/database';
import type { TAuthUser } from '../../identity/auth-user';
import { insertMail, newMessageId } from './alert-composer';
import { composeTestMail } from './alert-mail';
import { listOutbox } from './mail-repository';

/**
 * A test e-mail to `to` (or the caller), in the recipient's language when the address is a
 * user's, else the caller's. It goes through the outbox like every e-mail, so it shows what
 * happens to alerts: sent, retried, or kept as not sent. Without a mail server it is answered as
 * not sent at once (state `unsent`, NO_MAIL_SERVER), so the screen says so instead of "queued".
 */
export async function queueTestMail(db: TDb, actor: TAuthUser, body: TTestMailRequest, publicUrl: string, mailServerConfigured = true): Promise<TMailOutboxItem> {
  const to = body.to ?? actor.email;
  const [user] = await queryRows<{ id: number; email: string; first_name: string; last_name: string; language: string }>(
    db,
    sql`SELECT id, email, first_name, last_name, language FROM users WHERE lower(email) = ${to.toLowerCase()} LIMIT 1`,
  );
  const recipient = user
    ? { firstName: user.first_name, lastName: user.last_name, email: user.email, language: user.language }
    : { firstName: '', lastName: '', email: to, language: actor.language };
  const content = composeTestMail(recipient, actor.email, new Date());
  // One transaction: never a moment where an e-mail without a mail server looks as if it waits to be sent.
  const id = await db.transaction(async (tx) => {
    const written = await insertMail(tx, {
      ...content,
      userId: user?.id ?? null,
      kind: 'test',
      recipient: recipient.email,
      language: recipient.language,
      messageId: newMessageId(publicUrl),
    });
    if (!mailServerConfigured) await tx.execute(sql`UPDATE mail_messages SET state = 'unsent', last_error = ${NO_MAIL_SERVER} WHERE id = ${written}`);
    return written;
  });
  const [item] = await listOutbox(db, { id, limit: 1 });
  return item;
}
