import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/i18n/i18n';
import { useFormat } from '../../lib/i18n/use-date-time';
import { checkQueue, useQueuedChecks, useSentChecks } from './check-queue';

/**
 * The checks of this device that wait to be sent, and those refused by the server (with the reason
 * and a button to remove them: they are not sent again), and the ones sent since the app started.
 */
export function QueuedChecks() {
  const { t } = useTranslation();
  const format = useFormat();
  const entries = useQueuedChecks() ?? [];
  const sent = useSentChecks();
  if (entries.length === 0 && sent.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="queued-checks-title" sx={{ p: 2, mb: 2 }} data-testid="queued-checks">
      <Typography id="queued-checks-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {entries.length > 0 ? t('outletCheck.queueTitle') : t('outletCheck.sentTitle')}
      </Typography>
      <Box component="ul" aria-live="polite" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {entries.map((entry) => {
          const refusal = entry.refusal ? (Object.values(entry.refusal.fields)[0] ?? entry.refusal.key) : null;
          return (
            <Box component="li" key={entry.id} data-testid="queued-check" data-state={entry.state}>
              <Alert
                severity={entry.state === 'refused' ? 'error' : 'warning'}
                action={
                  entry.state === 'refused' ? (
                    <Button color="inherit" onClick={() => void checkQueue.discard(entry.id)} sx={{ minHeight: 48 }}>
                      {t('outletCheck.discard')}
                    </Button>
                  ) : undefined
                }
              >
                <strong>
                  {entry.payload.outletName}, {t(`outlets.checks.${entry.payload.check}`)}
                </strong>
                <br />
                {refusal
                  ? t('outletCheck.queueRefused', { reason: translateMessage(t, refusal) })
                  : t('outletCheck.queueWaiting', { time: format.timeOfDay(entry.payload.body.doneAt ?? entry.createdAt) })}
              </Alert>
            </Box>
          );
        })}
        {sent.map((check) => (
          <Box component="li" key={check.id} data-testid="sent-check">
            <Alert severity="success">{t('outletCheck.sent', { outlet: check.outletName, check: t(`outlets.checks.${check.check}`) })}</Alert>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
