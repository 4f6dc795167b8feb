import { generateSecret, generateURI, verify } from 'otplib';
import { acceptedSteps, isFreshStep, PRODUCT_NAME, timeStep, TWO_FACTOR } from '@aquasmart/domain';

/**
 * TOTP after RFC 6238 through otplib (docs/users.md, "Two-factor sign-in"): 20-byte secrets in
 * base32, SHA-1, 6 digits, 30-second steps, what authenticator apps expect from a QR code.
 */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The `otpauth://` address the QR code holds: the portal's name as issuer, the account's e-mail address as label. */
export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: PRODUCT_NAME, label: email, secret, digits: TWO_FACTOR.digits, period: TWO_FACTOR.period });
}

/**
 * The time step of a code that is valid at `nowMs`: in the current step or `driftSteps` before or
 * after it (otplib's tolerance covers exactly the neighbouring steps at every second of a step),
 * and later than `lastStep` (a code is used once). Null when the code does not match.
 */
export async function matchTotp(secret: string, code: string, nowMs: number, lastStep: number | null): Promise<number | null> {
  const epoch = Math.floor(nowMs / 1000);
  const result = await verify({
    secret,
    token: code,
    epoch,
    epochTolerance: TWO_FACTOR.period * TWO_FACTOR.driftSteps,
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.period,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  if (!result.valid) return null;
  // delta: the matching step's distance from the current one; held to the domain's rules as well.
  const step = timeStep(epoch * 1000) + result.delta;
  return acceptedSteps(nowMs).includes(step) && isFreshStep(step, lastStep) ? step : null;
}
