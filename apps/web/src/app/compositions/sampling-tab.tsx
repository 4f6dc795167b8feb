import { lazy, Suspense } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import type { TFunction } from 'i18next';
import type { THashTab } from '../../components/page/hash-tabs';

/** The sampling feature loads only when its tab opens; its texts came with the page (lib/i18n/texts/sampling-messages.ts). */
const SamplingTab = lazy(() => import('../../features/sampling/sampling-tab').then((module) => ({ default: module.SamplingTab })));

/** The #sampling tab of a location (docs/sampling.md, "Screens"): everyone who may see the location sees it. */
export function samplingTab(t: TFunction, customer: string, location: string): THashTab {
  return {
    id: 'sampling',
    label: t('sampling.tab'),
    render: () => (
      <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
        <SamplingTab customer={customer} location={location} />
      </Suspense>
    ),
  };
}
