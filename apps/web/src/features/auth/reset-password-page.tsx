import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RESET_LINK_INVALID, resetTokenFromHash, ZNewPasswordForm, type TNewPasswordForm } from '@aquasmart/domain';
import { FormTextField } from '../../components/form/form-text-field';
import { applyServerErrors } from '../../components/form/server-errors';
import { useZodForm } from '../../components/form/use-zod-form';
import { isHttpError } from '../../lib/http/http-error';
import { checkPasswordReset, confirmPasswordReset } from './api/password-reset-api';
import { PublicCard } from './login-page';

type TLinkState = { state: 'checking' } | { state: 'invalid' } | { state: 'unavailable' } | { state: 'valid'; email: string } | { state: 'done' };

/** A refusal of the link itself (expired, used, unknown) rather than of the password. */
function isInvalidLink(error: unknown): boolean {
  return isHttpError(error) && error.status === 400 && error.fields.token === RESET_LINK_INVALID;
}

/**
 * /reset-password#token=... (docs/users.md, "Forgotten password"): the link from the e-mail. The
 * link is checked first and names the account; then the new password twice. A link that no longer
 * works says so and offers a new one.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const token = resetTokenFromHash(useLocation().hash);
  const [link, setLink] = useState<TLinkState>({ state: 'checking' });
  const form = useZodForm(ZNewPasswordForm, { defaultValues: { password: '', repeat: '' } });

  useEffect(() => {
    if (!token) {
      setLink({ state: 'invalid' });
      return;
    }
    let current = true;
    checkPasswordReset(token).then(
      ({ email }) => current && setLink({ state: 'valid', email }),
      (error: unknown) => current && setLink({ state: isInvalidLink(error) ? 'invalid' : 'unavailable' }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await confirmPasswordReset(token!, password);
      setLink({ state: 'done' });
    } catch (error) {
      if (isInvalidLink(error)) setLink({ state: 'invalid' });
      else if (applyServerErrors<TNewPasswordForm>(error, form.setError, ['password']) === 0) form.setError('root', { message: 'errors.unavailable' });
    }
  });

  return (
    <PublicCard title={t('routes.resetPassword')}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 2 }}>
        {link.state === 'checking' ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress size={24} aria-hidden />
            <Typography variant="body2">{t('passwordReset.checking')}</Typography>
          </Box>
        ) : null}
        {link.state === 'invalid' || link.state === 'unavailable' ? (
          <>
            <Alert severity="error" role="alert">
              {t(link.state === 'invalid' ? RESET_LINK_INVALID : 'errors.unavailable')}
            </Alert>
            <Button component={RouterLink} to="/forgot-password" variant="contained" size="large">
              {t('passwordReset.askAgain')}
            </Button>
          </>
        ) : null}
        {link.state === 'done' ? (
          <>
            <Alert severity="success" role="status">
              {t('passwordReset.done')}
            </Alert>
            <Button component={RouterLink} to="/login" replace variant="contained" size="large">
              {t('passwordReset.toLogin')}
            </Button>
          </>
        ) : null}
        {link.state === 'valid' ? (
          <FormProvider {...form}>
            <Typography variant="body2" color="text.secondary">
              {t('passwordReset.setIntro', { email: link.email })}
            </Typography>
            <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              {form.formState.errors.root?.message ? (
                <Alert severity="error" role="alert">
                  {t(form.formState.errors.root.message)}
                </Alert>
              ) : null}
              {/* The account's address for password managers, which store the new password under it. */}
              <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
              <FormTextField<TNewPasswordForm> name="password" label={t('passwordReset.password')} type="password" autoComplete="new-password" autoFocus required fullWidth />
              <FormTextField<TNewPasswordForm> name="repeat" label={t('passwordReset.repeat')} type="password" autoComplete="new-password" required fullWidth />
              <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
                {t('passwordReset.save')}
              </Button>
            </Box>
          </FormProvider>
        ) : null}
      </Box>
    </PublicCard>
  );
}
