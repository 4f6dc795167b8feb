import type { TFunction } from 'i18next';
import { isConnectionFailure } from '../../lib/http/connection';
import { serverReason } from '../../lib/http/failure-text';

/**
 * How long the scanner waits for the node a label names before it says there is no answer: a phone
 * in a basement plant room gets a message to act on instead of "wordt gezocht…" for good.
 */
export const SCAN_LOOKUP_TIMEOUT_MS = 10_000;

/** What a label names: a node (its EUI) or an outlet (its id). */
export type TScanTarget = { eui: string } | { outletId: number };

/** Why a label's node or outlet could not be looked up, as the scanner says it: no answer in time, no connection, or the server's reason. */
export function lookupFailureText(t: TFunction, target: TScanTarget, error: unknown, timedOut: boolean): string {
  const reason = timedOut
    ? t('field.scan.timedOut', { seconds: SCAN_LOOKUP_TIMEOUT_MS / 1000 })
    : isConnectionFailure(error)
      ? t('common.offline')
      : serverReason(t, error);
  return 'eui' in target ? t('field.scan.lookupFailed', { eui: target.eui, reason }) : t('field.scan.outletLookupFailed', { id: target.outletId, reason });
}
