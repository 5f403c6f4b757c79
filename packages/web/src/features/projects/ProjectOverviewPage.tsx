import {
  AlertOutlined,
  CloudServerOutlined,
  FolderOpenOutlined,
  PartitionOutlined,
  PlusOutlined,
  ShareAltOutlined,
  TeamOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Card, Col, Empty, Progress, Row, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { KpiRow, OutOf } from '../../components/KpiCard';
import { PageHeader } from '../../components/PageHeader';
import { useProjects, useProjectsOverview } from './api';
import { ProjectFormDrawer } from './ProjectFormDrawer';
import { RecentProjects } from './RecentProjects';
import { countByScenario } from './scenarioCounts';
import './projects.css';
import { LoadError } from '../../components/LoadError';
import { MENU_PAGES } from '../../navigation/paths';

// ECharts is large: it loads only when the overview actually has something to chart.
const ScenarioChart = lazy(() => import('./ScenarioChart'));
const CHART_HEIGHT = 300;
/** Six cards a row on very wide screens, three on laptops, two on tablets. */
const SIXTH = { xs: 24, sm: 12, lg: 8, xxl: 4 };

/** /overview/preview — the landing page of web access: totals across every project of the account. */
export default function ProjectOverviewPage() {
  const navigate = useNavigate();
  const overview = useProjectsOverview();
  const projects = useProjects();
  const [creating, setCreating] = useState(false);
  const counts = useMemo(() => countByScenario(projects.data?.items ?? []), [projects.data]);

  const data = overview.data;
  const loading = overview.isPending;
  const onlinePercent = data && data.devices > 0 ? Math.round((data.onlineDevices / data.devices) * 100) : 0;
  const meshPercent = data && data.projects > 0 ? Math.round((data.meshProjects / data.projects) * 100) : 0;

  const createButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
      Create project
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Overview"
        description="Your projects and devices at a glance."
        actions={
          <>
            <Button icon={<UnorderedListOutlined />} onClick={() => navigate(MENU_PAGES.projectList)}>
              All projects
            </Button>
            {createButton}
          </>
        }
      />
      <LoadError query={overview} title="The overview could not be loaded." style={{ marginBottom: 16 }} />
      <KpiRow
        kpis={[
          {
            key: 'projects',
            title: 'Projects',
            icon: <FolderOpenOutlined />,
            value: data?.projects ?? 0,
            footer: data ? `${data.ownProjects} own · ${data.sharedProjects} shared with you` : null,
          },
          {
            key: 'devices',
            title: 'Devices online',
            icon: <CloudServerOutlined />,
            value: <OutOf value={data?.onlineDevices ?? 0} total={data?.devices ?? 0} />,
            footer:
              data && data.devices > 0 ? (
                <Progress percent={onlinePercent} size="small" status="normal" strokeColor="#52c41a" />
              ) : (
                'No devices added yet'
              ),
          },
          {
            key: 'clients',
            title: 'Clients online',
            icon: <TeamOutlined />,
            value: (
              <span data-testid="kpi-clients">{(data?.clientsOnline ?? 0).toLocaleString('en-US')}</span>
            ),
            footer: 'Connected to your projects’ devices now',
          },
          {
            key: 'alarms',
            title: 'Unread alarms',
            icon: <AlertOutlined />,
            value: (
              <span
                data-testid="kpi-alarms"
                className={data && data.alarmsUnread > 0 ? 'nl-kpi-alert' : undefined}
              >
                {(data?.alarmsUnread ?? 0).toLocaleString('en-US')}
              </span>
            ),
            footer:
              data && data.alarmsUnread > 0
                ? 'Open a project’s Alarm page to review them'
                : 'Nothing needs your attention',
          },
          {
            key: 'shared',
            title: 'Shared with you',
            icon: <ShareAltOutlined />,
            value: data?.sharedProjects ?? 0,
            footer: 'Projects others invited you to',
          },
          {
            key: 'modes',
            title: 'WLAN vs mesh',
            icon: <PartitionOutlined />,
            value: (
              <>
                {data?.wlanProjects ?? 0}
                <span className="nl-kpi-unit"> WLAN</span>
                <span className="nl-kpi-sep" aria-hidden>
                  ·
                </span>
                {data?.meshProjects ?? 0}
                <span className="nl-kpi-unit"> mesh</span>
              </>
            ),
            footer:
              data && data.projects > 0 ? (
                <Progress
                  percent={100}
                  success={{ percent: 100 - meshPercent, strokeColor: '#1677ff' }}
                  strokeColor="#722ed1"
                  showInfo={false}
                  size="small"
                  aria-label={`${data.wlanProjects} WLAN, ${data.meshProjects} mesh`}
                />
              ) : (
                'Traditional WLAN / cable-free mesh'
              ),
          },
        ]}
        loading={loading}
        column={SIXTH}
      />

      {!loading && data?.projects === 0 ? (
        <Card style={{ marginTop: 16 }}>
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <>
                <Typography.Title level={5} style={{ marginBottom: 4 }}>
                  No projects yet
                </Typography.Title>
                <Typography.Text type="secondary">
                  Create a project for a site, then add its gateway, switches and access points.
                </Typography.Text>
              </>
            }
          >
            {createButton}
          </Empty>
        </Card>
      ) : (
        <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
          <Col xs={24} xl={10}>
            <Card title="Projects by scenario" className="nl-fill-card">
              {projects.isPending ? (
                <Skeleton active title={false} paragraph={{ rows: 6 }} />
              ) : (
                <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 6 }} />}>
                  <ScenarioChart counts={counts} height={CHART_HEIGHT} />
                </Suspense>
              )}
            </Card>
          </Col>
          <Col xs={24} xl={14}>
            <RecentProjects projects={data?.recent ?? []} loading={loading} />
          </Col>
        </Row>
      )}
      <ProjectFormDrawer open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
