import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isAdministrator, normalizeRightFlags, PASSWORD_MIN_LENGTH, ungrantableRightFlags, USER_LANGUAGES, USER_TYPE_ADMINISTRATOR, type TPortalRights, type TRightFlag } from '@aquasmart/domain';
import Typography from '@mui/material/Typography';
import { useCurrentUser } from '../../../lib/session/current-user';
import { FormMultiSelect } from '../../../components/form/form-multi-select';
import { FormSelect } from '../../../components/form/form-select';
import { FormTextField } from '../../../components/form/form-text-field';
import { LANGUAGE_NAMES } from '../../../lib/i18n/i18n';
import { customerNamesQuery } from '../api/users-api';
import { toggleRight, type TUserFormValues } from '../user-form';
import { FieldGrid, Section } from '../../../components/page';
import { RightsCheckboxes } from './rights-checkboxes';
import { AlertToggles } from './alert-toggles';

/** The user being edited: its account type and the rights it has now (what the editor may leave or take away). */
export interface TEditedUser {
  type: string | null;
  rights: Partial<TPortalRights>;
}

/** Under a password field: how many characters are typed, against the minimum. */
export function usePasswordHelp(password: string | undefined, empty: string | undefined): string | undefined {
  const { t } = useTranslation();
  const count = password?.length ?? 0;
  return count === 0 ? empty : t('users.passwordCount', { count, min: PASSWORD_MIN_LENGTH });
}

/**
 * The fields shared by user create and user edit: names, e-mail, (language on create), password
 * with its character count and confirmation, customers, the account type, the rights checkboxes
 * with their rules (only what the signed-in user may grant) and the e-mail alerts.
 */
export function UserFormFields({ mode, edited, own = false }: { mode: 'create' | 'edit'; edited?: TEditedUser; own?: boolean }) {
  const { t } = useTranslation();
  const form = useFormContext<TUserFormValues>();
  const customers = useWatch({ control: form.control, name: 'customers' });
  const rights = useWatch({ control: form.control, name: 'rights' });
  const password = useWatch({ control: form.control, name: 'password' });
  const customerNames = useQuery(customerNamesQuery);
  const me = useCurrentUser().data;
  const ungrantable = ungrantableRightFlags({ administrator: isAdministrator(me), flags: me ? normalizeRightFlags(me.portal.rights, me.customers) : {} }, edited?.rights ?? {});
  const administratorByType = edited?.type === USER_TYPE_ADMINISTRATOR;
  const passwordHelp = usePasswordHelp(password, mode === 'edit' ? t('users.passwordKeep') : undefined);

  // The flags ticked before Administrator was ticked: unticking it gives them back (docs/users.md, Right checkboxes).
  const beforeAdministrator = useRef<TPortalRights | null>(null);
  const onToggle = (flag: TRightFlag, checked: boolean) => {
    const current = form.getValues('rights');
    if (flag === 'administrator' && checked && !current.administrator) beforeAdministrator.current = current;
    form.setValue('rights', toggleRight(current, form.getValues('customers'), flag, checked, beforeAdministrator.current), { shouldDirty: true });
    if (flag === 'administrator' && !checked) beforeAdministrator.current = null;
  };
  const onCustomersChange = (next: string[]) => {
    form.setValue('rights', normalizeRightFlags(form.getValues('rights'), next), { shouldDirty: true });
  };

  return (
    <>
      <Section title={t('users.details')}>
        <FieldGrid>
          <FormTextField<TUserFormValues> name="firstName" label={t('users.firstName')} required fullWidth autoComplete="off" />
          <FormTextField<TUserFormValues> name="lastName" label={t('users.lastName')} required fullWidth autoComplete="off" />
          <FormTextField<TUserFormValues> name="email" label={t('users.email')} type="email" required fullWidth autoComplete="off" />
          {mode === 'create' ? (
            <FormSelect<TUserFormValues>
              name="language"
              label={t('users.language')}
              required
              fullWidth
              options={USER_LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
            />
          ) : (
            <Box aria-hidden sx={{ display: { xs: 'none', sm: 'block' } }} />
          )}
          <FormTextField<TUserFormValues>
            name="password"
            label={t('users.password')}
            type="password"
            required={mode === 'create'}
            fullWidth
            autoComplete="new-password"
            helperText={passwordHelp}
          />
          <FormTextField<TUserFormValues>
            name="confirmPassword"
            label={t('users.confirmPassword')}
            type="password"
            required={mode === 'create'}
            fullWidth
            autoComplete="new-password"
          />
          {own ? (
            <FormTextField<TUserFormValues>
              name="currentPassword"
              label={t('users.currentPassword')}
              type="password"
              fullWidth
              autoComplete="current-password"
              helperText={t('users.currentPasswordOwnHelp')}
            />
          ) : null}
        </FieldGrid>
      </Section>
      <Section title={t('users.access')}>
        <Box sx={{ mb: 3 }}>
          <FormMultiSelect<TUserFormValues>
            name="customers"
            label={t('users.customers')}
            options={customerNames.data ?? []}
            loading={customerNames.isPending}
            helperText={t('users.customersHelp')}
            noOptionsText={t('users.noCustomers')}
            onValuesChange={onCustomersChange}
          />
        </Box>
        {edited ? (
          <Typography variant="body2" sx={{ mb: 2 }}>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {t('users.accountType')}:
            </Box>{' '}
            {t(`users.accountTypes.${administratorByType ? 'Administrator' : 'user'}`)}
          </Typography>
        ) : null}
        <RightsCheckboxes rights={rights} customers={customers} onToggle={onToggle} ungrantable={ungrantable} administratorByType={administratorByType} />
      </Section>
      <AlertToggles customerOptions={customers.length ? customers : (customerNames.data ?? [])} customersLoading={customerNames.isPending} whose="other" />
    </>
  );
}
