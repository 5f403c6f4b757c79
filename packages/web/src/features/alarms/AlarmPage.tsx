import { CheckOutlined, DownloadOutlined } from '@ant-design/icons';
import {
  ALARM_DOWNLOAD_MAX,
  ALARM_PAGE_SIZES,
  type Alarm,
  canConfigure,
  DEFAULT_ALARM_PAGE_SIZE,
} from '@netloom/domain';
import { App, Button, Card, Empty, Table, Tabs, Tooltip } from 'antd';
import type { HTMLAttributes } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { QueryContent } from '../../components/LoadError';
import { BulkBar, filteredDeviceName, ListEmpty } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { PAGINATION_DEFAULTS } from '../../components/pagination';
import { STICKY_HEADER } from '../../components/table';
import { devicePath } from '../../navigation/paths';
import { changeBlockedReason } from '../../session/projectRights';
import { useCurrentProject } from '../../session/session';
import { NotificationsPanel } from '../notifications';
import { AlarmToolbar } from './AlarmToolbar';
import { alarmColumns } from './alarmColumns';
import { alarmExportUrl, useAlarmList, useMarkAlarmsRead } from './api';
import { useAlarmFilters } from './useAlarmFilters';
import './alarms.css';

/** "1,234 alarms": counts of alarms run into the thousands. */
const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

const NOTIFICATIONS_TAB = 'notifications';

/**
 * /manage/alarminfo — the project's alarms (§2 "alarm", §3 "Alarm"), live, with mark read and
 * export; and, for members who manage the project, its "Notifications" tab (`?tab=notifications`):
 * who receives the alarms by e-mail or webhook.
 */
