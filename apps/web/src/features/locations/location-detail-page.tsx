import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { hasAnyRight } from '@aquasmart/domain';
import { useCurrentUser } from '../../lib/session/current-user';
import { NodeList } from '../../components/nodes/node-list';
import { deleteLocation } from '../../lib/api/locations';
import { locationScreen, PLACES_QUERY_ROOTS } from '../../lib/api/places';
import { DeletePlaceButton } from '../../components/places/delete-place-button';
import { GatewayList } from '../../components/places/gateway-list';
import { PageHeader } from '../../components/page';
import { PlaceDetails } from '../../components/places/place-details';
import { HashTabs, type THashTab } from '../../components/page/hash-tabs';
import { locationQuery } from '../../lib/api/locations';
import { QueryStatus } from '../../components/progress/query-status';

/**
 * /locations/{customer}/{name} (docs/screens.md, "Routes") with tabs #nodes, #gateways (gateway
 * rights) and #details. Tabs of other features (the #logbook) come from the app layer
 * (`moreTabs`, app/compositions/location-detail-screen.tsx) and stand before #details.
 */
export function LocationDetailPage({ moreTabs }: { moreTabs?: (customer: string, location: string) => THashTab[] } = {}) {
  const { t } = useTranslation();
  const params = useParams();
  const customer = params.customer ?? '';
  const name = params.location ?? '';
  const user = useCurrentUser().data;
  const result = useQuery(locationQuery(customer, name));
  const location = result.data;

  const tabs: THashTab[] = [
    { id: 'nodes', label: t('places.tabs.nodes'), render: () => <NodeList customer={customer} location={name} storageKey="placeDetail.nodes" /> },
    ...(hasAnyRight(user, 'gatewayView', 'gatewayManagement')
      ? [{ id: 'gateways', label: t('places.tabs.gateways'), render: () => <GatewayList customer={customer} location={name} /> }]
      : []),
    ...(moreTabs?.(customer, name) ?? []),
    { id: 'details', label: t('places.tabs.details'), render: () => (location ? <PlaceDetails place={location} location={location.name} /> : null) },
  ];

  return (
    <>
      <PageHeader title={location?.name ?? name} subtitle={location ? [location.customer, location.city].filter(Boolean).join(' · ') : customer}>
        {hasAnyRight(user, 'editLocation', 'editNode') ? (
          <Button component={RouterLink} to={`${locationScreen(customer, name)}/edit`} variant="outlined" startIcon={<EditIcon />}>
            {t('places.edit')}
          </Button>
        ) : null}
        {hasAnyRight(user, 'deleteLocation') && location ? (
          <DeletePlaceButton
            text={t('locations.deleteText', { name: location.name, customer: location.customer })}
            remove={() => deleteLocation(location.customer, location.name)}
            successKey="snackbar.locationDelete"
            errorKey="snackbar.locationDeleteError"
            afterDelete="/locations"
            detailKey={locationQuery(customer, name).queryKey}
            refresh={[PLACES_QUERY_ROOTS.locations, PLACES_QUERY_ROOTS.customers]}
          />
        ) : null}
      </PageHeader>
      <QueryStatus query={result} errorText={t('locations.loadError')} gap={2} />
      {location ? <HashTabs tabs={tabs} label={t('places.tabsLabel')} /> : null}
    </>
  );
}
