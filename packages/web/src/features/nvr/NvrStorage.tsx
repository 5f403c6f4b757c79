import { ClearOutlined, VideoCameraOutlined } from '@ant-design/icons';
import {
  type DeviceDetail,
  type DiskFormatJob,
  formatDiskRefusalReason,
  formatRecordingEffect,
} from '@netloom/domain';
import { Alert, App, Badge, Button, Flex, Progress, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { plural } from '../../components/format';
import { isOpen, useFormatDisk, useFormatJobs } from './api';
import {
  formatDuration,
  HEALTH_COLORS,
  healthLabel,
  jobResultText,
  resolutionText,
  STATUS_COLORS,
  sizeText,
  statusLabel,
} from './words';
import './nvr.css';

type Disk = DeviceDetail['disks'][number];
type Channel = DeviceDetail['channels'][number];

interface Props {
  projectId: number;
  device: DeviceDetail;
  canWrite: boolean;
}

/**
 * A recorder's drawer sections (issue 13 §4): Storage — each disk's capacity, use, health and
 * status, with "Format" (a confirmation that says what is erased and how long it takes, then the
 * live progress and the result) — and Cameras — each channel's camera, whether it is online, the
 * resolution recorded and whether it is recording now.
 */
export function NvrSections({ projectId, device, canWrite }: Props) {
  if (device.type !== 'nvr' && device.disks.length === 0 && device.channels.length === 0) return null;
  return (
    <>
      <NvrStorage projectId={projectId} device={device} canWrite={canWrite} />
      <NvrCameras channels={device.channels} />
    </>
  );
}

function NvrStorage({ projectId, device, canWrite }: Props) {
  const { modal, message } = App.useApp();
  const jobs = useFormatJobs(projectId, device.id).data?.jobs ?? [];
  const format = useFormatDisk(projectId, device.id);
  const running = jobs.find(isOpen);
  // The latest finished job, until it is dismissed (the list is newest first).
  const [dismissed, setDismissed] = useState<string | null>(null);
  const latest = jobs[0];
  const result = latest && !isOpen(latest) && latest.id !== dismissed ? latest : null;
  const disks = device.disks;
  const used = disks.reduce((n, d) => n + d.usedGb, 0);
  const capacity = disks.reduce((n, d) => n + d.capacityGb, 0);

  const confirm = (disk: Disk) =>
    modal.confirm({
      title: `Format disk ${disk.id} of “${device.name}”?`,
      width: 480,
      content: (
        <Flex vertical gap={8} data-testid="format-disk-confirm">
          <Typography.Text strong>
            All recordings on disk {disk.id} ({sizeText(disk.usedGb)} of {sizeText(disk.capacityGb)}) are
            erased and cannot be recovered.
          </Typography.Text>
          <Typography.Text>{formatRecordingEffect(disks.length)}</Typography.Text>
          <Typography.Text type="secondary">It takes {formatDuration(disk.capacityGb)}.</Typography.Text>
        </Flex>
      ),
      okText: 'Format disk',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await format.mutateAsync(disk.id);
          setDismissed(null);
          message.info(`Formatting disk ${disk.id}…`);
        } catch (error) {
          if (error instanceof ApiError && error.shownGlobally) return;
          message.error(error instanceof ApiError ? error.message : 'The format could not be sent.');
        }
      },
    });

  return (
    <section data-testid="nvr-storage">
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={5}>Storage</Typography.Title>
        {disks.length > 0 ? (
          <Typography.Text type="secondary">
            {plural(disks.length, 'disk')} · {sizeText(used)} of {sizeText(capacity)} used
          </Typography.Text>
        ) : null}
      </Flex>
      {result ? (
        <Alert
          className="nl-nvr-result"
          type={result.status === 'done' ? 'success' : 'error'}
          showIcon
          closable
          onClose={() => setDismissed(result.id)}
          title={jobResultText(result)}
          data-testid="format-result"
        />
      ) : null}
      {disks.length === 0 ? (
        <Typography.Text type="secondary">
          No disk is installed: the recorder cannot record until a disk is fitted.
        </Typography.Text>
      ) : (
        <Table<Disk>
          size="small"
          pagination={false}
          rowKey="id"
          dataSource={disks}
          data-testid="nvr-disks"
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'id', title: 'Disk', render: (_, d) => `Disk ${d.id}` },
            { key: 'capacity', title: 'Capacity', render: (_, d) => sizeText(d.capacityGb) },
            {
              key: 'used',
              title: 'Used',
              width: 200,
              render: (_, d) => <UsedCell disk={d} job={jobOf(jobs, d)} />,
            },
            {
              key: 'health',
              title: 'Health',
              render: (_, d) => (
                <Tag color={HEALTH_COLORS[d.health ?? ''] ?? 'default'}>{healthLabel(d.health)}</Tag>
              ),
            },
            {
              key: 'status',
              title: 'Status',
              render: (_, d) => {
                const job = jobOf(jobs, d);
                const status = job ? 'formatting' : d.status;
                return <Tag color={STATUS_COLORS[status] ?? 'default'}>{statusLabel(status)}</Tag>;
              },
            },
            ...(canWrite
              ? [
                  {
                    key: 'action',
                    title: '',
                    align: 'right' as const,
                    render: (_: unknown, d: Disk) => {
                      const reason = formatDiskRefusalReason(device, disks, d.id, { formatting: !!running });
                      return (
                        <Tooltip title={reason}>
                          <Button
                            size="small"
                            danger
                            icon={<ClearOutlined />}
                            disabled={reason !== null}
                            loading={format.isPending && format.variables === d.id}
                            onClick={() => confirm(d)}
                            data-testid={`format-disk-${d.id}`}
                          >
                            Format
                          </Button>
                        </Tooltip>
                      );
                    },
                  },
                ]
              : []),
          ]}
        />
      )}
    </section>
  );
}