export default function AlarmPage() {
  const { project } = useCurrentProject();
  const [params, setParams] = useSearchParams();
  const manages = project !== null && canConfigure(project.right);
  const tab = manages && params.get('tab') === NOTIFICATIONS_TAB ? NOTIFICATIONS_TAB : 'alarms';
  const handleTab = (key: string) =>
    setParams(key === NOTIFICATIONS_TAB ? { tab: NOTIFICATIONS_TAB } : {}, { replace: true });
  const projectId = project?.id ?? null;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_ALARM_PAGE_SIZE);
  const [selected, setSelected] = useState<number[]>([]);
  // Any change of what is listed starts again at page 1 with nothing selected.
  const restart = () => {
    setPage(1);
    setSelected([]);
  };
  const filters = useAlarmFilters(restart);
  const { query: filter, deviceId } = filters;
  // biome-ignore lint/correctness/useExhaustiveDependencies: another project is another list.
  useEffect(restart, [projectId]);
  const list = useAlarmList(projectId, { ...filter, page, pageSize });
  const markRead = useMarkAlarmsRead(projectId ?? 0);
  const rows = useMemo(() => list.data?.items ?? [], [list.data]);
  const total = list.data?.total ?? 0;
  const unread = list.data?.unread ?? 0;

  const markBlocked = changeBlockedReason(project);

  async function mark(body: { ids: number[] } | { all: true }) {
    try {
      const r = await markRead.mutateAsync(body);
      setSelected([]);
      message.success(
        r.marked === 0 ? 'Nothing new to mark.' : `${plural(r.marked, 'alarm')} marked as read.`,
      );
    } catch (err) {
      message.error(err instanceof Error ? err.message : 'The alarms could not be marked as read.');
    }
  }

  const deviceName = filteredDeviceName(deviceId, rows);
  const columns = alarmColumns({
    onDevice: (id) => navigate(devicePath(id)),
  });
  const exportHref = projectId !== null ? alarmExportUrl(projectId, filter) : undefined;

  const emptyText = (
    <ListEmpty
      filters={filters}
      noMatch="No alarms match your search or filters."
      none="No alarms — devices report problems here as they happen (CPU, loops, PoE, disks, rule conflicts)."
    />
  );

  return (
    <>
      <PageHeader
        title="Alarm"
        description={
          tab === 'alarms'
            ? 'Problems the project’s devices and the cloud reported, newest first. Alarms clear themselves when the problem ends.'
            : 'Who hears about the project’s alarms, by e-mail or by signed webhook, and from which level.'
        }
        actions={
          tab === NOTIFICATIONS_TAB ? null : (
            <>
              <Tooltip
                title={`Downloads the alarms that match the filters as CSV (newest ${ALARM_DOWNLOAD_MAX.toLocaleString('en-US')} at most).`}
              >
                <Button
                  icon={<DownloadOutlined />}
                  href={exportHref}
                  download
                  disabled={projectId === null || total === 0}
                  data-testid="alarm-export"
                >
                  Export
                </Button>
              </Tooltip>
              <Tooltip title={markBlocked ?? (unread === 0 ? 'Every alarm is read.' : undefined)}>
                <Button
                  type="primary"
                  icon={<CheckOutlined />}
                  disabled={markBlocked !== null || unread === 0}
                  loading={markRead.isPending}
                  onClick={() => void mark({ all: true })}
                >
                  Mark all read
                </Button>
              </Tooltip>
            </>
          )
        }
      />
      {manages ? (
        <Tabs
          activeKey={tab}
          onChange={handleTab}
          className="nl-alarm-tabs"
          items={[
            { key: 'alarms', label: 'Alarms' },
            { key: NOTIFICATIONS_TAB, label: 'Notifications' },
          ]}
        />
      ) : null}
      {tab === NOTIFICATIONS_TAB ? (
        <NotificationsPanel />
      ) : (
        <Card className="nl-table-card">
          {projectId === null ? (
            <Empty description="Choose a project in the header to see its alarms." />
          ) : (
            <>
              <AlarmToolbar
                filters={filters}
                deviceName={deviceName}
                summary={`${plural(total, 'alarm')} · ${unread.toLocaleString('en-US')} unread`}
              />
              <BulkBar count={selected.length} noun="alarm" onClear={() => setSelected([])}>
                <Button
                  size="small"
                  icon={<CheckOutlined />}
                  loading={markRead.isPending}
                  onClick={() => void mark({ ids: selected })}
                  data-testid="bulk-mark-read"
                >
                  Mark read
                </Button>
              </BulkBar>
              <QueryContent query={list} title="The alarms could not be loaded.">
                <Table<Alarm>
                  rowKey="id"
                  columns={columns}
                  dataSource={rows}
                  loading={list.isPlaceholderData}
                  sticky={STICKY_HEADER}
                  tableLayout="fixed"
                  scroll={{ x: 960 }}
                  locale={{ emptyText }}
                  rowClassName={(a) => (a.read === 0 ? 'nl-alarm-row-unread' : '')}
                  onRow={(a) =>
                    ({ 'data-alarm-id': a.id, 'data-testid': 'alarm-row' }) as HTMLAttributes<HTMLElement>
                  }
                  rowSelection={
                    markBlocked
                      ? undefined
                      : {
                          selectedRowKeys: selected,
                          onChange: (keys) => setSelected(keys.map(Number)),
                          getCheckboxProps: (a) => ({
                            disabled: a.read === 1,
                            'aria-label': `Select alarm “${a.text}”`,
                          }),
                        }
                  }
                  onChange={(pagination) => {
                    const size = pagination.pageSize ?? pageSize;
                    setPage(size !== pageSize ? 1 : (pagination.current ?? 1));
                    setPageSize(size);
                    setSelected([]);
                  }}
                  pagination={{
                    ...PAGINATION_DEFAULTS,
                    current: page,
                    pageSize,
                    total,
                    pageSizeOptions: [...ALARM_PAGE_SIZES],
                  }}
                />
              </QueryContent>
            </>
          )}
        </Card>
      )}
    </>
  );
}
