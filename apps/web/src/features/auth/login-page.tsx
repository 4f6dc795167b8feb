import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import WaterDropIcon from '@mui/icons-material/WaterDrop';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, PRODUCT_NAME, VERSION_STRING } from '@aquasmart/domain';
import { OutlinedTextField } from '../../components/form/outlined-text-field';
import { chooseLanguage, LANGUAGE_NAMES, translateMessage } from '../../lib/i18n/i18n';
import { clearSessionCache } from '../../lib/session/session-cache';
import { getToken, setToken, takeRedirect } from '../../lib/session/token-storage';
import { START_PAGE_PATH } from '../../lib/routing/start-page';
import { useLoginForm } from './use-login-form';
import { useSingleSignOn } from './use-single-sign-on';
import type { TTwoFactorStep } from '@aquasmart/domain';

// Only a failed login shows the alert: its code is fetched when the form is sent, alongside the
// request, instead of with the page (docs/operations.md, "Login page budget").
const loadAlert = () => import('@mui/material/Alert');
const Alert = lazy(loadAlert);
// The second step of two-factor sign-in, with its texts, only for accounts that have it (docs/users.md).
const TwoFactorStep = lazy(() => import('./two-factor-step').then((module) => ({ default: module.TwoFactorStep })));

/**
 * /login: e-mail and password (required, e-mail format, e-mail trimmed). A visitor who already
 * has a token goes straight to /. After login the remembered path opens, else the user's start page.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // Read once: after a successful login the token exists while the next page is still loading.
  const [hadToken] = useState(() => getToken() !== null);
  const [failure, setFailure] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<TTwoFactorStep | null>(null);
  async function signedIn(token: string) {
    setToken(token);
    clearSessionCache();
    // The remembered address, else the user's start page; a remembered bare `/` is no address
    // of its own (docs/users.md, "Where each user starts").
    const path = takeRedirect();
    await navigate(path === '/' ? START_PAGE_PATH : path, { replace: true });
  }
  const ssoProviders = useSingleSignOn(signedIn, setFailure);
  const form = useLoginForm(async (values, { login, loginFailure }) => {
    setFailure(null);
    void loadAlert();
    try {
      const answer = await login(values);
      if ('token' in answer) await signedIn(answer.token);
      else setSecondStep(answer);
    } catch (error) {
      setFailure(await loginFailure(error));
    }
  }, () => setFailure('errors.unavailable'));

  if (hadToken) return <Navigate to="/" replace />;

  const { error: emailError, ...email } = form.field('email');
  const { error: passwordError, ...password } = form.field('password');

  return (
    <PublicCard
      title={t('login.title')}
      below={
        <>
          <Box component="nav" aria-label={t('languages.label')} sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 2, rowGap: 1, mt: 3, maxWidth: 420 }}>
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
        </>
      }
    >
      {secondStep ? (
        <Suspense fallback={null}>
          <TwoFactorStep step={secondStep} onSignedIn={(token) => void signedIn(token)} onBack={() => setSecondStep(null)} />
        </Suspense>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('login.subtitle')}
          </Typography>
          <Box component="form" noValidate onSubmit={(event) => void form.submit(event)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            {failure ? (
              <Suspense fallback={null}>
                <Alert severity="error" role="alert">
                  {t(failure)}
                </Alert>
              </Suspense>
            ) : null}
            <OutlinedTextField
              {...email}
              error={Boolean(emailError)}
              helperText={emailError ? translateMessage(t, emailError) : undefined}
              label={t('login.email')}
              type="email"
              autoComplete="username"
              autoFocus
              required
              fullWidth
            />
            <OutlinedTextField
              {...password}
              error={Boolean(passwordError)}
              helperText={passwordError ? translateMessage(t, passwordError) : undefined}
              label={t('login.password')}
              type="password"
              autoComplete="current-password"
              required
              fullWidth
            />
            <Button type="submit" variant="contained" size="large" loading={form.submitting}>
              {t('login.submit')}
            </Button>
            <Link component={RouterLink} to="/forgot-password" state={{ email: email.value }} variant="body2" sx={{ alignSelf: 'center', py: 1 }}>
              {t('login.forgotPassword')}
            </Link>
            {ssoProviders.map((provider) => (
              <Button key={provider.id} variant="outlined" size="large" href={`/api/v1/auth/sso/${provider.id}/start`}>
                {t('login.ssoWith', { name: provider.name })}
              </Button>
            ))}
          </Box>
        </>
      )}
    </PublicCard>
  );
}

/**
 * The frame of the pages outside the shell (/login, /forgot-password, /reset-password): the
 * product's name, a title and a card. Kept in the login page's module: a module of its own would be
 * a chunk of its own on /login (its 200 kB budget).
 */
export function PublicCard({ title, children, below }: { title: string; children: ReactNode; below?: ReactNode }) {
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
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
      {below}
    </Box>
  );
}
