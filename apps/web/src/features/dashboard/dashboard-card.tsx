import { lazy, Suspense } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { dashboardListScreen } from '@aquasmart/domain';
import type { TChartGroup } from './chart-groups';
import { CHART_MAX_HEIGHT } from './chart-size';

/** ECharts stays out of every other screen: the doughnut is a chunk of its own. */
const DoughnutChart = lazy(() => import('./doughnut-chart'));

/**
 * One chart of the dashboard: title (red for active water detections), the count as subtitle,
 * the doughnut and its legend. The chart and each legend entry open the chart's list. `compact`
 * (a phone, charts not asked for): the counts only, title and total on one line, no doughnut.
 */
export function DashboardCard({ group, customer, compact = false }: { group: TChartGroup; customer?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t(`dashboard.charts.${group.id}`);
  const to = dashboardListScreen(group.list, customer);
  const alarm = group.alarmTitle === true && group.total > 0;
  const parts = group.parts.map((part) => ({ ...part, label: t(`dashboard.parts.${part.key}`) }));
  const summary = t('dashboard.chartSummary', { title, parts: parts.map((part) => `${part.label} ${part.value}`).join(', ') });
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      data-chart-group={group.id}
      data-compact={compact}
      sx={{ p: compact ? 1.5 : 2, display: 'flex', flexDirection: 'column', minWidth: 0 }}
    >
      <Box sx={compact ? { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 } : undefined}>
        <Typography component="h2" variant="subtitle1" data-alarm={alarm} sx={{ fontWeight: 600, color: alarm ? 'error.main' : 'text.primary', minWidth: 0 }}>
          <Link component={RouterLink} to={to} color="inherit" underline="hover" aria-label={t('dashboard.openList', { title })}>
            {title}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary" data-total={group.total} sx={compact ? { flexShrink: 0 } : undefined}>
          {t('dashboard.total', { count: group.total })}
        </Typography>
      </Box>
      {compact ? null : (
        <Box role="img" aria-label={summary} sx={{ height: CHART_MAX_HEIGHT, maxHeight: CHART_MAX_HEIGHT, width: '100%', my: 1 }}>
          <Suspense fallback={<Skeleton variant="circular" width={200} height={200} sx={{ mx: 'auto', mt: 4 }} />}>
            <DoughnutChart parts={parts} onOpen={() => void navigate(to)} />
          </Suspense>
        </Box>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: compact ? 0.5 : 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.25 }}>
        {parts.map((part) => (
          <Box component="li" key={part.key}>
            <Link
              component={RouterLink}
              to={to}
              underline="hover"
              color="text.primary"
              data-part={part.key}
              aria-label={t('dashboard.openListPart', { label: part.label, count: part.value })}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, py: compact ? 0.25 : 0.5, fontSize: 14 }}
            >
              <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: part.color, flexShrink: 0 }} />
              <Box component="span" sx={{ flex: 1 }}>
                {part.label}
              </Box>
              <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
                {part.value}
              </Box>
            </Link>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
