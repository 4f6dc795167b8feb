import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation, useRouteError } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '@aquasmart/domain';
import { TopProgress } from '../components/progress/top-progress';
import { fillParams, useCurrentRoute } from '../lib/routing/route-handle';
import { UpdatePrompt } from './update-prompt';

/** `<route title> - Aquasmart Portal`, with `:param` values filled in. */
export function pageTitle(title: string | null): string {
  return title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}

function TitleSync() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const title = route ? fillParams(t(route.handle.title), route.params) : null;
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return null;
}

/** A thin bar at the top while the next screen's code or data loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  if (navigation.state === 'idle') return null;
  return <TopProgress label={t('common.loading')} />;
}

/** The top route: page title, navigation progress, then /login or the shell. */
export function AppRoot() {
  return (
    <>
      <TitleSync />
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
      <UpdatePrompt />
    </>
  );
}

/** Shown while the first screen's code loads. */
export function BootFallback() {
  return <TopProgress />;
}

/** A screen failed to load or render (for example a stale chunk after an update). */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <Box role="alert" sx={{ p: 4, textAlign: 'center' }}>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {t('errors.internal')}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </Button>
    </Box>
  );
}
