import type { ActivationStats } from '@netloom/domain';
import { useMemo } from 'react';
import { ChartCanvas, type ChartOption } from '../../components/charts/ChartCanvas';

const BAR = '#1677ff'; // the console palette's first colour

function chartOption(series: ActivationStats['series']): ChartOption {
  return {
    animationDuration: 300,
    grid: { left: 8, right: 16, top: 16, bottom: 4, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v) => `${typeof v === 'number' ? v.toLocaleString('en-US') : String(v)} activations`,
    },
    xAxis: {
      type: 'category',
      data: series.map((p) => p.label),
      axisTick: { show: false },
      axisLine: { lineStyle: { color: '#d9d9d9' } },
      axisLabel: { color: '#595959', hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      splitLine: { lineStyle: { color: '#f0f0f0' } },
      axisLabel: { color: '#8c8c8c' },
    },
    series: [
      {
        name: 'Activations',
        type: 'bar',
        barMaxWidth: 28,
        itemStyle: { color: BAR, borderRadius: [3, 3, 0, 0] },
        data: series.map((p) => p.count),
      },
    ],
  };
}

/** Activations per day, week or month (lazily loaded: ECharts comes with the first chart). */
export default function ActivationChart({
  series,
  height,
}: {
  series: ActivationStats['series'];
  height: number;
}) {
  const option = useMemo(() => chartOption(series), [series]);
  return (
    <ChartCanvas option={option} height={height} label="Activations over time" testId="activation-chart" />
  );
}
