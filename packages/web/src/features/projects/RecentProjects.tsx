import { RightOutlined } from '@ant-design/icons';
import { type Project, SCENARIO_LABELS, timeZoneShortLabel } from '@netloom/domain';
import { Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { MENU_PAGES } from '../../navigation/paths';
import { DeviceCount } from './DeviceCount';
import { NetModeTag } from './NetModeTag';
import { useOpenProject } from './useOpenProject';

/** The most recently changed projects with a one-click "Open". */
export function RecentProjects({ projects, loading }: { projects: Project[]; loading: boolean }) {
  const navigate = useNavigate();
  const openProject = useOpenProject();
  return (
    <Card
      title="Recent projects"
      className="nl-fill-card"
      extra={
        <Button type="link" size="small" onClick={() => navigate(MENU_PAGES.projectList)}>
          View all <RightOutlined />
        </Button>
      }
      styles={{ body: { paddingTop: 0, paddingBottom: 0 } }}
    >
      {loading ? (
        <Skeleton active title={false} paragraph={{ rows: 6 }} style={{ padding: '16px 0' }} />
      ) : projects.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No projects yet." style={{ padding: 24 }} />
      ) : (
        <ul className="nl-recent-list" aria-label="Recent projects">
          {projects.map((p) => (
            <li key={p.id} className="nl-recent-item">
              <div className="nl-recent-main">
                <Flex gap={8} align="center" wrap>
                  <Typography.Text strong>{p.name}</Typography.Text>
                  <NetModeTag netMode={p.netMode} />
                </Flex>
                <Typography.Text type="secondary" className="nl-recent-meta">
                  {[SCENARIO_LABELS[p.scenario], p.location, timeZoneShortLabel(p.timeZone, Date.now())]
                    .filter(Boolean)
                    .join(' · ')}
                  {' · '}created {dayjs(p.createdAt).format('YYYY-MM-DD')}
                </Typography.Text>
              </div>
              <DeviceCount online={p.onlineCount} total={p.deviceCount} />
              <Button size="small" onClick={() => openProject(p)} aria-label={`Open ${p.name}`}>
                Open
              </Button>
            </li>
          ))}
        </ul>
      )}
      {!loading && projects.length > 0 && projects.length < 3 ? (
        <Typography.Paragraph type="secondary" className="nl-recent-hint">
          Open a project to add its gateway, switches and access points and to configure its network.
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
