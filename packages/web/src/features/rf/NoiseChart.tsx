import type { RfRun } from '@netloom/domain';
import type { BarSeriesOption } from 'echarts/charts';
import { useMemo } from 'react';
import { CHART_LEGEND, ChartCanvas, type ChartOption } from '../../components/charts/ChartCanvas';
import { noiseChartData } from './noiseChartData';
import { formatDbm } from './rfModel';

/** Negative numbers with a typographic minus, as in the tables. */
const minus = (n: number) => `${n}`.replace('-', '−');

const BEFORE = '#bfbfbf';
const AFTER = '#1677ff';

function chartOption(run: RfRun): ChartOption {
  const d = noiseChartData(run);
  const bar = (name: string, color: string, values: number[]): BarSeriesOption => ({
    name,
    type: 'bar',
    barMaxWidth: 22,
    barGap: '20%',
    itemStyle: { color, borderRadius: [3, 3, 0, 0] },
    // Bars grow up from the bottom of the scale; the axis and labels read in dBm.
    data: values.map((v) => v - d.baseline),
    label: {
      show: true,
      position: 'top',
      color: '#595959',
      fontSize: 11,
      formatter: (p) => minus(Math.round(Number(p.value) + d.baseline)),
    },
  });
  return {
    animationDuration: 400,
    grid: { left: 8, right: 8, top: 36, bottom: 4, containLabel: true },
    legend: { ...CHART_LEGEND, right: 0 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v) => formatDbm(Number(v) + d.baseline),
    },
    xAxis: {
      type: 'category',
      data: d.labels,
      axisTick: { show: false },
      axisLine: { lineStyle: { color: '#d9d9d9' } },
      axisLabel: { color: '#595959' },
    },
    yAxis: {
      type: 'value',
      min: 0,
      max: d.top - d.baseline,
      interval: 10,
      name: 'dBm',
      nameTextStyle: { color: '#8c8c8c', align: 'left' },
      nameGap: 12,
      axisLabel: { color: '#8c8c8c', formatter: (v: number) => minus(v + d.baseline) },
      splitLine: { lineStyle: { color: '#f0f0f0' } },
    },
    series: [bar('Before', BEFORE, d.before), bar('After', AFTER, d.after)],
  };
}

/** Before/after bars of the three noise figures of one run. Loaded lazily with ECharts. */
export default function NoiseChart({ run, height = 220 }: { run: RfRun; height?: number }) {
  const option = useMemo(() => chartOption(run), [run]);
  return (
    <ChartCanvas option={option} height={height} label="Noise before and after the latest optimisation" />
  );
}
