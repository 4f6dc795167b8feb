import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page';
import { DashboardView } from './dashboard-view';

/** /dashboard: the charts of all the user's customers. */
export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      <DashboardView />
    </>
  );
}
