import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEChart } from '../../../components/charts/useEChart';

// Only the pieces the monitoring charts use, so this lazy chunk stays small.
use([LineChart, BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface EChartProps {
  option: EChartsCoreOption;
  height: number;
}

/**
 * One ECharts canvas (loaded lazily with ECharts itself). New options merge into the chart, so a
 * live refresh moves the lines in place instead of redrawing from scratch.
 */
export default function EChart({ option, height }: EChartProps) {
  const element = useEChart(option);

  return <div ref={element} style={{ height, width: '100%' }} />;
}
