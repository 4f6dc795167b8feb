import type { TFunction } from 'i18next';
import type { TCustomerListItem, TLocationListItem } from '@aquasmart/domain';
import { SyncCell } from '../cells/sync-cell';
import type { TListColumn } from '../table/list-table';

type TPlaceRow = TCustomerListItem | TLocationListItem;

/**
 * The columns of the customer and location lists (docs/places-screens.md, "Lists"): name, reference, address,
 * postal code, city, country, sync (0 pending, else done), online (of all nodes) and channels.
 * The locations list adds the customer.
 */
export function placeColumns<T extends TPlaceRow>(t: TFunction, options: { withCustomer?: boolean } = {}): TListColumn<T>[] {
  const text = (field: string, headerName: string, minWidth = 120, flex = 1): TListColumn<T> => ({ field, headerName, minWidth, flex });
  return [
    text('name', t('places.name'), 160, 1.4),
    ...(options.withCustomer ? [text('customer', t('places.customer'), 150, 1.2)] : []),
    text('reference', t('places.reference'), 110),
    text('address', t('places.address'), 150, 1.2),
    text('postalCode', t('places.postalCode'), 90, 0.6),
    text('city', t('places.city'), 100, 0.8),
    text('country', t('places.country'), 90, 0.7),
    {
      field: 'sync',
      headerName: t('places.sync'),
      width: 70,
      align: 'center',
      headerAlign: 'center',
      searchValue: false,
      renderCell: ({ row }) => <SyncCell value={row.sync} variant="pending" />,
    },
    {
      field: 'online',
      headerName: t('places.online'),
      width: 80,
      align: 'right',
      headerAlign: 'right',
      searchValue: false,
      valueGetter: (_value, row) => (row.online === undefined ? '' : `${row.online} / ${row.nodes ?? 0}`),
      sortValue: (row) => row.online,
    },
    { field: 'channels', headerName: t('places.channels'), width: 80, align: 'right', headerAlign: 'right', searchValue: false, type: 'number' },
  ];
}
