import { SECURITY_MODE_LABELS, type SecurityMode, TIME_RANGES } from '@netloom/domain';
import { Col, Row } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentProject } from '../../session/session';
import { useClientData } from './api';
import { ChartCard } from './charts/ChartCard';
import { barOption, donutOption } from './charts/categoryOptions';
import { CHART_COLOURS } from './charts/palette';
import { TimeRangeControl, useTimeRange } from './TimeRangeControl';
import './monitoring.css';
import { LoadError } from '../../components/LoadError';

const FLOW_HEIGHT = 280;
const TOP_HEIGHT = 360;

function authLabel(name: string): string {
  return SECURITY_MODE_LABELS[name as SecurityMode] ?? name;
}

/** /manage/onlinestat — flow analysis (§2): passenger flow, client traffic top 10, authentication types. */
export default function ClientDataPage() {
  const { project } = useCurrentProject();
  const projectId = project?.id ?? 0;
  const [range, setRange, rangeReady] = useTimeRange();
  const query = useClientData(projectId, range, rangeReady);
  // Live refresh: the console's LiveQueryBridge invalidates these keys on live events.
  const data = query.data;
  const loading = query.isPending;
  const rangeLabel = TIME_RANGES[range].label;

  const flow = useMemo(() => {
    const days = data?.passengerFlow ?? [];
    return barOption({
      horizontal: false,
      categories: days.map((d) => dayjs(d.day).format('MMM D')),
      unit: 'count',
      countName: 'clients',
      bars: [{ name: 'Distinct clients', colour: CHART_COLOURS.clients, values: days.map((d) => d.clients) }],
    });
  }, [data]);
  const top = useMemo(() => {
    const rows = data?.trafficTop ?? [];
    return barOption({
      categories: rows.map((r) => r.name || r.mac),
      unit: 'bytes',
      bars: [
        {
          name: 'Upload',
          colour: CHART_COLOURS.upload,
          stack: 'traffic',
          values: rows.map((r) => r.txBytes),
        },
        {
          name: 'Download',
          colour: CHART_COLOURS.download,
          stack: 'traffic',
          values: rows.map((r) => r.rxBytes),
        },
      ],
      detail: (i) => rows[i]?.mac ?? null,
    });
  }, [data]);
  const auth = useMemo(
    () =>
      donutOption(
        (data?.authTypes ?? []).map((s) => ({ name: authLabel(s.name), count: s.count })),
        'clients',
      ),
    [data],
  );
  const flowPoints = (data?.passengerFlow ?? []).filter((d) => d.clients > 0).length;

  return (
    <>
      <PageHeader
        title="Client data"
        description="Passenger flow, the clients that moved the most traffic and how wireless clients authenticate."
        actions={<TimeRangeControl value={range} onChange={setRange} />}
      />
      <LoadError query={query} title="The client data could not be loaded." style={{ marginBottom: 16 }} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <ChartCard
            title="Passenger flow"
            note="Distinct clients per day"
            fill
            label={`Distinct clients per day, last ${rangeLabel}`}
            option={flow}
            points={flowPoints}
            height={FLOW_HEIGHT}
            testId="chart-passenger-flow"
            loading={loading}
          />
        </Col>
        <Col xs={24} xl={10}>
          <ChartCard
            title="Authentication types"
            note="Wireless, once a day each"
            fill
            label={`Wireless clients per authentication type, each counted once per day it connected, last ${rangeLabel}`}
            option={auth}
            points={data?.authTypes.length ?? 0}
            height={FLOW_HEIGHT}
            testId="chart-auth-types"
            loading={loading}
          />
        </Col>
        <Col span={24}>
          <ChartCard
            title="Client traffic top 10"
            note={<>Bytes moved in the last {rangeLabel}</>}
            label={`The ten clients with the most traffic, last ${rangeLabel}`}
            option={top}
            points={data?.trafficTop.length ?? 0}
            height={TOP_HEIGHT}
            testId="chart-traffic-top"
            loading={loading}
          />
        </Col>
      </Row>
    </>
  );
}
