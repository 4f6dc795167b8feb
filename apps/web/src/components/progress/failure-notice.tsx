import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isConnectionFailure } from '../../lib/http/connection';
import { useFormat } from '../../lib/i18n/use-date-time';

/**
 * What a failed query says (docs/screens.md, "Lost connection"): "Geen verbinding" when the server
 * was not reached, else the screen's own sentence; followed by "bijgewerkt om 14:05" when the last
 * data it had stays on show, so old data is never taken for current.
 */
export function failureSentence(t: TFunction, error: unknown, errorText: string, updatedAt: string | null): string {
  const reason = isConnectionFailure(error) ? t('common.offline') : errorText;
  return updatedAt ? `${reason} — ${t('common.updatedAt', { time: updatedAt })}` : reason;
}

export interface TFailureNoticeProps {
  error: unknown;
  /** The screen's sentence for a failure that is not a lost connection (translated). */
  errorText: string;
  /** When the data on show was fetched (the query's dataUpdatedAt); 0 when there is none. */
  updatedAt: number;
  onRetry?: () => void;
  sx?: SxProps<Theme>;
}

/** The failure in place of the data (red), or above the last data it had (amber, with its time). */
export function FailureNotice({ error, errorText, updatedAt, onRetry, sx }: TFailureNoticeProps) {
  const { t } = useTranslation();
  const { timeOfDay } = useFormat();
  const stale = updatedAt > 0;
  return (
    <Alert
      severity={stale ? 'warning' : 'error'}
      data-testid="query-failure"
      sx={sx}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry} sx={{ whiteSpace: 'nowrap' }}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    >
      {failureSentence(t, error, errorText, stale ? timeOfDay(updatedAt) : null)}
    </Alert>
  );
}
