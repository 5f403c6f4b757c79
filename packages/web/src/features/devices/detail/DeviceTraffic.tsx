import { DEFAULT_TIME_RANGE, TIME_RANGE_KEYS, TIME_RANGES, type TimeRange } from '@netloom/domain';
import { Empty, Flex, Segmented, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useDeviceTelemetry } from '../api';

const TrafficChart = lazy(() => import('./TrafficChart'));
const HEIGHT = 220;

/** Traffic section of the detail: range as a segmented control, the chart loaded with ECharts lazily. */
export function DeviceTraffic({ projectId, deviceId }: { projectId: number; deviceId: number }) {
  const [range, setRange] = useState<TimeRange>(DEFAULT_TIME_RANGE);
  const telemetry = useDeviceTelemetry(projectId, deviceId, range);
  const data = telemetry.data;
  const empty = data?.series.every((p) => p.txRate === 0 && p.rxRate === 0 && p.clients === null);
  return (
    <section>
      <Flex justify="space-between" align="center" className="nl-section-head">
        <Typography.Title level={5}>Traffic</Typography.Title>
        <Segmented<TimeRange>
          size="small"
          aria-label="Time range"
          value={range}
          onChange={setRange}
          options={TIME_RANGE_KEYS.map((k) => ({ value: k, label: TIME_RANGES[k].label }))}
        />
      </Flex>
      {telemetry.isError ? (
        <Typography.Text type="danger">{telemetry.error.message}</Typography.Text>
      ) : !data ? (
        <Skeleton.Node active style={{ width: '100%', height: HEIGHT }} />
      ) : empty || data.series.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No traffic reported in this period yet." />
      ) : (
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: HEIGHT }} />}>
          <TrafficChart data={data} height={HEIGHT} />
        </Suspense>
      )}
    </section>
  );
}
