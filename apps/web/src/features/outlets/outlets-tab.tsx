import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { hasAnyRight, OUTLET_CSV_MAX_BYTES, type TCheckDueState, type TCheckOverride, type TDueChecks, type TLocationCheckPlans, type TOutlet, type TOutletInput } from '@aquasmart/domain';
import { CsvFileDialog } from '../../components/csv/csv-file-dialog';
import { useSnackbar } from '../../components/snackbar';
import { ConfirmDialog } from '../../components/table/confirm-dialog';
import { keepTogether, ResponsiveTable, type TResponsiveColumn } from '../../components/table';
import { outletScreen } from '../../lib/api/outlets';
import { isHttpError } from '../../lib/http/http-error';
import { useFormat } from '../../lib/i18n/use-date-time';
import { useCurrentUser } from '../../lib/session/current-user';
import { addOutlet, changeCheckPlans, changeOutlet, checkPlansQuery, deleteOutlet, dueChecksQuery, importOutlets, outletsQuery, OUTLETS_QUERY_ROOT, samplePointNamesQuery } from './api/outlets-api';
import { OutletDialog } from './components/outlet-dialog';
import { PlansDialog } from './components/plans-dialog';
import { outletPlace } from './outlet-form';

/** The alarm lists show the overdue alarms a change closes (a literal: features do not import each other). */
const ALARMS_QUERY_ROOT = ['alarms'] as const;
const STATE_COLOR = { overdue: 'error', due: 'warning', planned: 'default' } as const;

type TDialog = { kind: 'outlet'; outlet: TOutlet | null } | { kind: 'delete'; outlet: TOutlet } | { kind: 'csv' } | { kind: 'plans' } | null;

/** A check's state as a chip; planned ones need none beside their date. */
function StateChip({ state }: { state: TCheckDueState }) {
  const { t } = useTranslation();
  return <Chip size="small" color={STATE_COLOR[state]} variant={state === 'planned' ? 'outlined' : 'filled'} label={t(`outlets.dueStates.${state}`)} />;
}

/** "verdieping 0" on one line (a no-break space), as a phone's narrow column would split it. */
const floorText = (t: ReturnType<typeof useTranslation>['t']) => (floor: string) => t('outlets.register.floor', { floor }).replace(/ /g, '\u00A0');

/** One part of the tab: a card with its heading (which names it), a line under it and its buttons. */
function Section({ id, testId, title, intro, actions, children }: { id: string; testId?: string; title: string; intro: string | null; actions: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} data-testid={testId} sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 1 }}>
        <Box sx={{ flex: '1 1 20rem', minWidth: 0 }}>
          <Typography id={id} component="h2" variant="h6">
            {title}
          </Typography>
          {intro ? (
            <Typography variant="body2" color="text.secondary">
              {intro}
            </Typography>
          ) : null}
        </Box>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}

function OutletLink({ id, name }: { id: number; name: string }) {
  return (
    <Link component={RouterLink} to={outletScreen(id)} sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
      {name}
    </Link>
  );
}

/**
 * The "Outlets and checks" tab of a location (docs/outlets.md, "Screens"): what is due (overdue
 * first), the outlet register with each outlet's checks and next dates, and the check plans. The
 * register and the plans are changed by holders of editLocation or recordChecks, as the server
 * allows (docs/rights.md); everyone who sees the location reads the register and the due list.
 * No outlets is said as no register, never as "all clear".
 */
