import { CloudDownloadOutlined } from '@ant-design/icons';
import { type FirmwareFile, isUpgradeFinal, newerFirmwareFor, UPGRADE_STAGE_LABELS } from '@netloom/domain';
import { Flex, Progress, Tag, Tooltip, Typography } from 'antd';
import { useFirmwareCatalogue, useUpgradeStatuses } from './api';
import { stageText } from './words';

/** How long a finished upgrade's result stays on the row. */
const SHOW_RESULT_MS = 30 * 60_000;

interface FirmwareFacts {
  id: number;
  model: string | null;
  firmwareVersion: string | null;
}

/** The catalogue's newer firmware for a device (model and running version), or null. */
export function useNewerFirmware(
  projectId: number | null,
  device: { model: string | null; firmwareVersion: string | null },
): FirmwareFile | null {
  const catalogue = useFirmwareCatalogue(projectId ?? 0);
  return projectId === null ? null : newerFirmwareFor(catalogue, device);
}

/**
 * "Newer firmware available" (issue 13 §1): shown when the project's catalogue has a newer version
 * for the device's model than it runs (domain `newerFirmwareFor`). Empty otherwise.
 */
export function NewerFirmwareBadge({
  projectId,
  device,
  compact = false,
}: {
  projectId: number;
  device: Omit<FirmwareFacts, 'id'>;
  compact?: boolean;
}) {
  const newer = newerFirmwareFor(useFirmwareCatalogue(projectId), device);
  if (!newer) return null;
  const title = `Firmware ${newer.version} is available for ${newer.model} (this device runs ${
    device.firmwareVersion ?? 'an unknown version'
  }).${newer.notes ? ` ${newer.notes}` : ''}`;
  return (
    <Tooltip title={title}>
      <Tag
        color="processing"
        icon={<CloudDownloadOutlined />}
        className="nl-firmware-newer"
        data-testid="firmware-newer"
        data-version={newer.version}
        style={{ marginInlineEnd: 0 }}
      >
        {compact ? newer.version : `${newer.version} available`}
      </Tag>
    </Tooltip>
  );
}

/**
 * The device list's Firmware cell: the version it runs, "newer available", and while an upgrade
 * runs its §4 stage with progress (live); a finished upgrade's result stays a while.
 */
export function FirmwareCell({ projectId, device }: { projectId: number; device: FirmwareFacts }) {
  const status = useUpgradeStatuses(projectId).get(device.id);
  const running = status && !isUpgradeFinal(status.stage);
  const recent = status && isUpgradeFinal(status.stage) && Date.now() - status.job.updatedAt < SHOW_RESULT_MS;
  return (
    <Flex vertical gap={2} data-testid="firmware-cell" data-upgrade-stage={status?.stage ?? ''}>
      <Flex gap={6} align="center" wrap>
        <Typography.Text>{device.firmwareVersion ?? '—'}</Typography.Text>
        {running ? null : <NewerFirmwareBadge projectId={projectId} device={device} compact />}
      </Flex>
      {running && status ? (
        <Tooltip title={`Upgrading to ${status.version}`}>
          <div data-testid="upgrade-progress">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {UPGRADE_STAGE_LABELS[status.stage]}
            </Typography.Text>
            <Progress percent={status.job.percent ?? 0} size="small" status="active" showInfo={false} />
          </div>
        </Tooltip>
      ) : null}
      {recent && status ? <UpgradeResultTag status={status} /> : null}
    </Flex>
  );
}

function UpgradeResultTag({
  status,
}: {
  status: NonNullable<ReturnType<ReturnType<typeof useUpgradeStatuses>['get']>>;
}) {
  const { label, why } = stageText(status);
  const ok = status.stage === 'success';
  return (
    <Tooltip title={why ?? `Now running ${status.version}`}>
      <Tag color={ok ? 'success' : 'error'} data-testid="upgrade-result" style={{ width: 'fit-content' }}>
        {label}
      </Tag>
    </Tooltip>
  );
}
