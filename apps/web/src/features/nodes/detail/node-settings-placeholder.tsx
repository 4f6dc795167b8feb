import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/page';

/** The #settings tab until the settings editor is built (next issue): says so, shows no made-up values. */
export function NodeSettingsPlaceholder() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" data-testid="node-settings-placeholder">
      <Section title={t('nodeDetail.settings.title')}>
        <Alert severity="info">
          <AlertTitle>{t('nodeDetail.settings.placeholderTitle')}</AlertTitle>
          {t('nodeDetail.settings.placeholder')}
        </Alert>
      </Section>
    </Paper>
  );
}
