import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasAnyRight, type TCustomerListItem } from '@aquasmart/domain';
import { ListTable } from '../../components/table/list-table';
import { useCurrentUser } from '../../lib/session/current-user';
import { customerScreen } from '../../lib/api/places';
import { PageHeader } from '../../components/page';
import { placeColumns } from '../../components/places/place-columns';
import { CUSTOMERS_EXPORT_PATH, CUSTOMERS_QUERY_KEY, deleteCustomer, fetchCustomers } from '../../lib/api/customers';
import { clientListExport } from '../../components/table/export-button';

const rowId = (row: TCustomerListItem) => row.name ?? '';

/** /customers (docs/places-screens.md, "Lists"): sorted by name; add and delete with addCustomer and deleteCustomer. */
export function CustomerListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const columns = useMemo(() => placeColumns<TCustomerListItem>(t), [t]);
  return (
    <>
      <PageHeader title={t('routes.customers')} />
      <ListTable<TCustomerListItem>
        label={t('routes.customers')}
        columns={columns}
        getRowId={rowId}
        source={{ mode: 'client', queryKey: CUSTOMERS_QUERY_KEY, load: fetchCustomers }}
        defaultSort={{ field: 'name', direction: 'asc' }}
        onRowClick={(row) => void navigate(customerScreen(row.name ?? ''))}
        onDelete={hasAnyRight(user, 'deleteCustomer') ? (row) => deleteCustomer(row.name ?? '') : undefined}
        newTo={hasAnyRight(user, 'addCustomer') ? '/customers/new' : undefined}
        exportTarget={(query) => clientListExport(CUSTOMERS_EXPORT_PATH, 'customers.csv', query)}
        messages={{ loadError: 'snackbar.customersGetError', deleted: 'snackbar.customersDelete', deleteFailed: 'snackbar.customersDeleteError', empty: 'customers.empty' }}
        confirmOne={(row) => t('customers.deleteText', { name: row.name })}
      />
    </>
  );
}
