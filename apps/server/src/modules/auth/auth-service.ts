import { ERROR, isStorableText, SSO_ERROR, type TSignInAnswer, type TTwoFactorStep } from '@aquasmart/domain';
import { ApiError } from '../../lib/api-error';
import type { TDb } from '../../db/database';
import { findUser } from '../../identity/auth-user';
import { verifyAgainstDummy, verifyPassword } from '../../identity/passwords';
import { deleteExpiredTokens, issueToken } from '../../identity/tokens';
import { countLoginAttempt, deleteExpiredLoginAttempts, forgiveLoginAttempt, loginSubjects } from './login-limiter';

export interface TCredentials {
  email: string;
  password: string;
}

/** `Authorization: Basic base64(email:password)`; the password may itself contain colons. */
export function parseBasicCredentials(header: string | undefined): TCredentials | null | 'malformed' {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return 'malformed';
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // Text PostgreSQL cannot store (a NUL) is refused like any other malformed header.
  if (colon < 0 || !isStorableText(decoded)) return 'malformed';
  return { email: decoded.slice(0, colon).trim(), password: decoded.slice(colon + 1) };
}

/**
 * Whether an address may not sign in with a password (single sign-on only, docs/sso.md; wired in
 * app.ts): `userId` is the account whose password was just found right, or null.
 */
export type TPasswordRefused = (email: string, userId: number | null) => Promise<boolean>;

/** What a password sign-in of such an address answers, right password or not. */
export function singleSignOnRequired(): ApiError {
  return new ApiError(403, SSO_ERROR.required, 'Addresses of this domain sign in through their organisation\'s single sign-on only');
}

/** 429 with a Retry-After header: the seconds until the window that blocks ends. */
export function tooManyAttempts(retryAfterSeconds: number): ApiError {
  return new ApiError(429, ERROR.tooManyAttempts, 'Too many failed sign-in attempts; try again later', undefined, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
}

/**
 * Checks a password of an account under the sign-in limit (login-limiter.ts): the attempt is
 * counted before the slow check, and given back when it succeeds. Answers the user's id, or
 * null for a wrong e-mail or password. Sign-in and the own-account check of the current
 * password both come through here, so neither is a way around the limit.
 */
export async function checkPasswordLimited(db: TDb, credentials: TCredentials, clientAddress: string): Promise<number | null> {
  const subjects = loginSubjects(credentials.email, clientAddress);
  const refusal = await countLoginAttempt(db, subjects);
  if (refusal) throw tooManyAttempts(refusal.retryAfterSeconds);
  const user = await findUser(db, { email: credentials.email });
  const valid = user ? await verifyPassword(credentials.password, user.passwordHash) : await verifyAgainstDummy(credentials.password);
  if (!user || !valid) return null;
  await forgiveLoginAttempt(db, subjects);
  return user.id;
}

/**
 * The password step. An account with two-factor sign-in on, or one that must have it and has not
 * set it up, gets a challenge for the second step instead of a session (docs/users.md, "Two-factor
 * sign-in"): `secondStep` (modules/two-factor) answers that challenge, or null for a session now.
 */
export async function signIn(
  db: TDb,
  credentials: TCredentials,
  clientAddress: string,
  ttlSeconds: number,
  secondStep: (userId: number) => Promise<TTwoFactorStep | null> = async () => null,
  passwordRefused: TPasswordRefused = async () => false,
): Promise<TSignInAnswer> {
  if (!credentials.email || !credentials.password) {
    throw ApiError.badRequest('E-mail address and password are required', {
      ...(credentials.email ? {} : { email: 'validation.required' }),
      ...(credentials.password ? {} : { password: 'validation.required' }),
    });
  }
  const userId = await checkPasswordLimited(db, credentials, clientAddress);
  // Asked after the slow check, right password or not: the answer tells nothing about the password.
  if (await passwordRefused(credentials.email, userId)) throw singleSignOnRequired();
  if (userId === null) throw ApiError.unauthorized('Invalid e-mail address or password', ERROR.invalidCredentials);
  // Sign-ins are rare and slow anyway: a good moment to forget what has expired.
  await deleteExpiredTokens(db);
  await deleteExpiredLoginAttempts(db);
  return (await secondStep(userId)) ?? { token: await issueToken(db, userId, ttlSeconds) };
}
