import { z } from 'zod';
import { MESSAGE } from './validation/message-key';

/**
 * Two-factor sign-in (docs/users.md, "Two-factor sign-in"; issue 42, item 2): TOTP after RFC 6238
 * (30-second steps, 6 digits, SHA-1: what every authenticator app reads from a QR code), ten
 * recovery codes, and a short-lived challenge between the password step and the code step.
 */
export const TWO_FACTOR = {
  /** Seconds per time step (RFC 6238's default, and the apps'). */
  period: 30,
  digits: 6,
  /** Steps accepted before and after the current one (clock drift): one each way. */
  driftSteps: 1,
  recoveryCodes: 10,
  /** How long the challenge of the password step works (minutes). */
  challengeMinutes: 5,
  /** Wrong codes one challenge takes before it ends (the sign-in limit counts them as well). */
  challengeAttempts: 5,
} as const;

/** The message keys of the refusals, with the field they belong to. */
export const TWO_FACTOR_ERRORS = {
  codeInvalid: 'errors.twoFactorCodeInvalid',
  challengeInvalid: 'errors.twoFactorChallengeInvalid',
  notSetUp: 'errors.twoFactorNotSetUp',
  alreadyOn: 'errors.twoFactorAlreadyOn',
  required: 'errors.twoFactorRequired',
} as const;

/** The time step a moment falls in (`nowMs` in milliseconds since the epoch). */
export function timeStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TWO_FACTOR.period);
}

/** The steps whose codes are accepted at a moment: the current one and `driftSteps` each way. */
export function acceptedSteps(nowMs: number): number[] {
  const current = timeStep(nowMs);
  const steps: number[] = [];
  for (let step = current - TWO_FACTOR.driftSteps; step <= current + TWO_FACTOR.driftSteps; step += 1) steps.push(step);
  return steps;
}

/**
 * A code is used once: a step at or before the last one used is refused, so a code seen over a
 * shoulder (or a second sign-in racing the first) cannot be replayed within its window.
 */
export function isFreshStep(step: number, lastUsedStep: number | null): boolean {
  return lastUsedStep === null || step > lastUsedStep;
}

/** A typed code without spaces; null when it is not six digits. */
export function normalizeTotpCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${TWO_FACTOR.digits}}$`).test(code) ? code : null;
}

/**
 * Recovery codes: ten characters from an alphabet without look-alikes (no 0/O, 1/I/L), shown as
 * `XXXXX-XXXXX`: 50 bits each. Typed in any case, with or without the dash or spaces.
 */
export const RECOVERY_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const RECOVERY_LENGTH = 10;

/** A recovery code from random bytes (one byte per character, rejection-free: the modulo bias of 256 % 31 is under 4 %, immaterial at 50 bits). */
export function recoveryCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < RECOVERY_LENGTH) throw new Error(`A recovery code needs ${RECOVERY_LENGTH} random bytes`);
  let code = '';
  for (let index = 0; index < RECOVERY_LENGTH; index += 1) code += RECOVERY_ALPHABET[bytes[index] % RECOVERY_ALPHABET.length];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The code as stored (hashed): upper case, no dash or spaces; null when it cannot be a recovery code. */
export function normalizeRecoveryCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== RECOVERY_LENGTH) return null;
  return [...code].every((character) => RECOVERY_ALPHABET.includes(character)) ? code : null;
}

/**
 * Who must use two-factor sign-in: administrators when the server is set so (`TWO_FACTOR_ADMINS`),
 * and users of a customer that requires it. A user without customers (every customer) is bound only
 * by the administrators' rule: a customer's setting binds the customer's own users.
 */
export function twoFactorRequired(user: { administrator: boolean; customersRequiring: number }, policy: { administrators: boolean }): boolean {
  return (user.administrator && policy.administrators) || user.customersRequiring > 0;
}

/** The answer of POST /auth: a session token, or a second step with its challenge. */
export const ZTwoFactorStep = z.object({
  /** `code`: send a code (or a recovery code); `setup`: two-factor is required and must be set up first. */
  twoFactor: z.enum(['code', 'setup']),
  challenge: z.string(),
  expiresAt: z.string(),
});
export type TTwoFactorStep = z.infer<typeof ZTwoFactorStep>;
export const ZSignInAnswer = z.union([z.object({ token: z.string() }), ZTwoFactorStep]);
export type TSignInAnswer = z.infer<typeof ZSignInAnswer>;

const zChallenge = () => z.string({ error: MESSAGE.required }).min(1, { error: MESSAGE.required }).max(200, { error: TWO_FACTOR_ERRORS.challengeInvalid });
const zCode = () => z.string().max(40, { error: TWO_FACTOR_ERRORS.codeInvalid });

/** POST /auth/twoFactor: the second step, with a code from the app or a recovery code. */
export const ZTwoFactorSignIn = z
  .object({ challenge: zChallenge(), code: zCode().optional(), recoveryCode: zCode().optional() })
  .refine((body) => Boolean(body.code) !== Boolean(body.recoveryCode), { path: ['code'], error: MESSAGE.required });
export type TTwoFactorSignIn = z.infer<typeof ZTwoFactorSignIn>;

/** POST /auth/twoFactor/setup: the secret for a user who must set two-factor up during sign-in. */
export const ZTwoFactorChallenge = z.object({ challenge: zChallenge() });

/** A new secret: the `otpauth://` address (the QR code) and the secret as text (typed into an app by hand). */
export const ZTwoFactorSecret = z.object({ secret: z.string(), uri: z.string() });
export type TTwoFactorSecret = z.infer<typeof ZTwoFactorSecret>;

/** The recovery codes, shown once, when two-factor takes effect; with the session token when that happened at sign-in. */
export const ZTwoFactorEnabled = z.object({ recoveryCodes: z.array(z.string()), token: z.string().optional() });
export type TTwoFactorEnabled = z.infer<typeof ZTwoFactorEnabled>;

/** GET /users/current/twoFactor. */
export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Whether the user must have it (it then cannot be turned off). */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** POST /users/current/twoFactor/confirm: the first code makes the new secret take effect. */
export const ZTwoFactorCode = z.object({ code: z.string({ error: MESSAGE.required }).min(1, { error: MESSAGE.required }).max(40, { error: TWO_FACTOR_ERRORS.codeInvalid }) });

/** POST /users/current/twoFactor/disable: a valid code, or the password. */
export const ZTwoFactorDisable = z
  .object({ code: zCode().optional(), password: z.string().max(1000).optional() })
  .refine((body) => Boolean(body.code) || Boolean(body.password), { path: ['code'], error: MESSAGE.required });

/** GET/PATCH /customers/{customer}/twoFactor: whether the customer's users must use two-factor sign-in. */
export const ZCustomerTwoFactor = z.object({ required: z.boolean() });
export type TCustomerTwoFactor = z.infer<typeof ZCustomerTwoFactor>;
