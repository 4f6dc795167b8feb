import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import HomeIcon from '@mui/icons-material/Home';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { useTranslation } from 'react-i18next';
import { StatusLayout } from './status-layout';

/** /404: 'Pagina niet gevonden' with a home button to /customers. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusLayout icon={<SearchOffIcon />} title={t('pages.notFound.title')} text={t('pages.notFound.text')}>
      <Button variant="contained" startIcon={<HomeIcon />} component={RouterLink} to="/customers">
        {t('pages.notFound.home')}
      </Button>
    </StatusLayout>
  );
}
