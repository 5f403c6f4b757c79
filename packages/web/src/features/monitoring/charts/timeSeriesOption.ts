import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { escapeHtml, tooltipRow } from './html';
import { AXIS_COLOURS } from './palette';
import { axisScale, type ChartUnit, formatValue } from './units';

export type TimeSeriesChartOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

export interface TimeSeriesLine {
  name: string;
  colour: string;
  /** One value per bucket (same length as `times`); null where nothing was sampled. */
  values: (number | null)[];
  area?: boolean;
  dashed?: boolean;
}

export interface TimeSeriesSpec {
  /** Bucket starts, epoch ms, oldest first. */
  times: number[];
  bucketMs: number;
  unit: ChartUnit;
  lines: TimeSeriesLine[];
  /** Axis name for counts, e.g. "clients". */
  countName?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Bucket label of a tooltip: "Nov 21, 14:35" (and "– 15:00" for an hourly bucket). */
export function bucketLabel(t: number, bucketMs: number): string {
  const d = new Date(t);
  const e = new Date(t + bucketMs);
  const day = `${MONTHS[d.getMonth()]} ${d.getDate()}`;
  return `${day}, ${pad(d.getHours())}:${pad(d.getMinutes())}–${pad(e.getHours())}:${pad(e.getMinutes())}`;
}

/** Number of points that carry a sampled value in any line (0 → the chart shows its empty state). */
export function sampledPoints(lines: readonly { values: readonly (number | null)[] }[]): number {
  const n = Math.max(0, ...lines.map((l) => l.values.length));
  let count = 0;
  for (let i = 0; i < n; i++)
    if (lines.some((l) => l.values[i] !== null && l.values[i] !== undefined)) count++;
  return count;
}

/** A line chart over time buckets: axis in a 1024-stepped unit, tooltips with exact values. */
export function timeSeriesOption(spec: TimeSeriesSpec): TimeSeriesChartOption {
  const max = Math.max(0, ...spec.lines.flatMap((l) => l.values.map((v) => v ?? 0)));
  const scale = axisScale(spec.unit, max);
  const name = spec.unit === 'count' ? (spec.countName ?? '') : scale.name;
  const series: LineSeriesOption[] = spec.lines.map((l) => ({
    type: 'line',
    name: l.name,
    // With only a point or two there is no line to see: show them as dots.
    showSymbol: l.values.filter((v) => v !== null && v !== undefined).length < 3,
    symbol: 'circle',
    symbolSize: 5,
    smooth: 0.25,
    connectNulls: false,
    lineStyle: { width: 2, color: l.colour, type: l.dashed ? 'dashed' : 'solid' },
    itemStyle: { color: l.colour },
    areaStyle: l.area ? { color: l.colour, opacity: 0.08 } : undefined,
    emphasis: { disabled: true },
    data: spec.times.map((t, i) => {
      const v = l.values[i];
      return [t, v === null || v === undefined ? null : v / scale.divisor];
    }),
  }));
  return {
    animationDuration: 300,
    animationDurationUpdate: 300,
    grid: { left: 8, right: 16, top: 40, bottom: 4, containLabel: true },
    legend: {
      top: 0,
      right: 0,
      icon: 'roundRect',
      itemWidth: 12,
      itemHeight: 4,
      textStyle: { color: AXIS_COLOURS.label },
    },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'line', lineStyle: { color: AXIS_COLOURS.line } },
      formatter: (params) => {
        const list = Array.isArray(params) ? params : [params];
        const index = list[0]?.dataIndex ?? 0;
        const t = spec.times[index] ?? 0;
        const rows = spec.lines.map((l) =>
          tooltipRow(l.colour, l.name, formatValue(spec.unit, l.values[index])),
        );
        return `<div class="nl-chart-tip"><b>${escapeHtml(bucketLabel(t, spec.bucketMs))}</b>${rows.join('')}</div>`;
      },
    },
    xAxis: {
      type: 'time',
      min: spec.times[0],
      max: spec.times.at(-1),
      axisLine: { lineStyle: { color: AXIS_COLOURS.line } },
      axisTick: { show: false },
      splitLine: { show: false },
      axisLabel: {
        color: AXIS_COLOURS.label,
        hideOverlap: true,
        // Day boundaries read "Nov 21" rather than a bare "21".
        formatter: {
          year: '{yyyy}',
          month: '{MMM}',
          day: '{MMM} {d}',
          hour: '{HH}:{mm}',
          minute: '{HH}:{mm}',
        },
      },
    },
    yAxis: {
      type: 'value',
      name,
      nameTextStyle: { color: AXIS_COLOURS.label, align: 'left', padding: [0, 0, 0, -4] },
      min: 0,
      minInterval: spec.unit === 'count' ? 1 : undefined,
      splitNumber: 4,
      axisLabel: { color: AXIS_COLOURS.label },
      splitLine: { lineStyle: { color: AXIS_COLOURS.split } },
    },
    series,
  };
}
