import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { PLATFORM_BACKLOG_DAYS, type TPlatformState, type TPlatformTestResult } from '@aquasmart/domain';
import { DetailField, DetailList, Section } from '../../components/page';
import { useSnackbar } from '../../components/snackbar';
import { useFormat } from '../../lib/i18n/use-date-time';
import { platformStateQuery, retryPlatform, testPlatform, type TPlatformPlace } from './api/platforms-api';

const STATE_COLOUR = { none: 'default', delivering: 'success', retrying: 'warning', parked: 'error' } as const;

/**
 * The delivery state of a customer's or location's external platform (docs/platforms.md, "State"):
 * delivering, last delivered, backlog, or stopped with the receiver's last error; a test delivery
 * that shows the answer, and "retry now". Administrators only (the #platform tab).
 */
export function PlatformPanel(place: TPlatformPlace) {
  const { t } = useTranslation();
  const format = useFormat();
  const result = useQuery(platformStateQuery(place));
  const state = result.data;
  if (result.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (result.isError || !state) return <Alert severity="error">{t('platforms.loadError')}</Alert>;
  return (
    <Paper variant="outlined">
      <Section title={state.platform ? t('platforms.title', { platform: t(`places.platforms.${state.platform}`, { defaultValue: state.platform }) }) : t('platforms.tab')}>
        {state.via ? (
          <Typography sx={{ mb: 2 }} color="text.secondary">
            {t('platforms.via', { customer: state.via })}
          </Typography>
        ) : null}
        {state.state === 'none' ? (
          <Alert severity="info">{t('platforms.noPlatform')}</Alert>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('platforms.help', { seconds: state.batchSeconds })}
            </Typography>
            <DetailList>
              <DetailField label={t('platforms.state')}>
                <Chip
                  size="small"
                  color={STATE_COLOUR[state.state]}
                  label={t(`platforms.states.${state.state}`, { time: state.nextAttemptAt ? format.dateTime(state.nextAttemptAt) : '' })}
                />
              </DetailField>
              <DetailField label={t('platforms.lastDeliveredAt')}>{state.lastDeliveredAt ? format.dateTime(state.lastDeliveredAt) : t('platforms.never')}</DetailField>
              <DetailField label={t('platforms.backlog')}>{format.number(state.backlog)}</DetailField>
              <DetailField label={t('platforms.delivered')}>{format.number(state.delivered)}</DetailField>
              {state.dropped > 0 ? <DetailField label={t('platforms.dropped', { days: PLATFORM_BACKLOG_DAYS })}>{format.number(state.dropped)}</DetailField> : null}
              <DetailField label={t('platforms.url')} wide>
                {state.url}
              </DetailField>
            </DetailList>
            <LastError state={state} />
          </>
        )}
        {state.state !== 'none' ? <PlatformActions place={place} state={state} /> : null}
      </Section>
    </Paper>
  );
}

/** The receiver's last refusal or failure: status, error and the first bytes of its answer. */
function LastError({ state }: { state: TPlatformState }) {
  const { t } = useTranslation();
  if (state.state === 'delivering' || (state.lastError === null && state.lastStatus === null)) return null;
  return (
    <Alert severity={state.state === 'parked' ? 'error' : 'warning'} sx={{ mt: 2 }}>
      <AlertTitle>
        {t('platforms.lastError')}
        {state.lastStatus !== null ? `: ${t('platforms.lastStatus', { status: state.lastStatus })}` : ''}
      </AlertTitle>
      {state.lastError ? <Typography variant="body2">{state.lastError}</Typography> : null}
      {state.lastAnswer ? (
        <Box sx={{ mt: 1 }}>
          <Typography variant="caption">{t('platforms.lastAnswer')}</Typography>
          <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: '0.8rem' }}>
            {state.lastAnswer}
          </Box>
        </Box>
      ) : null}
      {state.state === 'parked' ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('platforms.parkedHelp')}
        </Typography>
      ) : null}
    </Alert>
  );
}

function PlatformActions({ place, state }: { place: TPlatformPlace; state: TPlatformState }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'test' | 'retry' | null>(null);
  const [test, setTest] = useState<TPlatformTestResult | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: platformStateQuery(place).queryKey });

  const runTest = async () => {
    setBusy('test');
    try {
      setTest(await testPlatform(place));
    } catch {
      snackbar.error('snackbar.platformTestError');
    } finally {
      setBusy(null);
    }
  };
  const retry = async () => {
    setBusy('retry');
    try {
      await retryPlatform(place);
      snackbar.success('snackbar.platformRetry');
      await refresh();
    } catch {
      snackbar.error('snackbar.platformRetryError');
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Button variant="outlined" startIcon={<SendIcon />} onClick={() => void runTest()} disabled={busy !== null}>
          {busy === 'test' ? t('platforms.testing') : t('platforms.test')}
        </Button>
        {state.state !== 'delivering' || state.backlog > 0 ? (
          <Button variant="contained" startIcon={<ReplayIcon />} onClick={() => void retry()} disabled={busy !== null}>
            {t('platforms.retry')}
          </Button>
        ) : null}
      </Box>
      {test ? (
        <Alert severity={test.ok ? 'success' : 'error'} sx={{ mt: 2 }} role="status">
          <AlertTitle>{t('platforms.testTitle')}</AlertTitle>
          <Typography variant="body2">
            {test.ok ? t('platforms.testOk', { status: test.status, ms: test.durationMs }) : t('platforms.testFailed')}
            {!test.ok && test.status !== null ? ` (${t('platforms.lastStatus', { status: test.status })})` : ''}
          </Typography>
          {test.error ? <Typography variant="body2">{test.error}</Typography> : null}
          {test.answer ? (
            <Box component="pre" sx={{ m: 0, mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: '0.8rem' }}>
              {test.answer}
            </Box>
          ) : null}
        </Alert>
      ) : null}
    </>
  );
}
