import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { defaultIntervalMonths, hasAnyRight, RULEBOOK_UNIT, type TSamplePoint, type TSampleResult } from '@aquasmart/domain';
import { keepTogether, ResponsiveTable, type TResponsiveColumn } from '../../components/table';
import { useSnackbar } from '../../components/snackbar';
import { isHttpError } from '../../lib/http/http-error';
import { useFormat } from '../../lib/i18n/use-date-time';
import { useCurrentUser } from '../../lib/session/current-user';
import {
  addSamplePoint,
  changeSamplePoint,
  changeSamplingPlan,
  enterSampleResult,
  importSamplePoints,
  importSampleResults,
  samplePointsQuery,
  sampleResultsQuery,
  samplingPlanQuery,
  SAMPLING_QUERY_ROOT,
} from './api/sampling-api';
import { CsvDialog } from './components/csv-dialog';
import { OutcomeDialog } from './components/outcome-dialog';
import { PlanDialog } from './components/plan-dialog';
import { PointDialog } from './components/point-dialog';
import { ReportCell } from './components/report-cell';
import { ResultDialog } from './components/result-dialog';
import { highestCountText, VerdictChip } from './components/verdict';

/** The alarm lists show the legionella alarms a result opens (kept as a literal: features do not import each other). */
const ALARMS_QUERY_ROOT = ['alarms'] as const;

type TDialog = { kind: 'point'; point: TSamplePoint | null } | { kind: 'result'; pointId: number | null } | { kind: 'plan' } | { kind: 'csv'; what: 'points' | 'results' } | { kind: 'outcome'; result: TSampleResult } | null;

const DUE_COLOR = { overdue: 'error', due: 'warning', planned: 'default', noInterval: 'default' } as const;
const channelNumber = (channelId: string) => channelId.replace(/^temperature/, '');

