import { useTranslation } from 'react-i18next';
import { ALARM_READ_FLAGS, hasAnyRight } from '@aquasmart/domain';
import { NodeDetailPage } from '../../features/nodes/detail/node-detail-page';
import { useCurrentUser } from '../../lib/session/current-user';
import { nodeAlarmsTab } from './alarms-tab';

/** /nodes/{customer}/{location}/{eui}: the node page with the alarms feature in its #alarms tab, for those who may see alarms (the /alarms guard). */
export function NodeDetailScreen() {
  const { t } = useTranslation();
  const maySeeAlarms = hasAnyRight(useCurrentUser().data, ...ALARM_READ_FLAGS);
  return <NodeDetailPage moreTabs={(device) => (maySeeAlarms ? [nodeAlarmsTab(t, device.eui)] : [])} />;
}
