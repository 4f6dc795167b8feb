import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasAnyRight, type TLocationListItem } from '@aquasmart/domain';
import { ListTable } from '../table/list-table';
import { useCurrentUser } from '../../lib/session/current-user';
import { deleteLocation, fetchLocations, locationsExportPath, locationsListKey } from '../../lib/api/locations';
import { clientListExport } from '../table/export-button';
import { locationScreen } from '../../lib/api/places';
import { placeColumns } from './place-columns';

const rowId = (row: TLocationListItem) => `${row.customer ?? ''}\u0000${row.name ?? ''}`;

/** The locations of every visible customer (/locations) or of one customer (its #locations tab). */
export function LocationList({ customer }: { customer?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const columns = useMemo(() => placeColumns<TLocationListItem>(t, { withCustomer: customer === undefined }), [t, customer]);
  const newTo = customer === undefined ? '/locations/new' : `/locations/new?${new URLSearchParams({ customer }).toString()}`;
  return (
    <ListTable<TLocationListItem>
      label={t('routes.locations')}
      storageKey={customer === undefined ? undefined : 'customerDetail.locations'}
      columns={columns}
      getRowId={rowId}
      source={{ mode: 'client', queryKey: locationsListKey(customer), load: (signal) => fetchLocations(customer, signal) }}
      defaultSort={{ field: 'name', direction: 'asc' }}
      onRowClick={(row) => void navigate(locationScreen(row.customer ?? '', row.name ?? ''))}
      onDelete={hasAnyRight(user, 'deleteLocation') ? (row) => deleteLocation(row.customer ?? '', row.name ?? '') : undefined}
      newTo={hasAnyRight(user, 'addLocation') ? newTo : undefined}
      exportTarget={(query) => clientListExport(locationsExportPath(customer), 'locations.csv', query)}
      messages={{ loadError: 'snackbar.LocationsGetError', deleted: 'snackbar.locationsDelete', deleteFailed: 'snackbar.locationsDeleteError', empty: 'locations.empty' }}
      confirmOne={(row) => t('locations.deleteText', { name: row.name, customer: row.customer })}
    />
  );
}
