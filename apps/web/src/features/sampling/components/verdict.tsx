import Chip from '@mui/material/Chip';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PER_LITRE_FACTOR, type TSampleResult, type TSampleVerdict } from '@aquasmart/domain';
import type { useFormat } from '../../../lib/i18n/use-date-time';

const VERDICT_COLOR: Record<TSampleVerdict, 'success' | 'warning' | 'error' | 'default'> = { compliant: 'success', inconclusive: 'default', exceeded: 'warning', report: 'error' };

/** A result's verdict as a chip: compliant green, above the limit orange, report red. */
export function VerdictChip({ verdict }: { verdict: TSampleVerdict }) {
  const { t } = useTranslation();
  return <Chip size="small" color={VERDICT_COLOR[verdict]} variant={verdict === 'compliant' ? 'outlined' : 'filled'} label={t(`sampling.verdicts.${verdict}`)} />;
}

/** The highest count as reported ('1.500 kve/l') or 'niet aangetoond (< 100 kve/l)'. */
export function highestCountText(t: TFunction, format: ReturnType<typeof useFormat>, result: Pick<TSampleResult, 'counts' | 'highestPerLitre'>): string {
  const detected = result.counts.filter((count) => count.count !== null);
  if (detected.length === 0) {
    const limit = result.counts.find((count) => count.detectionLimit !== null);
    return limit ? t('sampling.notDetected', { limit: format.number(limit.detectionLimit, { grouping: true, maxDecimals: 1 }), unit: limit.unit }) : t('sampling.notDetectedNoLimit');
  }
  const perLitre = (count: (typeof detected)[number]) => (count.count ?? 0) * PER_LITRE_FACTOR[count.unit];
  const highest = detected.reduce((best, count) => (perLitre(count) > perLitre(best) ? count : best));
  return `${format.number(highest.count, { grouping: true, maxDecimals: 1 })} ${highest.unit}`;
}
