/** The backup table's columns (§3 fields) and each row's actions. */
import {
  CloudDownloadOutlined,
  DeleteOutlined,
  EditOutlined,
  EllipsisOutlined,
  FlagOutlined,
  HistoryOutlined,
  RollbackOutlined,
} from '@ant-design/icons';
import { BACKUP_TYPE_LABELS, type BackupView, formatBytes } from '@netloom/domain';
import { Button, Dropdown, type MenuProps, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatDateTime } from '../../components/format';
import { SYNC_LOOK, stageText, syncFailure } from './words';

export interface BackupRowActions {
  /** Why changes are blocked (demo, read-only), or null. */
  blocked: string | null;
  downloadHref(b: BackupView): string;
  restore(b: BackupView): void;
  setType(b: BackupView, type: BackupView['type']): void;
  editRemark(b: BackupView): void;
  remove(b: BackupView): void;
}

function SyncCell({ b }: { b: BackupView }) {
  const look = SYNC_LOOK[b.sync];
  const failure = syncFailure(b);
  const tag = (
    <Tag color={look.color} className="nl-status-tag">
      {look.label}
    </Tag>
  );
  const restore = b.restore;
  return (
    <Space direction="vertical" size={2}>
      {failure ? <Tooltip title={failure}>{tag}</Tooltip> : tag}
      {restore ? (
        <Typography.Text
          type={restore.status === 'failed' ? 'danger' : 'secondary'}
          className="nl-backup-sub"
        >
          {restore.status === 'running'
            ? `Restoring: ${stageText(restore.stage)}${restore.percent !== null ? ` ${restore.percent} %` : ''}`
            : restore.status === 'done'
              ? `Restored to ${restore.deviceName} ${formatDateTime(restore.at)}`
              : `Restore to ${restore.deviceName} failed`}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

function RowActions({ b, a }: { b: BackupView; a: BackupRowActions }) {
  const ready = b.sync === 'success';
  const restoring = b.restore?.status === 'running';
  const restorePoint = b.type === 'restore_point';
  const menu: MenuProps['items'] = [
    restorePoint
      ? { key: 'general', icon: <HistoryOutlined />, label: 'Make general backup', disabled: !!a.blocked }
      : {
          key: 'restore_point',
          icon: <FlagOutlined />,
          label: 'Make restore point',
          disabled: !!a.blocked || !ready,
        },
    { key: 'remark', icon: <EditOutlined />, label: 'Edit remark', disabled: !!a.blocked },
    { type: 'divider' },
    {
      key: 'delete',
      icon: <DeleteOutlined />,
      label: restorePoint ? (
        <Tooltip title="A restore point cannot be deleted: make it a general backup first.">Delete</Tooltip>
      ) : (
        'Delete'
      ),
      danger: true,
      disabled: !!a.blocked || restorePoint,
    },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'general' || key === 'restore_point') a.setType(b, key);
    else if (key === 'remark') a.editRemark(b);
    else if (key === 'delete') a.remove(b);
  };
  return (
    <Space size={4}>
      <Tooltip title={a.blocked ?? (ready ? null : 'Available once the backup is synchronised.')}>
        <Button
          size="small"
          icon={<RollbackOutlined />}
          disabled={!!a.blocked || !ready || restoring}
          onClick={() => a.restore(b)}
        >
          Restore
        </Button>
      </Tooltip>
      <Tooltip title="Download the file">
        <Button
          size="small"
          type="text"
          icon={<CloudDownloadOutlined />}
          aria-label={`Download ${b.fileName}`}
          disabled={!ready}
          href={ready ? a.downloadHref(b) : undefined}
          download={b.fileName}
        />
      </Tooltip>
      <Dropdown menu={{ items: menu, onClick }} trigger={['click']} placement="bottomRight">
        <Button
          size="small"
          type="text"
          icon={<EllipsisOutlined />}
          aria-label={`More actions for ${b.fileName}`}
        />
      </Dropdown>
    </Space>
  );
}

export function backupColumns(a: BackupRowActions): ColumnsType<BackupView> {
  return [
    {
      key: 'file',
      title: 'File name',
      render: (_, b) => (
        <Typography.Text className="nl-mono nl-backup-file" ellipsis={{ tooltip: b.fileName }}>
          {b.fileName}
        </Typography.Text>
      ),
      width: 280,
    },
    {
      key: 'device',
      title: 'Device',
      render: (_, b) => (
        <div>
          <div>{b.deviceName}</div>
          <Typography.Text type="secondary" className="nl-backup-sub nl-mono">
            {b.sn}
            {b.deviceId === null ? ' · no longer in the project' : ''}
          </Typography.Text>
        </div>
      ),
    },
    { key: 'model', title: 'Model', dataIndex: 'model' },
    {
      key: 'mac',
      title: 'MAC',
      render: (_, b) => <span className="nl-mono">{b.mac ?? '—'}</span>,
    },
    {
      key: 'type',
      title: 'Type',
      render: (_, b) =>
        b.type === 'restore_point' ? (
          <Tag color="gold" icon={<FlagOutlined />}>
            {BACKUP_TYPE_LABELS.restore_point}
          </Tag>
        ) : (
          <Tag>{BACKUP_TYPE_LABELS.general}</Tag>
        ),
    },
    {
      key: 'size',
      title: 'Size',
      align: 'right',
      render: (_, b) => (b.size === null ? '—' : formatBytes(b.size, 1)),
    },
    {
      key: 'time',
      title: 'Backup time',
      render: (_, b) => formatDateTime(b.createdAt),
      sorter: (x, y) => x.createdAt - y.createdAt,
      defaultSortOrder: 'descend',
    },
    {
      key: 'remark',
      title: 'Remark',
      render: (_, b) => (b.remark ? b.remark : <Typography.Text type="secondary">—</Typography.Text>),
    },
    { key: 'sync', title: 'Sync status', render: (_, b) => <SyncCell b={b} /> },
    { key: 'actions', title: '', fixed: 'right', width: 170, render: (_, b) => <RowActions b={b} a={a} /> },
  ];
}
