import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@aquasmart/domain';
import { outletScreen } from '../../lib/api/outlets';
import { useFormat } from '../../lib/i18n/use-date-time';
// The check names and the card's words are the outlet screens' (a module of their own, never the login page's).
import '../../lib/i18n/texts/outlets';
import { dashboardChecksQuery } from './api/dashboard-api';

/** Checks listed on the card; the rest are counted. */
const SHOWN = 5;

/**
 * Overdue and due checks at outlets (docs/outlets.md, "Dashboard"): a card beside the samplings
 * with the counts and the soonest checks, each linking to its outlet. No outlets at all says there
 * is no register, never "all clear"; outlets with nothing due say so with how many checks are planned.
 */
export function ChecksCard({ customer, compact = false }: { customer?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const result = useQuery(dashboardChecksQuery(customer));
  const data = result.data;
  const title = t('outlets.card.title');
  const alarm = (data?.overdue ?? 0) > 0;
  const date = (localDate: string) => formatDate(`${localDate}T12:00:00Z`, locale, { timeZone: 'UTC' });
  return (
    <Paper variant="outlined" component="section" aria-label={title} data-testid="dashboard-checks" sx={{ p: compact ? 1.5 : 2, display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
      <Typography component="h2" variant="subtitle1" data-alarm={alarm} sx={{ fontWeight: 600, color: alarm ? 'error.main' : 'text.primary' }}>
        {title}
      </Typography>
      {result.isPending ? <Skeleton variant="text" width="80%" /> : null}
      {result.isError ? (
        <Typography variant="body2" color="error">
          {t('outlets.card.loadError')}
        </Typography>
      ) : null}
      {data && data.outlets === 0 ? (
        <Typography variant="body2" color="text.secondary" data-state="noRegister">
          {t('outlets.card.noRegister')}
        </Typography>
      ) : null}
      {data && data.outlets > 0 ? (
        <>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', fontSize: 14 }}>
            <Box component="span" data-count="overdue" sx={{ color: alarm ? 'error.main' : 'text.primary' }}>
              {t('outlets.card.overdue')}: <strong>{data.overdue}</strong>
            </Box>
            <Box component="span" data-count="due">
              {t('outlets.card.due')}: <strong>{data.due}</strong>
            </Box>
          </Box>
          {data.rows.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-state="nothingDue">
              {t('outlets.card.nothingDue', { count: data.checks })}
            </Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              {data.rows.slice(0, SHOWN).map((row) => (
                <Box component="li" key={`${row.outletId}-${row.check}`} data-state={row.state} sx={{ display: 'flex', gap: 1, fontSize: 14, minWidth: 0 }}>
                  <Box component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'break-word' }}>
                    <Link component={RouterLink} to={outletScreen(row.outletId)} sx={{ fontWeight: 600 }}>
                      {row.outletName}
                    </Link>
                    <Box component="span" sx={{ display: 'block', fontSize: 13, color: 'text.secondary' }}>
                      {t(`outlets.checks.${row.check}`)} · {row.location}
                      {customer === undefined ? ` (${row.customer})` : ''}
                    </Box>
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
              {t('outlets.card.more', { count: data.overdue + data.due - SHOWN })}
            </Typography>
          ) : null}
        </>
      ) : null}
    </Paper>
  );
}
