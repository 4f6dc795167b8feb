import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormProvider, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ALARM_KINDS, ERROR, MESSAGE, USER_LANGUAGES } from '@aquasmart/domain';
import { FormSelect } from '../../components/form/form-select';
import { FormTextField } from '../../components/form/form-text-field';
import { applyServerErrors } from '../../components/form/server-errors';
import { useZodForm } from '../../components/form/use-zod-form';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { i18n, LANGUAGE_NAMES, chooseLanguage, storedLanguage } from '../../lib/i18n/i18n';
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from '../../lib/session/current-user';
import { refreshToken } from '../../lib/session/session';
import { customerNamesQuery, patchAccount } from './api/users-api';
import { START_PAGE_PATH } from '../../lib/routing/start-page';
import { emptyAlarmNotificationsForm } from './alarm-notifications-form';
import { isHttpError } from '../../lib/http/http-error';
import { FieldGrid, PageHeader, Section } from '../../components/page';
import { AlertToggles } from './components/alert-toggles';
import { usePasswordHelp } from './components/user-form-fields';
import { TwoFactorSection } from './two-factor-section';
import { PhoneSection } from './phone-section';
import { accountToForm, needsCurrentPassword, toAccountBody, ZAccountForm, type TAccountFormValues } from './user-form';

const ACCOUNT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'language',
  'password',
  'currentPassword',
  // A kind that chose SMS without a confirmed number, or Teams/Slack without a URL (docs/alarm-notifications.md, "Channels").
  ...ALARM_KINDS.map((kind) => `alarmNotifications.channels.${kind}`),
  'alarmNotifications.teamsUrl',
  'alarmNotifications.slackUrl',
];

/** A changed account language applies at once (and replaces a language picked in this browser). */
function applyLanguage(language: string): void {
  if (language === i18n.language) return;
  if (storedLanguage() !== null) chooseLanguage(language as (typeof USER_LANGUAGES)[number]);
  else void i18n.changeLanguage(language);
}

/**
 * /users/current (docs/users.md, "Screens"): own names, e-mail and language, the alarm notifications
 * (docs/alarm-notifications.md) and the monthly logbook toggle (docs/logbook.md), and a password change that needs
 * the current password, the new one and its confirmation. A new e-mail address needs the current
 * password too; the server checks it.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const location = useLocation();
  const userResult = useCurrentUser();
  const account = userResult.data;
  // The customers one may choose: one's own, or (seeing every customer) all of them.
  const restricted = (account?.customers.length ?? 0) > 0;
  const customerNames = useQuery({ ...customerNamesQuery, enabled: account !== undefined && !restricted });
  const [incorrectPassword, setIncorrectPassword] = useState(false);
  const form = useZodForm(ZAccountForm, {
    defaultValues: { firstName: '', lastName: '', email: '', language: 'nl', currentPassword: '', password: '', confirmPassword: '', alarmNotifications: emptyAlarmNotificationsForm(), logbookEmails: false },
  });
  const { reset, resetField, getFieldState } = form;
  const passwordHelp = usePasswordHelp(useWatch({ control: form.control, name: 'password' }), undefined);

  // Fill the form once the account is known (not again after every refetch while typing).
  const [filledFor, setFilledFor] = useState<string | null>(null);
  useEffect(() => {
    if (account && filledFor === null) {
      reset(accountToForm(account));
      setFilledFor(account.email);
    }
  }, [account, filledFor, reset]);

  // The user menu saves a language in the account while this page is open: the field follows,
  // unless the user has changed it here.
  const accountLanguage = account?.language;
  useEffect(() => {
    if (accountLanguage && filledFor !== null && !getFieldState('language').isDirty) resetField('language', { defaultValue: accountLanguage });
  }, [accountLanguage, filledFor, getFieldState, resetField]);

  const onSubmit = form.handleSubmit(async (values: TAccountFormValues) => {
    if (!account) return;
    setIncorrectPassword(false);
    if (needsCurrentPassword(values, account.email) && values.currentPassword === '') {
      form.setError('currentPassword', { message: MESSAGE.required });
      form.setFocus('currentPassword');
      return;
    }
    try {
      const saved = await patchAccount(toAccountBody(values, account.email));
      await refreshToken();
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      if (saved.language !== account.language) applyLanguage(saved.language);
      reset(accountToForm(saved));
      snackbar.success('snackbar.accountEdit');
      // Back where the user came from in the portal, else (the first page of this tab) their
      // start page (docs/users.md, "Screens").
      if (location.key !== 'default') await navigate(-1);
      else await navigate(START_PAGE_PATH, { replace: true });
    } catch (error) {
      // The server checks the current password (and counts the attempt against the sign-in limit).
      if (isHttpError(error) && error.key === ERROR.incorrectPassword) {
        setIncorrectPassword(true);
        form.setFocus('currentPassword');
        return;
      }
      snackbar.error('snackbar.accountEditError');
      applyServerErrors(error, form.setError, ACCOUNT_FIELDS);
    }
  });

  return (
    <>
      <PageHeader title={t('routes.userCurrent')} />
      {userResult.isPending ? <LinearProgress aria-label={t('common.loading')} sx={{ mb: 2 }} /> : null}
      {account ? <PhoneSection phone={account.phone} /> : null}
      {account ? (
        <FormProvider {...form}>
          <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-label={t('routes.userCurrent')}>
            <Section title={t('users.details')}>
              <FieldGrid>
                <FormTextField<TAccountFormValues> name="firstName" label={t('users.firstName')} required fullWidth autoComplete="given-name" />
                <FormTextField<TAccountFormValues> name="lastName" label={t('users.lastName')} required fullWidth autoComplete="family-name" />
                <FormTextField<TAccountFormValues> name="email" label={t('users.email')} type="email" required fullWidth autoComplete="email" />
                <FormSelect<TAccountFormValues>
                  name="language"
                  label={t('users.language')}
                  required
                  fullWidth
                  options={USER_LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
                />
              </FieldGrid>
            </Section>
            <AlertToggles customerOptions={restricted ? (account?.customers ?? []) : (customerNames.data ?? [])} customersLoading={!restricted && customerNames.isPending} whose="own" />
            <Section title={t('users.passwordSection')}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t('users.passwordSectionHelp')}
              </Typography>
              {incorrectPassword ? (
                <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                  {t('errors.incorrectPassword')}
                </Alert>
              ) : null}
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, gap: 2 }}>
                <FormTextField<TAccountFormValues>
                  name="currentPassword"
                  label={t('users.currentPassword')}
                  type="password"
                  fullWidth
                  autoComplete="current-password"
                />
                <FormTextField<TAccountFormValues>
                  name="password"
                  label={t('users.newPassword')}
                  type="password"
                  fullWidth
                  autoComplete="new-password"
                  helperText={passwordHelp}
                />
                <FormTextField<TAccountFormValues>
                  name="confirmPassword"
                  label={t('users.confirmPassword')}
                  type="password"
                  fullWidth
                  autoComplete="new-password"
                />
              </Box>
            </Section>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, p: { xs: 2, sm: 3 }, borderTop: 1, borderColor: 'divider' }}>
              <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
                {t('common.save')}
              </Button>
            </Box>
          </Paper>
        </FormProvider>
      ) : null}
      {account ? <TwoFactorSection /> : null}
    </>
  );
}
