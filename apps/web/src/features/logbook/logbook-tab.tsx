import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import VerifiedIcon from '@mui/icons-material/Verified';
import { useTranslation } from 'react-i18next';
import {
  LOGBOOK_REPORT_LANGUAGES,
  hasAnyRight,
  logbookPeriodDays,
  logbookReportAsJob,
  type TIssuedLogbookReport,
  type TLogbookPeriodQuery,
  type TLogbookReportJob,
} from '@aquasmart/domain';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { isHttpError } from '../../lib/http/http-error';
import { translateMessage } from '../../lib/i18n/i18n';
import { useCurrentUser } from '../../lib/session/current-user';
import {
  fetchLogbookFile,
  fetchLogbookJobFile,
  issuedLogbookQuery,
  issueLogbookReport,
  LOGBOOK_QUERY_ROOT,
  logbookReportQuery,
  type TLogbookFormat,
  type TLogbookLanguage,
  type TLogbookScope,
  type TSignOffInput,
} from './api/logbook-api';
import { SignOffDialog } from './components/sign-off-dialog';
import { IssuedList } from './components/issued-list';
import { PlannedDisinfections } from './components/planned-disinfections';
import { PeriodPicker, type TPeriodValue } from './components/period-picker';
import { ReportPreview } from './components/report-preview';
import { DEFAULT_PERIOD_CHOICE, localToday, presetPeriod } from './period-choice';
import { useDownload } from './use-download';
import { useReportFormat } from './use-report-format';

/**
 * The report's language by default: the user's. German has report texts of its own although the
 * screens show English for it (docs/logbook.md, "PDF and CSV"); French reads English.
 */
export const reportLanguage = (language: string): TLogbookLanguage => (language.startsWith('nl') ? 'nl' : language.startsWith('de') ? 'de' : 'en');
/** Each report language named in itself, so a reader finds their own. */
const REPORT_LANGUAGE_NAMES: Record<TLogbookLanguage, string> = { nl: 'Nederlands', en: 'English', de: 'Deutsch' };

const fileStem = (scope: TLogbookScope, period: { from: string; to: string }) =>
  ['logboek', scope.customer, scope.location, period.from, period.to]
    .filter(Boolean)
    .join('-')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_');

/** A period in the address (`?from=2026-11-01&to=2026-11-30`, the monthly e-mail's link), if it is one. */
function periodInAddress(search: URLSearchParams): TLogbookPeriodQuery | null {
  const period = { from: search.get('from') ?? '', to: search.get('to') ?? '' };
  const days = logbookPeriodDays(period);
  return days !== null && days >= 1 ? period : null;
}

/**
 * The #logbook tab of a location or a customer (docs/logbook.md, "Screens"): a period, the report
 * on screen with its rulebook, its PDF and CSV, signing and issuing it (registered with a number
 * and a hash; only an ended period, by a holder of signLogbook: docs/logbook.md, "Sign-off") and
 * the reports issued before, which of them counts and why others were superseded. Everyone who may
 * see the place may read and download. A location's tab lists its planned thermal disinfections of
 * the period, and a holder of recordDeviationAction records one (docs/logbook.md, "Thermal disinfection").
 */
