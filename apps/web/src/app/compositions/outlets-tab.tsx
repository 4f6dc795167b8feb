import { lazy, Suspense } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import type { TFunction } from 'i18next';
import type { THashTab } from '../../components/page/hash-tabs';
// The tab's label is needed with the page; the texts come with the location page's chunk, never the login page's.
import '../../lib/i18n/texts/outlets';

/** The outlets feature loads only when its tab opens. */
const OutletsTab = lazy(() => import('../../features/outlets/outlets-tab').then((module) => ({ default: module.OutletsTab })));
/** What the tab read, kept on the device for opening its outlets offline (docs/outlets.md, "Opening an outlet without a connection"). */
const KeepOutletsOffline = lazy(() => import('./outlets-kept-offline').then((module) => ({ default: module.KeepOutletsOffline })));

/** The #outlets tab of a location (docs/outlets.md, "Screens"): everyone who may see the location sees it. */
export function outletsTab(t: TFunction, customer: string, location: string): THashTab {
  return {
    id: 'outlets',
    label: t('outlets.tab'),
    render: () => (
      <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
        <OutletsTab customer={customer} location={location} />
        <KeepOutletsOffline customer={customer} location={location} />
      </Suspense>
    ),
  };
}
