import { ApiOutlined, LoginOutlined, SettingOutlined, ToolOutlined } from '@ant-design/icons';
import {
  type AuditAction,
  RUNLOG_ACTION_LABELS,
  RUNLOG_KIND_LABELS,
  RUNLOG_KINDS,
  type RunlogEntry,
  type RunlogFilter,
  type RunlogKind,
} from '@netloom/domain';
import { Badge, Button, DatePicker, Flex, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/format';
import { FilterSelect, type ListFilter } from '../../components/list';
import { PAGINATION_DEFAULTS } from '../../components/pagination';
import { STICKY_HEADER } from '../../components/table';
import { devicePath } from '../../navigation/paths';
import { LogDeviceFilter } from '../config';
import { useRunlog, useRunlogAccounts } from './api';

const KIND_LOOK: Record<RunlogKind, { color: string; icon: ReactNode }> = {
  config: { color: 'blue', icon: <SettingOutlined /> },
  maintenance: { color: 'orange', icon: <ToolOutlined /> },
  device: { color: 'cyan', icon: <ApiOutlined /> },
  access: { color: 'purple', icon: <LoginOutlined /> },
};

/** The dot before an event: what went wrong is red, what recovered green, the rest neutral. */
const EVENT_STATUS: Partial<Record<AuditAction, 'error' | 'success' | 'warning'>> = {
  'maintenance.failed': 'error',
  'device.offline': 'error',
  'maintenance.succeeded': 'success',
  'device.online': 'success',
  'device.reset': 'warning',
  'device.delete': 'warning',
};

export const KIND_FILTER: ListFilter<RunlogKind> = {
  label: 'Kind filter',
  placeholder: 'All kinds',
  options: RUNLOG_KINDS.map((k) => ({ value: k, label: RUNLOG_KIND_LABELS[k] })),
  width: 160,
};

const columns: ColumnsType<RunlogEntry> = [
  { key: 'at', title: 'Time', width: 170, render: (_, e) => formatDateTime(e.at, Date.now(), true) },
  {
    key: 'kind',
    title: 'Kind',
    width: 150,
    render: (_, e) => (
      <Tag color={KIND_LOOK[e.kind].color} icon={KIND_LOOK[e.kind].icon}>
        {RUNLOG_KIND_LABELS[e.kind]}
      </Tag>
    ),
  },
  {
    key: 'event',
    title: 'Event',
    width: 210,
    render: (_, e) => (
      <Badge status={EVENT_STATUS[e.action] ?? 'default'} text={RUNLOG_ACTION_LABELS[e.action]} />
    ),
  },
  {
    key: 'device',
    title: 'Device',
    width: 170,
    render: (_, e) =>
      e.deviceId !== null && e.deviceName ? (
        <Link to={devicePath(e.deviceId)}>{e.deviceName}</Link>
      ) : (
        (e.deviceName ?? <Typography.Text type="secondary">—</Typography.Text>)
      ),
  },
  {
    key: 'account',
    title: 'User',
    width: 140,
    render: (_, e) =>
      e.account ? (
        <Typography.Text ellipsis={{ tooltip: e.account.nick }}>{e.account.nick}</Typography.Text>
      ) : (
        <Typography.Text type="secondary">System</Typography.Text>
      ),
  },
  {
    key: 'summary',
    title: 'Details',
    render: (_, e) => (
      <Typography.Paragraph ellipsis={{ rows: 2, tooltip: e.summary }} style={{ margin: 0 }}>
        {e.summary}
      </Typography.Paragraph>
    ),
  },
];

export interface SystemLogFilters {
  range: [Dayjs, Dayjs] | null;
  deviceId: number | undefined;
  kind: RunlogKind | undefined;
  accountId: number | undefined;
}

/** The filters as the API takes them (the list and the export). */
export function filterQuery(f: SystemLogFilters): RunlogFilter {
  return {
    from: f.range ? f.range[0].startOf('minute').valueOf() : undefined,
    to: f.range ? f.range[1].endOf('minute').valueOf() : undefined,
    deviceId: f.deviceId,
    kind: f.kind,
    accountId: f.accountId,
  };
}

interface SystemLogProps {
  projectId: number;
  filters: SystemLogFilters;
  onFilters(f: SystemLogFilters): void;
  page: number;
  pageSize: number;
  onPage(page: number, pageSize: number): void;
}

/** The system log: what happened in the project, filtered by time, device, kind and user, a page at a time. */
export function SystemLog({ projectId, filters, onFilters, page, pageSize, onPage }: SystemLogProps) {
  const log = useRunlog(projectId, { ...filterQuery(filters), page, pageSize });
  const accounts = useRunlogAccounts(projectId);
  const set = (patch: Partial<SystemLogFilters>) => onFilters({ ...filters, ...patch });
  const filtering =
    filters.range !== null ||
    filters.deviceId !== undefined ||
    filters.kind !== undefined ||
    filters.accountId !== undefined;
  return (
    <>
      <Flex gap={12} align="center" wrap className="nl-runlog-filters" data-testid="runlog-filters">
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={filters.range}
          onChange={(v) => set({ range: v?.[0] && v[1] ? [v[0], v[1]] : null })}
          aria-label="Time range"
          placeholder={['From', 'To']}
          style={{ width: 310 }}
        />
        <LogDeviceFilter
          projectId={projectId}
          value={filters.deviceId}
          onChange={(v) => set({ deviceId: v })}
        />
        <FilterSelect<RunlogKind>
          filter={KIND_FILTER}
          value={filters.kind}
          onChange={(kind) => set({ kind })}
        />
        <Select<number>
          allowClear
          placeholder="All users"
          aria-label="User filter"
          data-testid="runlog-user-filter"
          style={{ width: 170 }}
          value={filters.accountId}
          onChange={(v) => set({ accountId: v ?? undefined })}
          loading={accounts.isLoading}
          options={[
            { value: 0, label: 'System (devices)' },
            ...(accounts.data?.items ?? []).map((a) => ({ value: a.id, label: a.nick })),
          ]}
        />
        {filtering ? (
          <Button
            type="link"
            onClick={() =>
              onFilters({ range: null, deviceId: undefined, kind: undefined, accountId: undefined })
            }
          >
            Clear filters
          </Button>
        ) : null}
      </Flex>
      <Table<RunlogEntry>
        rowKey="id"
        size="middle"
        tableLayout="fixed"
        scroll={{ x: 1000 }}
        sticky={STICKY_HEADER}
        columns={columns}
        dataSource={log.data?.items ?? []}
        loading={log.isLoading}
        data-testid="runlog-table"
        pagination={{
          current: page,
          pageSize,
          total: log.data?.total ?? 0,
          ...PAGINATION_DEFAULTS,
          onChange: (p, s) => onPage(s === pageSize ? p : 1, s),
        }}
        locale={{
          emptyText: filtering
            ? 'No entries match these filters.'
            : 'Nothing logged yet — configuration changes, maintenance, and devices going offline or back appear here.',
        }}
      />
    </>
  );
}
