import type { TFunction } from 'i18next';
import type { TCustomerListItem, TLocationListItem } from '@aquasmart/domain';
import { SyncCell } from '../cells/sync-cell';
import { WrappedTextCell } from '../cells/wrapped-text-cell';
import type { TListColumn } from '../table/list-table';

type TPlaceRow = TCustomerListItem | TLocationListItem;

/**
 * The columns of the customer and location lists (docs/places-screens.md, "Lists"): name, reference, address,
 * postal code, city, country, sync (0 pending, else done), online (of all nodes) and channels.
 * The locations list adds the customer.
 */
export function placeColumns<T extends TPlaceRow>(t: TFunction, options: { withCustomer?: boolean } = {}): TListColumn<T>[] {
  const text = (field: string, headerName: string, minWidth: number, flex: number, importance: number): TListColumn<T> => ({ field, headerName, minWidth, flex, importance });
  // Importance decides what a narrow screen keeps: name, sync and online first (fit-columns.ts).
  return [
    { ...text('name', t('places.name'), 110, 1.4, 0), renderCell: ({ row }) => <WrappedTextCell text={row.name} /> },
    ...(options.withCustomer ? [text('customer', t('places.customer'), 140, 1.2, 3)] : []),
    text('reference', t('places.reference'), 110, 1, 5),
    text('address', t('places.address'), 140, 1.2, 6),
    text('postalCode', t('places.postalCode'), 90, 0.6, 7),
    text('city', t('places.city'), 100, 0.8, 4),
    text('country', t('places.country'), 90, 0.7, 8),
    {
      field: 'sync',
      headerName: t('places.sync'),
      importance: 1,
      // Wide enough for the title beside the sort arrow (shown on hover and when sorted), without the
      // column menu and with a narrow padding: at 56 px a phone showed "S"; sorting
      // stays a click on the title. Name, sync and online still fit a 390 px phone.
      width: 64,
      disableColumnMenu: true,
      headerClassName: 'list-header-compact',
      align: 'center',
      headerAlign: 'center',
      searchValue: false,
      renderCell: ({ row }) => <SyncCell value={row.sync} variant="pending" />,
    },
    {
      field: 'online',
      headerName: t('places.online'),
      importance: 1,
      width: 72,
      disableColumnMenu: true,
      headerClassName: 'list-header-compact',
      align: 'right',
      headerAlign: 'right',
      searchValue: false,
      valueGetter: (_value, row) => (row.online === undefined ? '' : `${row.online} / ${row.nodes ?? 0}`),
      sortValue: (row) => row.online,
    },
    { field: 'channels', headerName: t('places.channels'), importance: 2, width: 80, align: 'right', headerAlign: 'right', searchValue: false, type: 'number' },
  ];
}
