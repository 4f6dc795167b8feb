import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../components/form/server-errors';
import { useZodForm } from '../../components/form/use-zod-form';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { createUser, USERS_QUERY_KEY, userPath } from './api/users-api';
import { FormActions } from '../../components/page';
import { PageHeader } from '../../components/page';
import { UserFormFields } from './components/user-form-fields';
import { emptyUserForm, toCreateBody, USER_FORM_FIELDS, ZUserCreateForm } from './user-form';

/** /users/new (docs/users.md, "Screens"): on success the new user's detail page opens. */
export function UserNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const form = useZodForm(ZUserCreateForm, { defaultValues: emptyUserForm() });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await createUser(toCreateBody(values));
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
      snackbar.success('snackbar.userCreate');
      await navigate(userPath(user.email), { replace: true });
    } catch (error) {
      snackbar.error('snackbar.userCreateError');
      applyServerErrors(error, form.setError, USER_FORM_FIELDS);
    }
  });

  return (
    <>
      <PageHeader title={t('routes.userNew')} />
      <FormProvider {...form}>
        <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-label={t('routes.userNew')}>
          <UserFormFields mode="create" />
          <FormActions submitLabel={t('users.create')} busy={form.formState.isSubmitting} />
        </Paper>
      </FormProvider>
    </>
  );
}
