import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page';
import { HashTabs, type THashTab } from '../../components/page/hash-tabs';
import { CsvImport } from './components/csv-import';
import { DeviceFormCard } from './components/device-form-card';
import { IntakeEventList } from './components/intake-event-list';

/**
 * /provisioning (administrators; docs/telemetry-screens.md): add one device, import a CSV file with a
 * per-row report, and the intake's problems (uplinks from unknown devices, processing errors).
 * Tabs by address hash: #device, #import, #intake.
 */
export function ProvisioningPage() {
  const { t } = useTranslation();
  const tabs: THashTab[] = [
    { id: 'device', label: t('provisioning.tabDevice'), render: () => <DeviceFormCard /> },
    { id: 'import', label: t('provisioning.tabImport'), render: () => <CsvImport /> },
    { id: 'intake', label: t('provisioning.tabIntake'), render: () => <IntakeEventList /> },
  ];
  return (
    <>
      <PageHeader title={t('routes.provisioning')} />
      <HashTabs tabs={tabs} label={t('provisioning.tabsLabel')} />
    </>
  );
}
