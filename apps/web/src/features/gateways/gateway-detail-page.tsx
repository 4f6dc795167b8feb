import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatLocale, hasAnyRight, type TGateway } from '@aquasmart/domain';
import { useCurrentUser } from '../../lib/session/current-user';
import { NodeList } from '../../components/nodes/node-list';
import { deleteGateway } from '../../lib/api/gateways';
import { customerScreen, gatewayScreen, locationScreen, PLACES_QUERY_ROOTS } from '../../lib/api/places';
import { DeletePlaceButton } from '../../components/places/delete-place-button';
import { DetailField, DetailList, PageHeader, Section } from '../../components/page';
import { HashTabs, type THashTab } from '../../components/page/hash-tabs';
import { gatewayQuery } from '../../lib/api/gateways';
import { GatewayHeardNodes } from './components/gateway-heard-nodes';
import { QueryStatus } from '../../components/progress/query-status';

function GatewayDetails({ gateway }: { gateway: TGateway }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper variant="outlined">
      <Section title={t('gateways.detailsTitle')}>
        <DetailList>
          <DetailField label={t('gateways.name')}>{gateway.name}</DetailField>
          <DetailField label={t('gateways.mac')}>{gateway.mac}</DetailField>
          <DetailField label={t('gateways.type')}>{gateway.type}</DetailField>
          <DetailField label={t('gateways.product')}>{gateway.product}</DetailField>
          <DetailField label={t('gateways.lastSeen')}>
            {gateway.lastSeenAt ? formatDateTime(gateway.lastSeenAt, formatLocale(i18n.language)) : t('gateways.neverHeard')}
          </DetailField>
          <DetailField label={t('places.customer')}>
            <Link component={RouterLink} to={customerScreen(gateway.customer)}>
              {gateway.customer}
            </Link>
          </DetailField>
          <DetailField label={t('places.location')}>
            <Link component={RouterLink} to={locationScreen(gateway.customer, gateway.location)}>
              {gateway.location}
            </Link>
          </DetailField>
          <DetailField label={t('places.notes')} wide>
            {gateway.notes}
          </DetailField>
        </DetailList>
      </Section>
    </Paper>
  );
}

/** /gateways/{customer}/{location}/{name} (docs/screens.md, "Routes") with tabs #details, #nodes and #heard (docs/gateways.md). */
export function GatewayDetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  const customer = params.customer ?? '';
  const location = params.location ?? '';
  const name = params.gateway ?? '';
  const user = useCurrentUser().data;
  const result = useQuery(gatewayQuery(customer, location, name));
  const gateway = result.data;
  const manage = hasAnyRight(user, 'gatewayManagement');

  const tabs: THashTab[] = [
    { id: 'details', label: t('places.tabs.details'), render: () => (gateway ? <GatewayDetails gateway={gateway} /> : null) },
    { id: 'nodes', label: t('places.tabs.nodes'), render: () => <NodeList customer={customer} location={location} gateway={name} storageKey="placeDetail.nodes" /> },
    { id: 'heard', label: t('gateways.heardTab'), render: () => <GatewayHeardNodes customer={customer} location={location} gateway={name} /> },
  ];

  return (
    <>
      <PageHeader title={gateway?.name ?? name} subtitle={`${customer} · ${location}`}>
        {manage ? (
          <Button component={RouterLink} to={`${gatewayScreen(customer, location, name)}/edit`} variant="outlined" startIcon={<EditIcon />}>
            {t('places.edit')}
          </Button>
        ) : null}
        {manage && gateway ? (
          <DeletePlaceButton
            text={t('gateways.deleteText', { name: gateway.name })}
            remove={() => deleteGateway(gateway.customer, gateway.location, gateway.name)}
            successKey="snackbar.gatewayDelete"
            errorKey="snackbar.gatewayDeleteError"
            afterDelete="/gateways"
            detailKey={gatewayQuery(customer, location, name).queryKey}
            refresh={[PLACES_QUERY_ROOTS.gateways]}
          />
        ) : null}
      </PageHeader>
      <QueryStatus query={result} errorText={t('gateways.loadError')} gap={2} />
      {gateway ? <HashTabs tabs={tabs} label={t('places.tabsLabel')} /> : null}
    </>
  );
}
