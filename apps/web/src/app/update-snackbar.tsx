import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { applyUpdate } from '../lib/pwa/service-worker';

/** "A new version of the portal is available" with Reload: the waiting version takes over. */
export default function UpdateSnackbar({ registration }: { registration: ServiceWorkerRegistration }) {
  const { t } = useTranslation();
  return (
    <Snackbar
      open
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={t('shell.updateReady')}
      action={
        <Button color="inherit" size="small" onClick={() => applyUpdate(registration)} sx={{ color: '#90caf9', fontWeight: 600 }}>
          {t('shell.updateReload')}
        </Button>
      }
    />
  );
}
