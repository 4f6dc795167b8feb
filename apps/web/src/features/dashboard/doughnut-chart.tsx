import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { init, use as registerEcharts, type ComposeOption, type ECharts } from 'echarts/core';
import { PieChart, type PieSeriesOption } from 'echarts/charts';
import { TooltipComponent, type TooltipComponentOption } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { CHART_MAX_HEIGHT, INNER_RADIUS, REDRAW_DEBOUNCE_MS } from './chart-size';
import { prefersReducedMotion } from '../../lib/motion';

/**
 * One dashboard doughnut drawn with ECharts (this module is its own lazy chunk): inner radius
 * 0.75 of the outer, at most 275 px high, redrawn 100 ms after the last size change. A click on
 * a segment calls `onOpen`; the legend is HTML beside it (dashboard-card.tsx), so it can be read
 * and used with a keyboard.
 */
registerEcharts([PieChart, TooltipComponent, CanvasRenderer]);

type TOption = ComposeOption<PieSeriesOption | TooltipComponentOption>;


export interface TDoughnutPart {
  label: string;
  value: number;
  color: string;
}

export interface TDoughnutChartProps {
  parts: TDoughnutPart[];
  onOpen: () => void;
}

export default function DoughnutChart({ parts, onOpen }: TDoughnutChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const open = useRef(onOpen);
  open.current = onOpen;
  const theme = useTheme();

  useEffect(() => {
    const container = element.current;
    if (!container) return undefined;
    const instance = init(container, undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', () => open.current());
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => instance.resize(), REDRAW_DEBOUNCE_MS);
    });
    observer.observe(container);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const option: TOption = {
      animation: !prefersReducedMotion(),
      animationDuration: 300,
      tooltip: { trigger: 'item', formatter: '{b}: {c}' },
      series: [
        {
          type: 'pie',
          radius: [`${INNER_RADIUS * 90}%`, '90%'],
          avoidLabelOverlap: true,
          label: { show: false },
          labelLine: { show: false },
          cursor: 'pointer',
          showEmptyCircle: true,
          emptyCircleStyle: { color: theme.palette.action.disabledBackground },
          itemStyle: { borderColor: theme.palette.background.paper, borderWidth: 2 },
          data: parts.filter((part) => part.value > 0).map((part) => ({ name: part.label, value: part.value, itemStyle: { color: part.color } })),
        },
      ],
    };
    chart.current?.setOption(option, { notMerge: true });
  }, [parts, theme]);

  return <Box ref={element} data-chart="doughnut" aria-hidden sx={{ width: '100%', height: '100%', maxHeight: CHART_MAX_HEIGHT, cursor: 'pointer' }} />;
}
