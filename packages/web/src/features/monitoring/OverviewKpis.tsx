import {
  AlertOutlined,
  ArrowDownOutlined,
  ArrowUpOutlined,
  CloudServerOutlined,
  SwapOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { formatRate, ONE_HOUR_MS, type ProjectOverview } from '@netloom/domain';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { type Kpi, KpiRow, OutOf } from '../../components/KpiCard';
import { MENU_PAGES } from '../../navigation/paths';
import { ChartBox } from './charts/ChartBox';
import { CHART_COLOURS } from './charts/palette';
import { sparklineOption } from './charts/sparklineOption';
import { sampledPoints } from './charts/timeSeriesOption';
import { shortTypeLabel } from './labels';

const SPARK_HEIGHT = 40;
/** Four cards a row on wide screens, two on tablets, one on phones. */
const QUARTER = { xs: 24, sm: 12, xl: 6 };

function Rate({ up, value }: { up: boolean; value: number }) {
  return (
    <span className="nl-kpi-rate">
      {up ? (
        <ArrowUpOutlined aria-hidden style={{ color: CHART_COLOURS.upload }} />
      ) : (
        <ArrowDownOutlined aria-hidden style={{ color: CHART_COLOURS.download }} />
      )}
      <span className="nl-visually-hidden">{up ? 'Upload' : 'Download'}</span>
      {formatRate(value, 1)}
    </span>
  );
}

/** The KPI row of the network status page: devices, clients, traffic and alarms, with 24 h trends. */
export function OverviewKpis({ data, loading }: { data: ProjectOverview | undefined; loading: boolean }) {
  const trend = data?.trend ?? [];
  const times = useMemo(() => trend.map((p) => p.t), [trend]);
  const clientsLine = useMemo(
    () => [{ name: 'Clients', colour: CHART_COLOURS.clients, values: trend.map((p) => p.clients) }],
    [trend],
  );
  // A bucket without client samples had no reports at all: its rates are gaps, not zeros.
  const trafficLines = useMemo(
    () => [
      {
        name: 'Upload',
        colour: CHART_COLOURS.upload,
        values: trend.map((p) => (p.clients === null ? null : p.txRate)),
      },
      {
        name: 'Download',
        colour: CHART_COLOURS.download,
        values: trend.map((p) => (p.clients === null ? null : p.rxRate)),
      },
    ],
    [trend],
  );
  const clientsSpark = useMemo(
    () => sparklineOption(times, ONE_HOUR_MS, 'count', clientsLine),
    [times, clientsLine],
  );
  const trafficSpark = useMemo(
    () => sparklineOption(times, ONE_HOUR_MS, 'rate', trafficLines),
    [times, trafficLines],
  );
  const types = [...(data?.devices ?? [])].sort((a, b) => b.total - a.total);

  const kpis: Kpi[] = [
    {
      key: 'devices',
      title: 'Devices online',
      icon: <CloudServerOutlined />,
      value: (
        <span data-testid="kpi-devices">
          <OutOf value={data?.onlineDevices ?? 0} total={data?.totalDevices ?? 0} />
        </span>
      ),
      footer:
        types.length === 0 ? (
          'No devices added yet'
        ) : (
          <span className="nl-kpi-types">
            {types.map((t) => (
              <span key={t.type} className="nl-kpi-type">
                <b>{shortTypeLabel(t.type)}</b> {t.online}/{t.total}
              </span>
            ))}
          </span>
        ),
    },
    {
      key: 'clients',
      title: 'Clients now',
      icon: <TeamOutlined />,
      value: <span data-testid="kpi-clients">{data?.clients ?? 0}</span>,
      footer: (
        <Sparkline
          label="Clients, last 24 hours"
          option={clientsSpark}
          lines={clientsLine}
          testId="spark-clients"
        />
      ),
    },
    {
      key: 'traffic',
      title: 'Internet traffic now',
      icon: <SwapOutlined />,
      value: (
        <span className="nl-kpi-rates">
          <Rate up value={data?.traffic.txRate ?? 0} />
          <Rate up={false} value={data?.traffic.rxRate ?? 0} />
        </span>
      ),
      footer: (
        <Sparkline
          label="Internet traffic, last 24 hours"
          option={trafficSpark}
          lines={trafficLines}
          testId="spark-traffic"
        />
      ),
    },
    {
      key: 'alarms',
      title: 'Unread alarms',
      icon: <AlertOutlined />,
      value: <span data-testid="kpi-alarms">{data?.alarmsUnread ?? 0}</span>,
      footer:
        data && data.alarmsUnread > 0 ? (
          <Link to={MENU_PAGES.alarms}>Review alarms</Link>
        ) : (
          'Nothing needs your attention'
        ),
    },
  ];
  return <KpiRow kpis={kpis} loading={loading} column={QUARTER} testId="overview-kpis" />;
}

interface SparklineProps {
  label: string;
  option: EChartsCoreOption;
  lines: Parameters<typeof sampledPoints>[0];
  testId: string;
}

/** A 24-hour trend under a figure. */
function Sparkline({ label, option, lines, testId }: SparklineProps) {
  return (
    <ChartBox
      label={label}
      option={option}
      points={sampledPoints(lines)}
      height={SPARK_HEIGHT}
      testId={testId}
      emptyText="Trend appears after the first reports"
    />
  );
}
