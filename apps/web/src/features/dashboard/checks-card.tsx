import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { outletScreen } from '../../lib/api/outlets';
// The check names and the card's words are the outlet screens' (a module of their own, never the login page's).
import '../../lib/i18n/texts/outlets';
import { dashboardChecksQuery } from './api/dashboard-api';
import { DueCard } from './due-card';

/**
 * Overdue and due checks at outlets (docs/outlets.md, "Dashboard"): a card beside the samplings
 * with the counts and the soonest checks, each linking to its outlet. No outlets at all says there
 * is no register, never "all clear"; outlets with nothing due say so with how many checks are planned.
 */
export function ChecksCard({ customer, compact = false }: { customer?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const result = useQuery(dashboardChecksQuery(customer));
  const data = result.data;
  return (
    <DueCard
      title={t('outlets.card.title')}
      testId="dashboard-checks"
      compact={compact}
      pending={result.isPending}
      failed={result.isError ? t('outlets.card.loadError') : null}
      texts={{
        overdue: t('outlets.card.overdue'),
        due: t('outlets.card.due'),
        nothingDue: t('outlets.card.nothingDue', { count: data?.checks ?? 0 }),
        more: (count) => t('outlets.card.more', { count }),
      }}
      noData={data && data.outlets === 0 ? t('outlets.card.noRegister') : null}
      counts={data ?? null}
      rows={(data?.rows ?? []).map((row) => ({
        key: `${row.outletId}-${row.check}`,
        state: row.state,
        nextDue: row.nextDue,
        content: (
          <>
            <Link component={RouterLink} to={outletScreen(row.outletId)} sx={{ fontWeight: 600 }}>
              {row.outletName}
            </Link>
            <Box component="span" sx={{ display: 'block', fontSize: 13, color: 'text.secondary' }}>
              {t(`outlets.checks.${row.check}`)} · {row.location}
              {customer === undefined ? ` (${row.customer})` : ''}
            </Box>
          </>
        ),
      }))}
    />
  );
}
