import type { ConfigTargetStatus } from '@netloom/domain';
import { failureReason } from '@netloom/domain';
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ConfigStatusTag } from './ConfigStatusTag';
import { canRetry, RetryDeliveryBar } from './RetryDelivery';

const STATUS_ORDER = { failed: 0, pending: 1, applied: 2 } as const;

/** Failed first, then pending (oldest first), then applied: what needs attention on top. */
export function sortTargets(targets: readonly ConfigTargetStatus[]): ConfigTargetStatus[] {
  return [...targets].sort(
    (a, b) =>
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
      (a.pendingSince ?? 0) - (b.pendingSince ?? 0) ||
      a.name.localeCompare(b.name),
  );
}

function versionText(t: ConfigTargetStatus): string {
  if (t.status === 'applied') return `v${t.appliedVersion}`;
  return `v${t.appliedVersion === 0 ? '—' : t.appliedVersion} → v${t.desiredVersion}`;
}

const columns: ColumnsType<ConfigTargetStatus> = [
  {
    key: 'name',
    title: 'Device',
    render: (_, t) => (
      <div className="nl-config-target-name">
        <Typography.Text strong ellipsis={{ tooltip: t.name }}>
          {t.name}
        </Typography.Text>
        <Typography.Text type="secondary" className="nl-config-target-sub">
          {t.sn} · {t.online ? 'online' : 'offline'}
        </Typography.Text>
      </div>
    ),
  },
  {
    key: 'status',
    title: 'Status',
    width: 150,
    render: (_, t) => <ConfigStatusTag {...t} />,
  },
  {
    key: 'version',
    title: 'Applied → desired',
    width: 140,
    render: (_, t) => <span className="nl-config-version-cell">{versionText(t)}</span>,
  },
  {
    key: 'reason',
    title: 'Note',
    render: (_, t) =>
      t.status === 'failed' ? (
        <Typography.Text type="danger">{failureReason(t.failedCode, t.failedMessage)}</Typography.Text>
      ) : t.status === 'pending' && !t.online ? (
        <Typography.Text type="secondary">Gets it when it reconnects</Typography.Text>
      ) : t.status === 'pending' ? (
        <Typography.Text type="secondary">Waiting for the device to confirm</Typography.Text>
      ) : (
        <Typography.Text type="secondary">Up to date</Typography.Text>
      ),
  },
];

interface ConfigTargetTableProps {
  targets: readonly ConfigTargetStatus[];
  /** With a project: failed and pending rows can be ticked and sent again ("Retry delivery"). */
  projectId?: number;
}

/** Every device a document goes to, with its delivery state (used by the delivery bar and the header). */
export function ConfigTargetTable({ targets, projectId }: ConfigTargetTableProps) {
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const retryable = projectId !== undefined && targets.some(canRetry);
  // Rows that became applied meanwhile (live updates) drop out of the selection.
  const selected = targets.filter((t) => selectedIds.includes(t.deviceId) && canRetry(t));
  return (
    <>
      {retryable ? (
        <RetryDeliveryBar projectId={projectId} selected={selected} onDone={() => setSelectedIds([])} />
      ) : null}
      <Table<ConfigTargetStatus>
        className="nl-config-target-table"
        size="small"
        rowKey="deviceId"
        columns={columns}
        dataSource={sortTargets(targets)}
        {...(retryable
          ? {
              rowSelection: {
                selectedRowKeys: selected.map((t) => t.deviceId),
                onChange: (keys) => setSelectedIds(keys.map(Number)),
                getCheckboxProps: (t) => ({ disabled: !canRetry(t), 'aria-label': `Select ${t.name}` }),
              },
            }
          : {})}
        pagination={targets.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false}
        locale={{ emptyText: 'No device receives these settings yet.' }}
      />
    </>
  );
}
