import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { ERROR, hasAnyRight, isAdministrator, MESSAGE } from '@aquasmart/domain';
import { isHttpError } from '../../lib/http/http-error';
import { applyServerErrors } from '../../components/form/server-errors';
import { useZodForm } from '../../components/form/use-zod-form';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from '../../lib/session/current-user';
import { refreshToken } from '../../lib/session/session';
import { patchUser, USERS_QUERY_KEY, userPath, userQuery, userFailureKey } from './api/users-api';
import { FormActions } from '../../components/page';
import { PageHeader } from '../../components/page';
import { UserFormFields } from './components/user-form-fields';
import { emptyUserForm, ownChangeNeedsCurrentPassword, toPatchBody, USER_FORM_FIELDS, userToForm, ZUserEditForm } from './user-form';
import { QueryStatus } from '../../components/progress/query-status';

/**
 * /users/{email}/edit (docs/users.md, "Screens"). After saving one's own account a fresh token is
 * requested and stored, then the user goes to the detail page with administrator or
 * userManagement, else to /. After saving another user, that user's detail page opens.
 */
export function UserEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const email = useParams().email ?? '';
  const userResult = useQuery(userQuery(email));
  const me = useCurrentUser().data;
  const form = useZodForm(ZUserEditForm, { defaultValues: emptyUserForm() });
  const { reset } = form;

  const loaded = userResult.data;
  useEffect(() => {
    if (loaded) reset(userToForm(loaded));
  }, [loaded, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (!loaded) return;
    const own = Boolean(me && me.email.toLowerCase() === loaded.email.toLowerCase());
    if (own && ownChangeNeedsCurrentPassword(values, loaded.email) && values.currentPassword === '') {
      form.setError('currentPassword', { message: MESSAGE.required });
      form.setFocus('currentPassword');
      return;
    }
    let saved;
    try {
      saved = await patchUser(loaded.email, toPatchBody(values, own ? { email: loaded.email } : undefined));
    } catch (error) {
      if (isHttpError(error) && error.key === ERROR.incorrectPassword) {
        form.setError('currentPassword', { message: ERROR.incorrectPassword });
        form.setFocus('currentPassword');
        return;
      }
      snackbar.error(userFailureKey(error, 'snackbar.userEditError'));
      applyServerErrors(error, form.setError, USER_FORM_FIELDS);
      return;
    }
    // The detail page shows the saved user at once. After an e-mail change the old entry is only
    // marked stale: this page still watches it, and fetching it again would answer 404.
    if (saved.email.toLowerCase() !== loaded.email.toLowerCase()) {
      void queryClient.invalidateQueries({ queryKey: userQuery(loaded.email).queryKey, refetchType: 'none' });
    }
    queryClient.setQueryData(userQuery(saved.email).queryKey, saved);
    void queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    const leave = (to: string) => navigate(to, { replace: true });
    if (own) {
      try {
        await refreshToken();
      } catch {
        snackbar.error('snackbar.userEditError');
        return;
      }
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      snackbar.success('snackbar.userEdit');
      const mayManage = isAdministrator(saved) || hasAnyRight(saved, 'userManagement');
      await leave(mayManage ? userPath(saved.email) : '/');
      return;
    }
    snackbar.success('snackbar.userEdit');
    await leave(userPath(saved.email));
  });

  return (
    <>
      <PageHeader title={t('routes.userEdit').replace(':email', loaded?.email ?? email)} />
      <QueryStatus query={userResult} errorText={t('users.loadError')} gap={2} />
      {loaded ? (
        <FormProvider {...form}>
          <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-label={t('routes.userEdit').replace(':email', loaded.email)}>
            <UserFormFields
              mode="edit"
              edited={{ type: loaded.type, rights: loaded.portal.rights }}
              own={Boolean(me && me.email.toLowerCase() === loaded.email.toLowerCase())}
            />
            <FormActions submitLabel={t('common.save')} busy={form.formState.isSubmitting} />
          </Paper>
        </FormProvider>
      ) : null}
    </>
  );
}
