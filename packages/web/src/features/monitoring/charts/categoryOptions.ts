import type { Share } from '@netloom/domain';
import type { BarSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { escapeHtml, tooltipRow } from './html';
import { AXIS_COLOURS, CATEGORY_PALETTE } from './palette';
import { axisScale, type ChartUnit, formatValue } from './units';

export type CategoryChartOption = ComposeOption<
  PieSeriesOption | BarSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/** Slices beyond this many are summed into "Other", so a donut stays readable. */
export const MAX_SLICES = 8;

/** The largest shares, the rest summed as "Other" (already sorted largest first by the server). */
export function topShares(shares: readonly Share[], max = MAX_SLICES): Share[] {
  const sorted = [...shares].sort((a, b) => b.count - a.count);
  if (sorted.length <= max) return sorted;
  const rest = sorted.slice(max - 1).reduce((n, s) => n + s.count, 0);
  return [...sorted.slice(0, max - 1), { name: 'Other', count: rest }];
}

/** A donut of shares with the legend on the right; tooltips give count and percent. */
export function donutOption(shares: readonly Share[], what: string): CategoryChartOption {
  const data = topShares(shares);
  const total = data.reduce((n, s) => n + s.count, 0);
  return {
    animationDuration: 300,
    color: [...CATEGORY_PALETTE],
    tooltip: {
      trigger: 'item',
      formatter: (p) => {
        const item = Array.isArray(p) ? p[0] : p;
        const count = typeof item?.value === 'number' ? item.value : 0;
        const pct = total > 0 ? Math.round((count / total) * 1000) / 10 : 0;
        const colour = typeof item?.color === 'string' ? item.color : CATEGORY_PALETTE[0];
        return tooltipRow(colour, item?.name ?? '', `${count} ${what} · ${pct}%`);
      },
    },
    legend: {
      type: 'scroll',
      orient: 'vertical',
      left: '58%',
      right: 0,
      top: 'middle',
      icon: 'circle',
      itemWidth: 8,
      itemHeight: 8,
      textStyle: { color: AXIS_COLOURS.label, width: 170, overflow: 'truncate' },
      formatter: (name) => {
        const s = data.find((d) => d.name === name);
        return s ? `${name}  ${s.count}` : name;
      },
    },
    series: [
      {
        type: 'pie',
        radius: ['46%', '70%'],
        center: ['29%', '50%'],
        avoidLabelOverlap: true,
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        label: { show: false },
        emphasis: { label: { show: false }, scale: true, scaleSize: 4 },
        data: data.map((s) => ({ name: s.name, value: s.count })),
      },
    ],
  };
}

export interface BarSpec {
  /** Category labels, top bar first. */
  categories: string[];
  unit: ChartUnit;
  /** Axis name of counts, e.g. "clients". */
  countName?: string;
  bars: { name: string; colour: string; values: number[]; stack?: string }[];
  horizontal?: boolean;
  /** Extra tooltip line per category (e.g. a MAC address). */
  detail?: (index: number) => string | null;
}

/** Bars per category (horizontal by default, the first category on top), tooltips exact. */
export function barOption(spec: BarSpec): CategoryChartOption {
  const horizontal = spec.horizontal ?? true;
  const stacked = spec.bars.some((b) => b.stack);
  const max = Math.max(
    0,
    ...spec.categories.map((_, i) =>
      stacked
        ? spec.bars.reduce((n, b) => n + (b.values[i] ?? 0), 0)
        : Math.max(0, ...spec.bars.map((b) => b.values[i] ?? 0)),
    ),
  );
  const scale = axisScale(spec.unit, max);
  // ECharts draws category axes bottom-up: reverse so the first category is the top bar.
  const order = horizontal ? [...spec.categories.keys()].reverse() : [...spec.categories.keys()];
  const valueAxis = {
    type: 'value' as const,
    name: spec.unit === 'count' ? (spec.countName ?? '') : scale.name,
    nameTextStyle: { color: AXIS_COLOURS.label },
    minInterval: spec.unit === 'count' ? 1 : undefined,
    splitNumber: 4,
    axisLabel: { color: AXIS_COLOURS.label },
    splitLine: { lineStyle: { color: AXIS_COLOURS.split } },
  };
  const categoryAxis = {
    type: 'category' as const,
    data: order.map((i) => spec.categories[i] ?? ''),
    axisTick: { show: false },
    axisLine: { lineStyle: { color: AXIS_COLOURS.line } },
    axisLabel: { color: AXIS_COLOURS.label, width: 120, overflow: 'truncate' as const, hideOverlap: true },
  };
  return {
    animationDuration: 300,
    // Room on top for the legend, on the right for the value axis name of horizontal bars.
    grid: {
      left: 8,
      right: horizontal ? 56 : 24,
      top: spec.bars.length > 1 || !horizontal ? 36 : 12,
      bottom: 4,
      containLabel: true,
    },
    legend:
      spec.bars.length > 1
        ? {
            top: 0,
            right: 0,
            icon: 'roundRect',
            itemWidth: 12,
            itemHeight: 8,
            textStyle: { color: AXIS_COLOURS.label },
          }
        : undefined,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params) => {
        const list = Array.isArray(params) ? params : [params];
        const index = order[list[0]?.dataIndex ?? 0] ?? 0;
        const rows = spec.bars.map((b) =>
          tooltipRow(b.colour, b.name, formatValue(spec.unit, b.values[index])),
        );
        const detail = spec.detail?.(index);
        return `<div class="nl-chart-tip"><b>${escapeHtml(spec.categories[index] ?? '')}</b>${
          detail ? `<div class="nl-chart-tip-detail">${escapeHtml(detail)}</div>` : ''
        }${rows.join('')}</div>`;
      },
    },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: spec.bars.map((b) => ({
      type: 'bar',
      name: b.name,
      stack: b.stack,
      barMaxWidth: horizontal ? 14 : 28,
      itemStyle: { color: b.colour, borderRadius: stacked ? 0 : horizontal ? [0, 3, 3, 0] : [3, 3, 0, 0] },
      emphasis: { focus: 'series' },
      data: order.map((i) => (b.values[i] ?? 0) / scale.divisor),
    })),
  };
}
