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
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { deviationKindText, hasAnyRight, type TDeviation, type TDeviationActionBody, type TDeviationState } from '@aquasmart/domain';
import { keepTogether, ResponsiveTable, type TResponsiveColumn } from '../../components/table';
import { useSnackbar } from '../../components/snackbar';
import { isHttpError } from '../../lib/http/http-error';
import { useFormat } from '../../lib/i18n/use-date-time';
import { useCurrentUser } from '../../lib/session/current-user';
import { deviationsQuery, DEVIATIONS_QUERY_ROOT, recordDeviationAction, type TDeviationScope } from './api/deviations-api';
import { ActionDialog } from './components/action-dialog';

/** The logbook's preview shows the deviations' state too (kept as a literal: features do not import each other). */
const LOGBOOK_QUERY_ROOT = ['logbook'] as const;

/** 'Temperatuur buiten grens' or 'Alarm: Offline', in the screen's language. */
export function deviationKindLabel(t: TFunction, deviation: Pick<TDeviation, 'kind' | 'alarmKind'>): string {
  const texts = { deviationKinds: t('logbookReport.deviationKinds', { returnObjects: true }), alarmKinds: t('logbookReport.alarmKinds', { returnObjects: true }) } as Parameters<typeof deviationKindText>[0];
  return deviationKindText(texts, deviation.alarmKind ? `alarm:${deviation.alarmKind}` : deviation.kind);
}

/** The channel of a node as the screens number it ('temperature2' is channel 2). */
const channelNumber = (channelId: string | null) => channelId?.replace(/^temperature/, '') ?? null;

/**
 * The Deviations tab of a location or a customer (docs/logbook.md, "Deviations"): every deviation
 * the logbook found, open ones first, each with its handling; a holder of recordDeviationAction
 * records cause and corrective action (a correction is a new action).
 */
export function DeviationsTab({ customer, location }: TDeviationScope) {
  const { t } = useTranslation();
  const format = useFormat();
  const me = useCurrentUser().data;
  const mayRecord = hasAnyRight(me, 'recordDeviationAction');
  const [state, setState] = useState<TDeviationState | 'all'>('all');
  const scope = { customer, location };
  const list = useQuery(deviationsQuery(scope, state === 'all' ? undefined : state));
  const [acting, setActing] = useState<TDeviation | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const record = useMutation({
    mutationFn: ({ id, body }: { id: number; body: TDeviationActionBody }) => recordDeviationAction(id, body),
    onSuccess: () => {
      setActing(null);
      snackbar.success('deviations.saved');
      void queryClient.invalidateQueries({ queryKey: DEVIATIONS_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: LOGBOOK_QUERY_ROOT });
    },
    onError: (error) => {
      if (isHttpError(error) && Object.keys(error.fields).length > 0) setServerErrors(error.fields);
      else snackbar.error('deviations.saveError');
    },
  });

  const what = (row: TDeviation) => {
    const channel = channelNumber(row.channelId);
    return `${deviationKindLabel(t, row)} · ${row.nodeName}${channel ? ` ${t('deviations.channel', { n: channel })}` : ''} · ${format.dateTime(row.from)}`;
  };
  const rows = list.data?.rows ?? [];
  const columns: TResponsiveColumn<TDeviation>[] = [
    { id: 'kind', label: t('logbookReport.columns.kind'), render: (row) => deviationKindLabel(t, row), title: true, wrap: true },
    ...(location === undefined ? [{ id: 'location', label: t('deviations.location'), render: (row: TDeviation) => row.location, wrap: true }] : []),
    {
      id: 'node',
      label: t('logbookReport.columns.node'),
      render: (row) => {
        const channel = channelNumber(row.channelId);
        return channel ? `${row.nodeName} · ${t('deviations.channel', { n: channel })}` : row.nodeName;
      },
      wrap: true,
    },
    { id: 'from', label: t('logbookReport.columns.from'), render: (row) => keepTogether(format.dateTime(row.from)) },
    { id: 'to', label: t('logbookReport.columns.to'), render: (row) => (row.to ? keepTogether(format.dateTime(row.to)) : t('logbookReport.labels.ongoing')) },
    {
      id: 'state',
      label: t('logbookReport.columns.state'),
      render: (row) =>
        row.state === 'open' ? (
          <Chip size="small" color="error" label={t('logbookReport.deviationStates.open')} />
        ) : (
          <Chip size="small" color="success" variant="outlined" label={t(row.handling?.source === 'alarm' ? 'logbookReport.deviationStates.handledByAlarm' : 'logbookReport.deviationStates.handled')} />
        ),
    },
    {
      id: 'handling',
      label: t('deviations.handling'),
      render: (row) =>
        row.handling ? (
          <Box>
            {row.handling.cause ? <div>{row.handling.cause}</div> : null}
            <div>{row.handling.action}</div>
            <Typography variant="caption" color="text.secondary">
              {row.handling.by} · {keepTogether(format.dateTime(row.handling.at))}
            </Typography>
          </Box>
        ) : (
          '—'
        ),
      wrap: true,
    },
    ...(mayRecord
      ? [
          {
            id: 'act',
            label: '',
            render: (row: TDeviation) => (
              <Button
                size="small"
                variant={row.state === 'open' ? 'contained' : 'text'}
                onClick={() => {
                  setServerErrors({});
                  setActing(row);
                }}
                aria-label={`${t(row.state === 'open' ? 'deviations.record' : 'deviations.recordAgain')}: ${what(row)}`}
                sx={{ minHeight: 40, whiteSpace: 'nowrap' }}
              >
                {t(row.state === 'open' ? 'deviations.record' : 'deviations.recordAgain')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Box sx={{ flex: '1 1 20rem', minWidth: 0 }}>
          <Typography component="h2" variant="h6">
            {t('deviations.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('deviations.intro')}
          </Typography>
        </Box>
        <TextField select size="small" label={t('deviations.filterState')} value={state} onChange={(event) => setState(event.target.value as TDeviationState | 'all')} sx={{ minWidth: 160 }}>
          {(['all', 'open', 'handled'] as const).map((value) => (
            <MenuItem key={value} value={value}>
              {t(`deviations.states.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Paper>
      {list.isPending ? <LinearProgress aria-label={t('common.loading')} /> : null}
      {list.isError ? <Alert severity="error">{t('deviations.loadError')}</Alert> : null}
      {list.isSuccess ? (
        <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
          <ResponsiveTable
            inset={false}
            label={t('deviations.title')}
            columns={columns}
            rows={rows}
            rowKey={(row) => String(row.id)}
            empty={t(state === 'all' ? 'deviations.empty' : 'deviations.emptyFiltered')}
          />
        </Paper>
      ) : null}
      {acting ? (
        <ActionDialog
          deviation={acting}
          what={what(acting)}
          who={me?.email ?? ''}
          busy={record.isPending}
          serverErrors={serverErrors}
          onSubmit={(body) => record.mutate({ id: acting.id, body })}
          onClose={() => setActing(null)}
        />
      ) : null}
    </Box>
  );
}
