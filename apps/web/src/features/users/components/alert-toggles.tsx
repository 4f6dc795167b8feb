import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormSwitch } from '../../../components/form/form-switch';
import { Section } from '../../../components/page';

/**
 * The two e-mail alert toggles (docs/alerts.md) and the monthly logbook toggle (docs/logbook.md)
 * with what each sends: on the own account and on the user forms. The form's fields are
 * `flushAlerts`, `overflowAlerts` and `logbookEmails`.
 */
type TAlertToggleValues = { flushAlerts: boolean; overflowAlerts: boolean; logbookEmails: boolean };

export function AlertToggles() {
  const { t } = useTranslation();
  return (
    <Section title={t('users.alertsTitle')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('alerts.alertsSectionHelp')}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        <FormSwitch<TAlertToggleValues> name="flushAlerts" label={t('users.flushAlerts')} description={t('alerts.flushAlertsHelp')} />
        <FormSwitch<TAlertToggleValues> name="overflowAlerts" label={t('users.overflowAlerts')} description={t('alerts.overflowAlertsHelp')} />
        <FormSwitch<TAlertToggleValues> name="logbookEmails" label={t('users.logbookEmails')} description={t('users.logbookEmailsHelp')} />
      </Box>
    </Section>
  );
}
