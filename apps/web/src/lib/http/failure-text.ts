import type { TFunction } from 'i18next';
import { defaultErrorKey, isHttpError } from './http-error';

/**
 * The server's reason for a refused request as a sentence (its message key translated with the
 * answer's params, e.g. the counts of what is in the way of a delete), or null when the answer
 * carries no key this catalogue knows.
 */
export function failureReason(t: TFunction, error: unknown, exists: (key: string) => boolean): string | null {
  if (!isHttpError(error) || !error.body?.key) return null;
  const { key, params } = error.body;
  return exists(key) ? t(key, params ?? {}) : null;
}

/** A snackbar text: the action's message, then the server's reason when there is one. */
export function failureText(t: TFunction, error: unknown, messageKey: string, exists: (key: string) => boolean): string {
  const reason = failureReason(t, error, exists);
  return reason ? `${t(messageKey)}: ${reason}` : t(messageKey);
}

/**
 * The server's answer to a failed call as a sentence in the user's language (docs/products-screens.md,
 * "Snackbar keys": a failed product delete appends the server's reason). The message key is
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
