import { lazy, Suspense } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import type { TFunction } from 'i18next';
import type { THashTab } from '../../components/page/hash-tabs';

/** The logbook feature loads only when its tab opens; its texts came with the page (route-table.ts). */
const LogbookTab = lazy(() => import('../../features/logbook/logbook-tab').then((module) => ({ default: module.LogbookTab })));

/** The #logbook tab of a location or of a whole customer (docs/logbook.md, "Screens"): everyone who may see the place sees it. */
export function logbookTab(t: TFunction, customer: string, location?: string): THashTab {
  return {
    id: 'logbook',
    label: t('logbookScreen.tab'),
    render: () => (
      <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
        <LogbookTab customer={customer} location={location} />
      </Suspense>
    ),
  };
}
