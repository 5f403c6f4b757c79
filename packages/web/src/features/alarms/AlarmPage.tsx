import { CheckOutlined, DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import {
  ALARM_DOWNLOAD_MAX,
  ALARM_PAGE_SIZES,
  ALARM_SEVERITIES,
  ALARM_SEVERITY_LABELS,
  type Alarm,
  type AlarmListQuery,
  type AlarmSeverity,
  canConfigure,
  DEFAULT_ALARM_PAGE_SIZE,
  GENERAL_MESSAGES,
  isDemoProject,
} from '@netloom/domain';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Input,
  Segmented,
  Select,
  Skeleton,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import type { HTMLAttributes } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PAGINATION_DEFAULTS } from '../../components/pagination';
import { useCurrentProject } from '../../session/session';
import { alarmColumns } from './alarmColumns';
import { alarmExportUrl, useAlarmList, useMarkAlarmsRead } from './api';
import './alarms.css';
import { devicePath } from '../../navigation/paths';

type ReadFilter = 'all' | 'unread' | 'read';
const CONSOLE_HEADER_HEIGHT = 56;
const SEARCH_DEBOUNCE_MS = 300;
const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** /manage/alarminfo — the project's alarms (§2 "alarm", §3 "Alarm"), live, with mark read and export. */
export default function AlarmPage() {
  const { project } = useCurrentProject();
  const projectId = project?.id ?? null;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [read, setRead] = useState<ReadFilter>(params.get('read') === '0' ? 'unread' : 'all');
  const [severity, setSeverity] = useState<AlarmSeverity | undefined>();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_ALARM_PAGE_SIZE);
  const [selected, setSelected] = useState<number[]>([]);
  const deviceId = Number(params.get('deviceId')) || undefined;
  // The bell's "See all unread" links here with ?read=0, also while the page is open.
  const readParam = params.get('read');
  useEffect(() => {
    if (readParam === '0') setRead('unread');
  }, [readParam]);

  useEffect(() => {
    const t = setTimeout(() => setQ(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search]);
  // Any change of what is listed starts again at page 1 with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are the triggers.
  useEffect(() => {
    setPage(1);
    setSelected([]);
  }, [q, read, severity, range, deviceId, projectId]);

  const filter = {
    q: q || undefined,
    read: read === 'all' ? undefined : read === 'unread' ? 0 : 1,
    severity,
    deviceId,
    from: range ? range[0].startOf('minute').valueOf() : undefined,
    to: range ? range[1].endOf('minute').valueOf() : undefined,
  } satisfies AlarmListQuery;
  const list = useAlarmList(projectId, { ...filter, page, pageSize });
  const markRead = useMarkAlarmsRead(projectId ?? 0);
  const rows = useMemo(() => list.data?.items ?? [], [list.data]);
  const total = list.data?.total ?? 0;
  const unread = list.data?.unread ?? 0;

  const markBlocked = !project
    ? GENERAL_MESSAGES.NO_PERMISSION
    : isDemoProject(project)
      ? GENERAL_MESSAGES.DEMO_BLOCKED
      : !canConfigure(project.right)
        ? GENERAL_MESSAGES.READ_ONLY_NOT_CONFIGURABLE
        : null;

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

  const filtering =
    q !== '' || read !== 'all' || severity !== undefined || range !== null || deviceId !== undefined;
  function clearDevice() {
    setParams((p) => {
      p.delete('deviceId');
      return p;
    });
  }
  function clearFilters() {
    setSearch('');
    setRead('all');
    setSeverity(undefined);
    setRange(null);
    if (deviceId !== undefined) clearDevice();
  }
  const deviceName = deviceId !== undefined ? (rows[0]?.device.name ?? `device ${deviceId}`) : null;
  const columns = alarmColumns({
    onDevice: (id) => navigate(devicePath(id)),
  });
  const exportHref = projectId !== null ? alarmExportUrl(projectId, filter) : undefined;

  const emptyText = filtering ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No alarms match your search or filters.">
      <Button onClick={clearFilters}>Clear filters</Button>
    </Empty>
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description="No alarms — devices report problems here as they happen (CPU, loops, PoE, disks, rule conflicts)."
    />
  );

  return (
    <>
      <PageHeader
        title="Alarm"
        description="Problems the project’s devices and the cloud reported, newest first. New alarms appear live."
        actions={
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
        }
      />
      <Card className="nl-table-card">
        {projectId === null ? (
          <Empty description="Choose a project in the header to see its alarms." />
        ) : (
          <>
            <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
              <Flex gap={12} align="center" wrap>
                <Input
                  allowClear
                  prefix={<SearchOutlined />}
                  placeholder="Search event, device, MAC or model"
                  aria-label="Search alarms"
                  value={search}
                  maxLength={64}
                  onChange={(e) => setSearch(e.target.value)}
                  style={{ width: 240 }}
                />
                <Segmented<ReadFilter>
                  aria-label="Read filter"
                  value={read}
                  onChange={setRead}
                  options={[
                    { value: 'all', label: 'All' },
                    { value: 'unread', label: 'Unread' },
                    { value: 'read', label: 'Read' },
                  ]}
                />
                <Select
                  allowClear
                  placeholder="All levels"
                  aria-label="Level filter"
                  value={severity}
                  onChange={setSeverity}
                  options={[...ALARM_SEVERITIES].reverse().map((s) => ({
                    value: s,
                    label: ALARM_SEVERITY_LABELS[s],
                  }))}
                  style={{ width: 130 }}
                />
                <DatePicker.RangePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  value={range}
                  onChange={(v) => setRange(v?.[0] && v[1] ? [v[0], v[1]] : null)}
                  aria-label="Time range"
                  placeholder={['From', 'To']}
                  style={{ width: 310 }}
                />
                {deviceName ? (
                  <Tag closable onClose={clearDevice} style={{ marginInlineEnd: 0 }}>
                    Device: {deviceName}
                  </Tag>
                ) : null}
              </Flex>
              <Typography.Text type="secondary" data-testid="alarm-total">
                {plural(total, 'alarm')} · {unread.toLocaleString('en-US')} unread
              </Typography.Text>
            </Flex>
            {selected.length > 0 ? (
              <section className="nl-bulk-bar" aria-label="Bulk actions">
                <Typography.Text>{plural(selected.length, 'alarm')} selected</Typography.Text>
                <Button
                  size="small"
                  icon={<CheckOutlined />}
                  loading={markRead.isPending}
                  onClick={() => void mark({ ids: selected })}
                  data-testid="bulk-mark-read"
                >
                  Mark read
                </Button>
                <Button size="small" type="link" onClick={() => setSelected([])}>
                  Clear selection
                </Button>
              </section>
            ) : null}
            {list.isError ? (
              <Alert
                type="error"
                showIcon
                title="The alarms could not be loaded."
                description={list.error.message}
                action={<Button onClick={() => list.refetch()}>Retry</Button>}
              />
            ) : list.isPending ? (
              <Skeleton active title={false} paragraph={{ rows: 8 }} />
            ) : (
              <Table<Alarm>
                rowKey="id"
                columns={columns}
                dataSource={rows}
                loading={list.isPlaceholderData}
                sticky={{ offsetHeader: CONSOLE_HEADER_HEIGHT }}
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
            )}
          </>
        )}
      </Card>
    </>
  );
}
