import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { RESET_LIMITS, RESET_LINK_INVALID, RESET_LINK_MINUTES, resetLinkUrl, type TPasswordResetCheckResponse, type TPasswordResetConfirm } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { findUser } from '../../identity/auth-user';
import { hashPassword } from '../../identity/passwords';
import { hashToken, revokeUserTokens } from '../../identity/tokens';
import { insertMail, newMessageId } from '../alerts/alert-composer';
import { tooManyAttempts, type TPasswordRefused } from '../auth/auth-service';
import { countAttemptsIn } from '../auth/login-limiter';
import { composePasswordResetMail } from './reset-mail';
import { deleteOldResetLinks, findValidResetLink, insertResetLink, useResetLink } from './reset-repository';

function normalized(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Asks for a link (docs/users.md, "Forgotten password"). Counted under the reset's limits before
 * the address is looked up, so a 429 says nothing about whether it exists; an unknown address gets
 * no e-mail and the caller the same answer. The link and its e-mail are written in one transaction.
 * Answers whether an e-mail was queued (for the mailer to wake; never to the caller).
 */
export async function requestPasswordReset(db: TDb, email: string, clientAddress: string, publicUrl: string, passwordRefused: TPasswordRefused = async () => false): Promise<boolean> {
  const refusal = await countAttemptsIn(db, [
    { subject: `reset-ip:${clientAddress}`, ...RESET_LIMITS.address },
    { subject: `reset-email:${normalized(email)}`, ...RESET_LIMITS.email },
  ]);
  if (refusal) throw tooManyAttempts(refusal.retryAfterSeconds);
  const user = await findUser(db, { email });
  // An address that signs in through single sign-on only gets no link, like an unknown one.
  if (!user || (await passwordRefused(email, user.id))) return false;
  const token = randomBytes(32).toString('base64url');
  const content = composePasswordResetMail(user, resetLinkUrl(publicUrl, token), clientAddress);
  await db.transaction(async (tx) => {
    await deleteOldResetLinks(tx);
    await insertResetLink(tx, { userId: user.id, tokenHash: hashToken(token), requestedFrom: clientAddress, minutes: RESET_LINK_MINUTES });
    await insertMail(tx, { ...content, userId: user.id, kind: 'passwordReset', recipient: user.email, language: user.language, messageId: newMessageId(publicUrl) });
  });
  return true;
}

function invalidLink(): ApiError {
  return ApiError.badRequest('The reset link has expired, has been used or is not valid', { token: RESET_LINK_INVALID }, RESET_LINK_INVALID);
}

async function countConfirmation(db: TDb, clientAddress: string): Promise<void> {
  const refusal = await countAttemptsIn(db, [{ subject: `reset-confirm:${clientAddress}`, ...RESET_LIMITS.confirm }]);
  if (refusal) throw tooManyAttempts(refusal.retryAfterSeconds);
}

/** Whether a link still works, and for which account (the page names it before a password is typed). */
export async function checkResetLink(db: TDb, token: string, clientAddress: string): Promise<TPasswordResetCheckResponse> {
  await countConfirmation(db, clientAddress);
  const link = await findValidResetLink(db, hashToken(token), false);
  if (!link) throw invalidLink();
  return { email: link.email, expiresAt: link.expires_at };
}

/**
 * Sets the new password with a link, once: in one transaction the link is locked and used, the
 * password replaced, every session of the user ended (a thief signed in with the old password is
 * out) and the user's counted sign-in failures forgiven (the mailbox proved who it is).
 */
export async function confirmPasswordReset(db: TDb, body: TPasswordResetConfirm, clientAddress: string, passwordRefused: TPasswordRefused = async () => false): Promise<void> {
  await countConfirmation(db, clientAddress);
  const tokenHash = hashToken(body.token);
  // The slow hash before the transaction: the link's row is locked for milliseconds, not 100 ms.
  const valid = await findValidResetLink(db, tokenHash, false);
  // A link sent before the address's organisation switched passwords off no longer works.
  if (!valid || (await passwordRefused(valid.email, valid.user_id))) throw invalidLink();
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    const link = await findValidResetLink(tx, tokenHash, true);
    if (!link) throw invalidLink();
    await tx.execute(sql`UPDATE users SET password_hash = ${passwordHash}, updated_at = now() WHERE id = ${link.user_id}`);
    await useResetLink(tx, { id: link.id, userId: link.user_id });
    await revokeUserTokens(tx, link.user_id);
    const email = normalized(link.email);
    await tx.execute(sql`DELETE FROM login_attempts WHERE subject = ${`email:${email}`} OR starts_with(subject, ${`pair:${email}|`})`);
  });
}
