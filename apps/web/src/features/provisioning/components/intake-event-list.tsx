import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TIntakeEvent } from '@aquasmart/domain';
import { ListTable, type TListColumn } from '../../../components/table/list-table';
import { fetchIntakeEventBody, fetchIntakeEvents, INTAKE_EVENTS_QUERY_KEY } from '../api/provisioning-api';
import { intakeState } from '../intake-state';
import { useFormat } from '../../../lib/i18n/use-date-time';
import { QueryStatus } from '../../../components/progress/query-status';

const getRowId = (event: TIntakeEvent) => event.id ?? '';

/** The expanded row: the whole error and the stored event, fetched when opened. */
function IntakeEventDetail({ event }: { event: TIntakeEvent }) {
  const { t } = useTranslation();
  const body = useQuery({
    queryKey: ['intakeEvents', 'body', event.id],
    queryFn: ({ signal }) => fetchIntakeEventBody(event.id ?? '', signal),
  });
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {event.lastError}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('provisioning.body')}
      </Typography>
      <QueryStatus query={body} errorText={t('provisioning.bodyLoadError')} loadingLabel={t('provisioning.bodyLoading')} />
      {body.isSuccess ? (
        <Box
          component="pre"
          sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontSize: '0.75rem', maxHeight: 280, overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {JSON.stringify(body.data, null, 2)}
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * GET /intakeEvents: uplinks from unknown devices whose type the message did not tell, undecodable
 * payloads and processing errors still being retried; newest first. A row expands to the full
 * error and the stored event.
 */
export function IntakeEventList() {
  const { t } = useTranslation();
  const { dateTime, timeOfDay } = useFormat();
  const columns = useMemo<TListColumn<TIntakeEvent>[]>(() => {
    const stateText = (event: TIntakeEvent) => {
      const state = intakeState(event);
      return t(state.key, { time: timeOfDay(state.at) });
    };
    return [
      {
        field: 'receivedAt',
        headerName: t('provisioning.receivedAt'),
        // "26 Nov 2026 14:05" (the one English date style) needs 160 px.
        width: 160,
        valueGetter: (_value, row) => dateTime(row.receivedAt),
        sortValue: (row) => row.receivedAt,
      },
      { field: 'networkServer', headerName: t('provisioning.networkServer'), width: 130 },
      { field: 'event', headerName: t('provisioning.event'), width: 90 },
      { field: 'eui', headerName: t('provisioning.eui'), width: 170 },
      { field: 'lastError', headerName: t('provisioning.lastError'), flex: 1, minWidth: 180 },
      { field: 'attempts', headerName: t('provisioning.attempts'), type: 'number', width: 80 },
      { field: 'state', headerName: t('provisioning.state'), width: 140, valueGetter: (_value, row) => stateText(row), sortValue: (row) => stateText(row) },
    ];
  }, [t, dateTime, timeOfDay]);

  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('provisioning.intakeHelp')}
      </Typography>
      <ListTable<TIntakeEvent>
        label={t('provisioning.intakeTitle')}
        columns={columns}
        getRowId={getRowId}
        source={{ mode: 'client', queryKey: INTAKE_EVENTS_QUERY_KEY, load: fetchIntakeEvents }}
        defaultSort={{ field: 'receivedAt', direction: 'desc' }}
        renderExpanded={(event) => <IntakeEventDetail event={event} />}
        storageKey="provisioning.intake"
        messages={{ loadError: 'snackbar.intakeEventsGetError' }}
      />
    </>
  );
}
