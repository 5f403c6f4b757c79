import { SCENARIO_LABELS } from '@netloom/domain';
import type { BarSeriesOption } from 'echarts/charts';
import { useMemo } from 'react';
import { CHART_LEGEND, ChartCanvas, type ChartOption } from '../../components/charts/ChartCanvas';
import type { ScenarioCount } from './scenarioCounts';

function chartOption(counts: ScenarioCount[]): ChartOption {
  // Largest at the top: ECharts draws category axes bottom-up.
  const rows = [...counts].sort((a, b) => a.wlan + a.mesh - (b.wlan + b.mesh));
  const bar = (name: string, color: string, data: number[]): BarSeriesOption => ({
    name,
    type: 'bar',
    stack: 'projects',
    barMaxWidth: 14,
    itemStyle: { color },
    emphasis: { focus: 'series' },
    data,
  });
  return {
    animationDuration: 400,
    grid: { left: 8, right: 24, top: 36, bottom: 4, containLabel: true },
    legend: { ...CHART_LEGEND, left: 0 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: '#f0f0f0' } } },
    yAxis: {
      type: 'category',
      data: rows.map((r) => SCENARIO_LABELS[r.scenario]),
      axisTick: { show: false },
      axisLine: { lineStyle: { color: '#d9d9d9' } },
      axisLabel: { color: '#595959' },
    },
    series: [
      bar(
        'Traditional WLAN',
        '#1677ff',
        rows.map((r) => r.wlan),
      ),
      bar(
        'Mesh WLAN',
        '#722ed1',
        rows.map((r) => r.mesh),
      ),
    ],
  };
}

/** Horizontal stacked bars: projects per scenario, split by network mode. Loaded lazily with ECharts. */
export default function ScenarioChart({ counts, height }: { counts: ScenarioCount[]; height: number }) {
  const option = useMemo(() => chartOption(counts), [counts]);
  return <ChartCanvas option={option} height={height} label="Projects by scenario" />;
}
