import { useMemo } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import VisibilityIcon from '@mui/icons-material/Visibility';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  DASHBOARD_LIST_ALARM_KIND,
  DASHBOARD_LIST_DEFAULT_SORT,
  dashboardListFromSegment,
  faultyListSignal,
  hasAnyRight,
  type TAlarmKind,
  type TDashboardListName,
  type TDashboardListRow,
} from '@aquasmart/domain';
import { PageHeader } from '../../components/page';
import { ListTable, type TListColumn, type TListQuery } from '../../components/table/list-table';
import { SignalCell } from '../../components/cells/signal-cell';
import { SyncCell } from '../../components/cells/sync-cell';
import { TEMPERATURE_COLUMN_WIDTH } from '../../components/cells/temperature-cell';
import { WrappedTextCell } from '../../components/cells/wrapped-text-cell';
import { CalibrationCell, FunctionIcons, LastOnlineCell, NodeTemperatureCell } from '../../components/nodes/node-cells';
import { AlarmStateChip } from '../../components/alarms/alarm-state-chip';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { acknowledgeAlarm, ALARMS_QUERY_ROOT, mayAcknowledge, mayHandleAlarmKind } from '../../lib/api/alarms';
import { failureText } from '../../lib/http/failure-text';
import { nodeScreen } from '../../lib/api/nodes';
import { OVERFLOW_COUNT_KEY } from '../../lib/api/overflow';
import { useFormat } from '../../lib/i18n/use-date-time';
import { useCurrentUser } from '../../lib/session/current-user';
import { DASHBOARD_QUERY_ROOT, dashboardListKey, endOverflowDetection, fetchDashboardListPage } from './api/dashboard-api';
import { faultyChannels } from './faulty-channels';

type TColumn = TListColumn<TDashboardListRow>;
const rowId = (row: TDashboardListRow) => row._id ?? row.eui;


/**
 * The node's alarm of the list: its handling state and, while it is new and the user may handle
 * the kind, the acknowledge button. The node is in the list because its condition holds, so a
 * resolved alarm here reads "resolved, condition still present".
 */
function AlarmCell({ row, kind }: { row: TDashboardListRow; kind: TAlarmKind }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const user = useCurrentUser().data;
  const acknowledge = useMutation({
    mutationFn: (id: number) => acknowledgeAlarm(id),
    onSuccess: () => {
      snackbar.success('snackbar.alarmAcknowledged');
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: ALARMS_QUERY_ROOT });
    },
    onError: (error) => snackbar.error(failureText(t, error, 'snackbar.alarmActionError', (key) => i18n.exists(key))),
  });
  const alarm = row.alarm;
  if (!alarm) return <>—</>;
  const label = t('alarms.actions.acknowledgeNamed', { kind: t(`alarms.kinds.${kind}`), name: row.name || row.eui });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, height: '100%', minWidth: 0 }}>
      <AlarmStateChip state={alarm.state} closedAt={null} />
      {mayAcknowledge(alarm.state) && mayHandleAlarmKind(user, kind) ? (
        <Tooltip title={t('alarms.actions.acknowledge')}>
          <span>
            <IconButton size="small" aria-label={label} disabled={acknowledge.isPending} onClick={() => acknowledge.mutate(alarm.id)}>
              <VisibilityIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ) : null}
    </Box>
  );
}

function DateCell({ iso }: { iso: string | null }) {
  const { dateTime } = useFormat();
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {dateTime(iso) || '—'}
    </Box>
  );
}

