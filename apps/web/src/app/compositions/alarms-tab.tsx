import { lazy, Suspense } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import type { TFunction } from 'i18next';
import type { THashTab } from '../../components/page/hash-tabs';

/** The alarms feature loads only when its tab opens; its texts came with the page (route-table.ts). */
const NodeAlarmsTab = lazy(() => import('../../features/alarms/node-alarms-tab').then((module) => ({ default: module.NodeAlarmsTab })));

/** The #alarms tab of a node (docs/alarms-screens.md, "Node tab"): everyone who may see the node sees its alarm history. */
export function nodeAlarmsTab(t: TFunction, eui: string): THashTab {
  return {
    id: 'alarms',
    label: t('alarms.nodeTab'),
    render: () => (
      <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
        <NodeAlarmsTab eui={eui} />
      </Suspense>
    ),
  };
}
