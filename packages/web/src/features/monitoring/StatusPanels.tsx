import { DISPLAY_STATUSES, formatBytes, formatRate, type NetworkStatus, TIME_RANGES } from '@netloom/domain';
import { Card, Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { DisplayStatusTag as StatusTag } from '../../components/StatusTag';
import { ChartBox } from './charts/ChartBox';
import { CATEGORY_PALETTE, CHART_COLOURS } from './charts/palette';
import { sampledPoints, type TimeSeriesLine, timeSeriesOption } from './charts/timeSeriesOption';
import type { ChartUnit } from './charts/units';

const ONLINE = DISPLAY_STATUSES.online;
const OFFLINE = DISPLAY_STATUSES.offline;

const CHART_HEIGHT = 240;

function Stat({ label, value, unit }: { label: string; value: ReactNode; unit?: string }) {
  return (
    <div>
      <span className="nl-stat-label">{label}</span>
      <span className="nl-stat-value">
        {value}
        {unit ? <small>{unit}</small> : null}
      </span>
    </div>
  );
}

function OnlineCount({ online, total, noun }: { online: number; total: number; noun: string }) {
  if (total === 0) return <StatusTag status={OFFLINE} label={`No ${noun}`} />;
  return <StatusTag status={online > 0 ? ONLINE : OFFLINE} label={`${online} / ${total} online`} />;
}

interface PanelProps {
  title: string;
  testId: string;
  extra: ReactNode;
  stats: ReactNode;
  chartLabel: string;
  times: number[];
  bucketMs: number;
  unit: ChartUnit;
  countName?: string;
  lines: TimeSeriesLine[];
  loading: boolean;
}

function Panel(p: PanelProps) {
  const option = useMemo(
    () =>
      timeSeriesOption({
        times: p.times,
        bucketMs: p.bucketMs,
        unit: p.unit,
        countName: p.countName,
        lines: p.lines,
      }),
    [p.times, p.bucketMs, p.unit, p.countName, p.lines],
  );
  return (
    <Card title={p.title} extra={p.extra} className="nl-panel-card" data-testid={p.testId}>
      <div className="nl-panel-stats">{p.stats}</div>
      <ChartBox
        label={p.chartLabel}
        option={option}
        points={sampledPoints(p.lines)}
        height={CHART_HEIGHT}
        testId={`${p.testId}-chart`}
        loading={p.loading}
      />
    </Card>
  );
}

/** The Internet, Switch, AP and Client panels of the network status page (§2). */
export function StatusPanels({ data, loading }: { data: NetworkStatus | undefined; loading: boolean }) {
  const rangeLabel = data ? TIME_RANGES[data.range].label : '';
  const bucketMs = data?.bucketMs ?? 300_000;
  const bucketSeconds = bucketMs / 1000;

  const series = useMemo(() => {
    const internet = data?.internet.series ?? [];
    const switches = data?.switch.series ?? [];
    const aps = data?.ap.series ?? [];
    const clients = data?.client.series ?? [];
    // A bucket nobody reported in is a gap, not a zero: only sampled buckets draw.
    return {
      internetTimes: internet.map((p) => p.t),
      internet: [
        {
          name: 'Upload',
          colour: CHART_COLOURS.upload,
          area: true,
          values: internet.map((p) => (p.online === null ? null : p.txRate)),
        },
        {
          name: 'Download',
          colour: CHART_COLOURS.download,
          area: true,
          values: internet.map((p) => (p.online === null ? null : p.rxRate)),
        },
      ],
      switchTimes: switches.map((p) => p.t),
      switch: [
        {
          name: 'Transmitted',
          colour: CHART_COLOURS.upload,
          area: true,
          values: switches.map((p) => (p.online === null ? null : p.txBytes / bucketSeconds)),
        },
        {
          name: 'Received',
          colour: CHART_COLOURS.download,
          area: true,
          values: switches.map((p) => (p.online === null ? null : p.rxBytes / bucketSeconds)),
        },
      ],
      apTimes: aps.map((p) => p.t),
      ap: [
        {
          name: 'Clients on APs',
          colour: CHART_COLOURS.clients,
          area: true,
          values: aps.map((p) => p.clients),
        },
      ],
      clientTimes: clients.map((p) => p.t),
      client: [
        {
          name: 'Clients (average)',
          colour: CHART_COLOURS.clients,
          area: true,
          values: clients.map((p) => p.clients),
        },
        {
          name: 'Clients (peak)',
          colour: CHART_COLOURS.clientsPeak,
          dashed: true,
          values: clients.map((p) => (p.clients === null ? null : p.clientsMax)),
        },
      ],
      switchTotals: switches.reduce((n, p) => ({ tx: n.tx + p.txBytes, rx: n.rx + p.rxBytes }), {
        tx: 0,
        rx: 0,
      }),
    };
  }, [data, bucketSeconds]);

  const internet = data?.internet;
  const client = data?.client;
  const wiredShare = client && client.total > 0 ? (client.wired / client.total) * 100 : 0;

  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Col xs={24} xl={12}>
        <Panel
          title="Internet"
          testId="panel-internet"
          extra={
            internet?.online === null || !internet ? (
              <StatusTag status={OFFLINE} label="No gateway" />
            ) : (
              <StatusTag status={internet.online ? ONLINE : OFFLINE} />
            )
          }
          stats={
            <>
              <Stat label="Upload now" value={formatRate(internet?.txRate ?? 0, 1)} />
              <Stat label="Download now" value={formatRate(internet?.rxRate ?? 0, 1)} />
              <Stat
                label="Gateways online"
                value={internet?.onlineDevices ?? 0}
                unit={`/ ${internet?.totalDevices ?? 0}`}
              />
            </>
          }
          chartLabel={`WAN upload and download rate, last ${rangeLabel}`}
          times={series.internetTimes}
          bucketMs={bucketMs}
          unit="rate"
          lines={series.internet}
          loading={loading}
        />
      </Col>
      <Col xs={24} xl={12}>
        <Panel
          title="Switch"
          testId="panel-switch"
          extra={
            <OnlineCount online={data?.switch.online ?? 0} total={data?.switch.total ?? 0} noun="switches" />
          }
          stats={
            <>
              <Stat
                label="Switches online"
                value={data?.switch.online ?? 0}
                unit={`/ ${data?.switch.total ?? 0}`}
              />
              <Stat label={`Transmitted, ${rangeLabel}`} value={formatBytes(series.switchTotals.tx, 1)} />
              <Stat label={`Received, ${rangeLabel}`} value={formatBytes(series.switchTotals.rx, 1)} />
            </>
          }
          chartLabel={`Switch traffic rate, last ${rangeLabel}`}
          times={series.switchTimes}
          bucketMs={bucketMs}
          unit="rate"
          lines={series.switch}
          loading={loading}
        />
      </Col>
      <Col xs={24} xl={12}>
        <Panel
          title="AP"
          testId="panel-ap"
          extra={<OnlineCount online={data?.ap.online ?? 0} total={data?.ap.total ?? 0} noun="APs" />}
          stats={
            <>
              <Stat label="APs online" value={data?.ap.online ?? 0} unit={`/ ${data?.ap.total ?? 0}`} />
              <Stat
                label="Clients by band"
                value={
                  <span className="nl-band-list">
                    {(data?.ap.bands.length
                      ? data.ap.bands
                      : [
                          { band: '2.4G', clients: 0 },
                          { band: '5G', clients: 0 },
                        ]
                    ).map((b) => (
                      <span key={b.band}>
                        {b.clients}
                        <small>{b.band}</small>
                      </span>
                    ))}
                  </span>
                }
              />
            </>
          }
          chartLabel={`Clients on access points, last ${rangeLabel}`}
          times={series.apTimes}
          bucketMs={bucketMs}
          unit="count"
          countName="clients"
          lines={series.ap}
          loading={loading}
        />
      </Col>
      <Col xs={24} xl={12}>
        <Panel
          title="Client"
          testId="panel-client"
          extra={<span className="nl-stat-label">{client?.total ?? 0} online now</span>}
          stats={
            <>
              <Stat label="Clients now" value={client?.total ?? 0} />
              <div style={{ gridColumn: 'span 2' }}>
                <span className="nl-stat-label">
                  <span className="nl-legend-dot" style={{ background: CATEGORY_PALETTE[3] }} />
                  Wired {client?.wired ?? 0}
                  <span
                    className="nl-legend-dot"
                    style={{ background: CHART_COLOURS.clients, marginLeft: 16 }}
                  />
                  Wireless {client?.wireless ?? 0}
                </span>
                <div
                  className="nl-split-bar"
                  role="img"
                  aria-label={`${client?.wired ?? 0} wired and ${client?.wireless ?? 0} wireless clients`}
                >
                  {client && client.total > 0 ? (
                    <>
                      <span style={{ width: `${wiredShare}%`, background: CATEGORY_PALETTE[3] }} />
                      <span style={{ width: `${100 - wiredShare}%`, background: CHART_COLOURS.clients }} />
                    </>
                  ) : null}
                </div>
              </div>
            </>
          }
          chartLabel={`Online clients, last ${rangeLabel}`}
          times={series.clientTimes}
          bucketMs={bucketMs}
          unit="count"
          countName="clients"
          lines={series.client}
          loading={loading}
        />
      </Col>
    </Row>
  );
}
