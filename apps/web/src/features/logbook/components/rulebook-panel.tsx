import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TLogbookLocationSection } from '@aquasmart/domain';
import { DetailField } from '../../../components/page';
import type { TReportFormat } from '../use-report-format';

type TRulebook = TLogbookLocationSection['rulebook'];

/** The rulebook a report judges by: which one, where the choice comes from, what it rests on, and its limits and duties. */
export function RulebookPanel({ rulebook, format, heading = 'h3' }: { rulebook: TRulebook; format: TReportFormat; heading?: 'h3' | 'h4' }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component={heading} variant="subtitle2" sx={{ fontWeight: 600 }}>
        {t('logbookReport.header.rulebook')}: {t(`logbookReport.rulebooks.${rulebook.id}`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(`logbookReport.rulebookSources.${rulebook.source}`)}
        {rulebook.healthcare ? ` · ${t('logbookReport.labels.healthcare')}` : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('logbookReport.labels.basis')}: {t(`logbookReport.rulebookBasis.${rulebook.id}`)}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' }, gap: 1.5 }}>
        <DetailField label={t('logbookReport.labels.hotLimit')}>{format.limit(rulebook.hot)}</DetailField>
        <DetailField label={t('logbookReport.labels.coldLimit')}>{format.limit(rulebook.cold)}</DetailField>
        <DetailField label={t('logbookScreen.rulebook.flush')}>{t('logbookScreen.rulebook.flushEvery', { hours: rulebook.flushEveryHours })}</DetailField>
        <DetailField label={t('logbookScreen.rulebook.retention')}>{t('logbookScreen.rulebook.years', { count: rulebook.retentionYears })}</DetailField>
      </Box>
    </Box>
  );
}
