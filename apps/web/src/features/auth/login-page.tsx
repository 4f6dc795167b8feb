import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { FormProvider } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import WaterDropIcon from '@mui/icons-material/WaterDrop';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, PRODUCT_NAME, VERSION_STRING, ZLoginForm } from '@aquasmart/domain';
import { FormTextField } from '../../components/form/form-text-field';
import { useZodForm } from '../../components/form/use-zod-form';
import { chooseLanguage, LANGUAGE_NAMES } from '../../lib/i18n/i18n';
import { getToken, setToken, takeRedirect } from '../../lib/session/token-storage';
import { login, loginFailureKey } from './api/auth-api';

/**
 * /login: e-mail and password (required, e-mail format, e-mail trimmed). A visitor who already
 * has a token goes straight to /. After login the remembered path (or /) opens.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Read once: after a successful login the token exists while the next page is still loading.
  const [hadToken] = useState(() => getToken() !== null);
  const [failure, setFailure] = useState<string | null>(null);
  // Validate on submit only: a blur error that appears while clicking a language link would
  // shift the page under the pointer and swallow the click.
  const form = useZodForm(ZLoginForm, { mode: 'onSubmit', reValidateMode: 'onChange', defaultValues: { email: '', password: '' } });

  if (hadToken) return <Navigate to="/" replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const token = await login(values);
      setToken(token);
      queryClient.clear();
      await navigate(takeRedirect(), { replace: true });
    } catch (error) {
      setFailure(loginFailureKey(error));
    }
  });

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        bgcolor: 'background.default',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }} elevation={3}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3 }}>
            <WaterDropIcon color="primary" sx={{ fontSize: 36 }} />
            <Typography component="div" variant="h5" sx={{ fontWeight: 600 }}>
              {PRODUCT_NAME}
            </Typography>
          </Box>
          <Typography component="h1" variant="h6">
            {t('login.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('login.subtitle')}
          </Typography>
          <FormProvider {...form}>
            <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              {failure ? (
                <Alert severity="error" role="alert">
                  {t(failure)}
                </Alert>
              ) : null}
              <FormTextField
                control={form.control}
                name="email"
                label={t('login.email')}
                type="email"
                autoComplete="username"
                autoFocus
                required
                fullWidth
              />
              <FormTextField
                control={form.control}
                name="password" label={t('login.password')} type="password" autoComplete="current-password" required fullWidth />
              <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
                {t('login.submit')}
              </Button>
            </Box>
          </FormProvider>
        </CardContent>
      </Card>
      <Box component="nav" aria-label={t('languages.label')} sx={{ display: 'flex', gap: 2, mt: 3 }}>
        {LANGUAGES.map((language) => (
          <Link
            key={language}
            component="button"
            type="button"
            variant="body2"
            lang={language}
            underline={i18n.language === language ? 'always' : 'hover'}
            aria-current={i18n.language === language ? 'true' : undefined}
            onClick={() => chooseLanguage(language)}
          >
            {LANGUAGE_NAMES[language]}
          </Link>
        ))}
      </Box>
      <Typography component="footer" variant="caption" color="text.secondary" sx={{ mt: 2 }}>
        {VERSION_STRING}
      </Typography>
    </Box>
  );
}
