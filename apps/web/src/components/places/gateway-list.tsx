import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatLocale, hasAnyRight, type TGatewayListItem } from '@aquasmart/domain';
import { ListTable, type TListColumn } from '../table/list-table';
import { useCurrentUser } from '../../lib/session/current-user';
import { deleteGateway, fetchGateways, gatewaysExportPath, gatewaysListKey } from '../../lib/api/gateways';
import { clientListExport } from '../table/export-button';
import { gatewayScreen } from '../../lib/api/places';

const rowId = (row: TGatewayListItem) => [row.customer, row.location, row.name].join('\u0000');

/**
 * Gateways (name, MAC, type and when last heard, sorted by name; docs/places-screens.md, "Lists") of every visible customer,
 * of one customer or of one location; the wider lists also say where each gateway hangs.
 */
export function GatewayList({ customer, location }: { customer?: string; location?: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const manage = hasAnyRight(user, 'gatewayManagement');
  const columns = useMemo<TListColumn<TGatewayListItem>[]>(
    () => [
      { field: 'name', headerName: t('gateways.name'), flex: 1.2, minWidth: 160 },
      { field: 'mac', headerName: t('gateways.mac'), flex: 1, minWidth: 170 },
      { field: 'type', headerName: t('gateways.type'), flex: 0.7, minWidth: 100 },
      {
        field: 'lastSeenAt',
        headerName: t('gateways.lastSeen'),
        flex: 0.9,
        minWidth: 150,
        valueGetter: (_value, row) => (row.lastSeenAt ? formatDateTime(row.lastSeenAt, formatLocale(i18n.language)) : t('gateways.neverHeard')),
        // ISO texts sort in time order; never heard sorts first going up.
        sortValue: (row) => row.lastSeenAt ?? '',
      },
      ...(customer === undefined ? [{ field: 'customer', headerName: t('places.customer'), flex: 1, minWidth: 150 }] : []),
      ...(location === undefined ? [{ field: 'location', headerName: t('places.location'), flex: 1, minWidth: 150 }] : []),
    ],
    [t, i18n.language, customer, location],
  );
  const query = new URLSearchParams();
  if (customer !== undefined) query.set('customer', customer);
  if (location !== undefined) query.set('location', location);
  const search = query.toString();
  return (
    <ListTable<TGatewayListItem>
      label={t('routes.gateways')}
      storageKey={customer === undefined ? undefined : 'placeDetail.gateways'}
      columns={columns}
      getRowId={rowId}
      source={{ mode: 'client', queryKey: gatewaysListKey(customer, location), load: (signal) => fetchGateways(customer, location, signal) }}
      defaultSort={{ field: 'name', direction: 'asc' }}
      onRowClick={(row) => void navigate(gatewayScreen(row.customer ?? '', row.location ?? '', row.name ?? ''))}
      onDelete={manage ? (row) => deleteGateway(row.customer ?? '', row.location ?? '', row.name ?? '') : undefined}
      newTo={manage ? `/gateways/new${search ? `?${search}` : ''}` : undefined}
      exportTarget={(query) => clientListExport(gatewaysExportPath(customer, location), 'gateways.csv', query)}
      messages={{ loadError: 'snackbar.gatewaysGetError', deleted: 'snackbar.gatewaysDelete', deleteFailed: 'snackbar.gatewaysDeleteError', empty: 'gateways.empty' }}
      confirmOne={(row) => t('gateways.deleteText', { name: row.name })}
    />
  );
}
