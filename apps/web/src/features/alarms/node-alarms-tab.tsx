import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { TAlarm } from '@aquasmart/domain';
import { ListTable, type TListQuery } from '../../components/table/list-table';
import { alarmScreen } from '../../lib/api/alarms';
import { fetchNodeAlarmPage, nodeAlarmListKey } from './api/alarms-api';
import { alarmColumns } from './components/alarm-columns';

const rowId = (row: TAlarm) => row.id;

/**
 * The #alarms tab of the node page (docs/alarms-screens.md, "Node tab"): the node's alarm
 * history, newest first, handled or not; a row opens the alarm. Composed into the node page by
 * app/compositions/node-detail-screen.tsx.
 */
export function NodeAlarmsTab({ eui }: { eui: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const columns = useMemo(() => alarmColumns(t, { phone, withSubject: false }), [t, phone]);
  const source = useMemo(
    () => ({
      mode: 'server' as const,
      queryKey: nodeAlarmListKey(eui),
      load: (query: TListQuery, signal: AbortSignal) => fetchNodeAlarmPage(eui, query, signal),
    }),
    [eui],
  );
  return (
    <ListTable<TAlarm>
      label={t('alarms.nodeTab')}
      columns={columns}
      getRowId={rowId}
      source={source}
      searchable={false}
      storageKey="nodeDetail.alarms"
      onRowClick={(row) => void navigate(alarmScreen(row.id))}
      autoRowHeight={phone}
      messages={{ loadError: 'snackbar.alarmsGetError', empty: 'alarms.nodeEmpty' }}
    />
  );
}
