import { CheckCircleFilled, CloseCircleFilled, CloudDownloadOutlined } from '@ant-design/icons';
import { type FirmwareFile, isUpgradeFinal, newerFirmwareFor, UPGRADE_STAGE_LABELS } from '@netloom/domain';
import { Flex, Progress, Tag, Tooltip, Typography } from 'antd';
import { useFirmwareCatalogue, useUpgradeStatuses } from './api';
import { stageText } from './words';
import './firmware.css';

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
  iconOnly = false,
}: {
  projectId: number;
  device: Omit<FirmwareFacts, 'id'> & { id?: number };
  compact?: boolean;
  /** Just the icon (beside a name in the list, where a row stays one line high). */
  iconOnly?: boolean;
}) {
  const newer = newerFirmwareFor(useFirmwareCatalogue(projectId), device);
  const upgrading = useUpgradeStatuses(projectId).get(device.id ?? -1);
  // While an upgrade runs, its stage says more than the prompt.
  if (!newer || (upgrading && !isUpgradeFinal(upgrading.stage))) return null;
  const title = `Firmware ${newer.version} is available for ${newer.model} (this device runs ${
    device.firmwareVersion ?? 'an unknown version'
  }).${newer.notes ? ` ${newer.notes}` : ''}`;
  if (iconOnly)
    return (
      <Tooltip title={title}>
        <CloudDownloadOutlined
          className="nl-firmware-newer-icon"
          style={{ color: '#1677ff', marginInlineStart: 6 }}
          aria-label={`Firmware ${newer.version} available`}
          data-testid="firmware-newer-icon"
          data-version={newer.version}
        />
      </Tooltip>
    );
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
 * A running upgrade's §4 stage with its progress (live), or a finished one's result for a while;
 * nothing otherwise. Under the name in the device list, in the drawer's Firmware row.
 */
export function UpgradeStatusLine({ projectId, deviceId }: { projectId: number; deviceId: number }) {
  const status = useUpgradeStatuses(projectId).get(deviceId);
  if (!status) return null;
  if (!isUpgradeFinal(status.stage))
    return (
      <Tooltip title={`Upgrading to ${status.version}: ${UPGRADE_STAGE_LABELS[status.stage]}`}>
        <div data-testid="upgrade-progress" data-stage={status.stage} className="nl-upgrade-progress">
          <div className="nl-upgrade-stage">
            {UPGRADE_STAGE_LABELS[status.stage]} · {Math.round(status.job.percent ?? 0)}%
          </div>
          <Progress percent={status.job.percent ?? 0} size="small" status="active" showInfo={false} />
        </div>
      </Tooltip>
    );
  if (Date.now() - status.job.updatedAt >= SHOW_RESULT_MS) return null;
  return <UpgradeResultTag status={status} />;
}

/**
 * The Firmware value: the version it runs and "newer available"; with `withUpgrade` (the drawer),
 * a running upgrade's stage or a finished one's result below.
 */
export function FirmwareCell({
  projectId,
  device,
  withUpgrade = false,
}: {
  projectId: number;
  device: FirmwareFacts;
  withUpgrade?: boolean;
}) {
  const status = useUpgradeStatuses(projectId).get(device.id);
  const running = status !== undefined && !isUpgradeFinal(status.stage);
  return (
    <Flex vertical gap={2} data-testid="firmware-cell">
      <Flex gap={6} align="center" wrap>
        <Typography.Text>{device.firmwareVersion ?? '—'}</Typography.Text>
        {running ? null : <NewerFirmwareBadge projectId={projectId} device={device} compact />}
      </Flex>
      {withUpgrade ? <UpgradeStatusLine projectId={projectId} deviceId={device.id} /> : null}
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
      <Typography.Text
        type={ok ? 'success' : 'danger'}
        className="nl-upgrade-result"
        data-testid="upgrade-result"
        data-stage={status.stage}
      >
        {ok ? <CheckCircleFilled /> : <CloseCircleFilled />} {label}
      </Typography.Text>
    </Tooltip>
  );
}