/** A count as the table shows it: "1.500 kve/l" on one line; "niet aangetoond (< 100 kve/l)" may break before its bracket only. */
function countCell(text: string) {
  const bracket = /^(.*) (\(.*\))$/.exec(text);
  if (!bracket) return <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{text}</Box>;
  return (
    <>
      {bracket[1]}{' '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {bracket[2]}
      </Box>
    </>
  );
}

/**
 * The Sampling tab of a location (docs/sampling.md, "Screens"): its sample points with the next due
 * sampling (overdue marked), the plan and the laboratory results with their verdict. Points and the
 * plan are set up by holders of editLocation or enterSampleResults, results entered by holders of
 * enterSampleResults, as the server allows (docs/rights.md); everyone who sees the location reads.
 */
export function SamplingTab({ customer, location }: { customer: string; location: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const me = useCurrentUser().data;
  const maySetUp = hasAnyRight(me, 'editLocation', 'enterSampleResults');
  const mayEnter = hasAnyRight(me, 'enterSampleResults');
  const points = useQuery(samplePointsQuery(customer, location));
  const plan = useQuery(samplingPlanQuery(customer, location));
  const [pointFilter, setPointFilter] = useState<number | null>(null);
  const results = useQuery(sampleResultsQuery(customer, location, pointFilter));
  const [dialog, setDialog] = useState<TDialog>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: SAMPLING_QUERY_ROOT });
  const fieldErrors = (error: unknown, fallback: string) => {
    if (isHttpError(error) && Object.keys(error.fields).length > 0) setServerErrors(error.fields);
    else snackbar.error(fallback);
  };
  const open = (next: TDialog) => {
    setServerErrors({});
    csvImport.reset();
    setDialog(next);
  };

  const savePoint = useMutation({
    mutationFn: ({ point, body }: { point: TSamplePoint | null; body: Parameters<typeof addSamplePoint>[2] }) => (point ? changeSamplePoint(point.id, body) : addSamplePoint(customer, location, body)),
    onSuccess: () => {
      setDialog(null);
      snackbar.success('sampling.point.saved');
      refresh();
    },
    onError: (error) => fieldErrors(error, 'sampling.point.saveError'),
  });
  const savePlan = useMutation({
    mutationFn: (body: Parameters<typeof changeSamplingPlan>[2]) => changeSamplingPlan(customer, location, body),
    onSuccess: () => {
      setDialog(null);
      snackbar.success('sampling.plan.saved');
      refresh();
    },
    onError: (error) => fieldErrors(error, 'sampling.plan.saveError'),
  });
  const enter = useMutation({
    mutationFn: (body: Parameters<typeof enterSampleResult>[2]) => enterSampleResult(customer, location, body),
    onSuccess: (result) => {
      snackbar.success('sampling.result.saved');
      refresh();
      void queryClient.invalidateQueries({ queryKey: ALARMS_QUERY_ROOT });
      setDialog({ kind: 'outcome', result });
    },
    onError: (error) => fieldErrors(error, 'sampling.result.saveError'),
  });
  const csvImport = useMutation({
    mutationFn: async ({ what, csv, mapping }: { what: 'points' | 'results'; csv: string; mapping?: Record<string, string> }): Promise<{ imported: number; alarms: number }> => {
      if (what === 'points') return { imported: (await importSamplePoints(customer, location, csv)).imported, alarms: 0 };
      const report = await importSampleResults(customer, location, csv, mapping);
      return { imported: report.imported, alarms: report.alarms.length };
    },
    onSuccess: (report, { what }) => {
      setDialog(null);
      snackbar.success(what === 'points' ? 'sampling.csv.importedPoints' : 'sampling.csv.importedResults', { count: report.imported });
      if (report.alarms > 0) snackbar.error('sampling.csv.alarmsOpened', { count: report.alarms });
      refresh();
      void queryClient.invalidateQueries({ queryKey: ALARMS_QUERY_ROOT });
    },
  });

  const pointRows = points.data ?? [];
  const unit = plan.data ? RULEBOOK_UNIT[plan.data.rulebook] : 'kve/l';
  const dueCell = (point: TSamplePoint) => {
    const { due } = point;
    if (!due.nextDue) return <Chip size="small" variant="outlined" label={t('sampling.dueStates.noInterval')} />;
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        {keepTogether(format.date(`${due.nextDue}T12:00:00`))}
        {due.state !== 'planned' ? <Chip size="small" color={DUE_COLOR[due.state]} label={t(`sampling.dueStates.${due.state}`)} /> : null}
        {due.resampleDue && due.resampleDue === due.nextDue ? (
          <Typography variant="caption" color="text.secondary">
            {t('sampling.resampleBy', { date: format.date(`${due.resampleDue}T12:00:00`) })}
          </Typography>
        ) : null}
      </Box>
    );
  };
  const pointColumns: TResponsiveColumn<TSamplePoint>[] = [
    { id: 'name', label: t('sampling.columns.name'), render: (point) => point.name, title: true, wrap: true },
    { id: 'role', label: t('sampling.columns.role'), render: (point) => t(`sampling.roles.${point.role}`) },
    { id: 'priority', label: t('sampling.columns.priority'), render: (point) => (point.priority ? <Chip size="small" color="primary" variant="outlined" label={t('sampling.priorityYes')} /> : '—') },
    {
      id: 'node',
      label: t('sampling.columns.node'),
      render: (point) => (point.eui ? `${point.eui}${point.channelId ? ` · ${t('sampling.channel', { n: channelNumber(point.channelId) })}` : ''}` : '—'),
      wrap: true,
    },
    { id: 'nextDue', label: t('sampling.columns.nextDue'), render: dueCell },
    { id: 'latest', label: t('sampling.columns.latest'), render: (point) => (point.latest ? <VerdictChip verdict={point.latest.verdict} /> : '—') },
    ...(maySetUp || mayEnter
      ? [
          {
            id: 'act',
            label: '',
            render: (point: TSamplePoint) => (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {mayEnter ? (
                  <Button size="small" variant="contained" onClick={() => open({ kind: 'result', pointId: point.id })} aria-label={t('sampling.actions.enterResultAt', { name: point.name })} sx={{ minHeight: 40, whiteSpace: 'nowrap' }}>
                    {t('sampling.actions.enterResult')}
                  </Button>
                ) : null}
                {maySetUp ? (
                  <Button size="small" onClick={() => open({ kind: 'point', point })} aria-label={t('sampling.actions.editPointOf', { name: point.name })} sx={{ minHeight: 40 }}>
                    {t('sampling.actions.editPoint')}
                  </Button>
                ) : null}
              </Box>
            ),
          },
        ]
      : []),
  ];
  const resultColumns: TResponsiveColumn<TSampleResult>[] = [
    { id: 'takenAt', label: t('sampling.columns.takenAt'), render: (result) => keepTogether(format.dateTime(result.takenAt)), title: true },
    { id: 'point', label: t('sampling.columns.point'), render: (result) => result.pointName, wrap: true },
    { id: 'sampleId', label: t('sampling.columns.sampleId'), render: (result) => <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{result.sampleId}</Box> },
    { id: 'count', label: t('sampling.columns.count'), render: (result) => countCell(highestCountText(t, format, result)) },
    { id: 'verdict', label: t('sampling.columns.verdict'), render: (result) => <VerdictChip verdict={result.verdict} /> },
    { id: 'step', label: t('sampling.columns.step'), render: (result) => (result.legalStep === 'none' ? '—' : t(`sampling.legalSteps.${result.legalStep}`)), wrap: true },
    { id: 'lab', label: t('sampling.columns.lab'), render: (result) => result.lab, wrap: true },
    {
      id: 'open',
      label: '',
      render: (result) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Button size="small" onClick={() => open({ kind: 'outcome', result })} aria-label={t('sampling.outcome.title', { sampleId: result.sampleId })} sx={{ minHeight: 40, whiteSpace: 'nowrap' }}>
            {t('sampling.actions.details')}
          </Button>
          <ReportCell result={result} mayAttach={mayEnter} onAttached={refresh} />
        </Box>
      ),
    },
  ];

  const planData = plan.data;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 1 }}>
          <Box sx={{ flex: '1 1 20rem', minWidth: 0 }}>
            <Typography component="h2" variant="h6">
              {t('sampling.pointsTitle')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('sampling.pointsIntro')}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {mayEnter && pointRows.length > 0 ? (
              <Button variant="contained" onClick={() => open({ kind: 'result', pointId: null })} sx={{ minHeight: 44 }}>
                {t('sampling.actions.enterResult')}
              </Button>
            ) : null}
            {maySetUp ? (
              <Button variant="outlined" startIcon={<AddIcon />} onClick={() => open({ kind: 'point', point: null })} sx={{ minHeight: 44 }}>
                {t('sampling.actions.addPoint')}
              </Button>
            ) : null}
            {maySetUp ? (
              <Button variant="text" startIcon={<UploadFileIcon />} onClick={() => open({ kind: 'csv', what: 'points' })} sx={{ minHeight: 44 }}>
                {t('sampling.actions.importPoints')}
              </Button>
            ) : null}
          </Box>
        </Box>
        {points.isPending ? <LinearProgress aria-label={t('common.loading')} /> : null}
        {points.isError ? <Alert severity="error">{t('sampling.loadError')}</Alert> : null}
        {points.isSuccess ? <ResponsiveTable inset={false} label={t('sampling.pointsTitle')} columns={pointColumns} rows={pointRows} rowKey={(point) => String(point.id)} empty={t('sampling.noPoints')} /> : null}
      </Paper>

      {planData ? (
        <Paper variant="outlined" component="section" aria-labelledby="sampling-plan-title" sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
          <Box sx={{ flex: '1 1 20rem', minWidth: 0 }}>
            <Typography id="sampling-plan-title" component="h2" variant="h6">
              {t('sampling.planTitle')}
            </Typography>
            <Typography variant="body2">
              <strong>{t('sampling.plan.interval')}:</strong>{' '}
              {planData.effectiveIntervalMonths === null ? t('sampling.plan.noInterval') : t('sampling.plan.intervalMonths', { count: planData.effectiveIntervalMonths })} (
              {t(`sampling.plan.sources.${planData.intervalSource}`, { rulebook: planData.rulebook })})
            </Typography>
            <Typography variant="body2">
              <strong>{t('sampling.plan.resampleWithin')}:</strong> {t('sampling.plan.days', { count: planData.effectiveResampleWithinDays })}
            </Typography>
            {planData.rulebook === 'DE' ? (
              <Typography variant="body2">
                <strong>{t('sampling.plan.deUse')}:</strong> {t(`sampling.plan.deUses.${planData.deUse ?? 'public'}`)}
              </Typography>
            ) : null}
            <Typography variant="body2" color={planData.requiredPoints !== null && planData.points < planData.requiredPoints ? 'error' : undefined}>
              {planData.requiredPoints !== null ? t('sampling.plan.requiredPoints', { required: planData.requiredPoints, points: planData.points }) : t('sampling.plan.pointsCount', { points: planData.points })}
            </Typography>
          </Box>
          {maySetUp ? (
            <Button variant="outlined" onClick={() => open({ kind: 'plan' })} sx={{ minHeight: 44 }}>
              {t('sampling.actions.editPlan')}
            </Button>
          ) : null}
        </Paper>
      ) : null}
      {plan.isError ? <Alert severity="error">{t('sampling.loadError')}</Alert> : null}

      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
          <Typography component="h2" variant="h6" sx={{ flex: '1 1 12rem' }}>
            {t('sampling.resultsTitle')}
          </Typography>
          <TextField select size="small" label={t('sampling.filterPoint')} value={pointFilter === null ? '' : String(pointFilter)} onChange={(event) => setPointFilter(event.target.value ? Number(event.target.value) : null)} sx={{ minWidth: 200 }}>
            <MenuItem value="">{t('sampling.allPoints')}</MenuItem>
            {pointRows.map((point) => (
              <MenuItem key={point.id} value={String(point.id)}>
                {point.name}
              </MenuItem>
            ))}
          </TextField>
          {mayEnter ? (
            <Button variant="text" startIcon={<UploadFileIcon />} onClick={() => open({ kind: 'csv', what: 'results' })} sx={{ minHeight: 44 }}>
              {t('sampling.actions.importResults')}
            </Button>
          ) : null}
        </Box>
        {results.isPending ? <LinearProgress aria-label={t('common.loading')} /> : null}
        {results.isError ? <Alert severity="error">{t('sampling.loadError')}</Alert> : null}
        {results.isSuccess ? <ResponsiveTable inset={false} label={t('sampling.resultsTitle')} columns={resultColumns} rows={results.data.rows} rowKey={(result) => String(result.id)} empty={t('sampling.noResults')} /> : null}
      </Paper>

      {dialog?.kind === 'point' ? (
        <PointDialog customer={customer} location={location} point={dialog.point} busy={savePoint.isPending} serverErrors={serverErrors} onSubmit={(body) => savePoint.mutate({ point: dialog.point, body })} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'result' ? (
        <ResultDialog points={pointRows} pointId={dialog.pointId} unit={unit} busy={enter.isPending} serverErrors={serverErrors} onSubmit={(body) => enter.mutate(body)} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'plan' && planData ? (
        <PlanDialog plan={planData} defaultInterval={defaultIntervalMonths(planData.rulebook, planData.deUse ?? 'public')} busy={savePlan.isPending} serverErrors={serverErrors} onSubmit={(body) => savePlan.mutate(body)} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'csv' ? (
        <CsvDialog kind={dialog.what} busy={csvImport.isPending} error={csvImport.error} onSubmit={(csv, mapping) => csvImport.mutate({ what: dialog.what, csv, mapping })} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'outcome' ? <OutcomeDialog result={dialog.result} onClose={() => setDialog(null)} /> : null}
    </Box>
  );
}

