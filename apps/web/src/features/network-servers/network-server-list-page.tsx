import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { TNetworkServer } from '@aquasmart/domain';
import { PageHeader } from '../../components/page';
import { ListTable, type TListColumn } from '../../components/table/list-table';
import { deleteNetworkServer, fetchNetworkServers, NETWORK_SERVERS_LIST_KEY, networkServerEditScreen } from '../../lib/api/network-servers';
import { connectionSummary } from './connection-summary';

const getRowId = (server: TNetworkServer) => server.name;

/** /networkServers (administrators): name, kind, nodes and how downlinks reach it; a row opens the edit screen. */
export function NetworkServerListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns = useMemo<TListColumn<TNetworkServer>[]>(() => {
    const summaryText = (server: TNetworkServer) =>
      connectionSummary(server)
        .map((line) => t(line.key, line.params))
        .join(' · ');
    return [
      { field: 'name', headerName: t('networkServers.name'), flex: 1, minWidth: 160 },
      {
        field: 'kind',
        headerName: t('networkServers.kind'),
        width: 160,
        valueGetter: (_value, row) => t(`networkServers.kinds.${row.kind}`),
        sortValue: (row) => t(`networkServers.kinds.${row.kind}`),
      },
      { field: 'nodes', headerName: t('networkServers.nodes'), type: 'number', width: 90 },
      {
        field: 'connection',
        headerName: t('networkServers.connection'),
        flex: 2,
        minWidth: 260,
        valueGetter: (_value, row) => summaryText(row),
        sortValue: (row) => summaryText(row),
        renderCell: ({ row }) => (
          <Box sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={summaryText(row)}>
            {summaryText(row)}
          </Box>
        ),
      },
    ];
  }, [t]);

  return (
    <>
      <PageHeader title={t('routes.networkServers')} />
      <ListTable<TNetworkServer>
        label={t('routes.networkServers')}
        columns={columns}
        getRowId={getRowId}
        source={{ mode: 'client', queryKey: NETWORK_SERVERS_LIST_KEY, load: fetchNetworkServers }}
        defaultSort={{ field: 'name', direction: 'asc' }}
        onRowClick={(server) => void navigate(networkServerEditScreen(server.name))}
        onDelete={(server) => deleteNetworkServer(server.name)}
        newTo="/networkServers/new"
        messages={{
          loadError: 'snackbar.networkServersGetError',
          deleted: 'snackbar.networkServersDelete',
          deleteFailed: 'snackbar.networkServersDeleteError',
          empty: 'networkServers.empty',
        }}
        confirmOne={(server) => t('networkServers.deleteText', { name: server.name })}
      />
    </>
  );
}