/** The open format job of this disk, if any. */
function jobOf(jobs: readonly DiskFormatJob[], d: Disk): DiskFormatJob | undefined {
  return jobs.find((j) => j.disk === d.id && isOpen(j));
}

/** The fill level, or the format's progress while one runs. */
function UsedCell({ disk, job }: { disk: Disk; job: DiskFormatJob | undefined }) {
  if (job || disk.status === 'formatting') {
    const pct = job?.percent ?? 0;
    return (
      <Progress
        size="small"
        status="active"
        percent={pct}
        format={() => `Formatting ${pct}%`}
        data-testid={`format-progress-${disk.id}`}
      />
    );
  }
  const pct = disk.capacityGb > 0 ? Math.round((disk.usedGb / disk.capacityGb) * 100) : 0;
  return (
    <Progress
      size="small"
      percent={pct}
      format={() => `${sizeText(disk.usedGb)} / ${sizeText(disk.capacityGb)}`}
    />
  );
}

function NvrCameras({ channels }: { channels: readonly Channel[] }) {
  const online = channels.filter((c) => c.online).length;
  const recording = channels.filter((c) => c.recording).length;
  return (
    <section data-testid="nvr-cameras">
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={5}>Cameras</Typography.Title>
        {channels.length > 0 ? (
          <Typography.Text type="secondary">
            {online} of {plural(channels.length, 'camera')} online · {recording} recording
          </Typography.Text>
        ) : null}
      </Flex>
      {channels.length === 0 ? (
        <Typography.Text type="secondary">No camera is connected to this recorder.</Typography.Text>
      ) : (
        <Table<Channel>
          size="small"
          pagination={false}
          rowKey="channel"
          dataSource={[...channels]}
          data-testid="nvr-channels"
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'channel', title: 'Channel', render: (_, c) => `CH ${c.channel}` },
            {
              key: 'camera',
              title: 'Camera',
              render: (_, c) =>
                c.model || c.sn ? (
                  <Flex vertical>
                    <span>
                      <VideoCameraOutlined /> {c.model ?? 'Camera'}
                    </span>
                    {c.sn ? (
                      <Typography.Text type="secondary" className="nl-mono nl-nvr-sn">
                        {c.sn}
                      </Typography.Text>
                    ) : null}
                  </Flex>
                ) : (
                  <Typography.Text type="secondary">—</Typography.Text>
                ),
            },
            { key: 'ip', title: 'IP address', render: (_, c) => c.ip ?? '—' },
            {
              key: 'online',
              title: 'Status',
              render: (_, c) => (c.online ? <Tag color="success">Online</Tag> : <Tag>Offline</Tag>),
            },
            { key: 'resolution', title: 'Resolution', render: (_, c) => resolutionText(c.resolution) },
            {
              key: 'recording',
              title: 'Recording',
              render: (_, c) =>
                c.recording ? (
                  <Badge status="error" text="Recording" />
                ) : (
                  <Badge status="default" text="Not recording" />
                ),
            },
          ]}
        />
      )}
    </section>
  );
}
