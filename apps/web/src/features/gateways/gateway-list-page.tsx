import { useTranslation } from 'react-i18next';
import { GatewayList } from '../../components/places/gateway-list';
import { PageHeader } from '../../components/page';

/** /gateways (gatewayView or gatewayManagement): name, MAC and type, sorted by name. */
export function GatewayListPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('routes.gateways')} />
      <GatewayList />
    </>
  );
}
