import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import RefreshIcon from '@mui/icons-material/Refresh';
import DonutLargeIcon from '@mui/icons-material/DonutLarge';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { OVERFLOW_COUNT_KEY } from '../../lib/api/overflow';
import { readStorage, writeStorage } from '../../lib/session/browser-storage';
import { dashboardQuery } from './api/dashboard-api';
import { chartGroups, overflowTotal } from './chart-groups';
import { DashboardCard } from './dashboard-card';
import { ChecksCard } from './checks-card';
import { SamplingCard } from './sampling-card';
import { QueryStatus } from '../../components/progress/query-status';

/**
 * The dashboard's charts (docs/dashboard.md) for every customer of the user, or for one customer
 * (the #dashboard tab of the customer page, whose lists live under the customer). One column on a
 * phone, up to four on a wide screen. On a phone the counts come first and the doughnuts only on
 * request ("Grafieken tonen", kept for the session): fourteen doughnuts made the page 6,845 px
 * tall (docs/dashboard.md). The whole dashboard shares its overflow count with the menu badge.
 */
/** Whether the phone shows the doughnuts (session storage, so going to a list and back keeps the choice). */
const CHARTS_KEY = 'aquasmart.dashboard.charts';

export function DashboardView({ customer }: { customer?: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const result = useQuery(dashboardQuery(customer));
  const dashboard = result.data;
  // Known at the first render, so a phone never starts loading the chart chunk it does not show.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [chartsShown, setChartsShown] = useState(() => readStorage('session', CHARTS_KEY) === 'true');
  const toggleCharts = () => {
    writeStorage('session', CHARTS_KEY, String(!chartsShown));
    setChartsShown(!chartsShown);
  };
  const compact = phone && !chartsShown;

  useEffect(() => {
    if (dashboard && customer === undefined) queryClient.setQueryData(OVERFLOW_COUNT_KEY, overflowTotal(dashboard));
  }, [dashboard, customer, queryClient]);

  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        {phone ? (
          <Button variant="text" startIcon={<DonutLargeIcon />} aria-pressed={chartsShown} onClick={toggleCharts}>
            {t(chartsShown ? 'dashboard.hideCharts' : 'dashboard.showCharts')}
          </Button>
        ) : null}
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void result.refetch()} disabled={result.isFetching}>
          {t('dashboard.refresh')}
        </Button>
      </Box>
      <QueryStatus query={result} errorText={t('snackbar.dashboardGetError')} busyWhile="fetching" loadingLabel={t('dashboard.loading')} gap={2} />
      {dashboard ? (
        <Box
          data-testid="dashboard-charts"
          sx={{ display: 'grid', gap: compact ? 1 : 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' } }}
        >
          {chartGroups(dashboard).map((group) => (
            <DashboardCard key={group.id} group={group} customer={customer} compact={compact} />
          ))}
          {/* Due and overdue samplings (docs/sampling.md): a card of its own after the charts. */}
          <SamplingCard customer={customer} compact={compact} />
          {/* Overdue and due checks at outlets (docs/outlets.md, "Dashboard"). */}
          <ChecksCard customer={customer} compact={compact} />
        </Box>
      ) : null}
    </Box>
  );
}

export default DashboardView;
