import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { normalizeRightFlags, USER_LANGUAGES, type TRightFlag } from '@aquasmart/domain';
import { FormMultiSelect } from '../../../components/form/form-multi-select';
import { FormSelect } from '../../../components/form/form-select';
import { FormTextField } from '../../../components/form/form-text-field';
import { LANGUAGE_NAMES } from '../../../lib/i18n/i18n';
import { customerNamesQuery } from '../api/users-api';
import { toggleRight, type TUserFormValues } from '../user-form';
import { FieldGrid, Section } from '../../../components/page';
import { RightsCheckboxes } from './rights-checkboxes';
import { AlertToggles } from './alert-toggles';

/**
 * The fields shared by user create and user edit: names, e-mail, (language on create), password
 * and confirmation, customers, the rights checkboxes with their rules and the e-mail alerts.
 */
export function UserFormFields({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const form = useFormContext<TUserFormValues>();
  const customers = useWatch({ control: form.control, name: 'customers' });
  const rights = useWatch({ control: form.control, name: 'rights' });
  const customerNames = useQuery(customerNamesQuery);

  const onToggle = (flag: TRightFlag, checked: boolean) => {
    form.setValue('rights', toggleRight(form.getValues('rights'), form.getValues('customers'), flag, checked), { shouldDirty: true });
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
            helperText={mode === 'edit' ? t('users.passwordKeep') : undefined}
          />
          <FormTextField<TUserFormValues>
            name="confirmPassword"
            label={t('users.confirmPassword')}
            type="password"
            required={mode === 'create'}
            fullWidth
            autoComplete="new-password"
          />
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
        <RightsCheckboxes rights={rights} customers={customers} onToggle={onToggle} />
      </Section>
      <AlertToggles />
    </>
  );
}
