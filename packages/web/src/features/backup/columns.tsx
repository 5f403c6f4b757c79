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

function TypeTag({ b }: { b: BackupView }) {
  return b.type === 'restore_point' ? (
    <Tag color="gold" icon={<FlagOutlined />}>
      {BACKUP_TYPE_LABELS.restore_point}
    </Tag>
  ) : (
    <Tag>{BACKUP_TYPE_LABELS.general}</Tag>
  );
}

/**
 * The §3 fields in five columns, so the table fits a laptop's width without scrolling: the file with
 * its type, size and remark; the device with its model, SN and MAC; the time; the sync state.
 */
export function backupColumns(a: BackupRowActions): ColumnsType<BackupView> {
  return [
    {
      key: 'file',
      title: 'File name',
      width: 250,
      render: (_, b) => (
        <Space direction="vertical" size={4} className="nl-backup-cell">
          <Typography.Text className="nl-mono nl-backup-file" ellipsis={{ tooltip: b.fileName }}>
            {b.fileName}
          </Typography.Text>
          <Space size={6} wrap>
            <TypeTag b={b} />
            <Typography.Text type="secondary" className="nl-backup-sub">
              {b.size === null ? 'No file yet' : formatBytes(b.size, 1)}
            </Typography.Text>
            {b.remark ? (
              <Typography.Text className="nl-backup-sub nl-backup-remark" ellipsis={{ tooltip: b.remark }}>
                {b.remark}
              </Typography.Text>
            ) : null}
          </Space>
        </Space>
      ),
    },
    {
      key: 'device',
      title: 'Device · model · MAC',
      width: 230,
      render: (_, b) => (
        <div className="nl-backup-cell">
          <Typography.Text ellipsis={{ tooltip: `${b.deviceName} · ${b.model}` }}>
            {b.deviceName} <Typography.Text type="secondary">· {b.model}</Typography.Text>
          </Typography.Text>
          <Typography.Text type="secondary" className="nl-backup-sub nl-mono nl-backup-nowrap">
            {b.sn}
          </Typography.Text>
          <Typography.Text type="secondary" className="nl-backup-sub nl-mono nl-backup-nowrap">
            {b.mac ?? '—'}
            {b.deviceId === null ? ' · no longer in the project' : ''}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'time',
      title: 'Backup time',
      width: 130,
      render: (_, b) => <span className="nl-backup-nowrap">{formatDateTime(b.createdAt)}</span>,
      sorter: (x, y) => x.createdAt - y.createdAt,
      defaultSortOrder: 'descend',
    },
    { key: 'sync', title: 'Sync status', render: (_, b) => <SyncCell b={b} /> },
    { key: 'actions', title: '', fixed: 'right', width: 160, render: (_, b) => <RowActions b={b} a={a} /> },
  ];
}
