import type { ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import type { TLogbookChannel, TLogbookLocationSection, TLogbookReport } from '@aquasmart/domain';
import { useReportFormat, type TReportFormat } from '../use-report-format';
import { ResponsiveTable, type TResponsiveColumn } from '../../../components/table';
import { RulebookPanel } from './rulebook-panel';
import { VerdictChip } from './verdict-chip';

type THeading = 'h3' | 'h4';
type TRow<K extends keyof TLogbookLocationSection> = TLogbookLocationSection[K] extends readonly (infer R)[] ? R : never;

/** Whether a report holds no reading at all (the empty state). */
export function reportHasReadings(report: TLogbookReport): boolean {
  return report.locations.some((section) => section.channels.some((channel) => channel.readings > 0));
}

function ReportSection({ title, count, heading, children, defaultExpanded = false }: { title: string; count: number; heading: THeading; children: ReactNode; defaultExpanded?: boolean }) {
  const { t } = useTranslation();
  return (
    <Accordion disableGutters variant="outlined" defaultExpanded={defaultExpanded} slotProps={{ heading: { component: heading }, transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {t('logbookScreen.preview.showSection', { title, count })}
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ px: { xs: 1.5, sm: 2 }, pt: 0 }}>
        {count === 0 ? <Typography variant="body2">{t('logbookScreen.report.none')}</Typography> : children}
      </AccordionDetails>
    </Accordion>
  );
}

/** The figures of one location: the rulebook, the summary per channel and the sections. */
function LocationReport({ section, format, heading }: { section: TLogbookLocationSection; format: TReportFormat; heading: THeading }) {
  const { t } = useTranslation();
  const col = (id: string) => t(`logbookReport.columns.${id}`);
  const screenCol = (id: string) => t(`logbookScreen.report.columns.${id}`);
  const title = (id: string) => t(`logbookReport.sections.${id}`);
  const channelName = (eui: string, channelId: string | null) =>
    channelId === null ? '—' : (section.channels.find((channel) => channel.eui === eui && channel.channelId === channelId)?.channelName ?? channelId);
  const node = <R extends { nodeName: string; eui: string }>(): TResponsiveColumn<R> => ({ id: 'node', label: col('node'), render: (row) => row.nodeName || row.eui, title: true, wrap: true });
  const stretches = (list: readonly { from: string; to: string; hours: number }[]) =>
    list.length === 0 ? (
      t('logbookScreen.report.none')
    ) : (
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {list.map((stretch) => (
          <li key={stretch.from}>{format.stretch(stretch)}</li>
        ))}
      </Box>
    );
  const mode = (value: TLogbookChannel['mode']) => t(`logbookReport.modes.${value === 'Meng/uittap' ? 'mixed' : (value ?? 'none')}`);

  const summary: TResponsiveColumn<TLogbookChannel>[] = [
    node<TLogbookChannel>(),
    { id: 'channel', label: col('channel'), render: (row) => row.channelName, wrap: true },
    { id: 'limit', label: screenCol('modeLimit'), render: (row) => (row.limit ? `${mode(row.mode)} ${format.limit(row.limit)}` : mode(row.mode)) },
    { id: 'verdict', label: col('verdict'), render: (row) => <VerdictChip verdict={row.verdict} /> },
    { id: 'coverage', label: col('coverage'), render: (row) => format.percent(row.coverage), align: 'right' },
    {
      id: 'minMeanMax',
      label: screenCol('minMeanMax'),
      render: (row) => (row.min === null ? '—' : `${[row.min, row.mean, row.max].map((value) => format.celsius(value)).join(' / ')} °C`),
      align: 'right',
    },
    { id: 'growthHours', label: col('growthRangeHours'), render: (row) => format.hours(row.growthRangeHours), align: 'right' },
    {
      id: 'flushes',
      label: screenCol('flushesProvedFailed'),
      render: (row) => (row.flushDuty || row.flushes > 0 ? `${row.flushesProved} / ${row.flushesFailed}` : '—'),
      align: 'right',
    },
  ];
  const temperatures: TResponsiveColumn<TLogbookChannel>[] = [
    node<TLogbookChannel>(),
    { id: 'channel', label: col('channel'), render: (row) => row.channelName },
    { id: 'readings', label: col('readings'), render: (row) => `${row.readings} / ${row.expectedReadings}`, align: 'right' },
    { id: 'withinLimit', label: col('withinLimit'), render: (row) => format.percent(row.withinLimitShare), align: 'right' },
    { id: 'gaps', label: col('gaps'), render: (row) => stretches(row.gaps), wrap: true },
    { id: 'longestExcursion', label: col('longestExcursion'), render: (row) => format.stretch(row.longestExcursion), wrap: true },
    { id: 'missedFlushes', label: col('missedFlushes'), render: (row) => (row.flushDuty ? stretches(row.missedFlushes) : '—'), wrap: true },
  ];
  const flushWeeks: TResponsiveColumn<TRow<'flushWeeks'>>[] = [
    node<TRow<'flushWeeks'>>(),
    { id: 'channel', label: col('channel'), render: (row) => row.channelName },
    { id: 'week', label: col('week'), render: (row) => format.localDate(row.week) },
    { id: 'flushes', label: col('flushes'), render: (row) => `${row.flushes} / ${row.required}`, align: 'right' },
    { id: 'proved', label: col('flushesProved'), render: (row) => row.proved, align: 'right' },
    { id: 'failed', label: col('flushesFailed'), render: (row) => row.failed, align: 'right' },
  ];
  const failedFlushes: TResponsiveColumn<TRow<'failedFlushes'>>[] = [
    node<TRow<'failedFlushes'>>(),
    { id: 'channel', label: col('channel'), render: (row) => channelName(row.eui, row.channelId) },
    { id: 'at', label: col('at'), render: (row) => format.instant(row.at) },
    { id: 'before', label: col('before'), render: (row) => format.temperature(row.before), align: 'right' },
    { id: 'after', label: col('after'), render: (row) => format.temperature(row.after), align: 'right' },
  ];
  const alarms: TResponsiveColumn<TRow<'alarms'>>[] = [
    node<TRow<'alarms'>>(),
    { id: 'kind', label: col('kind'), render: (row) => t(`logbookReport.alarmKinds.${row.kind}`) },
    { id: 'channel', label: col('channel'), render: (row) => channelName(row.eui, row.channelId) },
    { id: 'from', label: col('from'), render: (row) => format.instant(row.from) },
    { id: 'to', label: col('to'), render: (row) => (row.to ? format.instant(row.to) : t('logbookReport.labels.ongoing')) },
    { id: 'duration', label: col('duration'), render: (row) => format.hours(row.hours) || '—', align: 'right' },
  ];
  const calibrationStatus: TResponsiveColumn<TRow<'calibrationStatus'>>[] = [
    node<TRow<'calibrationStatus'>>(),
    { id: 'channel', label: col('channel'), render: (row) => row.channelName },
    { id: 'lastCalibrated', label: col('lastCalibrated'), render: (row) => (row.lastCalibrated ? format.instant(row.lastCalibrated) : t('logbookScreen.report.never')) },
    { id: 'due', label: col('due'), render: (row) => (row.due ? format.instant(row.due) : '—') },
    { id: 'overdue', label: col('overdue'), render: (row) => (row.overdue ? <strong>{t('logbookReport.labels.yes')}</strong> : t('logbookReport.labels.no')) },
  ];
  const calibrations: TResponsiveColumn<TRow<'calibrations'>>[] = [
    node<TRow<'calibrations'>>(),
    { id: 'channel', label: col('channel'), render: (row) => channelName(row.eui, row.channelId) },
    { id: 'at', label: col('at'), render: (row) => format.instant(row.at) },
    { id: 'reference', label: col('reference'), render: (row) => format.temperature(row.reference), align: 'right' },
    { id: 'measured', label: col('measured'), render: (row) => format.temperature(row.measured), align: 'right' },
    { id: 'offset', label: col('offset'), render: (row) => format.number(row.offset, 2), align: 'right' },
    { id: 'user', label: col('user'), render: (row) => row.user ?? '—' },
  ];
  const changes: TResponsiveColumn<TRow<'changes'>>[] = [
    node<TRow<'changes'>>(),
    { id: 'at', label: col('at'), render: (row) => format.instant(row.at) },
    { id: 'kind', label: col('kind'), render: (row) => t(`logbookReport.changeKinds.${row.kind}`, { defaultValue: row.kind }) },
    { id: 'user', label: col('user'), render: (row) => row.user ?? t('logbookReport.nodeItself') },
    { id: 'details', label: col('details'), render: (row) => row.details || '—', wrap: true },
  ];
  const key = (row: { eui: string; channelId?: string | null }, index: number) => `${row.eui}:${row.channelId ?? ''}:${index}`;

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5, minWidth: 0 }}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <RulebookPanel rulebook={section.rulebook} format={format} heading={heading} />
      </Paper>
      {/* Open for one location; a customer's locations open their summaries one by one (the table of locations is on top). */}
      <ReportSection title={title('summary')} count={section.channels.length} heading={heading} defaultExpanded={heading === 'h3'}>
        <ResponsiveTable figures inset={false} label={title('summary')} columns={summary} rows={section.channels} rowKey={key} />
      </ReportSection>
      <ReportSection title={title('temperatures')} count={section.channels.length} heading={heading}>
        <ResponsiveTable figures inset={false} label={title('temperatures')} columns={temperatures} rows={section.channels} rowKey={key} />
      </ReportSection>
      <ReportSection title={title('flushWeeks')} count={section.flushWeeks.length} heading={heading}>
        <ResponsiveTable figures inset={false} label={title('flushWeeks')} columns={flushWeeks} rows={section.flushWeeks} rowKey={(row, index) => `${key(row, index)}:${row.week}`} />
      </ReportSection>
      <ReportSection title={title('failedFlushes')} count={section.failedFlushes.length} heading={heading}>
        <ResponsiveTable figures inset={false} label={title('failedFlushes')} columns={failedFlushes} rows={section.failedFlushes} rowKey={key} />
      </ReportSection>
      <ReportSection title={title('alarms')} count={section.alarms.length} heading={heading}>
        <ResponsiveTable figures inset={false} label={title('alarms')} columns={alarms} rows={section.alarms} rowKey={key} />
      </ReportSection>
      <ReportSection title={title('calibrationStatus')} count={section.calibrationStatus.length} heading={heading}>
        <ResponsiveTable figures inset={false} label={title('calibrationStatus')} columns={calibrationStatus} rows={section.calibrationStatus} rowKey={key} />
      </ReportSection>
      <ReportSection title={title('calibrations')} count={section.calibrations.length} heading={heading}>
        <ResponsiveTable figures inset={false} label={title('calibrations')} columns={calibrations} rows={section.calibrations} rowKey={key} />
      </ReportSection>
      <ReportSection title={title('changes')} count={section.changes.length} heading={heading}>
        <ResponsiveTable figures inset={false} label={title('changes')} columns={changes} rows={section.changes} rowKey={key} />
      </ReportSection>
    </Box>
  );
}

