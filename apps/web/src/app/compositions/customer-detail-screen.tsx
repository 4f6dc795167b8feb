import { lazy, Suspense } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { CustomerDetailPage } from '../../features/customers/customer-detail-page';

/** The dashboard (with its texts) loads only when the #dashboard tab opens. */
const DashboardView = lazy(() =>
  Promise.all([import('../../features/dashboard/dashboard-view'), import('../../lib/i18n/texts/dashboard')]).then(([module]) => ({ default: module.DashboardView })),
);

/** /customers/{name}: the customer page, its #dashboard tab the dashboard of that customer (lists under the customer). */
export function CustomerDetailScreen() {
  return (
    <CustomerDetailPage
      renderDashboard={(customer) => (
        <Suspense fallback={<LinearProgress />}>
          <DashboardView customer={customer} />
        </Suspense>
      )}
    />
  );
}
