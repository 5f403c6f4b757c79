import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import {
  type FirmwareFile,
  type MaintenanceOutcome,
  maintenanceRefusalReason,
  newerFirmwareFor,
} from '@netloom/domain';
import { Alert, App, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { ApiError } from '../../api/client';
import { plural } from '../../components/format';
import { useFirmwareCatalogue, useFirmwareList, useRunUpgrade } from './api';
import { UPGRADE_EFFECT, type UpgradeDevice } from './words';

/** Why a device will not be upgraded (the maintenance rule, then the catalogue), or null. */
export function upgradeSkipReason(
  d: UpgradeDevice,
  target: FirmwareFile | null,
  named: boolean,
): string | null {
  const reason = maintenanceRefusalReason('upgrade', d);
  if (reason) return reason;
  if (!target)
    return named ? 'The firmware file does not match the device model.' : 'No newer firmware for this model.';
  return null;
}

interface Row {
  device: UpgradeDevice;
  target: FirmwareFile | null;
  skip: string | null;
}

/**
 * Confirm an upgrade of one device or a selection (issue 13 §1): each device with the version it
 * runs and the one it gets (the catalogue's latest for its model, or a file chosen when they all
 * share one model), the ones that will be skipped and why, what happens and how long (§9). After
 * the click, the result per device.
 */
export function UpgradeModal({
  projectId,
  devices,
  onClose,
  onStarted,
}: {
  projectId: number;
  devices: UpgradeDevice[] | null;
  onClose(): void;
  onStarted?(): void;
}) {
  const { message } = App.useApp();
  const catalogue = useFirmwareCatalogue(projectId);
  const files = useFirmwareList(projectId).data?.files ?? [];
  const run = useRunUpgrade(projectId);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const [result, setResult] = useState<MaintenanceOutcome[] | null>(null);
  const models = useMemo(() => [...new Set((devices ?? []).map((d) => d.model))], [devices]);
  const oneModel = models.length === 1 && models[0] ? models[0] : null;
  const choices = oneModel ? files.filter((f) => f.model === oneModel) : [];
  const named = chosen !== undefined ? (files.find((f) => f.id === chosen) ?? null) : null;

  if (!devices) return null;
  const rows: Row[] = devices.map((device) => {
    const target = named
      ? named.model === device.model
        ? named
        : null
      : newerFirmwareFor(catalogue, device);
    return { device, target, skip: upgradeSkipReason(device, target, named !== null) };
  });
  const ready = rows.filter((r) => r.skip === null);
  const close = () => {
    setResult(null);
    setChosen(undefined);
    onClose();
  };

  async function confirm() {
    try {
      const answer = await run.mutateAsync({ deviceIds: ready.map((r) => r.device.id), firmwareId: chosen });
      onStarted?.();
      if (answer.kind === 'one') {
        message.success(`Upgrading 1 device. Follow its progress in the list.`);
        close();
      } else setResult(answer.result.results);
    } catch (err) {
      if (err instanceof ApiError && err.shownGlobally) return;
      message.error(err instanceof Error ? err.message : 'The upgrade could not be started.');
    }
  }

  if (result) {
    const started = result.filter((r) => r.ok).length;
    return (
      <Modal
        open
        title={`Upgrade: ${started} started, ${result.length - started} refused`}
        onCancel={close}
        onOk={close}
        okText="Done"
        cancelButtonProps={{ style: { display: 'none' } }}
        width={640}
        data-testid="upgrade-batch-result"
      >
        <Typography.Paragraph type="secondary">
          {started > 0
            ? `${plural(started, 'device')} received the upgrade; the list shows each one's stage live.`
            : 'No device received the upgrade.'}
        </Typography.Paragraph>
        <Table<MaintenanceOutcome>
          rowKey="deviceId"
          size="small"
          columns={resultColumns}
          dataSource={result}
          pagination={result.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        />
      </Modal>
    );
  }

  const [first] = devices;
  const title =
    devices.length === 1 && first
      ? `Upgrade “${first.name}”?`
      : `Upgrade ${plural(devices.length, 'device')}?`;
  return (
    <Modal
      open
      title={title}
      onCancel={close}
      onOk={() => void confirm()}
      okText={ready.length > 1 ? `Upgrade ${plural(ready.length, 'device')}` : 'Upgrade'}
      okButtonProps={{ disabled: ready.length === 0, loading: run.isPending }}
      width={680}
      data-testid="upgrade-confirm"
      destroyOnHidden
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{UPGRADE_EFFECT}</Typography.Paragraph>
        {choices.length > 1 ? (
          <Space>
            <Typography.Text>Firmware</Typography.Text>
            <Select
              style={{ minWidth: 260 }}
              value={chosen ?? 0}
              onChange={(v: number) => setChosen(v === 0 ? undefined : v)}
              options={[
                { value: 0, label: 'The latest for the model (recommended)' },
                ...choices.map((f) => ({ value: f.id, label: `${f.version} — ${f.fileName}` })),
              ]}
              data-testid="upgrade-firmware-select"
            />
          </Space>
        ) : null}
        {ready.length < rows.length ? (
          <Alert
            type="warning"
            showIcon
            message={`${plural(rows.length - ready.length, 'device')} will be skipped`}
            description="The reason is shown next to each one."
          />
        ) : null}
        <Table<Row>
          rowKey={(r) => r.device.id}
          size="small"
          columns={confirmColumns}
          dataSource={rows}
          pagination={rows.length > 8 ? { pageSize: 8, showSizeChanger: false } : false}
        />
      </Space>
    </Modal>
  );
}

const confirmColumns: ColumnsType<Row> = [
  { key: 'name', title: 'Device', render: (_, r) => r.device.name },
  { key: 'model', title: 'Model', width: 120, render: (_, r) => r.device.model ?? '—' },
  {
    key: 'version',
    title: 'Firmware',
    width: 190,
    render: (_, r) =>
      r.target ? (
        <span>
          {r.device.firmwareVersion ?? '—'} → <b>{r.target.version}</b>
        </span>
      ) : (
        (r.device.firmwareVersion ?? '—')
      ),
  },
  {
    key: 'skip',
    title: '',
    width: 200,
    render: (_, r) =>
      r.skip ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Skipped: {r.skip}
        </Typography.Text>
      ) : (
        <Tag color="processing">Will upgrade</Tag>
      ),
  },
];

const resultColumns: ColumnsType<MaintenanceOutcome> = [
  { key: 'device', title: 'Device', render: (_, r) => r.name ?? `Device #${r.deviceId}` },
  {
    key: 'result',
    title: 'Result',
    width: 120,
    render: (_, r) =>
      r.ok ? (
        <Tag color="success" icon={<CheckCircleFilled />}>
          Started
        </Tag>
      ) : (
        <Tag color="error" icon={<CloseCircleFilled />}>
          Refused
        </Tag>
      ),
  },
  {
    key: 'why',
    title: 'Why',
    render: (_, r) =>
      r.ok ? <Typography.Text type="secondary">Sent to the device</Typography.Text> : r.message,
  },
];
