/**
 * "Back up now": choose the devices of the project; each row says why it cannot be backed up now
 * (the rule of domain `backupRefusal` and the 3-minute interval, 187), and the dialog names the
 * general backups the new ones will overwrite (§4: beyond 128 the oldest goes) before the click.
 */
import {
  BACKUP_MAX_PER_PROJECT,
  type BackupView,
  backupIntervalRefusal,
  backupRefusal,
  backupsOverwritten,
  type Device,
  deviceDisplayStatus,
  errorMessage,
} from '@netloom/domain';
import { Alert, Modal, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { formatDateTime } from '../../components/format';
import { DisplayStatusTag } from '../../components/StatusTag';
import { useBackupDevices } from './api';

interface BackupNowModalProps {
  projectId: number;
  open: boolean;
  backups: readonly BackupView[];
  busy: boolean;
  onCancel(): void;
  onConfirm(deviceIds: number[]): void;
}

/** Why a device cannot be backed up now, or null. */
function refusalOf(d: Device, backups: readonly BackupView[], now: number): string | null {
  const code = backupRefusal({
    type: d.type,
    model: d.model,
    status: d.status,
    managementMode: d.managementMode,
    meshRole: d.meshRole,
  });
  if (code !== null) return errorMessage(code);
  const last = backups
    .filter((b) => b.deviceId === d.id && b.sync !== 'fail')
    .reduce<number | null>((m, b) => (m === null || b.createdAt > m ? b.createdAt : m), null);
  const interval = backupIntervalRefusal(last, now);
  return interval === null ? null : errorMessage(interval);
}

export function BackupNowModal({ projectId, open, backups, busy, onCancel, onConfirm }: BackupNowModalProps) {
  const devices = useBackupDevices(projectId);
  const [selected, setSelected] = useState<number[]>([]);
  const now = Date.now();
  const rows = devices.data?.items ?? [];
  // A hundred rows at most: recomputed on every render, so the 3-minute rule follows the clock.
  const reasons = new Map(rows.map((d) => [d.id, refusalOf(d, backups, now)]));
  const overwritten = backupsOverwritten(backups, selected.length);

  const columns: ColumnsType<Device> = [
    {
      key: 'name',
      title: 'Device',
      width: 240,
      render: (_, d) => (
        <div>
          <div>{d.name}</div>
          <Typography.Text type="secondary" className="nl-mono nl-backup-sub nl-backup-nowrap">
            {d.sn}
          </Typography.Text>
        </div>
      ),
    },
    { key: 'model', title: 'Model', render: (_, d) => d.model ?? '—' },
    {
      key: 'status',
      title: 'Status',
      render: (_, d) => <DisplayStatusTag status={deviceDisplayStatus(d.status)} />,
    },
    {
      key: 'why',
      title: 'Backup',
      render: (_, d) => {
        const why = reasons.get(d.id);
        return why ? (
          <Typography.Text type="secondary">{why}</Typography.Text>
        ) : (
          <Typography.Text>Ready</Typography.Text>
        );
      },
    },
  ];

  return (
    <Modal
      open={open}
      title="Back up now"
      width={760}
      okText={selected.length > 1 ? `Back up ${selected.length} devices` : 'Back up'}
      okButtonProps={{ disabled: selected.length === 0, loading: busy }}
      onCancel={() => {
        setSelected([]);
        onCancel();
      }}
      onOk={() => {
        onConfirm(selected);
        setSelected([]);
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        Each device uploads its configuration file to the cloud. A device can be backed up once every 3
        minutes; new backups are general backups — make one the device's restore point from the list.
      </Typography.Paragraph>
      {overwritten.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          className="nl-backup-alert"
          title={`The project keeps at most ${BACKUP_MAX_PER_PROJECT} general backups`}
          description={`This backup overwrites the oldest: ${overwritten
            .map((b) => `${b.fileName} (${formatDateTime(b.createdAt)})`)
            .join(', ')}.`}
        />
      ) : null}
      <Table<Device>
        rowKey="id"
        size="small"
        loading={devices.isLoading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 360 }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (d) => ({
            disabled: reasons.get(d.id) !== null,
            'aria-label': `Select ${d.name}`,
          }),
        }}
      />
    </Modal>
  );
}
