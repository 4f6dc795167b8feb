import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { gatewayScreen } from '../../lib/api/places';
import { PageHeader } from '../../components/page';
import { gatewayQuery, patchGateway } from '../../lib/api/gateways';
import { GatewayFormScreen } from './components/gateway-form-screen';
import { gatewayToForm, toGatewayBody } from './gateway-form';
import { QueryStatus } from '../../components/progress/query-status';

/** /gateways/{customer}/{location}/{name}/edit (gatewayManagement); afterwards the gateway's details. */
export function GatewayEditPage() {
  const { t } = useTranslation();
  const params = useParams();
  const customer = params.customer ?? '';
  const location = params.location ?? '';
  const name = params.gateway ?? '';
  const queryClient = useQueryClient();
  const result = useQuery(gatewayQuery(customer, location, name));
  const loaded = result.data;
  const values = useMemo(() => (loaded ? gatewayToForm(loaded) : null), [loaded]);
  const title = t('routes.gatewayEdit').replace(':gateway', loaded?.name ?? name);
  return (
    <>
      <PageHeader title={title} subtitle={`${customer} · ${location}`} />
      <QueryStatus query={result} errorText={t('gateways.loadError')} gap={2} />
      {values ? (
        <GatewayFormScreen
          mode="edit"
          title={title}
          submitLabel={t('common.save')}
          values={values}
          save={async (form) => {
            const saved = await patchGateway(customer, location, name, toGatewayBody(form));
            queryClient.setQueryData(gatewayQuery(saved.customer, saved.location, saved.name).queryKey, saved);
            return `${gatewayScreen(saved.customer, saved.location, saved.name)}#details`;
          }}
          successKey="snackbar.gatewayEdit"
          errorKey="snackbar.gatewayEditError"
        />
      ) : null}
    </>
  );
}
