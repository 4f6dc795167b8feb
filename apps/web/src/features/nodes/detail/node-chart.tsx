import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { init, use as registerEcharts, type ComposeOption, type ECharts } from 'echarts/core';
import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  type DataZoomComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type MarkLineComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { COLD_WATER_MAX_CELSIUS, formatDateTime, formatLocale, formatNumber, HOT_WATER_MIN_CELSIUS } from '@aquasmart/domain';
import type { TChartSeries } from './chart-data';

/**
 * The temperature history drawn with ECharts (this module is its own lazy chunk, so neither the
 * login page nor the other tabs carry ECharts). One line per channel with the reference lines at
 * 25 and 60 °C, flush events as markers on the temperature panel, the battery voltage in a panel
 * of its own below; LTTB sampling and zooming keep 62 days x 3 channels (~18,000 points) smooth.
 */
registerEcharts([LineChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, MarkLineComponent, CanvasRenderer]);

type TOption = ComposeOption<
  LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption | DataZoomComponentOption | MarkLineComponentOption
>;

export interface TNodeChartTexts {
  temperatureAxis: string;
  batteryAxis: string;
  battery: string;
  flush: string;
  reference: (value: number) => string;
  flushTooltip: (before: string, after: string) => string;
}

export interface TNodeChartProps {
  series: TChartSeries;
  /** The range in milliseconds: the x axis shows all of it, data or not. */
  from: number;
  to: number;
  language: string;
  texts: TNodeChartTexts;
  /** For screen readers: what the chart shows (the canvas itself says nothing). */
  summary: string;
}

const REFERENCES = [COLD_WATER_MAX_CELSIUS, HOT_WATER_MIN_CELSIUS];

