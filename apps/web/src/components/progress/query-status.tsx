import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { FailureNotice } from './failure-notice';

/** What QueryStatus reads of a TanStack query. */
export interface TQueryState {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  /** Why it failed: a lost connection says "Geen verbinding" instead of errorText. */
  error?: unknown;
  /** When the data on show was fetched; 0 or absent when there is none. */
  dataUpdatedAt?: number;
}

export interface TQueryStatusProps {
  query: TQueryState;
  /** The sentence of the error alert (translated). */
  errorText: string;
  /** When the bar shows: until the first answer ('pending', screens) or during every fetch ('fetching', lists that refresh). */
  busyWhile?: 'pending' | 'fetching';
  /** Shows the bar whatever the query says (e.g. while the signed-in user is still read). */
  busy?: boolean;
  /** The bar's accessible name; "Loading" by default. */
  loadingLabel?: string;
  /** Space under the bar (theme spacing); screens use 2, parts inside a screen none. */
  gap?: number;
  /** A retry button in the failure notice. */
  onRetry?: () => void;
}

/**
 * The loading bar and the error alert a screen shows for the query it reads: the bar while the
 * query is busy, the alert when it failed. One place, so every screen says both the same way. A
 * failed refresh keeps the screen's last data and says since when it is (docs/screens.md, "Lost
 * connection"): the alert reads "Geen verbinding — bijgewerkt om 14:05".
 */
export function QueryStatus({ query, errorText, busyWhile = 'pending', busy = false, loadingLabel, gap, onRetry }: TQueryStatusProps) {
  const { t } = useTranslation();
  const loading = busy || (busyWhile === 'pending' ? query.isPending : query.isFetching);
  return (
    <>
      {loading ? <LinearProgress aria-label={loadingLabel ?? t('common.loading')} sx={gap === undefined ? undefined : { mb: gap }} /> : null}
      {query.isError ? (
        <FailureNotice error={query.error} errorText={errorText} updatedAt={query.dataUpdatedAt ?? 0} onRetry={onRetry} sx={gap === undefined ? undefined : { mb: gap }} />
      ) : null}
    </>
  );
}
