import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import { OVERFLOW_COUNT_KEY } from '../../lib/api/overflow';
import { dashboardQuery } from './api/dashboard-api';
import { chartGroups, overflowTotal } from './chart-groups';
import { DashboardCard } from './dashboard-card';

/**
 * The dashboard's charts (docs/dashboard.md) for every customer of the user, or for one customer
 * (the #dashboard tab of the customer page, whose lists live under the customer). One column on a
 * phone, up to four on a wide screen. The whole dashboard shares its overflow count with the menu badge.
 */
export function DashboardView({ customer }: { customer?: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const result = useQuery(dashboardQuery(customer));
  const dashboard = result.data;

  useEffect(() => {
    if (dashboard && customer === undefined) queryClient.setQueryData(OVERFLOW_COUNT_KEY, overflowTotal(dashboard));
  }, [dashboard, customer, queryClient]);

  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void result.refetch()} disabled={result.isFetching}>
          {t('dashboard.refresh')}
        </Button>
      </Box>
      {result.isFetching ? <LinearProgress aria-label={t('dashboard.loading')} sx={{ mb: 2 }} /> : null}
      {result.isError ? <Alert severity="error">{t('snackbar.dashboardGetError')}</Alert> : null}
      {dashboard ? (
        <Box
          data-testid="dashboard-charts"
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' } }}
        >
          {chartGroups(dashboard).map((group) => (
            <DashboardCard key={group.id} group={group} customer={customer} />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

export default DashboardView;
