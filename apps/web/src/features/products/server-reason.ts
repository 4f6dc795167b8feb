import type { TFunction } from 'i18next';
import { defaultErrorKey, isHttpError } from '../../lib/http/http-error';

/**
 * The server's answer to a failed call as a sentence in the user's language (nodes.md section 8:
 * a failed product delete appends the server's response message). The message key is
 * translated with the answer's `params` when it carries them (e.g. errors.productInUse with the
 * counts); a text whose parameters are missing falls back to `withoutParams[key]` (a text of
 * its own without them) or else to the generic text of the status.
 */
export function serverReason(t: TFunction, error: unknown, withoutParams: Record<string, string> = {}): string {
  if (!isHttpError(error)) return t('errors.internal');
  const params = error.body?.params ?? {};
  const text = t(error.key, params);
  if (text === error.key || text.includes('{{')) return t(withoutParams[error.key] ?? defaultErrorKey(error.status));
  return text;
}
