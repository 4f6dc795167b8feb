import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import CheckIcon from '@mui/icons-material/Check';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type TCurrentUser, type TLanguage } from '@aquasmart/domain';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { failureText } from '../../lib/http/failure-text';
import { accountLanguageFor, chooseLanguage, i18n as appI18n, LANGUAGE_NAMES } from '../../lib/i18n/i18n';
import { CURRENT_USER_QUERY_KEY } from '../../lib/session/current-user';
import { signOut } from '../../lib/session/session';
import { patchAccount } from '../../features/users/api/users-api';

export function displayName(user: TCurrentUser | undefined): string {
  if (!user) return '';
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}

// One language save after the other, so that quick switches end with the last one in the account.
let savingLanguage: Promise<unknown> = Promise.resolve();

/** The top bar's user menu: own account, language (nl, en, fr, de) and logout. */
export function UserMenu({ user }: { user: TCurrentUser | undefined }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  // The screen changes at once and the account keeps the language, so that e-mails follow (French
  // and German as English, what they show); a failed save leaves the screen changed and says so
  // (docs/users.md, "Languages").
  const pickLanguage = (language: TLanguage) => {
    close();
    chooseLanguage(language);
    savingLanguage = savingLanguage.then(async () => {
      try {
        queryClient.setQueryData(CURRENT_USER_QUERY_KEY, await patchAccount({ language: accountLanguageFor(language) }));
      } catch (error) {
        snackbar.error(failureText(appI18n.t, error, 'snackbar.accountLanguageError', (key) => appI18n.exists(key)));
      }
    });
  };

  const logout = async () => {
    close();
    await signOut(queryClient);
    await navigate('/login', { replace: true });
  };

  return (
    <>
      <Button
        color="inherit"
        aria-label={t('shell.userMenu')}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<AccountCircleIcon />}
        sx={{ textTransform: 'none', minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {displayName(user)}
        </Box>
      </Button>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240 } } }}
      >
        {user ? (
          <ListSubheader sx={{ lineHeight: 1.4, py: 1 }}>
            <Box sx={{ fontWeight: 600, color: 'text.primary' }}>{displayName(user)}</Box>
            <Box>{user.email}</Box>
          </ListSubheader>
        ) : null}
        <MenuItem component={RouterLink} to="/users/current" onClick={close}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('shell.account')}</ListItemText>
        </MenuItem>
        <Divider />
        <ListSubheader sx={{ lineHeight: 2.5 }}>{t('languages.label')}</ListSubheader>
        {LANGUAGES.map((language) => {
          const selected = i18n.language === language;
          return (
            <MenuItem
              key={language}
              role="menuitemradio"
              aria-checked={selected}
              lang={language}
              selected={selected}
              onClick={() => pickLanguage(language)}
            >
              <ListItemIcon>{selected ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
              <ListItemText>{LANGUAGE_NAMES[language]}</ListItemText>
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem onClick={() => void logout()}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('shell.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
