import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { hasAnyRight, isAdministrator } from '@aquasmart/domain';
import { useCurrentUser } from '../../lib/session/current-user';
import { NodeList } from '../../components/nodes/node-list';
import { customerScreen, PLACES_QUERY_ROOTS } from '../../lib/api/places';
import { DeletePlaceButton } from '../../components/places/delete-place-button';
import { GatewayList } from '../../components/places/gateway-list';
import { LocationList } from '../../components/places/location-list';
import { PageHeader } from '../../components/page';
import { PlaceDetails } from '../../components/places/place-details';
import { HashTabs, type THashTab } from '../../components/page/hash-tabs';
import { customerQuery, deleteCustomer } from '../../lib/api/customers';
import { QueryStatus } from '../../components/progress/query-status';
import { TwoFactorRequirement } from './components/two-factor-requirement';

/**
 * /customers/{name} (docs/screens.md, "Routes") with tabs by hash: #locations, #nodes, #gateways (gateway
 * rights), #dashboard (dashboard right) and #details. The dashboard tab is another feature's screen:
 * the app layer passes it in (`renderDashboard`, app/compositions/customer-detail-screen.tsx), and
 * so are other features' tabs (`moreTabs`: the #logbook), which stand before #details.
 */
export function CustomerDetailPage({
  renderDashboard,
  moreTabs,
}: { renderDashboard?: (customer: string) => ReactNode; moreTabs?: (customer: string) => THashTab[] } = {}) {
  const { t } = useTranslation();
  const name = useParams().customer ?? '';
  const user = useCurrentUser().data;
  const result = useQuery(customerQuery(name));
  const customer = result.data;

  const tabs: THashTab[] = [
    { id: 'locations', label: t('places.tabs.locations'), render: () => <LocationList customer={name} /> },
    { id: 'nodes', label: t('places.tabs.nodes'), render: () => <NodeList customer={name} storageKey="placeDetail.nodes" /> },
    ...(hasAnyRight(user, 'gatewayView', 'gatewayManagement')
      ? [{ id: 'gateways', label: t('places.tabs.gateways'), render: () => <GatewayList customer={name} /> }]
      : []),
    ...(hasAnyRight(user, 'dashboard') ? [{ id: 'dashboard', label: t('places.tabs.dashboard'), render: () => renderDashboard?.(name) ?? null }] : []),
    ...(moreTabs?.(name) ?? []),
    {
      id: 'details',
      label: t('places.tabs.details'),
      render: () =>
        customer ? (
          <>
            <PlaceDetails place={customer} />
            {isAdministrator(user) ? <TwoFactorRequirement customer={customer.name} /> : null}
          </>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader title={customer?.name ?? name} subtitle={customer ? [customer.reference, customer.city].filter(Boolean).join(' · ') : undefined}>
        {hasAnyRight(user, 'editCustomer') ? (
          <Button component={RouterLink} to={`${customerScreen(name)}/edit`} variant="outlined" startIcon={<EditIcon />}>
            {t('places.edit')}
          </Button>
        ) : null}
        {hasAnyRight(user, 'deleteCustomer') && customer ? (
          <DeletePlaceButton
            text={t('customers.deleteText', { name: customer.name })}
            remove={() => deleteCustomer(customer.name)}
            successKey="snackbar.customerDelete"
            errorKey="snackbar.customerDeleteError"
            afterDelete="/customers"
            detailKey={customerQuery(name).queryKey}
            refresh={[PLACES_QUERY_ROOTS.customers, PLACES_QUERY_ROOTS.locations]}
          />
        ) : null}
      </PageHeader>
      <QueryStatus query={result} errorText={t('customers.loadError')} gap={2} />
      {customer ? <HashTabs tabs={tabs} label={t('places.tabsLabel')} /> : null}
    </>
  );
}
