import { lazy, Suspense } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { CustomerDetailPage } from '../../features/customers/customer-detail-page';
import { isAdministrator } from '@aquasmart/domain';
import { useCurrentUser } from '../../lib/session/current-user';
import { deviationsTab } from './deviations-tab';
import { logbookTab } from './logbook-tab';
import { platformTab } from './platform-tab';

/** The dashboard (with its texts) loads only when the #dashboard tab opens. */
const DashboardView = lazy(() =>
  Promise.all([import('../../features/dashboard/dashboard-view'), import('../../lib/i18n/texts/dashboard')]).then(([module]) => ({ default: module.DashboardView })),
);

/**
 * /customers/{name}: the customer page, its #dashboard tab the dashboard of that customer (lists
 * under the customer), its #logbook tab the logbook of all its locations, its #platform tab (administrators)
 * the delivery state of its external platform.
 */
export function CustomerDetailScreen() {
  const { t } = useTranslation();
  const admin = isAdministrator(useCurrentUser().data);
  return (
    <CustomerDetailPage
      moreTabs={(customer) => [logbookTab(t, customer), deviationsTab(t, customer), ...(admin ? [platformTab(t, customer)] : [])]}
      renderDashboard={(customer) => (
        <Suspense fallback={<LinearProgress />}>
          <DashboardView customer={customer} />
        </Suspense>
      )}
    />
  );
}