export function LogbookTab({ customer, location }: { customer: string; location?: string }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const scope: TLogbookScope = { customer, location };
  const [today] = useState(localToday);
  const [search] = useSearchParams();
  const [value, setValue] = useState<TPeriodValue>(() => {
    const asked = periodInAddress(search);
    return asked ? { choice: 'custom', period: asked } : { choice: DEFAULT_PERIOD_CHOICE, period: presetPeriod(DEFAULT_PERIOD_CHOICE, today) };
  });
  const [confirming, setConfirming] = useState(false);
  const [signOffErrors, setSignOffErrors] = useState<Record<string, string>>({});
  const maySign = hasAnyRight(useCurrentUser().data, 'signLogbook');
  const issuedList = useQuery(issuedLogbookQuery(scope));
  // The reports of the chosen period that count now: signing again supersedes them (with a reason).
  const counting = (issuedList.data ?? [])
    .filter((row) => row.current && row.scope === (location === undefined ? 'customer' : 'location') && row.from === value.period.from && row.to === value.period.to)
    .map((row) => row.number);
  const [justIssued, setJustIssued] = useState<TIssuedLogbookReport | null>(null);
  // A customer's report over more than a month is made as a job: its progress shows, and the user is told when it is ready.
  const asJob = logbookReportAsJob(location === undefined ? 'customer' : 'location', logbookPeriodDays(value.period) ?? 0);
  const [progress, setProgress] = useState<TLogbookReportJob | null>(null);
  const report = useQuery({
    ...logbookReportQuery(scope, value.period, asJob ? { onProgress: setProgress } : undefined),
    placeholderData: keepPreviousData,
  });
  const jobDone = report.data?.jobId;
  const toldJobs = useRef(new Set<string>());
  useEffect(() => {
    // The user waited for it: told once per job that it is ready.
    if (!jobDone || toldJobs.current.has(jobDone)) return;
    toldJobs.current.add(jobDone);
    snackbar.success('logbookScreen.job.ready');
  }, [jobDone, snackbar]);
  const format = useReportFormat(report.data?.period.timeZone ?? 'UTC');
  const { busy, download } = useDownload();
  const [chosenLanguage, setLanguage] = useState<TLogbookLanguage | null>(null);
  const language = chosenLanguage ?? reportLanguage(i18n.language);

  const issue = useMutation({
    mutationFn: (input: TSignOffInput) => issueLogbookReport(scope, value.period, language, input),
    onSuccess: (issued) => {
      setConfirming(false);
      setSignOffErrors({});
      setJustIssued(issued);
      snackbar.success('logbookScreen.issue.done', { number: issued.number });
      void queryClient.invalidateQueries({ queryKey: LOGBOOK_QUERY_ROOT });
    },
    onError: (error) => {
      // A field the dialog shows (statement, role, reason, an open period) keeps it open with the message.
      if (isHttpError(error) && Object.keys(error.fields).length > 0) {
        setSignOffErrors(error.fields);
        return;
      }
      setConfirming(false);
      snackbar.error('logbookScreen.snackbar.issueError');
    },
  });

  const fieldErrors = isHttpError(report.error) ? report.error.fields : {};
  const fieldMessages = Object.values(fieldErrors).map((key) => translateMessage(t, key));
  const shown = report.data && !report.isPlaceholderData ? report.data : null;
  const file = (kind: TLogbookFormat) => (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={!shown}
      loading={busy === kind}
      onClick={() =>
        void download(
          kind,
          () => (shown?.jobId ? fetchLogbookJobFile(shown.jobId, kind, language) : fetchLogbookFile(scope, kind, value.period, language)),
          `${fileStem(scope, value.period)}.${kind}`,
        )
      }
    >
      {t(kind === 'pdf' ? 'logbookScreen.actions.downloadPdf' : 'logbookScreen.actions.downloadCsv')}
    </Button>
  );

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
        <Typography component="h2" variant="h6">
          {t('logbookScreen.title')}
        </Typography>
        <PeriodPicker
          value={value}
          today={today}
          serverErrors={fieldErrors}
          onChange={(next) => {
            setValue(next);
            setJustIssued(null);
          }}
        />
        <Box role="group" aria-label={t('logbookScreen.actions.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('logbookScreen.actions.language')}
            value={language}
            onChange={(event) => setLanguage(event.target.value as TLogbookLanguage)}
            sx={{ flex: { xs: '1 1 100%', sm: '0 1 11rem' }, minWidth: 0 }}
            slotProps={{ select: { renderValue: (value) => <span lang={value as string}>{REPORT_LANGUAGE_NAMES[value as TLogbookLanguage]}</span> } }}
          >
            {LOGBOOK_REPORT_LANGUAGES.map((code) => (
              <MenuItem key={code} value={code} lang={code}>
                {REPORT_LANGUAGE_NAMES[code]}
              </MenuItem>
            ))}
          </TextField>
          {file('pdf')}
          {file('csv')}
          {maySign ? (
            <Button
              variant="contained"
              startIcon={<VerifiedIcon />}
              disabled={!shown || Boolean(shown.judgedUntil)}
              onClick={() => {
                setSignOffErrors({});
                setConfirming(true);
              }}
            >
              {t('logbookScreen.actions.issue')}
            </Button>
          ) : null}
        </Box>
        {justIssued ? (
          <Alert severity="success" onClose={() => setJustIssued(null)} sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
            <AlertTitle>{t('logbookScreen.issue.done', { number: justIssued.number })}</AlertTitle>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 1 }}>
              <dt>{t('logbookScreen.issue.number')}</dt>
              <Box component="dd" sx={{ m: 0 }} data-testid="issued-number">
                {justIssued.number}
              </Box>
              <dt>{t('logbookScreen.issue.hash')}</dt>
              <Box component="dd" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid="issued-hash">
                {justIssued.sha256}
              </Box>
            </Box>
          </Alert>
        ) : null}
      </Paper>

      {location !== undefined ? <PlannedDisinfections customer={customer} location={location} period={value.period} timeZone={report.data?.period.timeZone ?? 'Europe/Amsterdam'} /> : null}

      <Box component="section" aria-labelledby="logbook-preview-title" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5, minWidth: 0 }}>
        <Typography id="logbook-preview-title" component="h2" variant="h6">
          {t('logbookScreen.preview.title')}
        </Typography>
        {report.isFetching && asJob && progress?.status === 'running' && progress.total > 0 ? (
          <Box data-testid="report-job-progress">
            <Typography variant="body2" id="logbook-job-progress" aria-live="polite">
              {t('logbookScreen.job.progress', { done: progress.done, total: progress.total })}
            </Typography>
            <LinearProgress variant="determinate" value={(progress.done / progress.total) * 100} aria-labelledby="logbook-job-progress" />
          </Box>
        ) : report.isFetching ? (
          <LinearProgress aria-label={t('logbookScreen.preview.loading')} />
        ) : null}
        {report.isError ? (
          <Alert severity="error">
            {t('logbookScreen.preview.loadError')}
            {fieldMessages.length > 0 ? `: ${fieldMessages.join(' · ')}` : ''}
          </Alert>
        ) : null}
        {report.data?.judgedUntil && !report.isError ? (
          <Alert severity="warning" data-testid="period-open">
            {t('logbookScreen.preview.periodOpen', { at: format.instant(report.data.judgedUntil) })}
          </Alert>
        ) : null}
        {report.data && !report.isError ? <ReportPreview report={report.data} language={language} /> : null}
      </Box>

      <Box component="section" aria-labelledby="logbook-issued-title" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1, minWidth: 0 }}>
        <Typography id="logbook-issued-title" component="h2" variant="h6">
          {t('logbookScreen.issued.title')}
        </Typography>
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
          <IssuedList scope={scope} timeZone={report.data?.period.timeZone} />
        </Paper>
      </Box>

      {confirming ? (
        <SignOffDialog
          open
          scope={scope}
          range={format.range(value.period)}
          language={language}
          supersedes={counting}
          busy={issue.isPending}
          serverErrors={signOffErrors}
          onSubmit={(input) => issue.mutate(input)}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </Box>
  );
}
