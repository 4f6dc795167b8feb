import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import EditIcon from '@mui/icons-material/Edit';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import OpenInNewIcon from '@mui/icons-material/ArrowForward';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDateTime, formatLocale, hasAnyRight, type TDeviceListItem } from '@aquasmart/domain';
import { ListTable, type TListColumn } from '../table/list-table';
import { SignalCell } from '../cells/signal-cell';
import { SyncCell } from '../cells/sync-cell';
import { TEMPERATURE_COLUMN_WIDTH } from '../cells/temperature-cell';
import { useCurrentUser } from '../../lib/session/current-user';
import { fetchNodePage, nodeExport, NODES_QUERY_ROOT, nodeEditScreen, nodeListKey, nodeNewScreen, nodeScreen, removeNode, type TNodeScope } from '../../lib/api/nodes';
import { LabelsButton, OutletLabelsButton } from '../scan/labels-button';
import { CalibrationCell, FunctionIcons, LastOnlineCell, NodeTemperatureCell } from './node-cells';

const rowId = (row: TDeviceListItem) => row.eui ?? '';
const TEMPERATURES = [1, 2, 3] as const;

/**
 * A narrow column's header stays whole beside its sort arrow (shown when sorted and on hover) with
 * a narrow padding and no column menu (on a touch screen its button always shows): "Signaal" was
 * "S…" and "Temperaturen" "Temperat…" (docs/screens.md, "Text that fits").
 */
const compactHeader = { disableColumnMenu: true, headerClassName: 'list-header-compact' } as const;
/** A phone's columns with narrow cell padding as well, so the name column holds "Woonzorgcentrum" whole. */
const compactPhone = { ...compactHeader, cellClassName: 'list-cell-compact' } as const;

function temperatureColumn(t: TFunction, number: number): TListColumn<TDeviceListItem> {
  return {
    field: `temperature${number}`,
    headerName: t('nodes.temperatureShort', { number }),
    description: t('nodes.temperature', { number }),
    ...compactHeader,
    width: TEMPERATURE_COLUMN_WIDTH,
    importance: 1,
    renderCell: ({ row }) => <NodeTemperatureCell node={row} number={number} />,
  };
}

/**
 * Where a node is, as the second line under its name: customer / location in a list of all
 * nodes, the location in a customer's list, nothing in a location's or gateway's list (every row
 * is there). On a phone the location alone, whole (the customer is in the expanded row): beside
 * it, "Woonzorgcentrum Het Baken · Zorggroep Rijnmond" took five lines of a 100 px column.
 */
export function placeLine(row: Pick<TDeviceListItem, 'customer' | 'location'>, scope: TNodeScope, phone: boolean): string {
  if (scope.location) return '';
  if (scope.customer || phone) return row.location ?? '';
  return [row.customer, row.location].filter(Boolean).join(' / ');
}

/** The grid's usual row height: a row whose name or place wraps grows from there (autoRowHeight). */
const ROW_HEIGHT = 52;

/** Between words; inside a word only when that one word is wider than the whole column. */
const wrapping = { whiteSpace: 'normal', overflowWrap: 'anywhere' } as const;

/**
 * The name with the place beneath it, both whole however many lines they take ("Boi…" and
 * "Zorggroep Rijnmond / Zorg…" told nothing): they wrap between words and the row grows with them.
 */
function NameCell({ name, place }: { name: string; place: string }) {
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minHeight: ROW_HEIGHT, py: 0.75, lineHeight: 1.3, minWidth: 0 }}
      title={`${name}\n${place}`.trim()}
    >
      <Box component="span" data-name sx={wrapping}>
        {name}
      </Box>
      {place ? (
        <Box component="span" data-place sx={{ ...wrapping, fontSize: 12, color: 'text.secondary' }}>
          {place}
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * On a phone the temperatures share one column (sorted by the first): as many as fit the width,
 * whole; one that does not fit wraps onto a line the cell does not show (never cut at the edge).
 * All three are in the expanded row.
 */
function phoneTemperatures(t: TFunction): TListColumn<TDeviceListItem> {
  return {
    field: 'temperature1',
    // "Temp." beside the sort arrow; the whole word in the tooltip.
    headerName: t('nodes.temperaturesShort'),
    description: t('nodes.temperatures'),
    ...compactPhone,
    flex: 2,
    minWidth: 72,
    renderCell: ({ row }) => (
      <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
        <Box data-temperatures sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, fontSize: '0.8125rem', height: 24, lineHeight: '24px', overflow: 'hidden' }}>
          {TEMPERATURES.map((number) => (
            <Box component="span" key={number} data-temperature={number} sx={{ height: 24, display: 'inline-flex', alignItems: 'center' }}>
              <NodeTemperatureCell node={row} number={number} />
            </Box>
          ))}
        </Box>
      </Box>
    ),
  };
}

