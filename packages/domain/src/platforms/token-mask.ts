/**
 * The secret token of a platform endpoint is never answered in full (docs/platforms.md, "Token"):
 * the browser gets a mask with the last four characters of a long token, so an administrator can
 * tell which token is set. A save that sends the mask back unchanged keeps the stored token.
 */
export const TOKEN_MASK = '••••••••';
/** Tokens shorter than this show no characters at all. */
const SHOWN_FROM_LENGTH = 16;

export function maskToken(token: string | null | undefined): string | null {
  if (token === null || token === undefined || token === '') return null;
  return token.length >= SHOWN_FROM_LENGTH ? `${TOKEN_MASK}${token.slice(-4)}` : TOKEN_MASK;
}

/** True for a value that is a mask (sent back unchanged), never a token someone typed. */
export function isMaskedToken(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.startsWith(TOKEN_MASK);
}
