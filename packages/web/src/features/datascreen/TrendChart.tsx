import { formatRate } from '@netloom/domain';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, graphic, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useEChart } from '../../components/charts/useEChart';

use([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

interface Point {
  t: number;
  clients: number | null;
  txRate: number;
  rxRate: number;
}

const AXIS = { color: 'rgba(180, 205, 255, 0.55)', fontSize: 11 };
const SPLIT = { lineStyle: { color: 'rgba(120, 160, 255, 0.08)' } };

function area(color: string) {
  return new graphic.LinearGradient(0, 0, 0, 1, [
    { offset: 0, color: `${color}66` },
    { offset: 1, color: `${color}00` },
  ]);
}

function hour(t: number): string {
  return new Date(t).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}

/** The data screen's 24-hour trend: clients, or Internet traffic up and down (dark theme). */
export function TrendChart({ points, kind }: { points: readonly Point[]; kind: 'clients' | 'traffic' }) {
  const option = useMemo<EChartsCoreOption>(() => {
    const x = points.map((p) => hour(p.t));
    const series =
      kind === 'clients'
        ? [
            {
              name: 'Clients',
              type: 'line',
              smooth: true,
              showSymbol: false,
              data: points.map((p) => (p.clients === null ? null : Math.round(p.clients))),
              lineStyle: { width: 2, color: '#3ee0ff' },
              itemStyle: { color: '#3ee0ff' },
              areaStyle: { color: area('#3ee0ff') },
            },
          ]
        : [
            {
              name: 'Download',
              type: 'line',
              smooth: true,
              showSymbol: false,
              data: points.map((p) => p.rxRate),
              lineStyle: { width: 2, color: '#7c6cff' },
              itemStyle: { color: '#7c6cff' },
              areaStyle: { color: area('#7c6cff') },
            },
            {
              name: 'Upload',
              type: 'line',
              smooth: true,
              showSymbol: false,
              data: points.map((p) => p.txRate),
              lineStyle: { width: 2, color: '#2ee59d' },
              itemStyle: { color: '#2ee59d' },
              areaStyle: { color: area('#2ee59d') },
            },
          ];
    return {
      animationDuration: 400,
      grid: { left: 8, right: 12, top: 14, bottom: 4, containLabel: true },
      tooltip: {
        trigger: 'axis',
        backgroundColor: 'rgba(8, 18, 40, 0.92)',
        borderColor: 'rgba(90, 150, 255, 0.4)',
        textStyle: { color: '#e6f0ff' },
        valueFormatter: (v: unknown) =>
          typeof v === 'number' ? (kind === 'clients' ? String(v) : formatRate(v, 1)) : '–',
      },
      xAxis: {
        type: 'category',
        data: x,
        boundaryGap: false,
        axisLabel: { ...AXIS, interval: 5 },
        axisLine: { lineStyle: { color: 'rgba(120, 160, 255, 0.2)' } },
        axisTick: { show: false },
      },
      yAxis: {
        type: 'value',
        minInterval: 1,
        axisLabel: {
          ...AXIS,
          formatter: (v: number) => (kind === 'clients' ? String(v) : formatRate(v, 0).replace('/s', '')),
        },
        splitLine: SPLIT,
      },
      series,
    };
  }, [points, kind]);
  const ref = useEChart(option, true);
  return <div ref={ref} className="nl-ds-chart" data-testid={`trend-${kind}`} />;
}