function buildOption(props: TNodeChartProps, narrow: boolean, colors: { text: string; grid: string; reference: string }): TOption {
  const { series, from, to, language, texts } = props;
  const hasBattery = series.battery.length > 0;
  const locale = formatLocale(language);
  const dateTime = { format: (date: Date) => formatDateTime(date, locale) };
  const day = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short' });
  const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' });
  const number = (value: number, digits: number) => formatNumber(value, locale, { decimals: digits });
  const axisLabel = {
    color: colors.text,
    hideOverlap: true,
    formatter: (value: number) => {
      const date = new Date(value);
      return date.getHours() === 0 && date.getMinutes() === 0 ? day.format(date) : time.format(date);
    },
  };
  const flushByTime = new Map(series.flushes.map((flush) => [flush.at, flush]));
  const left = narrow ? 44 : 56;
  const right = narrow ? 12 : 24;
  const sliderHeight = narrow ? 22 : 26;
  const grids: GridComponentOption[] = hasBattery
    ? [
        { left, right, top: narrow ? 64 : 48, bottom: narrow ? 150 : 160 },
        { left, right, height: narrow ? 60 : 70, bottom: sliderHeight + 36 },
      ]
    : [{ left, right, top: narrow ? 64 : 48, bottom: sliderHeight + 44 }];
  const xAxes = grids.map((_grid, index) => ({
    type: 'time' as const,
    gridIndex: index,
    min: from,
    max: to,
    axisLabel: { ...axisLabel, show: index === grids.length - 1 },
    splitLine: { show: true, lineStyle: { color: colors.grid } },
  }));
  const yAxes = [
    {
      type: 'value' as const,
      gridIndex: 0,
      name: texts.temperatureAxis,
      nameTextStyle: { color: colors.text, align: 'left' as const },
      // The reference lines stay in view whatever the readings.
      min: (extent: { min: number }) => Math.floor(Math.min(extent.min, COLD_WATER_MAX_CELSIUS - 5) / 5) * 5,
      max: (extent: { max: number }) => Math.ceil(Math.max(extent.max, HOT_WATER_MIN_CELSIUS + 5) / 5) * 5,
      axisLabel: { color: colors.text },
      splitLine: { lineStyle: { color: colors.grid } },
    },
    ...(hasBattery
      ? [
          {
            type: 'value' as const,
            gridIndex: 1,
            name: texts.batteryAxis,
            nameTextStyle: { color: colors.text, align: 'left' as const },
            scale: true,
            splitNumber: 2,
            // Ticks at least 0.05 V apart: a battery moves a few mV a week, and ticks closer than
            // the two decimals shown printed the same label twice.
            minInterval: 0.05,
            axisLabel: { color: colors.text, formatter: (value: number) => number(value, 2) },
            splitLine: { lineStyle: { color: colors.grid } },
          },
        ]
      : []),
  ];
  const lines: LineSeriesOption[] = series.temperatures.map((line) => ({
    type: 'line',
    name: line.name,
    data: line.points,
    showSymbol: false,
    sampling: 'lttb',
    connectNulls: false,
    lineStyle: { width: 1.5 },
    emphasis: { disabled: true },
  }));
  const reference: LineSeriesOption = {
    type: 'line',
    name: 'reference',
    // Two empty points carry the reference lines, so hiding a channel never hides them.
    data: [
      [from, null],
      [to, null],
    ],
    silent: true,
    showSymbol: false,
    tooltip: { show: false },
    markLine: {
      silent: true,
      symbol: 'none',
      lineStyle: { color: colors.reference, type: 'dashed', width: 1 },
      label: { formatter: (params: { value?: unknown }) => texts.reference(Number(params.value)), position: 'insideEndTop', color: colors.text },
      data: REFERENCES.map((value) => ({ yAxis: value })),
    },
  };
  const flushes: LineSeriesOption[] = series.flushes.length
    ? [
        {
          type: 'line',
          name: texts.flush,
          data: series.flushes.map((flush) => [flush.at, flush.after ?? flush.before]),
          showSymbol: true,
          symbol: 'triangle',
          symbolSize: 9,
          lineStyle: { opacity: 0 },
          emphasis: { disabled: true },
        },
      ]
    : [];
  const battery: LineSeriesOption[] = hasBattery
    ? [
        {
          type: 'line',
          name: texts.battery,
          data: series.battery,
          xAxisIndex: 1,
          yAxisIndex: 1,
          showSymbol: false,
          sampling: 'lttb',
          lineStyle: { width: 1.5 },
          emphasis: { disabled: true },
        },
      ]
    : [];
  const legendNames = [...series.temperatures.map((line) => line.name), ...flushes.map(() => texts.flush), ...battery.map(() => texts.battery)];
  const zoomAxes = grids.map((_grid, index) => index);
  return {
    animation: false,
    textStyle: { fontFamily: 'inherit' },
    grid: grids,
    xAxis: xAxes,
    yAxis: yAxes,
    legend: { type: 'scroll', top: 0, left: narrow ? 0 : 'center', data: legendNames, textStyle: { color: colors.text } },
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: 'line' },
      formatter: (raw) => {
        const items = (Array.isArray(raw) ? raw : [raw]) as { seriesName?: string; marker?: unknown; value?: unknown; axisValue?: unknown }[];
        const first = items[0];
        if (!first) return '';
        const at = Number(Array.isArray(first.value) ? first.value[0] : first.axisValue);
        const rows = items
          .filter((item) => item.seriesName !== 'reference' && Array.isArray(item.value) && item.value[1] !== null && item.value[1] !== undefined)
          .map((item) => {
            const [x, y] = item.value as [number, number];
            const flush = item.seriesName === texts.flush ? flushByTime.get(x) : undefined;
            const text = flush
              ? texts.flushTooltip(flush.before === null ? '—' : number(flush.before, 1), flush.after === null ? '—' : number(flush.after, 1))
              : item.seriesName === texts.battery
                ? `${item.seriesName}: ${number(y, 2)} V`
                : `${item.seriesName ?? ''}: ${number(y, 1)} °C`;
            return `${typeof item.marker === 'string' ? item.marker : ''}${escapeHtml(text)}`;
          });
        return [escapeHtml(dateTime.format(new Date(at))), ...rows].join('<br/>');
      },
    },
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    dataZoom: [
      { type: 'inside', xAxisIndex: zoomAxes },
      {
        type: 'slider',
        xAxisIndex: zoomAxes,
        height: sliderHeight,
        bottom: 8,
        left,
        right,
        labelFormatter: (value: number) => dateTime.format(new Date(value)),
        showDetail: !narrow,
        textStyle: { color: colors.text },
      },
    ],
    series: [...lines, reference, ...flushes, ...battery],
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export default function NodeChart(props: TNodeChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const theme = useTheme();
  const narrowQuery = theme.breakpoints.down('sm').replace('@media ', '');

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const narrow = window.matchMedia(narrowQuery).matches;
    chart.current?.setOption(
      buildOption(props, narrow, { text: theme.palette.text.secondary, grid: theme.palette.divider, reference: theme.palette.error.main }),
      { notMerge: true },
    );
  }, [props, narrowQuery, theme]);

  return (
    <Box
      ref={container}
      role="img"
      aria-label={props.summary}
      data-testid="node-chart"
      sx={{ width: '100%', height: { xs: 380, sm: 460 } }}
    />
  );
}
