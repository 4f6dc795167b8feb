import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RESET_LINK_MINUTES, ZPasswordResetRequest } from '@aquasmart/domain';
import { FormTextField } from '../../components/form/form-text-field';
import { useZodForm } from '../../components/form/use-zod-form';
import { isHttpError } from '../../lib/http/http-error';
import { requestPasswordReset } from './api/password-reset-api';
import { PublicCard } from './login-page';

/**
 * /forgot-password (docs/users.md, "Forgotten password"): the account's e-mail address; the
 * answer is the same whether or not the address is known, and says so.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const typedAtLogin = (useLocation().state as { email?: unknown } | null)?.email;
  const form = useZodForm(ZPasswordResetRequest, { defaultValues: { email: typeof typedAtLogin === 'string' ? typedAtLogin : '' } });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      setFailure(isHttpError(error) && error.status === 429 ? 'errors.tooManyAttempts' : 'errors.unavailable');
    }
  });

  return (
    <PublicCard title={t('routes.forgotPassword')}>
      {sentTo ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 2 }}>
          <Alert severity="success" role="status">
            {t('passwordReset.sent', { email: sentTo, minutes: RESET_LINK_MINUTES })}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large">
            {t('passwordReset.backToLogin')}
          </Button>
        </Box>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('passwordReset.requestIntro')}
          </Typography>
          <FormProvider {...form}>
            <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              {failure ? (
                <Alert severity="error" role="alert">
                  {t(failure)}
                </Alert>
              ) : null}
              <FormTextField<{ email: string }> name="email" label={t('passwordReset.email')} type="email" autoComplete="username" autoFocus required fullWidth trim />
              <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
                {t('passwordReset.send')}
              </Button>
              <Link component={RouterLink} to="/login" variant="body2" sx={{ alignSelf: 'center', py: 1 }}>
                {t('passwordReset.backToLogin')}
              </Link>
            </Box>
          </FormProvider>
        </>
      )}
    </PublicCard>
  );
}
