import type { TFunction } from 'i18next';
import { isConnectionFailure } from '../../lib/http/connection';
import { serverReason } from '../../lib/http/failure-text';

/**
 * How long the scanner waits for the node a label names before it says there is no answer: a phone
 * in a basement plant room gets a message to act on instead of "wordt gezocht…" for good.
 */
export const SCAN_LOOKUP_TIMEOUT_MS = 10_000;

/** Why a label's node could not be looked up, as the scanner says it: no answer in time, no connection, or the server's reason. */
export function lookupFailureText(t: TFunction, eui: string, error: unknown, timedOut: boolean): string {
  const reason = timedOut
    ? t('field.scan.timedOut', { seconds: SCAN_LOOKUP_TIMEOUT_MS / 1000 })
    : isConnectionFailure(error)
      ? t('common.offline')
      : serverReason(t, error);
  return t('field.scan.lookupFailed', { eui, reason });
}
