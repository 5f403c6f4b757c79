import type { AuditAction, AuditEntry } from '@netloom/domain';
import { Alert, Empty, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatDateTime } from '../../components/format';
import { STICKY_HEADER } from '../../components/table';
import { useAudit } from './api';
import type { LogFilter } from './logPath';
import { usePagedTable } from './usePagedTable';

const ACTION_LOOK: Record<AuditAction, { label: string; color: string }> = {
  'config.save': { label: 'Saved', color: 'blue' },
  'config.restore': { label: 'Restored', color: 'purple' },
  'port.poeReboot': { label: 'PoE reboot', color: 'orange' },
};

const columns: ColumnsType<AuditEntry> = [
  { key: 'at', title: 'Time', width: 150, render: (_, e) => formatDateTime(e.at) },
  {
    key: 'account',
    title: 'Account',
    width: 140,
    render: (_, e) => (
      <Typography.Text ellipsis={{ tooltip: e.account?.nick }}>{e.account?.nick ?? 'System'}</Typography.Text>
    ),
  },
  {
    key: 'device',
    title: 'Device',
    width: 170,
    render: (_, e) =>
      e.deviceName ?? (
        <Typography.Text type="secondary">{e.deviceId === null ? 'Whole project' : '—'}</Typography.Text>
      ),
  },
  {
    key: 'action',
    title: 'Action',
    width: 110,
    render: (_, e) => <Tag color={ACTION_LOOK[e.action].color}>{ACTION_LOOK[e.action].label}</Tag>,
  },
  {
    key: 'summary',
    title: 'Summary',
    render: (_, e) => (
      <Typography.Paragraph ellipsis={{ rows: 2, tooltip: e.summary }} style={{ margin: 0 }}>
        {e.summary}
      </Typography.Paragraph>
    ),
  },
];

/** Every configuration change of the project: who changed what, when, on which device. */
export function AuditTable({ projectId, filter }: { projectId: number; filter: LogFilter }) {
  const { deviceId, withProject } = filter;
  const { page, pageSize, pagination } = usePagedTable(['change', 'changes']);
  const audit = useAudit(projectId, { deviceId, withProject: withProject || undefined, page, pageSize });
  return (
    <>
      <Typography.Paragraph type="secondary" className="nl-log-hint">
        Saved and restored settings and PoE reboots, newest first.
      </Typography.Paragraph>
      {audit.isError ? (
        <Alert type="error" showIcon title={audit.error.message} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<AuditEntry>
        rowKey="id"
        size="middle"
        tableLayout="fixed"
        scroll={{ x: 900 }}
        sticky={STICKY_HEADER}
        columns={columns}
        dataSource={audit.data?.items ?? []}
        loading={audit.isFetching && !audit.isLoading}
        pagination={pagination(audit.data?.total ?? 0)}
        locale={{
          emptyText: audit.isLoading ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                deviceId !== undefined
                  ? 'No configuration changes for this device yet.'
                  : 'No configuration changes yet — they appear here when someone saves network or switch settings.'
              }
            />
          ),
        }}
      />
    </>
  );
}
