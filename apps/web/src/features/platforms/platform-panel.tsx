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
import type { TFunction } from 'i18next';
import {
  PLATFORM_BACKLOG_DAYS,
  platformDisplay,
  platformProblemOf,
  type TPlatformDisplay,
  type TPlatformDisplayKind,
  type TPlatformState,
  type TPlatformTestResult,
} from '@aquasmart/domain';
import { DetailField, DetailList, Section } from '../../components/page';
import { useSnackbar } from '../../components/snackbar';
import { useFormat } from '../../lib/i18n/use-date-time';
import { platformStateQuery, retryPlatform, testPlatform, type TPlatformPlace } from './api/platforms-api';

/** Green only for an endpoint that delivers; a chosen platform that cannot deliver is never "all clear". */
const STATE_COLOUR: Record<TPlatformDisplayKind, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  none: 'default',
  notConfigured: 'warning',
  waiting: 'info',
  delivering: 'success',
  failing: 'warning',
  stopped: 'error',
};

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
  const display = platformDisplay(state, new Date());
  return (
    <Paper variant="outlined">
      <Section title={state.platform ? t('platforms.title', { platform: t(`places.platforms.${state.platform}`, { defaultValue: state.platform }) }) : t('platforms.tab')}>
        {state.via ? (
          <Typography sx={{ mb: 2 }} color="text.secondary">
            {t('platforms.via', { customer: state.via })}
          </Typography>
        ) : null}
        {display.kind === 'none' ? (
          <Alert severity="info">{t('platforms.noPlatform')}</Alert>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('platforms.help', { seconds: state.batchSeconds })}
            </Typography>
            {display.kind === 'notConfigured' ? (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {t(`platforms.problems.${display.problem}`)}
              </Alert>
            ) : null}
            <DetailList>
              <DetailField label={t('platforms.state')}>
                <Chip size="small" color={STATE_COLOUR[display.kind]} label={stateLabel(display, t, format.dateTime)} />
              </DetailField>
              {display.kind === 'waiting' || display.kind === 'delivering' || display.kind === 'failing' ? (
                <DetailField label={t('platforms.next')}>
                  {display.next === null ? t('platforms.nextNothing') : display.next === 'now' ? t('platforms.nextNow') : format.dateTime(display.next.at)}
                </DetailField>
              ) : null}
              <DetailField label={t('platforms.lastDeliveredAt')}>{state.lastDeliveredAt ? format.dateTime(state.lastDeliveredAt) : t('platforms.never')}</DetailField>
              <DetailField label={t('platforms.backlog')}>{format.number(state.backlog)}</DetailField>
              <DetailField label={t('platforms.delivered')}>{format.number(state.delivered)}</DetailField>
              {state.dropped > 0 ? <DetailField label={t('platforms.dropped', { days: PLATFORM_BACKLOG_DAYS })}>{format.number(state.dropped)}</DetailField> : null}
              <DetailField label={t('platforms.url')} wide>
                {state.url ?? t('platforms.notSet')}
              </DetailField>
            </DetailList>
            {display.kind === 'failing' || display.kind === 'stopped' ? <LastError state={state} /> : null}
          </>
        )}
        {display.kind !== 'none' ? <PlatformActions place={place} state={state} display={display} /> : null}
      </Section>
    </Paper>
  );
}

function stateLabel(display: TPlatformDisplay, t: TFunction, dateTime: (iso: string) => string): string {
  if (display.kind === 'failing') return display.since ? t('platforms.states.failing', { time: dateTime(display.since) }) : t('platforms.states.failingUnknown');
  return t(`platforms.states.${display.kind}`);
}

/** The sender's own English for a setting that is missing, in the user's language; a receiver's words as they came. */
function ErrorText({ error }: { error: string }) {
  const { t } = useTranslation();
  const problem = platformProblemOf(error);
  return <Typography variant="body2">{problem ? t(`platforms.problems.${problem}`) : error}</Typography>;
}

/** The receiver's last refusal or failure: status, error and the first bytes of its answer. */
function LastError({ state }: { state: TPlatformState }) {
  const { t } = useTranslation();
  if (state.lastError === null && state.lastStatus === null) return null;
  return (
    <Alert severity={state.state === 'parked' ? 'error' : 'warning'} sx={{ mt: 2 }}>
      <AlertTitle>
        {t('platforms.lastError')}
        {state.lastStatus !== null ? `: ${t('platforms.lastStatus', { status: state.lastStatus })}` : ''}
      </AlertTitle>
      {state.lastError ? <ErrorText error={state.lastError} /> : null}
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

function PlatformActions({ place, state, display }: { place: TPlatformPlace; state: TPlatformState; display: TPlatformDisplay }) {
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
        {display.kind !== 'notConfigured' && (state.state !== 'delivering' || state.backlog > 0) ? (
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
          {test.problem ? <Typography variant="body2">{t(`platforms.problems.${test.problem}`)}</Typography> : test.error ? <ErrorText error={test.error} /> : null}
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
