import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { gatewayScreen } from '../../lib/api/places';
import { PageHeader } from '../../components/page';
import { createGateway } from '../../lib/api/gateways';
import { GatewayFormScreen } from './components/gateway-form-screen';
import { emptyGatewayForm, toGatewayBody } from './gateway-form';

/** /gateways/new (gatewayManagement), optional ?customer= and &location=. */
export function GatewayNewPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const customer = search.get('customer') ?? '';
  const location = search.get('location') ?? '';
  const values = useMemo(() => emptyGatewayForm(customer, location), [customer, location]);
  return (
    <>
      <PageHeader title={t('routes.gatewayNew')} />
      <GatewayFormScreen
        mode="create"
        title={t('routes.gatewayNew')}
        submitLabel={t('places.create')}
        values={values}
        save={async (form) => {
          const saved = await createGateway(toGatewayBody(form));
          return gatewayScreen(saved.customer, saved.location, saved.name);
        }}
        successKey="snackbar.gatewayCreate"
        errorKey="snackbar.gatewayCreateError"
      />
    </>
  );
}
