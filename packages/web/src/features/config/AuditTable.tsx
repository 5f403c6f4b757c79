import type { AuditAction, AuditEntry } from '@netloom/domain';
import { Alert, Empty, Flex, Select, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useDeviceList } from '../devices/api';
import { useAudit } from './api';
import { formatDateTime } from './format';
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

/** Devices to filter by, searched on the server so large projects stay quick. */
function DeviceFilter({
  projectId,
  value,
  onChange,
}: {
  projectId: number;
  value?: number;
  onChange(v?: number): void;
}) {
  const [q, setQ] = useState('');
  const list = useDeviceList(projectId, { q: q || undefined, pageSize: 20, sort: 'name', order: 'asc' });
  return (
    <Select
      allowClear
      showSearch={{ filterOption: false, onSearch: setQ }}
      placeholder="All devices"
      aria-label="Filter by device"
      style={{ width: 260 }}
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      loading={list.isFetching}
      options={(list.data?.items ?? []).map((d) => ({ value: d.id, label: d.name || d.sn }))}
      notFoundContent={list.isFetching ? null : 'No device matches'}
    />
  );
}

/** Every configuration change of the project: who changed what, when, on which device. */
export function AuditTable({ projectId }: { projectId: number }) {
  const [deviceId, setDeviceId] = useState<number | undefined>();
  const { page, pageSize, resetPage, pagination } = usePagedTable(['change', 'changes']);
  const audit = useAudit(projectId, { deviceId, page, pageSize });
  return (
    <>
      <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
        <DeviceFilter
          projectId={projectId}
          value={deviceId}
          onChange={(v) => {
            setDeviceId(v);
            resetPage();
          }}
        />
        <Typography.Text type="secondary">
          Saved and restored settings and PoE reboots, newest first.
        </Typography.Text>
      </Flex>
      {audit.isError ? (
        <Alert type="error" showIcon title={audit.error.message} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<AuditEntry>
        rowKey="id"
        size="middle"
        tableLayout="fixed"
        scroll={{ x: 900 }}
        sticky={{ offsetHeader: 56 }}
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
