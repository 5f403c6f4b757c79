import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import { BarChart, LineChart } from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEChart } from './useEChart';

// The pieces the console's line and bar charts use, registered once. Only lazily loaded chart
// modules import this file, so ECharts never lands in a page's first chunk.
use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The option of a line or bar chart with grid, legend and tooltip. */
export type ChartOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/** The legend the console's charts share: small rounded keys in a quiet grey, at the top. */
export const CHART_LEGEND = {
  top: 0,
  icon: 'roundRect',
  itemWidth: 12,
  itemHeight: 8,
  textStyle: { color: '#595959' },
} as const;

interface ChartCanvasProps {
  option: ChartOption;
  height: number;
  /** What the chart shows, for screen readers. */
  label: string;
  testId?: string;
}

/** One chart drawn from `option` (each new option replaces the last), as wide as its container. */
export function ChartCanvas({ option, height, label, testId }: ChartCanvasProps) {
  const element = useEChart(option, true);
  return (
    <div ref={element} style={{ height, width: '100%' }} role="img" aria-label={label} data-testid={testId} />
  );
}
