import { lazy, Suspense } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import type { TFunction } from 'i18next';
import type { THashTab } from '../../components/page/hash-tabs';

/** The deviations feature loads only when its tab opens; its texts came with the page (lib/i18n/texts/logbook.ts). */
const DeviationsTab = lazy(() => import('../../features/deviations/deviations-tab').then((module) => ({ default: module.DeviationsTab })));

/** The #deviations tab of a location or of a whole customer (docs/logbook.md, "Deviations"): everyone who may see the place sees it. */
export function deviationsTab(t: TFunction, customer: string, location?: string): THashTab {
  return {
    id: 'deviations',
    label: t('deviations.tab'),
    render: () => (
      <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
        <DeviationsTab customer={customer} location={location} />
      </Suspense>
    ),
  };
}
