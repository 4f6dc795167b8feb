import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatLocale, type TWebhook, type TWebhookDelivery } from '@aquasmart/domain';
import { QueryStatus } from '../../../components/progress/query-status';
import { webhookDeliveriesQuery } from '../api/webhooks-api';

const STATE_COLOR = { pending: 'warning', delivered: 'success', failed: 'error' } as const;

/**
 * The delivery log of a webhook (docs/webhooks.md, "Delivery"): the latest 50 requests, newest first,
 * each with its time, type, state, HTTP status, duration, the first bytes of the answer (or why there
 * was none) and the next try. Refreshed every 5 s while open.
 */
export function WebhookLogDialog({ webhook, onClose }: { webhook: TWebhook; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const log = useQuery({ ...webhookDeliveriesQuery(webhook.id), refetchInterval: 5000 });
  const locale = formatLocale(i18n.language);
  const answerOf = (entry: TWebhookDelivery) => entry.answer || entry.error || (entry.status === null && entry.lastAttemptAt ? t('webhooks.noAnswer') : '');

  return (
    <Dialog open onClose={onClose} aria-labelledby="webhook-log-title" fullScreen={phone} fullWidth maxWidth="md">
      <DialogTitle id="webhook-log-title" sx={{ overflowWrap: 'anywhere' }}>
        {t('webhooks.logTitle', { url: webhook.url })}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('webhooks.logHint')}
        </Typography>
        <QueryStatus query={log} errorText={t('webhooks.loadError')} />
        {log.isSuccess && log.data.length === 0 ? <Typography color="text.secondary">{t('webhooks.logEmpty')}</Typography> : null}
        <Stack spacing={1} component="ul" aria-label={t('webhooks.log')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {(log.data ?? []).map((entry) => (
            <Paper key={entry.id} variant="outlined" component="li" sx={{ p: 1.5 }} data-testid="webhook-delivery">
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
                <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 600 }}>
                  {t(`webhooks.typeNames.${entry.type}`, { defaultValue: entry.type })}
                </Typography>
                <Chip size="small" label={t(`webhooks.states.${entry.state}`)} color={STATE_COLOR[entry.state]} variant="outlined" />
                <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  {entry.id}
                </Typography>
              </Box>
              <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: phone ? 'auto 1fr' : 'auto 1fr auto 1fr', columnGap: 2, rowGap: 0.25, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
                <dt>{t('webhooks.time')}</dt>
                <dd>{formatDateTime(entry.lastAttemptAt ?? entry.createdAt, locale)}</dd>
                <dt>{t('webhooks.status')}</dt>
                <dd>{entry.status ?? '—'}</dd>
                <dt>{t('webhooks.duration')}</dt>
                <dd>{entry.durationMs === null ? '—' : `${entry.durationMs} ms`}</dd>
                <dt>{t('webhooks.attempts')}</dt>
                <dd>{entry.attempts}</dd>
                {entry.nextAttemptAt ? (
                  <>
                    <dt>{t('webhooks.nextAttempt')}</dt>
                    <dd>{formatDateTime(entry.nextAttemptAt, locale)}</dd>
                  </>
                ) : null}
              </Box>
              {answerOf(entry) ? (
                <Box component="pre" sx={{ m: 0, mt: 0.5, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} aria-label={t('webhooks.answer')}>
                  {answerOf(entry)}
                </Box>
              ) : null}
            </Paper>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} sx={{ minHeight: 48 }}>
          {t('webhooks.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