/** On a phone: sync and signal side by side in one narrow column. */
function phoneState(t: TFunction): TListColumn<TDeviceListItem> {
  return {
    field: 'sync',
    headerName: t('nodes.state'),
    ...compactPhone,
    width: 60,
    sortable: false,
    renderCell: ({ row }) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, height: '100%' }}>
        <SyncCell value={row.sync} />
        <SignalCell level={row.signal} rssi={row.lora?.rssi} />
      </Box>
    ),
  };
}

/**
 * The columns of docs/nodes-screens.md ("The list"). Every field is a sort field of the server (DEVICE_SORT_FIELDS),
 * so the kit's sort goes to the server as it is. The name has the place beneath it (placeLine). On
 * a phone the list keeps name, temperatures and state icons; the rest shows in the expanded row.
 * Where a wider screen still has too little room, the columns of least importance (last online,
 * type, calibration) go into the expanded row.
 */
export function nodeColumns(t: TFunction, phone: boolean, mayEdit = false, scope: TNodeScope = {}): TListColumn<TDeviceListItem>[] {
  const global = !scope.location && !scope.customer;
  const name: TListColumn<TDeviceListItem> = {
    field: 'name',
    headerName: t('nodes.name'),
    flex: 1,
    minWidth: global ? 150 : 140,
    renderCell: ({ row }) => <NameCell name={row.name ?? ''} place={placeLine(row, scope, phone)} />,
  };
  const signal: TListColumn<TDeviceListItem> = {
    field: 'signal',
    headerName: t('nodes.signal'),
    ...compactHeader,
    width: 76,
    importance: 2,
    renderCell: ({ row }) => <SignalCell level={row.signal} rssi={row.lora?.rssi} />,
  };
  if (phone) return [{ ...name, ...compactPhone, flex: 3, minWidth: 100 }, phoneTemperatures(t), phoneState(t)];
  const edit: TListColumn<TDeviceListItem>[] = mayEdit
    ? [
        {
          field: 'edit',
          headerName: '',
          width: 56,
          importance: 1,
          sortable: false,
          renderCell: ({ row }) => (
            <IconButton
              component={RouterLink}
              to={nodeEditScreen(row.customer ?? '', row.location ?? '', row.eui ?? '')}
              size="small"
              aria-label={t('nodes.editNode', { name: row.name || row.eui })}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          ),
        },
      ]
    : [];
  return [
    name,
    {
      field: 'eui',
      headerName: t('nodes.eui'),
      width: 140,
      importance: 3,
      renderCell: ({ row }) => (
        <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 12 }}>
          {row.eui}
        </Box>
      ),
    },
    { field: 'type', headerName: t('nodes.type'), ...compactHeader, width: 64, importance: 4 },
    {
      field: 'functions',
      headerName: t('nodes.functions'),
      width: 116,
      importance: 2,
      sortable: false,
      renderCell: ({ row }) => <FunctionIcons node={row} />,
    },
    ...TEMPERATURES.map((number) => temperatureColumn(t, number)),
    // The widest date with its overdue icon: "23 May 2024" in English. At 1280 px the signal still fits beside it.
    { field: 'calibration', headerName: t('nodes.calibration'), ...compactHeader, width: 128, importance: 2, renderCell: ({ row }) => <CalibrationCell node={row} /> },
    { field: 'sync', headerName: t('nodes.sync'), ...compactHeader, width: 60, importance: 1, renderCell: ({ row }) => <SyncCell value={row.sync} /> },
    signal,
    { field: 'lastOnline', headerName: t('nodes.lastOnline'), ...compactHeader, width: 120, importance: 5, renderCell: ({ row }) => <LastOnlineCell ts={row.lora?.ts} /> },
    ...edit,
  ];
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children === '' || children === null || children === undefined ? '—' : children}
      </Typography>
    </Box>
  );
}

