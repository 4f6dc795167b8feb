import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BlockIcon from '@mui/icons-material/Block';
import HomeIcon from '@mui/icons-material/Home';
import { useTranslation } from 'react-i18next';
import { StatusLayout } from './status-layout';

/**
 * /unauthorized: 'Onvoldoende rechten' with Home and a back button that goes two pages back
 * (one back would land on the page that was refused).
 */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StatusLayout icon={<BlockIcon />} title={t('pages.unauthorized.title')} text={t('pages.unauthorized.text')}>
      <Button variant="contained" startIcon={<HomeIcon />} component={RouterLink} to="/">
        {t('pages.unauthorized.home')}
      </Button>
      <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={() => void navigate(-2)}>
        {t('pages.unauthorized.back')}
      </Button>
    </StatusLayout>
  );
}
