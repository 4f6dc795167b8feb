import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@aquasmart/domain';
import { useFormat } from '../../lib/i18n/use-date-time';
import { dashboardSamplingsQuery } from './api/dashboard-api';

/** Points listed on the card; the rest are counted. */
const SHOWN = 5;

/**
 * Due and overdue samplings (docs/sampling.md, "Due samplings"): a card beside the charts with the
 * counts and the soonest points. No sample points at all says there is no data, never "all clear";
 * points without a sampling due say so with how many points the plan has.
 */
export function SamplingCard({ customer, compact = false }: { customer?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const result = useQuery(dashboardSamplingsQuery(customer));
  const data = result.data;
  const title = t('dashboard.samplings.title');
  const alarm = (data?.overdue ?? 0) > 0;
  const date = (localDate: string) => formatDate(`${localDate}T12:00:00Z`, locale, { timeZone: 'UTC' });
  return (
    <Paper variant="outlined" component="section" aria-label={title} data-testid="dashboard-samplings" sx={{ p: compact ? 1.5 : 2, display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
      <Typography component="h2" variant="subtitle1" data-alarm={alarm} sx={{ fontWeight: 600, color: alarm ? 'error.main' : 'text.primary' }}>
        {title}
      </Typography>
      {result.isPending ? <Skeleton variant="text" width="80%" /> : null}
      {result.isError ? (
        <Typography variant="body2" color="error">
          {t('dashboard.samplings.loadError')}
        </Typography>
      ) : null}
      {data && data.points === 0 ? (
        <Typography variant="body2" color="text.secondary" data-state="noData">
          {t('dashboard.samplings.noPlan')}
        </Typography>
      ) : null}
      {data && data.points > 0 ? (
        <>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', fontSize: 14 }}>
            <Box component="span" data-count="overdue" sx={{ color: alarm ? 'error.main' : 'text.primary' }}>
              {t('dashboard.samplings.overdue')}: <strong>{data.overdue}</strong>
            </Box>
            <Box component="span" data-count="due">
              {t('dashboard.samplings.due')}: <strong>{data.due}</strong>
            </Box>
          </Box>
          {data.rows.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-state="nothingDue">
              {t('dashboard.samplings.nothingDue', { count: data.points })}
            </Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              {data.rows.slice(0, SHOWN).map((row) => (
                <Box component="li" key={row.samplePointId} data-state={row.state} sx={{ display: 'flex', gap: 1, fontSize: 14, minWidth: 0 }}>
                  <Box component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                    <strong>{row.name}</strong> · {row.location}
                    {customer === undefined ? ` (${row.customer})` : ''}
                    {row.resample ? ` · ${t('dashboard.samplings.resample')}` : ''}
                  </Box>
                  <Box component="span" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums', color: row.state === 'overdue' ? 'error.main' : 'text.primary', fontWeight: row.state === 'overdue' ? 600 : 400 }}>
                    {date(row.nextDue)}
                  </Box>
                </Box>
              ))}
            </Box>
          )}
          {data.overdue + data.due > SHOWN ? (
            <Typography variant="body2" color="text.secondary">
              {t('dashboard.samplings.more', { count: data.overdue + data.due - SHOWN })}
            </Typography>
          ) : null}
        </>
      ) : null}
    </Paper>
  );
}
