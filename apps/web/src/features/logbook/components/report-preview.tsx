import { useMemo, type ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { I18nextProvider, useTranslation } from 'react-i18next';
import {
  columnOf,
  LOGBOOK_TABLES,
  sectionLookup,
  UNIT_SPACE,
  type TLogbookAlarm,
  type TLogbookCalibration,
  type TLogbookCalibrationStatus,
  type TLogbookChange,
  type TLogbookDeviation,
  type TLogbookChannel,
  type TLogbookDisinfectionRow,
  type TLogbookFailedFlush,
  type TLogbookExcursionRow,
  type TLogbookFindingRow,
  type TLogbookFlushWeek,
  type TLogbookLocationSection,
  type TLogbookReport,
  type TLogbookReportLanguage,
  type TLogbookSampleResult,
  type TLogbookSamplingPoint,
  type TLogbookSectionTable,
} from '@aquasmart/domain';
import { useReportFormat, type TReportFormat } from '../use-report-format';
import { keepTogether, ResponsiveTable, type TResponsiveColumn } from '../../../components/table';
import { modeName, screenCell, screenColumns } from './report-columns';
import { checkColumns } from './check-columns';
import { RulebookPanel } from './rulebook-panel';
import { VerdictChip } from './verdict-chip';

type THeading = 'h3' | 'h4';

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
  const node = <R extends { nodeName: string; eui: string }>(): TResponsiveColumn<R> => ({ id: 'node', label: col('node'), render: (row) => row.nodeName || row.eui, title: true, wrap: true });
  const stretches = (list: readonly { from: string; to: string; hours: number }[]) =>
    list.length === 0 ? (
      t('logbookScreen.report.none')
    ) : (
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {list.map((stretch) => (
          <li key={stretch.from}>{keepTogether(format.stretch(stretch))}</li>
        ))}
      </Box>
    );
  const mode = (value: TLogbookChannel['mode']) => modeName(t, value);
  const shared = screenColumns(format, t, sectionLookup(section));
  const { summary: summaryTable, temperatures: temperatureTable, excursions: excursionTable, flushWeeks: weekTable, failedFlushes: failedTable, alarms: alarmTable } = LOGBOOK_TABLES;
  const { calibrationStatus: statusTable, calibrations: calibrationTable, changes: changeTable, deviations: deviationTable, findings: findingTable, disinfections: disinfectionTable } = LOGBOOK_TABLES;

  const summary: TResponsiveColumn<TLogbookChannel>[] = [
    node<TLogbookChannel>(),
    shared(summaryTable, 'channel', { wrap: true }),
    // Wraps between words ('Warm water ten minste' / '60,0 °C'): the summary fits 1280 px, also in a customer's report.
    { id: 'limit', label: screenCol('modeLimit'), render: (row) => (row.limit ? `${mode(row.mode)} ${format.limit(row.limit)}` : mode(row.mode)), wrap: true },
    shared(summaryTable, 'verdict'),
    shared(summaryTable, 'coverage'),
    {
      id: 'minMeanMax',
      label: screenCol('minMeanMax'),
      render: (row) => (row.min === null ? '—' : `${[row.min, row.mean, row.max].map((value) => format.celsius(value)).join(' / ')}${UNIT_SPACE}°C`),
      align: 'right',
    },
    // Of the hours there (issue 39): a mixed tap's 741,7 of 745 hours in the growth range shows as such;
    // wraps between its words ('741,7' / 'van 745 uur') so the summary still fits 1280 px in a customer's report.
    shared(summaryTable, 'growthRangeHours', {
      render: (row) => (row.hoursThere === undefined ? format.hours(row.growthRangeHours) || '—' : `${format.hours(row.growthRangeHours) || '—'} ${t('logbookReport.labels.ofHours', { hours: format.number(row.hoursThere) })}`),
      wrap: true,
    }),
    {
      id: 'flushes',
      label: screenCol('flushesProvedFailed'),
      render: (row) => (row.flushDuty || row.flushes > 0 ? `${row.flushesProved} / ${row.flushesFailed}` : '—'),
      align: 'right',
    },
  ];
  const temperatures: TResponsiveColumn<TLogbookChannel>[] = [
    node<TLogbookChannel>(),
    shared(temperatureTable, 'channel'),
    { id: 'readings', label: col('readings'), render: (row) => `${row.readings} / ${row.expectedReadings}`, align: 'right' },
    shared(temperatureTable, 'withinLimit'),
    { id: 'gaps', label: col('gaps'), render: (row) => stretches(row.gaps), wrap: true },
    { id: 'longestExcursion', label: col('longestExcursion'), render: (row) => format.stretch(row.longestExcursion), wrap: true },
    { id: 'missedFlushes', label: col('missedFlushes'), render: (row) => (row.flushDuty ? stretches(row.missedFlushes) : '—'), wrap: true },
  ];
  const excursions: TResponsiveColumn<TLogbookExcursionRow>[] = [
    node<TLogbookExcursionRow>(),
    ...(['channel', 'from', 'to', 'hours', 'durationClass'] as const).map((id) => shared(excursionTable, id)),
  ];
  const flushWeeks: TResponsiveColumn<TLogbookFlushWeek>[] = [
    node<TLogbookFlushWeek>(),
    shared(weekTable, 'channel'),
    shared(weekTable, 'week'),
    { id: 'flushes', label: col('flushes'), render: (row) => `${row.flushes} / ${row.required}`, align: 'right' },
    shared(weekTable, 'flushesProved'),
    shared(weekTable, 'flushesFailed'),
  ];
  const failedFlushes: TResponsiveColumn<TLogbookFailedFlush>[] = [node<TLogbookFailedFlush>(), ...(['channel', 'at', 'before', 'after'] as const).map((id) => shared(failedTable, id))];
  const alarms: TResponsiveColumn<TLogbookAlarm>[] = [
    node<TLogbookAlarm>(),
    ...(['kind', 'channel', 'from', 'to'] as const).map((id) => shared(alarmTable, id)),
    shared(alarmTable, 'hours', { id: 'duration', label: col('duration') }),
    // How it was dealt with: "not handled", or who acknowledged and who resolved with their times; the note apart.
    shared(alarmTable, 'handling', {
      render: (row) => {
        const step = (label: string, by: string | null | undefined, at: string | null | undefined) => (by ? `${label}: ${by}${at ? `, ${format.instant(at)}` : ''}` : null);
        const steps = [step(t('logbookReport.labels.acknowledged'), row.handling?.acknowledgedBy, row.handling?.acknowledgedAt), step(t('logbookReport.labels.resolved'), row.handling?.resolvedBy, row.handling?.resolvedAt)].filter(Boolean);
        return steps.length === 0 ? <em>{t('logbookReport.handlingStates.none')}</em> : steps.join(' · ');
      },
      wrap: true,
    }),
    shared(alarmTable, 'note', { wrap: true }),
  ];
  // Every deviation with its state and how it was handled (docs/logbook.md, "Deviations"); recorded on the location's Deviations tab.
  const deviations: TResponsiveColumn<TLogbookDeviation>[] = [
    node<TLogbookDeviation>(),
    ...(['kind', 'channel', 'from', 'to', 'state'] as const).map((id) => shared(deviationTable, id)),
    shared(deviationTable, 'correctiveAction', {
      wrap: true,
      render: (row) => (row.handling ? [row.handling.cause, row.handling.action, `${row.handling.by}, ${format.instant(row.handling.at)}`].filter(Boolean).join(' · ') : '—'),
    }),
  ];
  const calibrationStatus: TResponsiveColumn<TLogbookCalibrationStatus>[] = [
    node<TLogbookCalibrationStatus>(),
    shared(statusTable, 'channel'),
    shared(statusTable, 'lastCalibrated', { render: (row) => (row.lastCalibrated ? format.instant(row.lastCalibrated) : t('logbookScreen.report.never')) }),
    shared(statusTable, 'due'),
    shared(statusTable, 'overdue'),
  ];
  const calibrations: TResponsiveColumn<TLogbookCalibration>[] = [
    node<TLogbookCalibration>(),
    ...(['channel', 'at', 'reference', 'measured', 'offset', 'user'] as const).map((id) => shared(calibrationTable, id)),
  ];
  const changes: TResponsiveColumn<TLogbookChange>[] = [node<TLogbookChange>(), ...(['at', 'kind', 'user'] as const).map((id) => shared(changeTable, id)), shared(changeTable, 'details', { wrap: true })];
  // Findings of the role rules and thermal disinfections (docs/logbook.md, "Roles"): only in reports made since roles.
  const findings: TResponsiveColumn<TLogbookFindingRow>[] = [
    node<TLogbookFindingRow>(),
    ...(['kind', 'channel', 'from', 'to', 'hours'] as const).map((id) => shared(findingTable, id, id === 'kind' ? { wrap: true } : {})),
  ];
  const disinfections: TResponsiveColumn<TLogbookDisinfectionRow>[] = [
    node<TLogbookDisinfectionRow>(),
    ...(['channel', 'from', 'kind', 'reached', 'rule', 'heldMinutes'] as const).map((id) => shared(disinfectionTable, id)),
  ];
  // The sampling section (docs/logbook.md, "Sampling"): only in reports made since issue 40, for a location with sample points.
  const { samplingPlan: planTable, samplingResults: resultTable } = LOGBOOK_TABLES;
  const samplingPlan: TResponsiveColumn<TLogbookSamplingPoint>[] = [
    shared(planTable, 'samplePoint', { title: true, wrap: true }),
    ...(['pointRole', 'taken', 'lastTaken', 'due', 'state'] as const).map((id) => shared(planTable, id)),
  ];
  const samplingResults: TResponsiveColumn<TLogbookSampleResult>[] = [
    shared(resultTable, 'samplePoint', { title: true, wrap: true }),
    ...(['at', 'sampleId', 'count', 'unit', 'sampleVerdict'] as const).map((id) => shared(resultTable, id)),
    shared(resultTable, 'legalStep', { wrap: true }),
    shared(resultTable, 'handling', {
      wrap: true,
      render: (row) =>
        row.handling?.resolvedBy
          ? [`${t('logbookReport.labels.resolved')}: ${row.handling.resolvedBy}, ${format.instant(row.handling.resolvedAt ?? '')}`, row.handling.note, row.handling.authorityToldAt ? `${col('authorityToldAt')}: ${format.instant(row.handling.authorityToldAt)}` : null]
              .filter(Boolean)
              .join(' · ')
          : screenCell(columnOf(resultTable, 'handling').cell(row, sectionLookup(section)), format, t),
    }),
  ];
  // The checks at outlets (docs/logbook.md, "Checks at outlets"): only in reports made since issue 41, for a location with outlets.
  const checks = checkColumns(shared, format, t);
  const ownPart = <R,>(table: TLogbookSectionTable<R>, columns: TResponsiveColumn<R>[], rowKey: (row: R) => string) => {
    const rows = table.rows(section);
    return (
      <ReportSection key={table.id} title={title(table.id)} count={rows.length} heading={heading}>
        <ResponsiveTable figures inset={false} label={title(table.id)} columns={columns} rows={rows} rowKey={rowKey} />
      </ReportSection>
    );
  };
  const key = (row: { eui: string; channelId?: string | null }, index: number) => `${row.eui}:${row.channelId ?? ''}:${index}`;
  /** A section table folded under its title and row count. */
  const part = <R extends { eui: string; channelId?: string | null }>(table: TLogbookSectionTable<R>, columns: TResponsiveColumn<R>[], rowKey: (row: R, index: number) => string = key, defaultExpanded = false) => {
    const rows = table.rows(section);
    return (
      <ReportSection key={table.id} title={title(table.id)} count={rows.length} heading={heading} defaultExpanded={defaultExpanded}>
        <ResponsiveTable figures inset={false} label={title(table.id)} columns={columns} rows={rows} rowKey={rowKey} />
      </ReportSection>
    );
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5, minWidth: 0 }}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <RulebookPanel rulebook={section.rulebook} format={format} heading={heading} />
      </Paper>
      {/* Open for one location; a customer's locations open their summaries one by one (the table of locations is on top). */}
      {part(summaryTable, summary, key, heading === 'h3')}
      {section.deviations ? part(deviationTable, deviations) : null}
      {part(temperatureTable, temperatures)}
      {section.channels.some((channel) => channel.excursions !== undefined) && part(excursionTable, excursions, (row, index) => `${key(row, index)}:${row.from}`)}
      {part(weekTable, flushWeeks, (row, index) => `${key(row, index)}:${row.week}`)}
      {part(failedTable, failedFlushes)}
      {section.findings === undefined ? null : part(findingTable, findings)}
      {section.disinfections === undefined ? null : part(disinfectionTable, disinfections, (row, index) => `${key(row, index)}:${row.disinfection.from}`)}
      {part(alarmTable, alarms)}
      {part(statusTable, calibrationStatus)}
      {part(calibrationTable, calibrations)}
      {part(changeTable, changes)}
      {section.sampling ? ownPart(planTable, samplingPlan, (row) => String(row.samplePointId)) : null}
      {section.sampling ? ownPart(resultTable, samplingResults, (row) => String(row.resultId)) : null}
      {section.checks ? ownPart(LOGBOOK_TABLES.checkPlan, checks.plan, (row) => `${row.outletId}:${row.check}`) : null}
      {section.checks ? ownPart(LOGBOOK_TABLES.checkRecords, checks.records, (row) => String(row.checkId)) : null}
    </Box>
  );
}

