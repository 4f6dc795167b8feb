import { randomBytes } from 'node:crypto';
import {
  ERROR,
  normalizeRecoveryCode,
  normalizeTotpCode,
  recoveryCodeFrom,
  TWO_FACTOR,
  TWO_FACTOR_ERRORS,
  twoFactorRequired,
  type TTwoFactorEnabled,
  type TTwoFactorSecret,
  type TTwoFactorStatus,
  type TTwoFactorStep,
} from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { findUser, type TAuthUser } from '../../identity/auth-user';
import { hashPassword, verifyPassword } from '../../identity/passwords';
import { isAdministrator } from '../../identity/rights';
import { hashToken, issueToken } from '../../identity/tokens';
import { checkPasswordLimited, tooManyAttempts } from '../auth/auth-service';
import { countLoginAttempt, forgiveLoginAttempt, loginSubjects } from '../auth/login-limiter';
import { matchTotp, newTotpSecret, totpUri } from './totp';
import * as store from './two-factor-repository';

/**
 * Two-factor sign-in (docs/users.md, "Two-factor sign-in"). The password step of POST /auth ends
 * in a challenge instead of a session when the account has two-factor on (`code`) or must have it
 * and has not set it up (`setup`); the second step trades the challenge and a code for the session.
 * Every code check, at sign-in, at set-up and when turning it off, is counted by the sign-in limit
 * (login-limiter.ts) as a password is: six digits cannot be guessed faster than a password.
 */
export interface TTwoFactorPolicy {
  /** TWO_FACTOR_ADMINS=required: administrators must use it. */
  administrators: boolean;
}

/** The clock of the code checks; tests move it (vi.setSystemTime). */
const now = () => Date.now();

async function mustUse(db: TDb, user: TAuthUser, policy: TTwoFactorPolicy): Promise<boolean> {
  return twoFactorRequired({ administrator: isAdministrator(user), customersRequiring: await store.customersRequiring(db, user.id) }, policy);
}

/** After a correct password: null when the session may start now, else the second step and its challenge. */
export async function secondStepFor(db: TDb, userId: number, policy: TTwoFactorPolicy): Promise<TTwoFactorStep | null> {
  const state = await store.readTwoFactor(db, userId);
  let purpose: 'code' | 'setup';
  if (state?.enabled) purpose = 'code';
  else {
    const user = await findUser(db, { id: userId });
    if (!user || !(await mustUse(db, user, policy))) return null;
    purpose = 'setup';
  }
  const challenge = randomBytes(32).toString('base64url');
  const expiresAt = await store.insertChallenge(db, { tokenHash: hashToken(challenge), userId, purpose, minutes: TWO_FACTOR.challengeMinutes });
  return { twoFactor: purpose, challenge, expiresAt };
}

function invalidChallenge(): ApiError {
  return ApiError.badRequest('The sign-in attempt has expired or is not valid; sign in again', { challenge: TWO_FACTOR_ERRORS.challengeInvalid }, TWO_FACTOR_ERRORS.challengeInvalid);
}

function invalidCode(field: 'code' | 'recoveryCode'): ApiError {
  return ApiError.badRequest('The code is not valid or has been used', { [field]: TWO_FACTOR_ERRORS.codeInvalid }, TWO_FACTOR_ERRORS.codeInvalid);
}

/** Counts one code attempt of a user under the sign-in limit; answers the subjects to forgive on success. */
async function countCodeAttempt(db: TDb, email: string, clientAddress: string) {
  const subjects = loginSubjects(email, clientAddress);
  const refusal = await countLoginAttempt(db, subjects);
  if (refusal) throw tooManyAttempts(refusal.retryAfterSeconds);
  return subjects;
}

/** Ten new recovery codes: answered once, kept as slow salted hashes. */
async function newRecoveryCodes(db: TDb, userId: number): Promise<string[]> {
  const codes = Array.from({ length: TWO_FACTOR.recoveryCodes }, () => recoveryCodeFrom(randomBytes(16)));
  const hashes = await Promise.all(codes.map((code) => hashPassword(normalizeRecoveryCode(code)!)));
  await store.replaceRecoveryCodes(db, userId, hashes);
  return codes;
}

/** Checks a TOTP code against the user's secret and uses its step (once); `enable` makes a pending secret take effect. */
async function useTotp(db: TDb, userId: number, input: string, enable: boolean): Promise<boolean> {
  const code = normalizeTotpCode(input);
  const state = await store.readTwoFactor(db, userId);
  if (!code || !state || state.enabled === enable) return false;
  const step = await matchTotp(state.secret, code, now(), state.lastStep);
  return step !== null && (await store.useStep(db, userId, step, enable));
}

async function useRecovery(db: TDb, userId: number, input: string): Promise<boolean> {
  const code = normalizeRecoveryCode(input);
  if (!code) return false;
  for (const row of await store.unusedRecoveryCodes(db, userId)) {
    if (await verifyPassword(code, row.code_hash)) return store.useRecoveryCode(db, row.id);
  }
  return false;
}

/**
 * The second step of the sign-in: the challenge of the password step and a code (or a recovery
 * code); for a `setup` challenge, the first code of the secret just set up, which makes it take
 * effect and answers the recovery codes too. The challenge ends when it succeeds, after
 * TWO_FACTOR.challengeAttempts wrong codes, or after TWO_FACTOR.challengeMinutes.
 */
