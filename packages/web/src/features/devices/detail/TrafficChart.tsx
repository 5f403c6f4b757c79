import { type DeviceTelemetry, formatRate } from '@netloom/domain';
import type { LineSeriesOption } from 'echarts/charts';
import { useMemo } from 'react';
import { ChartCanvas, type ChartOption } from '../../../components/charts/ChartCanvas';

// The console palette (same blue/purple as the overview charts).
const UPLOAD = '#1677ff';
const DOWNLOAD = '#722ed1';

function timeLabel(t: number, long: boolean): string {
  const d = new Date(t);
  const hm = d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return long ? `${d.toLocaleDateString([], { month: 'short', day: 'numeric' })} ${hm}` : hm;
}

function option(data: DeviceTelemetry): ChartOption {
  const long =
    data.series.length > 1 && (data.series.at(-1)?.t ?? 0) - (data.series[0]?.t ?? 0) > 26 * 3600_000;
  const line = (name: string, color: string, values: [number, number][]): LineSeriesOption => ({
    name,
    type: 'line',
    showSymbol: false,
    smooth: true,
    lineStyle: { width: 2, color },
    itemStyle: { color },
    areaStyle: { color, opacity: 0.08 },
    data: values,
  });
  return {
    animationDuration: 300,
    grid: { left: 8, right: 16, top: 32, bottom: 4, containLabel: true },
    legend: { top: 0, left: 0, icon: 'roundRect', itemWidth: 12, itemHeight: 8 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v) => (typeof v === 'number' ? formatRate(v) : '—'),
    },
    xAxis: {
      type: 'time',
      axisLabel: { color: '#8c8c8c', formatter: (v: number) => timeLabel(v, long), hideOverlap: true },
      axisLine: { lineStyle: { color: '#d9d9d9' } },
    },
    yAxis: {
      type: 'value',
      axisLabel: { color: '#8c8c8c', formatter: (v: number) => formatRate(v, 0) },
      splitLine: { lineStyle: { color: '#f0f0f0' } },
    },
    series: [
      line(
        'Upload',
        UPLOAD,
        data.series.map((p) => [p.t, p.txRate]),
      ),
      line(
        'Download',
        DOWNLOAD,
        data.series.map((p) => [p.t, p.rxRate]),
      ),
    ],
  };
}

/** One device's upload/download over the chosen range (rates step by 1024). Loaded lazily. */
export default function TrafficChart({ data, height }: { data: DeviceTelemetry; height: number }) {
  const chartOption = useMemo(() => option(data), [data]);
  return (
    <ChartCanvas
      option={chartOption}
      height={height}
      label="Upload and download rate over time"
      testId="device-traffic-chart"
    />
  );
}