/**
 * The report on screen (docs/logbook.md, "Screens"): the verdict on top, then per location the
 * rulebook, the summary per channel and the sections, each folded open on demand. A customer's
 * report starts with a table of its locations.
 */
export function ReportPreview({ report }: { report: TLogbookReport }) {
  const { t } = useTranslation();
  const format = useReportFormat(report.period.timeZone);
  const customerScope = report.scope === 'customer';
  const locationColumns: TResponsiveColumn<TLogbookLocationSection>[] = [
    { id: 'location', label: t('logbookReport.columns.location'), render: (row) => row.location.name, title: true, wrap: true },
    { id: 'verdict', label: t('logbookReport.columns.verdict'), render: (row) => <VerdictChip verdict={row.verdict} /> },
    { id: 'rulebook', label: t('logbookReport.columns.rulebook'), render: (row) => row.rulebook.id },
    { id: 'nodes', label: t('logbookReport.labels.nodes'), render: (row) => row.nodes, align: 'right' },
    { id: 'channels', label: t('logbookReport.labels.channels'), render: (row) => row.channels.length, align: 'right' },
  ];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('logbookScreen.preview.verdictOf', { range: format.range(report.period) })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('logbookScreen.preview.generated', { at: format.instant(report.generatedAt), by: report.generatedBy })} ·{' '}
            {t('logbookScreen.preview.timeZone', { zone: report.period.timeZone })}
          </Typography>
        </Box>
        <VerdictChip verdict={report.verdict} size="medium" />
      </Paper>
      {!reportHasReadings(report) ? <Alert severity="info">{t('logbookScreen.preview.empty')}</Alert> : null}
      {customerScope ? (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              {t('logbookReport.header.locations')}
            </Typography>
            <ResponsiveTable figures inset={false} label={t('logbookReport.header.locations')} columns={locationColumns} rows={report.locations} rowKey={(row) => String(row.location.id)} />
          </Paper>
          {report.locations.map((section) => (
            <Paper key={section.location.id} variant="outlined" component="section" aria-label={section.location.name} sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {section.location.name}
                </Typography>
                <VerdictChip verdict={section.verdict} />
              </Box>
              <LocationReport section={section} format={format} heading="h4" />
            </Paper>
          ))}
        </>
      ) : (
        report.locations.map((section) => <LocationReport key={section.location.id} section={section} format={format} heading="h3" />)
      )}
    </Box>
  );
}