/** The faulty list's date with the failed channels under it ("Defect: Warm water"). */
function FaultyDateCell({ row }: { row: TDashboardListRow }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const channels = faultyChannels(row).map(({ number, name }) => name || t('nodes.temperatureShort', { number }));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', lineHeight: 1.25, minWidth: 0 }}>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {dateTime(row.date) || '—'}
      </Box>
      {channels.length ? (
        <Box component="span" data-faulty-channels sx={{ fontSize: 12, color: 'error.main', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {t('dashboard.faultyChannels', { channels: channels.join(', ') })}
        </Box>
      ) : null}
    </Box>
  );
}

function VoltageCell({ value }: { value: number | null }) {
  const { voltage } = useFormat();
  return <>{voltage(value) || '—'}</>;
}

/** The columns of each list (docs/dashboard.md, "Lists"); the customer column only outside a customer. */
export function listColumns(name: TDashboardListName, t: TFunction, options: { withCustomer: boolean; phone: boolean }): TColumn[] {
  const column = (field: string, header: string, extra: Partial<TColumn> = {}): TColumn => ({ field, headerName: t(`dashboard.columns.${header}`), ...extra });
  const date = (header = 'date') => column('date', header, { width: 150, renderCell: ({ row }) => <DateCell iso={row.date} /> });
  const faultyDate = column('date', 'date', { width: 150, renderCell: ({ row }) => <FaultyDateCell row={row} /> });
  // Names wrap onto a second line instead of being cut: "Alle nodes" at 1366 px has no room for whole names.
  const text = (field: 'customer' | 'location' | 'name'): Partial<TColumn> => ({ flex: 1, minWidth: 120, renderCell: ({ row }) => <WrappedTextCell text={row[field]} /> });
  const customer = options.withCustomer ? [column('customer', 'customer', text('customer'))] : [];
  const location = column('location', 'location', text('location'));
  const nodeName = column('name', 'name', text('name'));
  const type = column('type', 'type', { width: 64 });
  const temperatures = [1, 2, 3].map((number) =>
    column(`temperature${number}`, 'name', {
      headerName: t('nodes.temperatureShort', { number }),
      width: TEMPERATURE_COLUMN_WIDTH,
      sortable: false,
      renderCell: ({ row }) => <NodeTemperatureCell node={row} number={number} />,
    }),
  );
  const signal = (scale: 3 | 4) =>
    column('signal', 'signal', { width: 72, renderCell: ({ row }) => <SignalCell level={scale === 3 ? faultyListSignal(row.signal) : row.signal} scale={scale} rssi={row.lora.rssi} /> });
  const sync = column('sync', 'sync', { width: 64, renderCell: ({ row }) => <SyncCell value={row.sync} /> });
  const functions = column('functions', 'functions', { width: 110, sortable: false, renderCell: ({ row }) => <FunctionIcons node={row} /> });
  const calibration = column('calibration', 'calibration', { width: 130, renderCell: ({ row }) => <CalibrationCell node={row} /> });
  const lastOnline = column('lastOnline', 'lastOnline', { width: 130, renderCell: ({ row }) => <LastOnlineCell ts={row.lora.ts} /> });
  const flushes = column('count', 'flushes', { width: 100, type: 'number' });
  const voltage = column('voltage', 'voltage', { width: 100, renderCell: ({ row }) => <VoltageCell value={row.battery.voltage} /> });
  const interval = column('interval', 'interval', { width: 90, sortable: false, renderCell: ({ row }) => t('nodes.calibrationInterval', { count: row.calibration.interval }) });
  const alarmKind = DASHBOARD_LIST_ALARM_KIND[name];
  const alarm: TColumn[] = alarmKind
    ? // Without importance: where the width is short the list's own columns stay and the state moves into the expanded row.
      [{ field: 'alarm', headerName: t('alarms.columns.state'), width: 180, sortable: false, renderCell: ({ row }) => <AlarmCell row={row} kind={alarmKind} /> }]
    : [];

  if (options.phone) {
    const key: Record<TDashboardListName, TColumn> = {
      annualCalibrations: calibration,
      biennialCalibrations: calibration,
      triennialCalibrations: calibration,
      faultySensors: faultyDate,
      flushAlarms: date(),
      lowBatteries: date(),
      nodes: lastOnline,
      offlineNodes: lastOnline,
      overflowDetections: date(),
      synchronizations: date('waitingSince'),
      weeklyFlushes: flushes,
      incorrectSettings: sync,
    };
    // On a phone: the name with its place below it, and the list's own value.
    const placeName: TColumn = {
      ...nodeName,
      minWidth: 140,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', lineHeight: 1.25, minWidth: 0, py: alarmKind ? 0.75 : 0 }}>
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {row.name}
          </Box>
          <Box component="span" sx={{ fontSize: 12, color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {[options.withCustomer ? row.customer : null, row.location].filter(Boolean).join(' · ')}
          </Box>
          {/* The alarm state and its button under the place: a phone has no room for a third column. */}
          {alarmKind ? (
            <Box sx={{ mt: 0.5 }}>
              <AlarmCell row={row} kind={alarmKind} />
            </Box>
          ) : null}
        </Box>
      ),
    };
    return [placeName, { ...key[name], width: undefined, flex: 1, minWidth: 110 }];
  }
  switch (name) {
    case 'annualCalibrations':
    case 'biennialCalibrations':
    case 'triennialCalibrations':
      return [calibration, ...customer, location, nodeName, type, interval];
    case 'faultySensors':
      return [faultyDate, ...customer, location, nodeName, type, ...temperatures, signal(3), ...alarm];
    case 'flushAlarms':
      return [date(), ...customer, location, nodeName, type, lastOnline, ...alarm];
    case 'lowBatteries':
      return [date(), ...customer, location, nodeName, type, voltage, ...alarm];
    case 'nodes':
      return [nodeName, ...customer, location, type, functions, ...temperatures, calibration, sync, signal(4), lastOnline];
    case 'offlineNodes':
      return [lastOnline, ...customer, location, nodeName, type, signal(4), ...alarm];
    case 'overflowDetections':
      return [date(), ...customer, location, nodeName, ...alarm];
    case 'synchronizations':
      return [date('waitingSince'), ...customer, location, nodeName, type, sync];
    case 'weeklyFlushes':
      return [flushes, ...customer, location, nodeName, type];
    case 'incorrectSettings':
      return [nodeName, ...customer, location, type, functions, sync, lastOnline, ...alarm];
  }
}

/**
 * A dashboard list (docs/dashboard.md, "Lists"): /dashboard/<list> for all the user's customers,
 * /customers/{name}/dashboard/<list> for one (no customer column). Paged, sorted and searched on
 * the server; a row opens its node; water detections are ended (deleted) with overflowDetection.
 */
export function DashboardListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const user = useCurrentUser().data;
  const customer = useParams().customer;
  const name = dashboardListFromSegment(useLocation().pathname.split('/').filter(Boolean).at(-1) ?? '');
  const columns = useMemo(() => (name ? listColumns(name, t, { withCustomer: customer === undefined, phone }) : []), [name, t, customer, phone]);
  const source = useMemo(
    () =>
      name
        ? {
            mode: 'server' as const,
            queryKey: dashboardListKey(name, customer),
            load: (query: TListQuery, signal: AbortSignal) => fetchDashboardListPage(name, customer, query, signal),
          }
        : null,
    [name, customer],
  );
  if (!name || !source) return <Navigate to="/404" replace />;
  const title = t(`routes.dashboardLists.${name}`);
  const overflow = name === 'overflowDetections';
  const defaultSort = DASHBOARD_LIST_DEFAULT_SORT[name];
  return (
    <>
      <PageHeader title={title} subtitle={customer} />
      <ListTable<TDashboardListRow>
        label={title}
        columns={columns}
        getRowId={rowId}
        source={source}
        defaultSort={defaultSort}
        storageKey={`dashboard.${name}`}
        onRowClick={(row) => void navigate(nodeScreen(row.customer ?? '', row.location ?? '', row.eui))}
        autoRowHeight={phone && DASHBOARD_LIST_ALARM_KIND[name] !== undefined}
        onDelete={
          overflow && hasAnyRight(user, 'overflowDetection')
            ? async (row) => {
                await endOverflowDetection(row._id ?? '');
                // The badge and the dashboard's counts are stale now.
                void queryClient.invalidateQueries({ queryKey: OVERFLOW_COUNT_KEY });
                void queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_ROOT, refetchType: 'none' });
              }
            : undefined
        }
        messages={{
          empty: `dashboard.empty.${name}`,
          ...(overflow
            ? { loadError: 'snackbar.overflowsGetError', deleted: 'snackbar.overflowsDelete', deleteFailed: 'snackbar.overflowsDeleteError' }
            : { loadError: name === 'faultySensors' ? 'snackbar.faultySensorGetError' : 'snackbar.dashboardListGetError' }),
        }}
      />
    </>
  );
}
