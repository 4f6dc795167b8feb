import { lazy, Suspense } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import type { TFunction } from 'i18next';
import type { THashTab } from '../../components/page/hash-tabs';

/** The platform feature and its texts load only when its tab opens. */
const PlatformPanel = lazy(() =>
  Promise.all([import('../../features/platforms/platform-panel'), import('../../lib/i18n/texts/platforms')]).then(([module]) => ({ default: module.PlatformPanel })),
);

/**
 * The #platform tab of a customer or location (docs/platforms.md, "State"): the delivery state of
 * its external platform. Administrators only, as the platform fields are.
 */
export function platformTab(t: TFunction, customer: string, location?: string): THashTab {
  return {
    id: 'platform',
    label: t('places.platform'),
    render: () => (
      <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
        <PlatformPanel customer={customer} location={location} />
      </Suspense>
    ),
  };
}
