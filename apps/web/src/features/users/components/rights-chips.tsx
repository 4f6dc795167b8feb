import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isAdministrator, normalizeRightFlags, RIGHT_FLAGS, type TPortalRights } from '@aquasmart/domain';

/**
 * The rights a user holds, as readable chips (the user detail): only the granted ones, after the
 * form's rules (customers clear some, gatewayManagement holds gatewayView); an administrator has
 * one chip for everything.
 */
export function RightsChips({ user }: { user: { type: string | null; customers: readonly string[]; portal: { rights: Partial<TPortalRights> } } }) {
  const { t } = useTranslation();
  const rights = normalizeRightFlags(user.portal.rights, user.customers);
  const granted = RIGHT_FLAGS.filter((flag) => flag !== 'administrator' && rights[flag]);
  return (
    <Box component="section" aria-label={t('users.rightsTitle')}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
        {t('users.rightsTitle')}
      </Typography>
      {isAdministrator(user) ? (
        <Chip color="primary" label={t('users.allRights')} />
      ) : granted.length === 0 ? (
        <Typography color="text.secondary">{t('users.noRights')}</Typography>
      ) : (
        <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}>
          {granted.map((flag) => (
            <li key={flag}>
              <Chip variant="outlined" label={t(`users.rights.${flag}`)} />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
