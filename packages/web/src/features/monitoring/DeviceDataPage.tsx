import { Col, Row } from 'antd';
import { useMemo } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentProject } from '../../session/session';
import { useDeviceData } from './api';
import { ChartCard } from './charts/ChartCard';
import { barOption, donutOption } from './charts/categoryOptions';
import { CHART_COLOURS } from './charts/palette';
import './monitoring.css';
import { LoadError } from '../../components/LoadError';

const DONUT_HEIGHT = 280;
const BAR_HEIGHT = 360;
const NO_DEVICES = 'No devices yet — add devices to the project to see them here';

/** /manage/devsrunstat — device analysis (§2): software versions, models and the ten busiest APs. */
export default function DeviceDataPage() {
  const { project } = useCurrentProject();
  const projectId = project?.id ?? 0;
  const query = useDeviceData(projectId);
  // Live refresh: the console's LiveQueryBridge invalidates these keys on live events.
  const data = query.data;
  const loading = query.isPending;

  const versions = useMemo(() => donutOption(data?.versions ?? [], 'devices'), [data]);
  const models = useMemo(() => donutOption(data?.models ?? [], 'devices'), [data]);
  const apLoad = useMemo(() => {
    const aps = data?.apLoad ?? [];
    return barOption({
      categories: aps.map((a) => a.name),
      unit: 'count',
      countName: 'clients',
      bars: [{ name: 'Clients', colour: CHART_COLOURS.clients, values: aps.map((a) => a.clients) }],
      detail: (i) => {
        const a = aps[i];
        return a ? `${a.model ?? 'Unknown model'} · ${a.sn} · ${a.online ? 'Online' : 'Offline'}` : null;
      },
    });
  }, [data]);
  const deviceCount = (data?.versions ?? []).reduce((n, s) => n + s.count, 0);

  return (
    <>
      <PageHeader
        title="Device data"
        description="Software versions, models and the busiest access points of this project, as of now."
      />
      <LoadError query={query} title="The device data could not be loaded." style={{ marginBottom: 16 }} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ChartCard
            title="Software version share"
            note={<>{deviceCount} devices</>}
            fill
            label="Devices per software version"
            option={versions}
            points={data?.versions.length ?? 0}
            height={DONUT_HEIGHT}
            testId="chart-versions"
            loading={loading}
            emptyText={NO_DEVICES}
          />
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard
            title="Model share"
            note={<>{data?.models.length ?? 0} models</>}
            fill
            label="Devices per model"
            option={models}
            points={data?.models.length ?? 0}
            height={DONUT_HEIGHT}
            testId="chart-models"
            loading={loading}
            emptyText={NO_DEVICES}
          />
        </Col>
        <Col span={24}>
          <ChartCard
            title="Top 10 AP load"
            note="Clients connected now"
            label="The ten access points with the most clients"
            option={apLoad}
            points={data?.apLoad.length ?? 0}
            height={BAR_HEIGHT}
            testId="chart-ap-load"
            loading={loading}
            emptyText="No access points yet — add APs to see their load"
          />
        </Col>
      </Row>
    </>
  );
}
