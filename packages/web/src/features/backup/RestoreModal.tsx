/**
 * Restore a backup: to its own device or a same-model replacement (an installer swapping a broken
 * unit). The dialog says what happens — the backup's settings become the console's settings for
 * that device again, the device applies the file and restarts — then follows the restore's stages
 * live until the device's answer.
 */
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { type BackupView, errorMessage, REBOOT_SECONDS } from '@netloom/domain';
import { Alert, Descriptions, Modal, Progress, Result, Select, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime, plural } from '../../components/format';
import { useBackupDevices } from './api';
import { stageText } from './words';

const SECONDS_PER_MINUTE = 60;

interface RestoreModalProps {
  projectId: number;
  /** The backup being restored (kept fresh from the list while the restore runs). */
  backup: BackupView | null;
  /** Set once the restore was started from this dialog: it then shows its progress. */
  started: boolean;
  busy: boolean;
  onCancel(): void;
  onConfirm(deviceId: number | undefined): void;
}

export function RestoreModal({ projectId, backup, started, busy, onCancel, onConfirm }: RestoreModalProps) {
  const devices = useBackupDevices(projectId, backup?.model);
  const [target, setTarget] = useState<number | undefined>(undefined);
  if (!backup) return null;
  const sameModel = (devices.data?.items ?? []).filter((d) => d.model === backup.model);
  const chosen = target ?? backup.deviceId ?? undefined;
  const restore = started ? backup.restore : null;

  if (started) {
    const done = restore?.status === 'done';
    const failed = restore?.status === 'failed';
    return (
      <Modal
        open
        title={`Restoring ${restore?.deviceName ?? backup.deviceName}`}
        okText="Done"
        onOk={onCancel}
        onCancel={onCancel}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        {done ? (
          <Result
            status="success"
            icon={<CheckCircleFilled />}
            title="Configuration restored"
            subTitle={`${restore?.deviceName ?? backup.deviceName} applied the file and is restarting; it receives its settings from the console when it is back.`}
          />
        ) : failed ? (
          <Result
            status="error"
            icon={<CloseCircleFilled />}
            title="The restore failed"
            subTitle={
              restore?.code != null ? errorMessage(restore.code) : 'The device did not restore the file.'
            }
          />
        ) : (
          <div className="nl-backup-progress">
            <Typography.Text>{stageText(restore?.stage ?? null)}</Typography.Text>
            <Progress percent={restore?.percent ?? 0} status="active" />
          </div>
        )}
      </Modal>
    );
  }

  return (
    <Modal
      open
      title="Restore configuration"
      okText="Restore"
      okButtonProps={{ danger: true, loading: busy, disabled: chosen === undefined }}
      onCancel={onCancel}
      onOk={() => onConfirm(chosen === backup.deviceId ? undefined : chosen)}
      width={560}
    >
      <Descriptions size="small" column={1} bordered className="nl-backup-restore-info">
        <Descriptions.Item label="Backup">{backup.fileName}</Descriptions.Item>
        <Descriptions.Item label="Taken">{formatDateTime(backup.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="Model">{backup.model}</Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph strong className="nl-backup-field-label">
        Restore to
      </Typography.Paragraph>
      <Select
        aria-label="Restore to"
        className="nl-backup-target"
        value={chosen}
        loading={devices.isLoading}
        placeholder="Choose a device of the same model"
        onChange={(v: number) => setTarget(v)}
        options={sameModel.map((d) => ({
          value: d.id,
          label: d.id === backup.deviceId ? `${d.name} (the backed-up device)` : `${d.name} · ${d.sn}`,
        }))}
      />
      <Alert
        type="warning"
        showIcon
        className="nl-backup-alert"
        title="What happens"
        description={
          <>
            The device's settings saved with this backup
            {backup.documents.length > 0 ? ` (${backup.documents.join(', ')})` : ''} become its settings in
            the console again, as a new version in the configuration history. The device then applies the file
            and restarts (about {plural(Math.round(REBOOT_SECONDS / SECONDS_PER_MINUTE), 'minute')}); its
            clients reconnect when it is back. Project-wide settings — Wi-Fi, VLANs, network — stay as they
            are now.
          </>
        }
      />
    </Modal>
  );
}
