import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/Construction';
import { useTranslation } from 'react-i18next';
import { fillParams, useCurrentRoute } from '../../lib/routing/route-handle';

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * A route that exists (with its guard, title and breadcrumbs) but whose screen a later issue
 * builds. Clearly marked, naming the route.
 */
export function NotBuiltPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const route = useCurrentRoute();
  const pattern = route?.handle.pattern ?? location.pathname;
  const title = route ? fillParams(t(route.handle.title), route.params) : pattern;
  return (
    <Box sx={{ py: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Chip icon={<ConstructionIcon />} label={t('pages.notBuilt.badge')} color="warning" variant="outlined" />
      </Box>
      <Paper
        variant="outlined"
        role="status"
        sx={{ p: 3, borderStyle: 'dashed', borderColor: 'warning.main', display: 'flex', gap: 2, alignItems: 'flex-start' }}
      >
        <ConstructionIcon color="warning" sx={{ fontSize: 40, flexShrink: 0 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>{t('pages.notBuilt.text', { route: pattern })}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('pages.notBuilt.route')}: <code>{pattern}</code>
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('pages.notBuilt.address')}: <code>{safeDecode(location.pathname) + location.search + location.hash}</code>
          </Typography>
        </Box>
      </Paper>
    </Box>
  );
}
