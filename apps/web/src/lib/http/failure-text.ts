import type { TFunction } from 'i18next';
import { isHttpError } from './http-error';

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
