import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { codeVerdict, ERROR, mayResendCode, normalPhone, PHONE_CODE, type TCodeVerdict } from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { phoneCodes, users } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import type { TAuthUser } from '../../identity/auth-user';
import { insertChannelMessages, type TChannelSettings } from './channel-outbox';

/**
 * The phone number on the account (docs/alarm-notifications.md, "Phone number"): a new number is
 * unverified until the code sent to it by SMS is typed back. Only the code's hash is kept (SHA-256
 * over the user, the number and the code), valid PHONE_CODE.validMinutes, PHONE_CODE.tries wrong
 * tries, a new code at most once a minute. The SMS goes through the channel outbox like any other.
 */

export interface TPhoneState {
  number: string | null;
  verified: boolean;
}

const codeHash = (userId: number, phone: string, code: string) => createHash('sha256').update(`${userId}\n${phone}\n${code}`).digest('hex');

const CODE_TEXT: Record<string, string> = {
  nl: 'Aquasmart: uw code is {code}. Hij is {minutes} minuten geldig.',
  en: 'Aquasmart: your code is {code}. It is valid for {minutes} minutes.',
};

/** Sets the number (unverified) and sends a code to it. 409 without an SMS provider, 429 within a minute of the last code. */
export async function startPhoneVerification(db: TDb, user: TAuthUser, phoneText: string, settings: TChannelSettings, now = new Date()): Promise<TPhoneState & { expiresAt: string }> {
  const phone = normalPhone(phoneText);
  if (!phone) throw ApiError.badRequest('not a phone number in E.164', { phone: 'validation.phone' }, 'validation.phone');
  if (!settings.sms) throw ApiError.conflict('no SMS provider configured', ERROR.smsNotConfigured);
  const code = String(randomInt(0, 10 ** PHONE_CODE.digits)).padStart(PHONE_CODE.digits, '0');
  const expiresAt = new Date(now.getTime() + PHONE_CODE.validMinutes * 60_000);
  await db.transaction(async (tx) => {
    const [last] = await tx.select({ sentAt: phoneCodes.sentAt }).from(phoneCodes).where(eq(phoneCodes.userId, user.id)).for('update');
    if (!mayResendCode(last ? new Date(last.sentAt) : null, now)) {
      throw new ApiError(429, ERROR.phoneCodeTooSoon, 'a code was sent less than a minute ago', undefined, undefined, { 'retry-after': String(PHONE_CODE.resendSeconds) });
    }
    const row = { userId: user.id, phone, codeHash: codeHash(user.id, phone, code), expiresAt, attempts: 0, sentAt: now };
    await tx.insert(phoneCodes).values(row).onConflictDoUpdate({ target: phoneCodes.userId, set: row });
    await tx
      .update(users)
      .set({ phone, phoneVerifiedAt: sql`CASE WHEN ${users.phone} = ${phone} THEN ${users.phoneVerifiedAt} ELSE NULL END` })
      .where(eq(users.id, user.id));
    const text = (CODE_TEXT[user.language] ?? CODE_TEXT.en).replace('{code}', code).replace('{minutes}', String(PHONE_CODE.validMinutes));
    await insertChannelMessages(tx, [{ channel: 'sms', purpose: 'phoneCode', userId: user.id, recipient: phone, body: text }], now);
  });
  const [row] = await db.select({ phone: users.phone, verifiedAt: users.phoneVerifiedAt }).from(users).where(eq(users.id, user.id));
  return { number: row.phone, verified: row.verifiedAt !== null, expiresAt: expiresAt.toISOString() };
}

const VERDICT_ERRORS: Record<Exclude<TCodeVerdict, 'ok'>, string> = {
  wrong: ERROR.phoneCodeWrong,
  expired: ERROR.phoneCodeExpired,
  tooManyTries: ERROR.phoneCodeTooManyTries,
  none: ERROR.phoneCodeNone,
};

/** Checks a typed code: right, the number is verified and the code gone; wrong, a try is counted (kept although the answer is a 400). */
export async function confirmPhone(db: TDb, user: TAuthUser, codeText: string, now = new Date()): Promise<TPhoneState> {
  const verdict = await db.transaction(async (tx) => {
    const [code] = await tx.select().from(phoneCodes).where(eq(phoneCodes.userId, user.id)).for('update');
    const typed = codeText.replace(/\s/g, '');
    const expected = code ? Buffer.from(code.codeHash, 'hex') : Buffer.alloc(32);
    const given = Buffer.from(codeHash(user.id, code?.phone ?? '', typed), 'hex');
    const matches = code !== undefined && /^\d+$/.test(typed) && timingSafeEqual(expected, given);
    const result = codeVerdict(code ? { expiresAt: new Date(code.expiresAt), attempts: code.attempts } : null, matches, now);
    if (result === 'wrong') await tx.update(phoneCodes).set({ attempts: sql`${phoneCodes.attempts} + 1` }).where(eq(phoneCodes.userId, user.id));
    if (result === 'ok') {
      await tx.update(users).set({ phone: code.phone, phoneVerifiedAt: now }).where(eq(users.id, user.id));
      await tx.delete(phoneCodes).where(eq(phoneCodes.userId, user.id));
    }
    return result;
  });
  if (verdict !== 'ok') throw ApiError.badRequest(`phone code: ${verdict}`, { code: VERDICT_ERRORS[verdict] }, VERDICT_ERRORS[verdict]);
  return { number: (await phoneOf(db, user.id)).number, verified: true };
}

/** Removes the number (and a code under way): no SMS any more. */
export async function removePhone(db: TDb, user: TAuthUser): Promise<TPhoneState> {
  await db.transaction(async (tx) => {
    await tx.delete(phoneCodes).where(eq(phoneCodes.userId, user.id));
    await tx.update(users).set({ phone: null, phoneVerifiedAt: null }).where(eq(users.id, user.id));
  });
  return { number: null, verified: false };
}

async function phoneOf(db: TDb, userId: number): Promise<TPhoneState> {
  const [row] = await db.select({ phone: users.phone, verifiedAt: users.phoneVerifiedAt }).from(users).where(eq(users.id, userId));
  return { number: row?.phone ?? null, verified: row?.phone != null && row.verifiedAt !== null };
}