export function OutletsTab({ customer, location }: { customer: string; location: string }) {
  const { t } = useTranslation();
  const me = useCurrentUser().data;
  const maySetUp = hasAnyRight(me, 'editLocation', 'recordChecks');
  const outlets = useQuery(outletsQuery(customer, location));
  const due = useQuery(dueChecksQuery(customer, location));
  const plans = useQuery({ ...checkPlansQuery(customer, location), enabled: maySetUp });
  const points = useQuery(samplePointNamesQuery(customer, location));
  const date = useFormatDate();
  const [dialog, setDialog] = useState<TDialog>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: OUTLETS_QUERY_ROOT });
    void queryClient.invalidateQueries({ queryKey: ALARMS_QUERY_ROOT });
  };
  const fieldErrors = (error: unknown, fallback: string) => {
    if (isHttpError(error) && Object.keys(error.fields).length > 0) setServerErrors(error.fields);
    else snackbar.error(isHttpError(error) && error.status === 409 ? error.key : fallback);
  };
  const open = (next: TDialog) => {
    setServerErrors({});
    csvImport.reset();
    setDialog(next);
  };
  const saveOutlet = useMutation({
    mutationFn: ({ outlet, body }: { outlet: TOutlet | null; body: TOutletInput }) => (outlet ? changeOutlet(outlet.id, body) : addOutlet(customer, location, body)),
    onSuccess: () => {
      setDialog(null);
      snackbar.success('outlets.snackbar.saved');
      refresh();
    },
    onError: (error) => fieldErrors(error, 'outlets.snackbar.saveError'),
  });
  const remove = useMutation({
    mutationFn: (outlet: TOutlet) => deleteOutlet(outlet.id),
    onSuccess: () => {
      setDialog(null);
      snackbar.success('outlets.snackbar.deleted');
      refresh();
    },
    onError: (error) => {
      setDialog(null);
      // 409 errors.outletHasChecks: the outlet has checks recorded and is kept; the server's words say so.
      snackbar.error(isHttpError(error) && error.status === 409 ? error.key : 'outlets.snackbar.deleteError');
    },
  });
  const csvImport = useMutation({
    mutationFn: (csv: string) => importOutlets(customer, location, csv),
    onSuccess: (report) => {
      setDialog(null);
      snackbar.success('outlets.snackbar.imported', { count: report.imported });
      refresh();
    },
  });
  const savePlans = useMutation({
    mutationFn: (overrides: TCheckOverride[]) => changeCheckPlans(customer, location, overrides),
    onSuccess: () => {
      setDialog(null);
      snackbar.success('outlets.snackbar.plansSaved');
      refresh();
    },
    onError: (error) => fieldErrors(error, 'outlets.snackbar.plansSaveError'),
  });

  const rows = outlets.data ?? [];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
      <DueSection due={due} outletCount={outlets.data?.length ?? null} />
      <Section id="outlets-register-title" title={t('outlets.register.title')} intro={t('outlets.register.intro')} actions={
          maySetUp ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button variant="outlined" startIcon={<AddIcon />} onClick={() => open({ kind: 'outlet', outlet: null })} sx={{ minHeight: 44 }}>
                {t('outlets.actions.add')}
              </Button>
              <Button variant="text" startIcon={<UploadFileIcon />} onClick={() => open({ kind: 'csv' })} sx={{ minHeight: 44 }}>
                {t('outlets.actions.import')}
              </Button>
            </Box>
          ) : null
        }>
        {outlets.isPending ? <LinearProgress aria-label={t('common.loading')} /> : null}
        {outlets.isError ? <Alert severity="error">{t('outlets.register.loadError')}</Alert> : null}
        {outlets.isSuccess ? (
          <ResponsiveTable
            inset={false}
            label={t('outlets.register.title')}
            columns={registerColumns(t, date, new Map((points.data ?? []).map((point) => [point.id, point.name])), maySetUp ? (next) => open(next) : null)}
            rows={rows}
            rowKey={(outlet) => String(outlet.id)}
            empty={<span data-state="noRegister">{t('outlets.register.empty')}</span>}
          />
        ) : null}
      </Section>
      {maySetUp ? <PlansSection plans={plans} onEdit={() => open({ kind: 'plans' })} /> : null}

      {dialog?.kind === 'outlet' ? (
        <OutletDialog customer={customer} location={location} outlet={dialog.outlet} busy={saveOutlet.isPending} serverErrors={serverErrors} onSubmit={(body) => saveOutlet.mutate({ outlet: dialog.outlet, body })} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          open
          title={t('outlets.remove.title')}
          text={t('outlets.remove.text', { name: dialog.outlet.name })}
          confirmLabel={t('outlets.remove.confirm')}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(dialog.outlet)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'csv' ? (
        <CsvFileDialog
          title={t('outlets.csv.title')}
          help={t('outlets.csv.help')}
          textPrefix="outlets.csv"
          maxBytes={OUTLET_CSV_MAX_BYTES}
          busy={csvImport.isPending}
          error={csvImport.error}
          onSubmit={(csv) => csvImport.mutate(csv)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'plans' && plans.data ? <PlansDialog plans={plans.data} busy={savePlans.isPending} serverErrors={serverErrors} onSubmit={(overrides) => savePlans.mutate(overrides)} onClose={() => setDialog(null)} /> : null}
    </Box>
  );
}

/** A local date (YYYY-MM-DD) of the location in the reader's way. */
function useFormatDate() {
  const format = useFormat();
  return (localDate: string) => format.date(`${localDate}T12:00:00`);
}

function registerColumns(
  t: ReturnType<typeof useTranslation>['t'],
  date: (localDate: string) => string,
  pointNames: ReadonlyMap<number, string>,
  onAction: ((dialog: TDialog) => void) | null,
): TResponsiveColumn<TOutlet>[] {
  const marks = (outlet: TOutlet) => {
    const list = [
      outlet.sentinel !== 'none' ? t(`outlets.register.sentinel.${outlet.sentinel}`) : null,
      outlet.littleUsed ? t('outlets.littleUsed') : null,
      outlet.flushedByNode ? t('outlets.register.flushedByNode') : null,
    ].filter((mark): mark is string => mark !== null);
    return list.length > 0 ? list.join(' · ') : '—';
  };
  const link = (outlet: TOutlet) => {
    const list = [
      outlet.eui ? `${outlet.eui}${outlet.channelId ? ` · ${t('outlets.register.channel', { n: outlet.channelId.replace(/^temperature/, '') })}` : ''}` : null,
      outlet.samplePointId !== null ? t('outlets.register.samplePoint', { name: pointNames.get(outlet.samplePointId) ?? `#${outlet.samplePointId}` }) : null,
    ].filter((part): part is string => part !== null);
    return list.length > 0 ? list.join('; ') : '—';
  };
  const checks = (outlet: TOutlet) =>
    outlet.checks.length === 0 ? (
      <Typography variant="body2" color="text.secondary" component="span">
        {t('outlets.register.noChecks')}
      </Typography>
    ) : (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
        {outlet.checks.map((check) => (
          <Box component="li" key={check.check} data-state={check.state} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
            <span>{t(`outlets.checks.${check.check}`)}:</span>
            {keepTogether(date(check.nextDue))}
            {check.state !== 'planned' ? <StateChip state={check.state} /> : null}
          </Box>
        ))}
      </Box>
    );
  return [
    { id: 'name', label: t('outlets.register.columns.name'), render: (outlet) => <OutletLink id={outlet.id} name={outlet.name} />, title: true, wrap: true },
    { id: 'place', label: t('outlets.register.columns.place'), render: (outlet) => outletPlace(outlet, floorText(t)) ?? '—', wrap: true },
    { id: 'kind', label: t('outlets.register.columns.kind'), render: (outlet) => `${t(`outlets.kinds.${outlet.kind}`)}, ${t(`outlets.waters.${outlet.water}`).toLowerCase()}`, wrap: true },
    { id: 'marks', label: t('outlets.register.columns.marks'), render: marks, wrap: true },
    { id: 'link', label: t('outlets.register.columns.link'), render: link, wrap: true },
    { id: 'checks', label: t('outlets.register.columns.checks'), render: checks, wrap: true },
    ...(onAction
      ? [
          {
            id: 'act',
            label: '',
            render: (outlet: TOutlet) => (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                <Button size="small" onClick={() => onAction({ kind: 'outlet', outlet })} aria-label={t('outlets.actions.editOf', { name: outlet.name })} sx={{ minHeight: 40 }}>
                  {t('outlets.actions.edit')}
                </Button>
                <Button size="small" color="error" onClick={() => onAction({ kind: 'delete', outlet })} aria-label={t('outlets.actions.deleteOf', { name: outlet.name })} sx={{ minHeight: 40 }}>
                  {t('outlets.actions.delete')}
                </Button>
              </Box>
            ),
          },
        ]
      : []),
  ];
}

/**
 * What is to do: the overdue and due checks (and, on request, the planned ones), overdue first.
 * Without outlets it says there is no register; with outlets but no check in force, that.
 */
function DueSection({ due, outletCount }: { due: { data?: TDueChecks; isPending: boolean; isError: boolean }; outletCount: number | null }) {
  const { t } = useTranslation();
  const date = useFormatDate();
  const [showPlanned, setShowPlanned] = useState(false);
  const data = due.data;
  const rows = (data?.checks ?? []).filter((row) => showPlanned || row.state !== 'planned');
  type TRow = TDueChecks['checks'][number];
  const columns: TResponsiveColumn<TRow>[] = [
    { id: 'outlet', label: t('outlets.due.columns.outlet'), render: (row) => <OutletLink id={row.outletId} name={row.outletName} />, title: true, wrap: true },
    {
      id: 'nextDue',
      label: t('outlets.due.columns.nextDue'),
      render: (row) => (
        <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          {keepTogether(date(row.nextDue))}
          <StateChip state={row.state} />
        </Box>
      ),
    },
    { id: 'check', label: t('outlets.due.columns.check'), render: (row) => t(`outlets.checks.${row.check}`), wrap: true },
    { id: 'place', label: t('outlets.register.columns.place'), render: (row) => outletPlace(row, floorText(t)) ?? '—', wrap: true },
    { id: 'lastDone', label: t('outlets.due.columns.lastDone'), render: (row) => (row.lastDone ? keepTogether(date(row.lastDone)) : t('outlets.due.never')) },
  ];
  const noRegister = outletCount === 0;
  return (
    <Section id="outlets-due-title" testId="outlets-due" title={t('outlets.due.title')} intro={t('outlets.due.intro')} actions={
        data && !noRegister && data.checks.length > 0 ? (
          <FormControlLabel control={<Switch checked={showPlanned} onChange={(event) => setShowPlanned(event.target.checked)} />} label={t('outlets.due.showPlanned')} />
        ) : null
      }>
      {due.isPending ? <LinearProgress aria-label={t('common.loading')} /> : null}
      {due.isError ? <Alert severity="error">{t('outlets.due.loadError')}</Alert> : null}
      {noRegister ? (
        <Alert severity="info" data-state="noRegister">
          {t('outlets.due.noRegister')}
        </Alert>
      ) : null}
      {data && !noRegister && outletCount !== null && data.checks.length === 0 ? (
        <Alert severity="info" data-state="noChecks">
          {t('outlets.due.noChecks')}
        </Alert>
      ) : null}
      {data && !noRegister && data.checks.length > 0 ? (
        <>
          <Typography variant="body2" data-counts sx={{ mb: 1, fontWeight: 500, color: data.counts.overdue > 0 ? 'error.main' : 'text.primary' }}>
            {t('outlets.due.counts', data.counts)}
          </Typography>
          <ResponsiveTable inset={false} label={t('outlets.due.title')} columns={columns} rows={rows} rowKey={(row) => `${row.outletId}-${row.check}`} empty={t('outlets.card.nothingDue', { count: data.checks.length })} />
        </>
      ) : null}
    </Section>
  );
}

function periodText(t: ReturnType<typeof useTranslation>['t'], period: TLocationCheckPlans['plans'][number]['period']): string {
  return t(`outlets.plans.${period.unit}`, { count: period.count });
}

/** The location's check plans: per check on or off, its period and the rulebook's, borrowed ones said so, how many outlets. */
function PlansSection({ plans, onEdit }: { plans: { data?: TLocationCheckPlans; isError: boolean; isPending: boolean }; onEdit: () => void }) {
  const { t } = useTranslation();
  const data = plans.data;
  type TPlan = TLocationCheckPlans['plans'][number];
  const columns: TResponsiveColumn<TPlan>[] = [
    {
      id: 'check',
      label: t('outlets.plans.columns.check'),
      render: (plan) => (
        <>
          {t(`outlets.checks.${plan.check}`)}
          {plan.borrowed ? (
            <Box component="span" sx={{ display: 'block', fontSize: 13, color: 'text.secondary', fontWeight: 400 }} data-borrowed>
              {t('outlets.plans.borrowed')}
            </Box>
          ) : null}
        </>
      ),
      title: true,
      wrap: true,
    },
    { id: 'on', label: t('outlets.plans.columns.on'), render: (plan) => (plan.on ? t('outlets.plans.on') : <Chip size="small" variant="outlined" label={t('outlets.plans.off')} />) },
    { id: 'period', label: t('outlets.plans.columns.period'), render: (plan) => (plan.periodSource === 'location' ? `${periodText(t, plan.period)} (${t('outlets.plans.own')})` : periodText(t, plan.period)) },
    { id: 'rulebookPeriod', label: t('outlets.plans.columns.rulebookPeriod'), render: (plan) => periodText(t, plan.rulebookPeriod) },
    { id: 'outlets', label: t('outlets.plans.columns.outlets'), render: (plan) => plan.outlets, align: 'right' },
  ];
  return (
    <Section id="outlets-plans-title" title={t('outlets.plans.title')} intro={data ? t('outlets.plans.intro', { rulebook: data.rulebook, healthcare: data.healthcare ? t('outlets.plans.healthcare') : '' }) : null} actions={
        data ? (
          <Button variant="outlined" onClick={onEdit} sx={{ minHeight: 44 }}>
            {t('outlets.actions.editPlans')}
          </Button>
        ) : null
      }>
      {plans.isPending ? <LinearProgress aria-label={t('common.loading')} /> : null}
      {plans.isError ? <Alert severity="error">{t('outlets.plans.loadError')}</Alert> : null}
      {data ? (
        <>
          <ResponsiveTable inset={false} label={t('outlets.plans.title')} columns={columns} rows={data.plans} rowKey={(plan) => plan.check} />
          {data.plans.some((plan) => plan.borrowed) ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('outlets.plans.borrowedNote', { rulebook: data.rulebook })}
            </Typography>
          ) : null}
        </>
      ) : null}
    </Section>
  );
}
