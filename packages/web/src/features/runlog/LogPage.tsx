import { DownloadOutlined } from '@ant-design/icons';
import { LOG_RETENTION_DAYS, type LogRetentionDays, RUNLOG_EXPORT_MAX_ROWS } from '@netloom/domain';
import { App, Button, Card, Checkbox, Empty, Flex, Select, Tabs, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentProject } from '../../session/session';
import {
  AuditTable,
  LOG_DEVICE_PARAM,
  LOG_PROJECT_WIDE_PARAM,
  LogDeviceFilter,
  type LogFilter,
  RevisionsTable,
} from '../config';
import { runlogExportUrl, useRunlogSettings, useSaveRunlogRetention } from './api';
import { filterQuery, SystemLog, type SystemLogFilters } from './SystemLog';
import './runlog.css';

const TABS = ['events', 'changes', 'versions'] as const;
type LogTab = (typeof TABS)[number];
const DEFAULT_PAGE_SIZE = 20;

/**
 * /manage/runlog[?tab=…&device=<id>] — the project's log (§2 "Log", issue 13 §5): the system log
 * (everything that happened, filtered, exported as CSV, kept for the project's retention) and the
 * configuration engine's change log and versions, per device.
 */
export default function LogPage() {
  const { project } = useCurrentProject();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: LogTab = TABS.includes(raw as LogTab) ? (raw as LogTab) : 'events';
  const deviceParam = Number(params.get(LOG_DEVICE_PARAM));
  const deviceId = Number.isInteger(deviceParam) && deviceParam > 0 ? deviceParam : undefined;
  const withProject = params.get(LOG_PROJECT_WIDE_PARAM) !== '0';
  const projectId = project?.id ?? null;

  const [filters, setFilters] = useState<SystemLogFilters>({
    range: null,
    deviceId,
    kind: undefined,
    accountId: undefined,
  });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  // The device named in the address (the device drawer's link) filters the system log too.
  useEffect(() => setFilters((f) => ({ ...f, deviceId })), [deviceId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another project is another log.
  useEffect(() => setPage(1), [projectId]);

  const settings = useRunlogSettings(projectId);
  const saveRetention = useSaveRunlogRetention(projectId ?? 0);

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
  function changeFilters(f: SystemLogFilters) {
    setFilters(f);
    setPage(1);
    if (f.deviceId !== deviceId)
      setParam(LOG_DEVICE_PARAM, f.deviceId === undefined ? null : String(f.deviceId));
  }
  async function chooseRetention(days: LogRetentionDays) {
    try {
      await saveRetention.mutateAsync(days);
      message.success(`The log now keeps ${days} days.`);
    } catch (err) {
      message.error(err instanceof Error ? err.message : 'The retention could not be saved.');
    }
  }

  const configFilter: LogFilter = { deviceId, withProject: deviceId !== undefined && withProject };
  // A new filter starts the tables at their first page.
  const filterKey = `${deviceId ?? 'all'}:${configFilter.withProject}`;
  const canEdit = settings.data?.canEdit ?? false;
  const configFilters = projectId ? (
    <Flex gap={16} align="center" wrap className="nl-log-filter">
      <LogDeviceFilter
        projectId={projectId}
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
  ) : null;

  return (
    <>
      <PageHeader
        title="Log"
        description="What happened in the project: configuration changes, maintenance and its results, devices going offline and coming back, sign-ins."
        actions={
          projectId !== null && tab === 'events' ? (
            <>
              <Flex align="center" gap={8} className="nl-runlog-retention">
                <Typography.Text type="secondary">Keep for</Typography.Text>
                <Tooltip
                  title={
                    canEdit ? undefined : 'Only the project’s owner can change how long the log is kept.'
                  }
                >
                  <Select<LogRetentionDays>
                    aria-label="Log retention"
                    data-testid="runlog-retention"
                    style={{ width: 110 }}
                    value={settings.data?.retentionDays}
                    loading={settings.isLoading || saveRetention.isPending}
                    disabled={!canEdit}
                    onChange={(v) => void chooseRetention(v)}
                    options={LOG_RETENTION_DAYS.map((d) => ({ value: d, label: `${d} days` }))}
                  />
                </Tooltip>
              </Flex>
              <Tooltip
                title={`Downloads the entries that match the filters as CSV (newest ${RUNLOG_EXPORT_MAX_ROWS.toLocaleString('en-US')} at most).`}
              >
                <Button
                  icon={<DownloadOutlined />}
                  href={runlogExportUrl(projectId, filterQuery(filters))}
                  download
                  data-testid="runlog-export"
                >
                  Export CSV
                </Button>
              </Tooltip>
            </>
          ) : null
        }
      />
      <Card className="nl-table-card nl-log-card">
        {projectId !== null ? (
          <Tabs
            // One tab's filters at a time in the page (the configuration tabs share theirs).
            destroyOnHidden
            activeKey={tab}
            onChange={(key) => setParam('tab', key === 'events' ? null : key)}
            items={[
              {
                key: 'events',
                label: 'System log',
                children: (
                  <SystemLog
                    projectId={projectId}
                    filters={filters}
                    onFilters={changeFilters}
                    page={page}
                    pageSize={pageSize}
                    onPage={(p, s) => {
                      setPage(p);
                      setPageSize(s);
                    }}
                  />
                ),
              },
              {
                key: 'changes',
                label: 'Configuration changes',
                children: (
                  <>
                    {configFilters}
                    <AuditTable key={filterKey} projectId={projectId} filter={configFilter} />
                  </>
                ),
              },
              {
                key: 'versions',
                label: 'Configuration versions',
                children: (
                  <>
                    {configFilters}
                    <RevisionsTable key={filterKey} projectId={projectId} filter={configFilter} />
                  </>
                ),
              },
            ]}
          />
        ) : (
          <Empty description="Choose a project in the header to see its log." />
        )}
      </Card>
    </>
  );
}
