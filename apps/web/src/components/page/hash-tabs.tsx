import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

/**
 * Tabs load after a short delay, so quick tab switches do not fire every list's request
 * (docs/screens.md, "Menu, tabs, login and languages").
 */
export const TAB_DELAY_MS = 200;

export interface THashTab {
  /** The address hash without '#': locations, nodes, gateways, dashboard, details. */
  id: string;
  label: string;
  render: () => ReactNode;
}

/** The active tab of a hash: the named one, else the first. */
export function activeTabId(hash: string, tabs: readonly Pick<THashTab, 'id'>[]): string | undefined {
  const requested = decodeURIComponent(hash.replace(/^#/, ''));
  return (tabs.find((tab) => tab.id === requested) ?? tabs[0])?.id;
}

function DelayedContent({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), TAB_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return ready ? <>{children}</> : <LinearProgress aria-label={t('common.loading')} />;
}

/** Detail-page tabs chosen by the address hash (#locations, #nodes, ...); content shows after 200 ms. */
export function HashTabs({ tabs, label }: { tabs: readonly THashTab[]; label: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const theme = useTheme();
  // Arrows only on a phone, where five tabs do not fit; a desktop bar with 2-5 tabs showed them
  // for no reason (docs/screens.md). The bar still scrolls there (keyboard, wheel) if it ever must.
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const activeId = activeTabId(location.hash, tabs);
  const active = tabs.find((tab) => tab.id === activeId);
  if (!active) return null;
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={active.id}
          onChange={(_event, id: string) => void navigate({ pathname: location.pathname, hash: id })}
          variant="scrollable"
          scrollButtons={phone ? 'auto' : false}
          allowScrollButtonsMobile
          aria-label={label}
          sx={{ '& .MuiTab-root': { minWidth: 0, px: { xs: 1.5, sm: 2 } } }}
        >
          {tabs.map((tab) => (
            <Tab key={tab.id} value={tab.id} label={tab.label} id={`tab-${tab.id}`} aria-controls={`tabpanel-${tab.id}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`tabpanel-${active.id}`} aria-labelledby={`tab-${active.id}`}>
        <DelayedContent key={active.id}>{active.render()}</DelayedContent>
      </Box>
    </>
  );
}
