import { Card, Checkbox, Empty, Flex, Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentProject } from '../../session/session';
import { AuditTable } from './AuditTable';
import { LogDeviceFilter } from './LogDeviceFilter';
import { LOG_DEVICE_PARAM, LOG_PROJECT_WIDE_PARAM, type LogFilter } from './logPath';
import { RevisionsTable } from './RevisionsTable';
import './config.css';

const TABS = ['changes', 'versions'] as const;
type LogTab = (typeof TABS)[number];

/** /manage/runlog[?device=<id>] — the project's log (§2 "Log"): configuration changes and versions, per device. */
export default function LogPage() {
  const { project } = useCurrentProject();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: LogTab = TABS.includes(raw as LogTab) ? (raw as LogTab) : 'changes';
  const deviceParam = Number(params.get(LOG_DEVICE_PARAM));
  const deviceId = Number.isInteger(deviceParam) && deviceParam > 0 ? deviceParam : undefined;
  const withProject = params.get(LOG_PROJECT_WIDE_PARAM) !== '0';
  function setParam(key: string, value: string | null) {
    setParams(
      (p) => {
        if (value === null) p.delete(key);
        else p.set(key, value);
        return p;
      },
      { replace: true },
    );
  }
  const filter: LogFilter = { deviceId, withProject: deviceId !== undefined && withProject };
  // A new filter starts the tables at their first page.
  const filterKey = `${deviceId ?? 'all'}:${filter.withProject}`;
  return (
    <>
      <PageHeader
        title="Log"
        description="Who changed the project’s configuration, when, and on which devices."
      />
      <Card className="nl-table-card nl-log-card">
        {project ? (
          <>
            <Flex gap={16} align="center" wrap className="nl-log-filter">
              <LogDeviceFilter
                projectId={project.id}
                value={deviceId}
                onChange={(v) => setParam(LOG_DEVICE_PARAM, v === undefined ? null : String(v))}
              />
              {deviceId !== undefined ? (
                <Checkbox
                  checked={withProject}
                  onChange={(e) => setParam(LOG_PROJECT_WIDE_PARAM, e.target.checked ? null : '0')}
                  data-testid="log-project-wide"
                >
                  Include project-wide settings
                </Checkbox>
              ) : (
                <Typography.Text type="secondary">
                  Choose a device to see its own configuration history.
                </Typography.Text>
              )}
            </Flex>
            <Tabs
              activeKey={tab}
              onChange={(key) => setParam('tab', key)}
              items={[
                {
                  key: 'changes',
                  label: 'Configuration changes',
                  children: <AuditTable key={filterKey} projectId={project.id} filter={filter} />,
                },
                {
                  key: 'versions',
                  label: 'Configuration versions',
                  children: <RevisionsTable key={filterKey} projectId={project.id} filter={filter} />,
                },
              ]}
            />
          </>
        ) : (
          <Empty description="Choose a project in the header to see its log." />
        )}
      </Card>
    </>
  );
}