/** The texts of the preview in the report's language (lib/i18n/texts/logbook.ts), the screen's texts behind them. */
const PREVIEW_NS = 'logbookPreview';

/**
 * The report on screen (docs/logbook.md, "Screens"): the verdict on top, then per location the
 * rulebook, the summary per channel and the sections, each folded open on demand. A customer's
 * report starts with a table of its locations. Written in the report's language (German too,
 * which the screens lack), with its `lang`, so the preview reads as the PDF will.
 */
export function ReportPreview({ report, language }: { report: TLogbookReport; language: TLogbookReportLanguage }) {
  const { i18n } = useTranslation();
  const previewI18n = useMemo(() => i18n.cloneInstance({ lng: language, defaultNS: PREVIEW_NS, fallbackNS: 'translation', ns: [PREVIEW_NS, 'translation'] }), [i18n, language]);
  return (
    <I18nextProvider i18n={previewI18n} defaultNS={PREVIEW_NS}>
      <Box lang={language} sx={{ minWidth: 0 }}>
        <PreviewBody report={report} language={language} />
      </Box>
    </I18nextProvider>
  );
}

function PreviewBody({ report, language }: { report: TLogbookReport; language: TLogbookReportLanguage }) {
  const { t } = useTranslation();
  const format = useReportFormat(report.period.timeZone, language);
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
