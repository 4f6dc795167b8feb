import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import KeyIcon from '@mui/icons-material/Key';
import LoginIcon from '@mui/icons-material/Login';
import { isAdministrator } from '@aquasmart/domain';
import { useCurrentUser } from '../../lib/session/current-user';
import { ListTable, type TListColumn } from '../../components/table/list-table';
import { fetchUsers, deleteUser, USERS_QUERY_KEY, userPath, type TUser } from './api/users-api';
import { PageHeader } from '../../components/page';
import { fullName } from './user-form';

const getRowId = (user: TUser) => user.email;

/** /users: name, e-mail and customers, sorted by name; a row opens the user (docs/users.md, "Screens"). */
export function UserListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const administrator = isAdministrator(useCurrentUser().data);
  const columns = useMemo<TListColumn<TUser>[]>(
    () => [
      {
        field: 'name',
        headerName: t('users.name'),
        flex: 1,
        minWidth: 160,
        valueGetter: (_value, row) => fullName(row),
        sortValue: (row) => fullName(row),
      },
      { field: 'email', headerName: t('users.email'), flex: 1, minWidth: 200 },
      {
        field: 'customers',
        headerName: t('users.customers'),
        flex: 1,
        minWidth: 160,
        // No customers means every customer, as the detail page says.
        valueGetter: (_value, row) => (row.customers.length ? row.customers.join(', ') : t('users.allCustomers')),
        sortValue: (row) => row.customers.join(', '),
      },
    ],
    [t],
  );

  return (
    <>
      <PageHeader title={t('routes.users')}>
        {/* The keys of integrations are managed beside the users (docs/api-keys.md). */}
        <Button component={RouterLink} to="/api-keys" variant="outlined" startIcon={<KeyIcon />} sx={{ minHeight: 40 }}>
          {t('routes.apiKeys')}
        </Button>
        {/* Single sign-on providers (docs/sso.md): administrators only. */}
        {administrator ? (
          <Button component={RouterLink} to="/sso-providers" variant="outlined" startIcon={<LoginIcon />} sx={{ minHeight: 40 }}>
            {t('routes.ssoProviders')}
          </Button>
        ) : null}
      </PageHeader>
      <ListTable<TUser>
        label={t('routes.users')}
        columns={columns}
        getRowId={getRowId}
        source={{ mode: 'client', queryKey: USERS_QUERY_KEY, load: fetchUsers }}
        defaultSort={{ field: 'name', direction: 'asc' }}
        onRowClick={(user) => void navigate(userPath(user.email))}
        onDelete={(user) => deleteUser(user.email)}
        newTo="/users/new"
        messages={{ loadError: 'snackbar.usersGetError', deleted: 'snackbar.usersDelete', deleteFailed: 'snackbar.usersDeleteError', empty: 'users.empty' }}
      />
    </>
  );
}
