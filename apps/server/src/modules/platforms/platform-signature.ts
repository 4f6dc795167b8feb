import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header of the signature (docs/platforms.md, "Signature"). */
export const SIGNATURE_HEADER = 'x-aquasmart-signature';

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the token>`: the timestamp is signed
 * with the body, so a receiver can refuse an old request played again.
 */
export function signBody(token: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', token).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** What a receiver does: true when the header signs this body with this token, and is at most `toleranceSeconds` old. */
export function verifySignature(token: string, body: string, header: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds || !parts.v1) return false;
  const expected = Buffer.from(signBody(token, body, t).split('v1=')[1], 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