/** What a phone shows when a row is expanded: the other columns and a button to open the node. */
function NodeRowDetails({ row, mayEdit }: { row: TDeviceListItem; mayEdit: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        {TEMPERATURES.map((number) =>
          row.channels?.some((channel) => channel.id === `temperature${number}`) ? (
            <Detail key={number} label={t('nodes.temperature', { number })}>
              <NodeTemperatureCell node={row} number={number} />
            </Detail>
          ) : null,
        )}
        <Detail label={t('nodes.eui')}>{row.eui}</Detail>
        <Detail label={t('nodes.type')}>{row.type}</Detail>
        <Detail label={t('nodes.functions')}>
          <FunctionIcons node={row} />
        </Detail>
        <Detail label={t('nodes.calibration')}>
          <CalibrationCell node={row} />
        </Detail>
        <Detail label={t('nodes.lastOnline')}>
          <LastOnlineCell ts={row.lora?.ts} /> {formatDateTime(row.lora?.ts, formatLocale(i18n.language)) ? `(${formatDateTime(row.lora?.ts, formatLocale(i18n.language))})` : ''}
        </Detail>
        <Detail label={t('nodes.sync')}>
          <SyncCell value={row.sync} />
        </Detail>
        <Detail label={t('nodes.signal')}>
          <SignalCell level={row.signal} rssi={row.lora?.rssi} />
        </Detail>
        <Detail label={t('nodes.customer')}>{row.customer}</Detail>
        <Detail label={t('nodes.location')}>{row.location}</Detail>
      </Box>
      <Button
        component={RouterLink}
        to={nodeScreen(row.customer ?? '', row.location ?? '', row.eui ?? '')}
        size="small"
        variant="outlined"
        endIcon={<OpenInNewIcon />}
        sx={{ mt: 1.5 }}
      >
        {t('nodes.open', { name: row.name || row.eui })}
      </Button>
      {mayEdit ? (
        <Button
          component={RouterLink}
          to={nodeEditScreen(row.customer ?? '', row.location ?? '', row.eui ?? '')}
          size="small"
          startIcon={<EditIcon />}
          sx={{ mt: 1.5, ml: 1 }}
          aria-label={t('nodes.editNode', { name: row.name || row.eui })}
        >
          {t('nodes.edit.title')}
        </Button>
      ) : null}
    </Box>
  );
}

export interface TNodeListProps extends TNodeScope {
  /** Key for the rows-per-page choice; the tabs share one. */
  storageKey?: string;
}

/**
 * The node list (docs/nodes-screens.md, "The list") in the list kit's server mode: the
 * /nodes page and the #nodes tabs of a customer, a location and a gateway. Add with addNode (to
 * /nodes/new with the place filled in), delete with deleteNode: a removal (customer and location
 * emptied, lora.state Stopped), sent in parallel for the selection, then the list refreshes.
 */
export function NodeList({ customer, location, gateway, storageKey }: TNodeListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const user = useCurrentUser().data;
  const scope = useMemo<TNodeScope>(() => ({ customer, location, gateway }), [customer, location, gateway]);
  const mayEdit = hasAnyRight(user, 'editNode');
  const columns = useMemo(() => nodeColumns(t, phone, mayEdit, scope), [t, phone, mayEdit, scope]);
  const source = useMemo(
    () => ({
      mode: 'server' as const,
      queryKey: nodeListKey(scope),
      load: (query: Parameters<typeof fetchNodePage>[1], signal: AbortSignal) => fetchNodePage(scope, query, signal),
    }),
    [scope],
  );
  const list = (
    <ListTable<TDeviceListItem>
      label={t('nodes.list')}
      storageKey={storageKey}
      columns={columns}
      getRowId={rowId}
      source={source}
      defaultSort={{ field: 'name', direction: 'asc' }}
      onRowClick={(row) => void navigate(nodeScreen(row.customer ?? '', row.location ?? '', row.eui ?? ''))}
      renderExpanded={phone ? (row) => <NodeRowDetails row={row} mayEdit={mayEdit} /> : undefined}
      autoRowHeight
      onDelete={
        hasAnyRight(user, 'deleteNode')
          ? async (row) => {
              await removeNode(row);
              // The other node lists (the tabs, the unassigned choice) are stale as well.
              void queryClient.invalidateQueries({ queryKey: NODES_QUERY_ROOT, refetchType: 'none' });
            }
          : undefined
      }
      newTo={hasAnyRight(user, 'addNode') ? nodeNewScreen(scope) : undefined}
      // Labels of the selected nodes (docs/field-work.md, "Print labels"); at a desk, where sheets are printed.
      selectionAction={phone ? undefined : (rows) => <LabelsButton euis={rows.map((row) => row.eui ?? '').filter(Boolean)} />}
      exportTarget={(query) => nodeExport(scope, query)}
      messages={{ loadError: 'snackbar.nodesGetError', deleted: 'snackbar.nodesDelete', deleteFailed: 'snackbar.nodesDeleteError', empty: 'nodes.empty' }}
    />
  );
  // A location's nodes can be labelled on one sheet (docs/field-work.md, "Print labels"), and its outlets on another ("Outlet labels").
  if (!customer || !location || gateway) return list;
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <LabelsButton customer={customer} location={location} />
        <OutletLabelsButton customer={customer} location={location} />
      </Box>
      {list}
    </>
  );
}
