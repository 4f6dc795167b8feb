import { formatDate, formatLocale } from '@aquasmart/domain';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { DateField } from '../../../components/form/date-field';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TDevice } from '@aquasmart/domain';
import { chartDataQuery } from './api/node-detail-api';
import {
  activeTemperatureChannels,
  chartConditions,
  chartMessageIds,
  clampDay,
  dayOf,
  DEFAULT_SHORTCUT,
  pointCount,
  rangeSeconds,
  RANGE_SHORTCUTS,
  rowsToSeries,
  shortcutOf,
  shortcutRange,
  type TDayRange,
  type TRangeShortcut,
} from './chart-data';
import type { TNodeChartTexts } from './node-chart';

// ECharts lives in this chunk only.
const NodeChart = lazy(() => import('./node-chart'));

/** The #chart tab: period shortcuts, a date range up to today, and the temperature history. */
export function NodeChartTab({ device, now = () => new Date() }: { device: TDevice; now?: () => Date }) {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<TDayRange>(() => shortcutRange(DEFAULT_SHORTCUT, now()));
  const today = dayOf(now());
  const ids = chartMessageIds(device.type);
  const seconds = rangeSeconds(range);
  const conditions = ids && seconds ? chartConditions(ids, seconds) : null;
  const data = useQuery({ ...chartDataQuery(device.eui, conditions ?? ''), enabled: conditions !== null });
  const channels = useMemo(() => activeTemperatureChannels(device), [device]);
  const series = useMemo(() => rowsToSeries(data.data ?? [], channels), [data.data, channels]);
  const chosen = shortcutOf(range, now());
  const language = i18n.language;
  const texts = useMemo<TNodeChartTexts>(
    () => ({
      temperatureAxis: t('nodeDetail.chart.temperatureAxis'),
      batteryAxis: t('nodeDetail.chart.batteryAxis'),
      battery: t('nodeDetail.chart.battery'),
      flush: t('nodeDetail.chart.flush'),
      reference: (value) => t('nodeDetail.chart.reference', { value }),
      flushTooltip: (before, after) => t('nodeDetail.chart.flushTooltip', { before, after }),
    }),
    [t],
  );

  if (!ids) return <Alert severity="warning">{t('nodeDetail.chart.unsupported')}</Alert>;

  const longDate = { format: (date: Date) => formatDate(date, formatLocale(language)) };
  const summary = seconds
    ? t('nodeDetail.chart.summary', {
        series: channels.map((channel) => channel.name).join(', '),
        from: longDate.format(new Date(seconds.from * 1000)),
        to: longDate.format(new Date(seconds.to * 1000)),
      })
    : '';
  const setDay = (field: 'from' | 'to') => (value: string) => setRange((current) => ({ ...current, [field]: value ? clampDay(value, now()) : value }));

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <Box role="group" aria-label={t('nodeDetail.chart.shortcuts')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {(Object.keys(RANGE_SHORTCUTS) as TRangeShortcut[]).map((shortcut) => (
            <Button
              key={shortcut}
              size="small"
              variant={chosen === shortcut ? 'contained' : 'outlined'}
              aria-pressed={chosen === shortcut}
              onClick={() => setRange(shortcutRange(shortcut, now()))}
            >
              {t(`nodeDetail.chart.${shortcut}`)}
            </Button>
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1.5, flex: { xs: '1 1 100%', md: '0 1 auto' }, ml: { md: 'auto' } }}>
          <DateField size="small" label={t('nodeDetail.chart.from')} value={range.from} onChange={setDay('from')} max={range.to || today} sx={{ flex: 1 }} />
          <DateField size="small" label={t('nodeDetail.chart.to')} value={range.to} onChange={setDay('to')} max={today} min={range.from || undefined} sx={{ flex: 1 }} />
        </Box>
      </Box>
      {!seconds ? <Alert severity="warning">{t('nodeDetail.chart.invalidRange')}</Alert> : null}
      {data.isFetching ? <LinearProgress aria-label={t('nodeDetail.chart.loading')} sx={{ mb: 1 }} /> : <Box sx={{ height: 4, mb: 1 }} />}
      {data.isError ? <Alert severity="error">{t('nodeDetail.chart.loadError')}</Alert> : null}
      {seconds && data.isSuccess ? (
        <>
          <Suspense fallback={<Box sx={{ height: { xs: 380, sm: 460 } }} />}>
            <NodeChart series={series} from={seconds.from * 1000} to={seconds.to * 1000} language={language} texts={texts} summary={summary} />
          </Suspense>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {pointCount(series) === 0 ? t('nodeDetail.chart.empty') : t('nodeDetail.chart.points', { count: pointCount(series) })}
          </Typography>
        </>
      ) : null}
    </Paper>
  );
}
