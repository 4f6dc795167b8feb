import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dashboardSamplingsQuery } from './api/dashboard-api';
import { DueCard } from './due-card';

/**
 * Due and overdue samplings (docs/sampling.md, "Due samplings"): a card beside the charts with the
 * counts and the soonest points. No sample points at all says there is no data, never "all clear";
 * points without a sampling due say so with how many points the plan has.
 */
export function SamplingCard({ customer, compact = false }: { customer?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const result = useQuery(dashboardSamplingsQuery(customer));
  const data = result.data;
  return (
    <DueCard
      title={t('dashboard.samplings.title')}
      testId="dashboard-samplings"
      compact={compact}
      pending={result.isPending}
      failed={result.isError ? t('dashboard.samplings.loadError') : null}
      texts={{
        overdue: t('dashboard.samplings.overdue'),
        due: t('dashboard.samplings.due'),
        nothingDue: t('dashboard.samplings.nothingDue', { count: data?.points ?? 0 }),
        more: (count) => t('dashboard.samplings.more', { count }),
      }}
      noData={data && data.points === 0 ? t('dashboard.samplings.noPlan') : null}
      counts={data ?? null}
      rows={(data?.rows ?? []).map((row) => ({
        key: String(row.samplePointId),
        state: row.state,
        nextDue: row.nextDue,
        content: (
          <>
            <strong>{row.name}</strong> · {row.location}
            {customer === undefined ? ` (${row.customer})` : ''}
            {row.resample ? ` · ${t('dashboard.samplings.resample')}` : ''}
          </>
        ),
      }))}
    />
  );
}