export async function completeSignIn(
  db: TDb,
  body: { challenge: string; code?: string; recoveryCode?: string },
  clientAddress: string,
  ttlSeconds: number,
): Promise<{ token: string; recoveryCodes?: string[] }> {
  const challengeHash = hashToken(body.challenge);
  const challenge = await store.findChallenge(db, challengeHash, TWO_FACTOR.challengeAttempts);
  const user = challenge ? await findUser(db, { id: challenge.userId }) : null;
  if (!challenge || !user) throw invalidChallenge();
  const subjects = await countCodeAttempt(db, user.email, clientAddress);
  const field = body.recoveryCode ? 'recoveryCode' : 'code';
  let valid: boolean;
  if (challenge.purpose === 'setup') valid = field === 'code' && (await useTotp(db, user.id, body.code ?? '', true));
  else valid = field === 'code' ? await useTotp(db, user.id, body.code ?? '', false) : await useRecovery(db, user.id, body.recoveryCode ?? '');
  if (!valid) {
    await store.countChallengeAttempt(db, challengeHash);
    throw invalidCode(field);
  }
  if (!(await store.deleteChallenge(db, challengeHash))) throw invalidChallenge();
  await forgiveLoginAttempt(db, subjects);
  const recoveryCodes = challenge.purpose === 'setup' ? await newRecoveryCodes(db, user.id) : undefined;
  const token = await issueToken(db, user.id, ttlSeconds);
  return recoveryCodes ? { token, recoveryCodes } : { token };
}

/** A new secret for a user who must set two-factor up during sign-in (a `setup` challenge). */
export async function startSetupWithChallenge(db: TDb, challenge: string): Promise<TTwoFactorSecret> {
  const found = await store.findChallenge(db, hashToken(challenge), TWO_FACTOR.challengeAttempts);
  const user = found?.purpose === 'setup' ? await findUser(db, { id: found.userId }) : null;
  if (!user) throw invalidChallenge();
  return startSetup(db, user);
}

// The own account (/users/current/twoFactor).

export async function twoFactorStatus(db: TDb, user: TAuthUser, policy: TTwoFactorPolicy): Promise<TTwoFactorStatus> {
  const state = await store.readTwoFactor(db, user.id);
  return {
    enabled: state?.enabled ?? false,
    required: await mustUse(db, user, policy),
    recoveryCodesLeft: state?.enabled ? await store.recoveryCodesLeft(db, user.id) : 0,
  };
}

/** A new secret, in effect only once a code of it is confirmed; refused while two-factor is on. */
export async function startSetup(db: TDb, user: TAuthUser): Promise<TTwoFactorSecret> {
  if ((await store.readTwoFactor(db, user.id))?.enabled) throw ApiError.conflict('Two-factor sign-in is already on', TWO_FACTOR_ERRORS.alreadyOn);
  const secret = newTotpSecret();
  await store.writePendingSecret(db, user.id, secret);
  return { secret, uri: totpUri(secret, user.email) };
}

/** The first code of the new secret: two-factor takes effect and the recovery codes are answered, once. */
export async function confirmSetup(db: TDb, user: TAuthUser, code: string, clientAddress: string): Promise<TTwoFactorEnabled> {
  const state = await store.readTwoFactor(db, user.id);
  if (!state) throw ApiError.badRequest('Start the set-up first', { code: TWO_FACTOR_ERRORS.notSetUp }, TWO_FACTOR_ERRORS.notSetUp);
  if (state.enabled) throw ApiError.conflict('Two-factor sign-in is already on', TWO_FACTOR_ERRORS.alreadyOn);
  const subjects = await countCodeAttempt(db, user.email, clientAddress);
  if (!(await useTotp(db, user.id, code, true))) throw invalidCode('code');
  await forgiveLoginAttempt(db, subjects);
  return { recoveryCodes: await newRecoveryCodes(db, user.id) };
}

/** Turns two-factor off with a valid code or the password; refused when the user must have it. */
export async function disableTwoFactor(db: TDb, user: TAuthUser, body: { code?: string; password?: string }, clientAddress: string, policy: TTwoFactorPolicy): Promise<void> {
  const state = await store.readTwoFactor(db, user.id);
  if (!state?.enabled) throw ApiError.conflict('Two-factor sign-in is not on', TWO_FACTOR_ERRORS.notSetUp);
  if (await mustUse(db, user, policy)) throw ApiError.conflict('Two-factor sign-in is required for this account', TWO_FACTOR_ERRORS.required);
  if (body.code) {
    const subjects = await countCodeAttempt(db, user.email, clientAddress);
    if (!(await useTotp(db, user.id, body.code, false))) throw invalidCode('code');
    await forgiveLoginAttempt(db, subjects);
  } else {
    const valid = (await checkPasswordLimited(db, { email: user.email, password: body.password ?? '' }, clientAddress)) === user.id;
    if (!valid) throw ApiError.badRequest('The password is not correct', { password: ERROR.incorrectPassword }, ERROR.incorrectPassword);
  }
  await store.deleteTwoFactor(db, user.id);
}

/** Whether a customer's users must use two-factor sign-in (administrators only). */
export async function customerRequirement(db: TDb, name: string, required?: boolean): Promise<{ required: boolean }> {
  const answer = required === undefined ? await store.readCustomerRequirement(db, name) : await store.writeCustomerRequirement(db, name, required);
  if (answer === null) throw ApiError.notFound(`No customer ${name}`);
  return { required: answer };
}
