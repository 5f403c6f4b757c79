import { CloudUploadOutlined } from '@ant-design/icons';
import { newerFirmwareFor } from '@netloom/domain';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { plural } from '../../components/format';
import { useFirmwareCatalogue } from './api';
import { UpgradeModal, upgradeSkipReason } from './UpgradeModal';
import type { UpgradeDevice } from './words';

/** The drawer's Upgrade: disabled with the reason (offline, NVR, no newer firmware…) before the click. */
export function DeviceUpgradeAction({ projectId, device }: { projectId: number; device: UpgradeDevice }) {
  const catalogue = useFirmwareCatalogue(projectId);
  const [open, setOpen] = useState(false);
  const reason = upgradeSkipReason(device, newerFirmwareFor(catalogue, device), false);
  return (
    <>
      <Tooltip title={reason}>
        <Button
          icon={<CloudUploadOutlined />}
          disabled={reason !== null}
          onClick={() => setOpen(true)}
          data-testid="device-action-upgrade"
        >
          Upgrade
        </Button>
      </Tooltip>
      <UpgradeModal projectId={projectId} devices={open ? [device] : null} onClose={() => setOpen(false)} />
    </>
  );
}

/** Upgrade the ticked devices: disabled with the reason when none of them can. */
export function BulkUpgradeAction({
  projectId,
  devices,
  onDone,
}: {
  projectId: number;
  devices: UpgradeDevice[];
  onDone(): void;
}) {
  const catalogue = useFirmwareCatalogue(projectId);
  const [pending, setPending] = useState<UpgradeDevice[] | null>(null);
  const skips = devices.map((d) => upgradeSkipReason(d, newerFirmwareFor(catalogue, d), false));
  const allowed = skips.filter((s) => s === null).length;
  const tip =
    allowed === 0
      ? `None of the selected devices can be upgraded now: ${skips.find((s) => s !== null) ?? ''}`
      : allowed < devices.length
        ? `${plural(allowed, 'device')} of ${devices.length}; ${devices.length - allowed} will be skipped.`
        : undefined;
  return (
    <>
      {devices.length > 0 ? (
        <Tooltip title={tip}>
          <Button
            icon={<CloudUploadOutlined />}
            disabled={allowed === 0}
            onClick={() => setPending(devices)}
            data-testid="bulk-upgrade"
          >
            Upgrade
          </Button>
        </Tooltip>
      ) : null}
      <UpgradeModal
        projectId={projectId}
        devices={pending}
        onClose={() => setPending(null)}
        onStarted={onDone}
      />
    </>
  );
}
