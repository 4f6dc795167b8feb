import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import type { TRulebookId, TSampleResult } from '@aquasmart/domain';
import { useSnackbar } from '../../../components/snackbar';
import { alarmScreen } from '../../../lib/api/alarms';
import { useFormat } from '../../../lib/i18n/use-date-time';
import { highestCountText, VerdictChip } from './verdict';

/** The notification goes out in the rulebook's language (docs/sampling.md, "Legal steps"). */
const NOTIFICATION_LANGUAGE: Record<TRulebookId, 'nl' | 'en' | 'de'> = { NL: 'nl', UK: 'en', DE: 'de' };

/**
 * What an entered result means (docs/sampling.md, "Screens"): the verdict, the legal step, the
 * alarm it opened (a link) and the prepared notification to copy and send (the portal sends
 * nothing to authorities itself). Full screen on a phone, like the form before it.
 */
export function OutcomeDialog({ result, onClose }: { result: TSampleResult; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const snackbar = useSnackbar();
  const titleId = useId();
  const notification = result.notification;
  const language = NOTIFICATION_LANGUAGE[result.rulebook];
  const copy = async () => {
    if (!notification) return;
    try {
      await navigator.clipboard.writeText(`${notification.subject[language]}\n\n${notification.text[language]}`);
      snackbar.success('sampling.outcome.copied');
    } catch {
      snackbar.error('sampling.outcome.copyError');
    }
  };
  const row = (label: string, value: React.ReactNode) => (
    <>
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Box>
    </>
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullScreen={phone} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('sampling.outcome.title', { sampleId: result.sampleId })}</DialogTitle>
      <DialogContent sx={{ flex: phone ? 1 : undefined }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', columnGap: 1.5, rowGap: 1 }}>
          {row(t('sampling.columns.point'), result.pointName)}
          {row(t('sampling.outcome.verdict'), <VerdictChip verdict={result.verdict} />)}
          {row(t('sampling.outcome.highest'), highestCountText(t, format, result))}
          {row(t('sampling.outcome.step'), t(`sampling.legalSteps.${result.legalStep}`))}
          {result.resampleDue ? row(t('sampling.columns.nextDue'), t('sampling.outcome.resampleDue', { date: format.date(`${result.resampleDue}T12:00:00`) })) : null}
        </Box>
        {result.alarmId !== null ? (
          <Alert severity={result.severity === 'critical' ? 'error' : 'warning'} sx={{ mt: 2 }} action={
            <Button component={RouterLink} to={alarmScreen(result.alarmId)} color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
              {t('sampling.outcome.openAlarm', { id: result.alarmId })}
            </Button>
          }>
            {t('sampling.outcome.alarmOpened')}
          </Alert>
        ) : result.verdict === 'compliant' ? (
          <Alert severity="success" sx={{ mt: 2 }}>
            {t('sampling.outcome.compliant')}
          </Alert>
        ) : null}
        {notification ? (
          <Box component="section" aria-labelledby={`${titleId}-notification`} sx={{ mt: 2 }}>
            <Typography id={`${titleId}-notification`} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t('sampling.outcome.notification')}
            </Typography>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {notification.authority ? t('sampling.outcome.authority', { authority: notification.authority }) : t('sampling.outcome.noAuthority')}
              {notification.repeated ? ` ${t('sampling.outcome.repeated')}` : ''}
            </Typography>
            <Box lang={language} data-notification sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 14 }}>
              <Typography component="p" variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
                {notification.subject[language]}
              </Typography>
              <Typography component="p" variant="body2">
                {notification.text[language]}
              </Typography>
            </Box>
            <Button startIcon={<ContentCopyIcon />} variant="outlined" onClick={() => void copy()} sx={{ mt: 1, minHeight: 44 }}>
              {t('sampling.outcome.copy')}
            </Button>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} variant="contained" size="large" sx={{ minHeight: 48, flex: phone ? 1 : undefined }}>
          {t('sampling.outcome.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
