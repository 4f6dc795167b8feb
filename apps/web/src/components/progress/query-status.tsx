import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

/** What QueryStatus reads of a TanStack query. */
export interface TQueryState {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
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
}

/**
 * The loading bar and the error alert a screen shows for the query it reads: the bar while the
 * query is busy, the alert when it failed. One place, so every screen says both the same way.
 */
export function QueryStatus({ query, errorText, busyWhile = 'pending', busy = false, loadingLabel, gap }: TQueryStatusProps) {
  const { t } = useTranslation();
  const loading = busy || (busyWhile === 'pending' ? query.isPending : query.isFetching);
  return (
    <>
      {loading ? <LinearProgress aria-label={loadingLabel ?? t('common.loading')} sx={gap === undefined ? undefined : { mb: gap }} /> : null}
      {query.isError ? <Alert severity="error">{errorText}</Alert> : null}
    </>
  );
}
