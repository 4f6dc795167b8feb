import { useEffect, useState } from 'react';
import { Link as RouterLink, NavLink, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import WaterDropIcon from '@mui/icons-material/WaterDrop';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME, PRODUCT_SHORT_NAME, VERSION_STRING } from '@aquasmart/domain';
import { isHttpError } from '../../lib/http/http-error';
import { applyAccountLanguage } from '../../lib/i18n/i18n';
import { useCurrentUser } from '../../lib/session/current-user';
import { PhoneScanButton } from './phone-scan-button';
import { SIDE_MENU, TOP_BAR_MENU, visibleEntries } from './menu';
import { useStreamLive } from '../../lib/events/live-state';
import { LiveIndicator } from './live-indicator';
import { RouteGuard } from './route-guard';
import { ShellBreadcrumbs } from './shell-breadcrumbs';
import { SideMenu } from './side-menu';
import { UserMenu } from './user-menu';
import { useAlarmBadge } from './use-alarm-badge';
import { useOverflowBadge } from './use-overflow-badge';
// The signed-in screens' refusals join the catalogue with the shell (lib/i18n/texts/screen-messages.ts).
import '../../lib/i18n/texts/screen-messages';

export const DRAWER_WIDTH = 232;

/**
 * The root layout of every route but /login: top bar (brand, products, user menu), side menu
 * (permanent on wide screens, a temporary drawer on phones), breadcrumbs, the guarded screen
 * and the footer with the version string.
 */
export function ShellLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const userQuery = useCurrentUser();
  const user = userQuery.data;

  const accountLanguage = user?.language;
  useEffect(() => {
    applyAccountLanguage(accountLanguage);
  }, [accountLanguage]);

  // Close the phone drawer when the page changes.
  const [seenPath, setSeenPath] = useState(location.pathname);
  if (seenPath !== location.pathname) {
    setSeenPath(location.pathname);
    setDrawerOpen(false);
  }

  const sideEntries = visibleEntries(SIDE_MENU, user);
  // While the live stream answers it refreshes the badges; without it they are asked again on route changes.
  const live = useStreamLive();
  const overflowCount = useOverflowBadge(location.pathname, sideEntries.some((entry) => entry.routeId === 'dashboard'), live);
  const alarmCount = useAlarmBadge(location.pathname, sideEntries.some((entry) => entry.routeId === 'alarms'), live);
  const topEntries = visibleEntries(TOP_BAR_MENU, user);
  const menu = (
    <>
      <Toolbar />
      <Box sx={{ pt: 1 }}>
        <SideMenu entries={sideEntries} badges={{ dashboard: overflowCount, alarms: alarmCount }} onNavigate={() => setDrawerOpen(false)} />
      </Box>
    </>
  );
  const userFailed = userQuery.isError && !(isHttpError(userQuery.error) && userQuery.error.status === 401);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="fixed" elevation={1} sx={{ zIndex: (muiTheme) => muiTheme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          {wide ? null : (
            <IconButton edge="start" color="inherit" aria-label={t('shell.openMenu')} onClick={() => setDrawerOpen(true)}>
              {/* On a phone the menu is folded away: a red dot tells that the dashboard has active water detections or that alarms wait for acknowledgement. */}
              <Badge variant="dot" color="error" invisible={overflowCount === 0 && alarmCount === 0} data-overflow-dot={overflowCount > 0} data-alarm-dot={alarmCount > 0}>
                <MenuIcon />
              </Badge>
            </IconButton>
          )}
          <Box
            component={RouterLink}
            to="/"
            aria-label={PRODUCT_NAME}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', minWidth: 0 }}
          >
            <WaterDropIcon />
            {/* Below 600 px the manifest's short name, so the title is never cut beside the phone's
                icons; while the stream is down the "not live" chip takes its place (the drop stays). */}
            <Typography variant="h6" component="span" noWrap sx={{ display: { xs: live ? 'inline' : 'none', sm: 'inline' } }}>
              {PRODUCT_SHORT_NAME}
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                {PRODUCT_NAME.slice(PRODUCT_SHORT_NAME.length)}
              </Box>
            </Typography>
          </Box>
          <Box sx={{ flex: 1 }} />
          <LiveIndicator />
          {topEntries.map(({ routeId, path, title, icon: Icon }) => (
            <Button key={routeId} color="inherit" component={NavLink} to={path} aria-label={t(title)} startIcon={<Icon />} sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}>
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                {t(title)}
              </Box>
            </Button>
          ))}
          {wide || !user ? null : <PhoneScanButton />}
          <UserMenu user={user} />
        </Toolbar>
      </AppBar>

      {wide ? (
        <Drawer
          variant="permanent"
          sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
        >
          {menu}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
        >
          {menu}
        </Drawer>
      )}

      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box component="main" sx={{ flex: 1, p: { xs: 2, sm: 3 } }}>
          {userFailed ? (
            <Alert
              severity="error"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => void userQuery.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            >
              {t('shell.userLoadError')}
            </Alert>
          ) : null}
          <ShellBreadcrumbs user={user} />
          <RouteGuard user={user} loading={userQuery.isPending} />
        </Box>
        <Box
          component="footer"
          sx={{ px: { xs: 2, sm: 3 }, py: 1.5, borderTop: 1, borderColor: 'divider', color: 'text.secondary', typography: 'caption' }}
        >
          {VERSION_STRING}
        </Box>
      </Box>
    </Box>
  );
}
