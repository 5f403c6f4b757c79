import { InboxOutlined } from '@ant-design/icons';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense } from 'react';

// ECharts is large: it loads with the first chart, never with the console shell.
const EChart = lazy(() => import('./EChart'));

export const NO_DATA_TEXT = 'No data yet — devices report every 30 s';

export interface ChartBoxProps {
  /** What the chart shows, for screen readers ("WAN rate, last 24 h"). */
  label: string;
  option: EChartsCoreOption | null;
  /** How many points carry data; 0 shows the empty overlay. Exposed as `data-points` for tests. */
  points: number;
  height: number;
  testId: string;
  loading?: boolean;
  emptyText?: string;
}

/** A chart with its loading skeleton and its "no data yet" overlay. */
export function ChartBox({
  label,
  option,
  points,
  height,
  testId,
  loading,
  emptyText = NO_DATA_TEXT,
}: ChartBoxProps) {
  const skeleton = <div className="nl-chart-skeleton" style={{ height }} />;
  const empty = !loading && points === 0;
  return (
    <div
      className="nl-chart"
      role="img"
      aria-label={empty ? `${label}: ${emptyText}` : label}
      aria-busy={loading ? true : undefined}
      data-testid={testId}
      data-points={loading ? undefined : points}
      style={{ height }}
    >
      {loading || option === null ? (
        skeleton
      ) : (
        <Suspense fallback={skeleton}>
          <EChart option={option} height={height} />
        </Suspense>
      )}
      {empty ? (
        <div className="nl-chart-empty">
          <InboxOutlined aria-hidden />
          <span>{emptyText}</span>
        </div>
      ) : null}
    </div>
  );
}
