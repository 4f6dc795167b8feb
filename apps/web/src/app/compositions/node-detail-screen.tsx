import { useTranslation } from 'react-i18next';
import { NodeDetailPage } from '../../features/nodes/detail/node-detail-page';
import { useCurrentUser } from '../../lib/session/current-user';
import { passesGuard } from '../guards';
import { ALARMS_GUARD } from '../route-table';
import { nodeAlarmsTab } from './alarms-tab';

/** /nodes/{customer}/{location}/{eui}: the node page with the alarms feature in its #alarms tab, for those who may see alarms. */
export function NodeDetailScreen() {
  const { t } = useTranslation();
  const maySeeAlarms = passesGuard(useCurrentUser().data, ALARMS_GUARD);
  return <NodeDetailPage moreTabs={(device) => (maySeeAlarms ? [nodeAlarmsTab(t, device.eui)] : [])} />;
}
