/**
 * Configuration backup (issue 13 §2, spec §3 fields, §4 sync and restore points, §9 cap): the
 * project's backups with their sync state, "Back up now", restore points, remark, download, delete
 * and restore. Live: the list follows files arriving and restores running (`keys.ts`).
 */
import { CloudUploadOutlined, FlagOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import {
  BACKUP_MAX_PER_PROJECT,
  type BackupCreateResult,
  type BackupView,
  backupsOverwritten,
} from '@netloom/domain';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Input,
  List,
  Modal,
  Progress,
  Statistic,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { ApiError } from '../../api/client';
import { plural } from '../../components/format';
import { QueryContent } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { changeBlockedReason } from '../../session/projectRights';
import { useCurrentProject } from '../../session/session';
import { AutoBackupCard } from './AutoBackupCard';
import { backupFileHref, useBackupActions, useBackups } from './api';
import { BackupNowModal } from './BackupNowModal';
import { backupColumns } from './columns';
import { RemarkModal } from './RemarkModal';
import { RestoreModal } from './RestoreModal';
import './backup.css';

export default function BackupPage() {
  const { project } = useCurrentProject();
  const projectId = project?.id ?? 0;
  const blocked = changeBlockedReason(project);
  const list = useBackups(projectId);
  const actions = useBackupActions(projectId);
  const { message, modal } = App.useApp();
  const [backupNow, setBackupNow] = useState(false);
  const [batch, setBatch] = useState<BackupCreateResult | null>(null);
  const [remarkOf, setRemarkOf] = useState<BackupView | null>(null);
  const [restoring, setRestoring] = useState<{ id: number; started: boolean } | null>(null);
  const [search, setSearch] = useState('');

  const backups = list.data?.backups ?? [];
  const generalCount = list.data?.generalCount ?? 0;
  const restorePoints = backups.filter((b) => b.type === 'restore_point').length;
  const nextOverwritten = backupsOverwritten(backups, 1)[0];
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return backups;
    return backups.filter((b) =>
      [b.fileName, b.deviceName, b.sn, b.model, b.mac ?? '', b.remark].some((t) =>
        t.toLowerCase().includes(q),
      ),
    );
  }, [backups, search]);

  function failed(err: unknown, fallback: string) {
    if (err instanceof ApiError && err.shownGlobally) return;
    message.error(err instanceof Error ? err.message : fallback);
  }

  async function handleBackupNow(deviceIds: number[]) {
    try {
      const result = await actions.create.mutateAsync(deviceIds);
      setBackupNow(false);
      if (result.refused === 0) message.success(`Backing up ${plural(result.started, 'device')}…`);
      else setBatch(result);
    } catch (err) {
      failed(err, 'The backup could not be started.');
    }
  }

  const columns = backupColumns({
    blocked,
    downloadHref: (b) => backupFileHref(projectId, b.id),
    restore: (b) => setRestoring({ id: b.id, started: false }),
    editRemark: (b) => setRemarkOf(b),
    setType: (b, type) =>
      actions.update.mutate(
        { id: b.id, body: { type } },
        {
          onSuccess: () =>
            message.success(
              type === 'restore_point' ? 'Restore point set.' : 'Switched to a general backup.',
            ),
          onError: (err) => failed(err, 'The backup could not be changed.'),
        },
      ),
    remove: (b) =>
      modal.confirm({
        title: 'Delete this backup?',
        content: `${b.fileName} of ${b.deviceName} is deleted from the cloud; the device keeps its configuration.`,
        okText: 'Delete',
        okButtonProps: { danger: true },
        onOk: () =>
          actions.remove.mutateAsync(b.id).then(
            () => message.success('Backup deleted.'),
            (err: unknown) => failed(err, 'The backup could not be deleted.'),
          ),
      }),
  });

  const restoreBackup = restoring ? (backups.find((b) => b.id === restoring.id) ?? null) : null;

  return (
    <>
      <PageHeader
        title="Configuration backup"
        description="Copies of your devices' configuration files in the cloud: one restore point per device, and general backups."
        actions={
          <Tooltip title={blocked}>
            <Button
              type="primary"
              icon={<CloudUploadOutlined />}
              disabled={!!blocked}
              onClick={() => setBackupNow(true)}
            >
              Back up now
            </Button>
          </Tooltip>
        }
      />
      <Flex gap={16} wrap className="nl-backup-kpis">
        <Card size="small" className="nl-backup-kpi">
          <Statistic
            title="General backups"
            value={generalCount}
            suffix={`/ ${BACKUP_MAX_PER_PROJECT}`}
            prefix={<SafetyCertificateOutlined />}
          />
          <Progress
            percent={Math.round((generalCount / BACKUP_MAX_PER_PROJECT) * 100)}
            showInfo={false}
            size="small"
            status={generalCount >= BACKUP_MAX_PER_PROJECT ? 'exception' : 'normal'}
          />
        </Card>
        <Card size="small" className="nl-backup-kpi">
          <Statistic title="Restore points" value={restorePoints} prefix={<FlagOutlined />} />
          <Typography.Text type="secondary">One per device</Typography.Text>
        </Card>
        <AutoBackupCard projectId={projectId} blocked={blocked} />
      </Flex>
      {nextOverwritten ? (
        <Alert
          type="warning"
          showIcon
          className="nl-backup-alert"
          title={`${BACKUP_MAX_PER_PROJECT} general backups kept: the next backup overwrites the oldest, ${nextOverwritten.fileName}.`}
          description="Make a backup you want to keep a restore point, or delete the ones you no longer need."
        />
      ) : null}
      <Card
        className="nl-backup-card"
        title="Backups"
        extra={
          <Input.Search
            allowClear
            placeholder="Search file, device, SN, MAC or remark"
            aria-label="Search backups"
            className="nl-backup-search"
            onChange={(e) => setSearch(e.target.value)}
          />
        }
      >
        <QueryContent query={list} title="The backups could not be loaded.">
          <Table<BackupView>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={shown}
            scroll={{ x: 920 }}
            sticky
            pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
            locale={{
              emptyText: search
                ? 'No backup matches your search.'
                : 'No backups yet — click Back up now to take the first one.',
            }}
          />
        </QueryContent>
      </Card>

      <BackupNowModal
        projectId={projectId}
        open={backupNow}
        backups={backups}
        busy={actions.create.isPending}
        onCancel={() => setBackupNow(false)}
        onConfirm={(ids) => void handleBackupNow(ids)}
      />
      <Modal
        open={batch !== null}
        title={batch ? `${plural(batch.started, 'backup')} started, ${batch.refused} refused` : ''}
        onOk={() => setBatch(null)}
        onCancel={() => setBatch(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <List
          size="small"
          dataSource={batch?.results ?? []}
          renderItem={(r) => (
            <List.Item>
              <Typography.Text strong>{r.name ?? `Device ${r.deviceId}`}</Typography.Text>
              <Typography.Text type={r.ok ? 'success' : 'danger'}>
                {r.ok ? 'Backing up' : r.message}
              </Typography.Text>
            </List.Item>
          )}
        />
      </Modal>
      <RemarkModal
        backup={remarkOf}
        busy={actions.update.isPending}
        onCancel={() => setRemarkOf(null)}
        onSave={(remark) => {
          if (!remarkOf) return;
          actions.update.mutate(
            { id: remarkOf.id, body: { remark } },
            {
              onSuccess: () => setRemarkOf(null),
              onError: (err) => failed(err, 'The remark could not be saved.'),
            },
          );
        }}
      />
      {restoring ? (
        <RestoreModal
          projectId={projectId}
          backup={restoreBackup}
          started={restoring.started}
          busy={actions.restore.isPending}
          onCancel={() => setRestoring(null)}
          onConfirm={(deviceId) =>
            actions.restore.mutate(
              { id: restoring.id, deviceId },
              {
                onSuccess: () => setRestoring({ id: restoring.id, started: true }),
                onError: (err) => failed(err, 'The restore could not be started.'),
              },
            )
          }
        />
      ) : null}
    </>
  );
}
