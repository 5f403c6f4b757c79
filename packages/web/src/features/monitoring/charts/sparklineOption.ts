import type { LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { escapeHtml, tooltipRow } from './html';
import { bucketLabel } from './timeSeriesOption';
import { type ChartUnit, formatValue } from './units';

export type SparklineOption = ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption>;

export interface SparkLine {
  name: string;
  colour: string;
  values: (number | null)[];
}

/** A KPI card's trend line: no axes, a soft area, a tooltip with the exact bucket value. */
export function sparklineOption(
  times: number[],
  bucketMs: number,
  unit: ChartUnit,
  lines: SparkLine[],
): SparklineOption {
  return {
    animation: false,
    // Room for the end dots: a lone point at the edge would otherwise be cut in half.
    grid: { left: 4, right: 6, top: 6, bottom: 4 },
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: 'none' },
      formatter: (params) => {
        const list = Array.isArray(params) ? params : [params];
        const i = list[0]?.dataIndex ?? 0;
        const rows = lines.map((l) => tooltipRow(l.colour, l.name, formatValue(unit, l.values[i])));
        return `<div class="nl-chart-tip"><b>${escapeHtml(bucketLabel(times[i] ?? 0, bucketMs))}</b>${rows.join('')}</div>`;
      },
    },
    xAxis: { type: 'category', show: false, boundaryGap: false, data: times.map(String) },
    yAxis: { type: 'value', show: false, min: 0 },
    series: lines.map((l) => ({
      type: 'line',
      name: l.name,
      data: l.values,
      // A young project has one or two sampled hours: show them as dots rather than nothing.
      showSymbol: l.values.filter((v) => v !== null).length < 3,
      symbolSize: 4,
      smooth: 0.3,
      connectNulls: true,
      lineStyle: { width: 1.5, color: l.colour },
      itemStyle: { color: l.colour },
      areaStyle: { color: l.colour, opacity: 0.1 },
    })),
  };
}
