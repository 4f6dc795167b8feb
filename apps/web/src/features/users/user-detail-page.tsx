import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { heldBeyond, isAdministrator, USER_TYPE_ADMINISTRATOR } from '@aquasmart/domain';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { LANGUAGE_NAMES } from '../../lib/i18n/i18n';
import { useCurrentUser } from '../../lib/session/current-user';
import { deleteUser, USERS_QUERY_KEY, userPath, userQuery, userFailureKey } from './api/users-api';
import { PageHeader, Section } from '../../components/page';
import { AlarmNotificationsSummary } from './components/alarm-notifications-summary';
import { RightsChips } from './components/rights-chips';
import { TypedConfirmDialog } from './components/typed-confirm-dialog';
import { fullName } from './user-form';
import { QueryStatus } from '../../components/progress/query-status';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * /users/{email} (docs/users.md, "Screens"): read-only e-mail and customers, a disabled checkbox per
 * right, an edit pencil, and a delete button (disabled for one's own account) whose dialog asks
 * to type the user's e-mail.
 */
export function UserDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const email = useParams().email ?? '';
  const userResult = useQuery(userQuery(email));
  const me = useCurrentUser().data;
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const user = userResult.data;
  const own = Boolean(me && user && me.email.toLowerCase() === user.email.toLowerCase());
  // A user manager changes or deletes only users who hold no right or customer beyond their own (the server's rule).
  const beyond =
    me && user
      ? heldBeyond(
          { administrator: isAdministrator(me), flags: me.portal.rights, customers: me.customers },
          { administrator: isAdministrator(user), flags: user.portal.rights, customers: user.customers },
        )
      : undefined;
  const stronger = Boolean(beyond && (beyond.flags.length > 0 || beyond.customers));

  const remove = async () => {
    if (!user) return;
    setDeleting(true);
    try {
      await deleteUser(user.email);
      setConfirming(false);
      snackbar.success('snackbar.userDelete');
      // The deleted user's entry is only marked stale: this page still watches it while the list
      // opens, and fetching it again would answer 404 (and the interceptor would go to /404).
      void queryClient.invalidateQueries({ queryKey: userQuery(email).queryKey, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      await navigate('/users');
    } catch (error) {
      snackbar.error(userFailureKey(error, 'snackbar.userDeleteError'));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <PageHeader title={user ? fullName(user) : email}>
        <Tooltip title={stronger ? t('errors.userHoldsMore') : t('users.edit')}>
          <span>
            {stronger ? (
              <IconButton aria-label={t('users.edit')} disabled>
                <EditIcon />
              </IconButton>
            ) : (
              <IconButton component={RouterLink} to={`${userPath(email)}/edit`} aria-label={t('users.edit')} color="primary">
                <EditIcon />
              </IconButton>
            )}
          </span>
        </Tooltip>
        <Tooltip title={own ? t('users.ownAccount') : stronger ? t('errors.userHoldsMore') : t('users.delete')}>
          <span>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              disabled={!user || own || stronger}
              onClick={() => setConfirming(true)}
            >
              {t('users.delete')}
            </Button>
          </span>
        </Tooltip>
      </PageHeader>
      <QueryStatus query={userResult} errorText={t('users.loadError')} />
      {stronger ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('errors.userHoldsMore')}
        </Alert>
      ) : null}
      {user ? (
        <Paper variant="outlined">
          <Section title={t('users.details')}>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}
            >
              <Field label={t('users.email')}>{user.email}</Field>
              <Field label={t('users.name')}>
                {fullName(user)}
                {user.type === USER_TYPE_ADMINISTRATOR ? (
                  <Chip size="small" label={t('users.administratorType')} color="primary" variant="outlined" sx={{ ml: 1 }} />
                ) : null}
              </Field>
              <Field label={t('users.language')}>{LANGUAGE_NAMES[user.language]}</Field>
              <Field label={t('users.customers')}>
                {user.customers.length > 0 ? user.customers.join(', ') : t('users.allCustomers')}
              </Field>
              <Field label={t('alarmNotifications.title')}>
                <AlarmNotificationsSummary preferences={user.alarmNotifications} />
              </Field>
            </Box>
          </Section>
          <Section>
            <RightsChips user={user} />
          </Section>
        </Paper>
      ) : null}
      {user ? (
        <TypedConfirmDialog
          open={confirming}
          requiredText={user.email}
          title={t('users.deleteTitle')}
          text={t('users.deleteText', { email: user.email })}
          inputLabel={t('users.deleteConfirmLabel')}
          confirmLabel={t('users.delete')}
          busy={deleting}
          onConfirm={() => void remove()}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
