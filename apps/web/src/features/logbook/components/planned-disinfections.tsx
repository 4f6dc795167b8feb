import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { hasAnyRight, type TLogbookPeriodQuery, type TPlannedDisinfection, type TPlannedDisinfectionBody } from '@aquasmart/domain';
import { keepTogether, ResponsiveTable, type TResponsiveColumn } from '../../../components/table';
import { useSnackbar } from '../../../components/snackbar';
import { isHttpError } from '../../../lib/http/http-error';
import { useCurrentUser } from '../../../lib/session/current-user';
import { plannedDisinfectionsQuery, recordPlannedDisinfection } from '../api/disinfections-api';
import { LOGBOOK_QUERY_ROOT } from '../api/logbook-api';
import { useReportFormat } from '../use-report-format';
import { DisinfectionDialog } from './disinfection-dialog';

/**
 * The planned thermal disinfections of a location in the chosen period (docs/logbook.md, "Thermal
 * disinfection"), times in the location's zone; a holder of recordDeviationAction records one
 * ("Desinfectie vastleggen"), after which the preview is made again and checks it at every hot outlet.
 */
export function PlannedDisinfections({ customer, location, period, timeZone }: { customer: string; location: string; period: TLogbookPeriodQuery; timeZone: string }) {
  const { t } = useTranslation();
  const format = useReportFormat(timeZone);
  const me = useCurrentUser().data;
  const mayRecord = hasAnyRight(me, 'recordDeviationAction');
  const list = useQuery(plannedDisinfectionsQuery(customer, location, period));
  const [open, setOpen] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const record = useMutation({
    mutationFn: (body: TPlannedDisinfectionBody) => recordPlannedDisinfection(customer, location, body),
    onSuccess: () => {
      setOpen(false);
      snackbar.success('disinfections.saved');
      void queryClient.invalidateQueries({ queryKey: LOGBOOK_QUERY_ROOT });
    },
    onError: (error) => {
      if (isHttpError(error) && Object.keys(error.fields).length > 0) setServerErrors(error.fields);
      else snackbar.error('disinfections.saveError');
    },
  });
  const columns: TResponsiveColumn<TPlannedDisinfection>[] = [
    { id: 'from', label: t('disinfections.from'), render: (row) => keepTogether(format.instant(row.from)), title: true },
    { id: 'to', label: t('disinfections.to'), render: (row) => keepTogether(format.instant(row.to)) },
    { id: 'note', label: t('disinfections.note'), render: (row) => row.note || '—', wrap: true },
    {
      id: 'recorded',
      label: t('disinfections.recorded'),
      render: (row) => (
        <>
          <div>{row.recordedBy}</div>
          <Typography variant="caption" color="text.secondary">
            {keepTogether(format.instant(row.recordedAt))}
          </Typography>
        </>
      ),
      wrap: true,
    },
  ];

  return (
    <Paper variant="outlined" component="section" aria-labelledby="planned-disinfections-title" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Box sx={{ flex: '1 1 20rem', minWidth: 0 }}>
          <Typography id="planned-disinfections-title" component="h2" variant="h6">
            {t('disinfections.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('disinfections.intro')}
          </Typography>
        </Box>
        {mayRecord ? (
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => {
              setServerErrors({});
              setOpen(true);
            }}
            sx={{ minHeight: 40, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
          >
            {t('disinfections.record')}
          </Button>
        ) : null}
      </Box>
      {list.isPending ? <LinearProgress aria-label={t('common.loading')} /> : null}
      {list.isError ? <Alert severity="error">{t('disinfections.loadError')}</Alert> : null}
      {list.isSuccess ? (
        <ResponsiveTable inset={false} label={t('disinfections.title')} columns={columns} rows={list.data} rowKey={(row) => String(row.id)} empty={t('disinfections.empty')} />
      ) : null}
      {open ? (
        <DisinfectionDialog who={me?.email ?? ''} busy={record.isPending} serverErrors={serverErrors} onSubmit={(body) => record.mutate(body)} onClose={() => setOpen(false)} />
      ) : null}
    </Paper>
  );
}
