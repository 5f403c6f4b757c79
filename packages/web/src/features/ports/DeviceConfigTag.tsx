import { ConfigStatusTag } from '../config';
import { useConfigStatus } from '../config/api';

/**
 * A device's config delivery state (applied / pending with age / failed with reason) next to its
 * name (UI.md). Nothing while no settings document targets the device.
 */
export function DeviceConfigTag({ projectId, deviceId }: { projectId: number; deviceId: number }) {
  const status = useConfigStatus(projectId);
  const t = status.data?.devices.find((d) => d.deviceId === deviceId);
  if (!t) return null;
  return (
    <ConfigStatusTag
      status={t.status}
      pendingSince={t.pendingSince}
      failedCode={t.failedCode}
      failedMessage={t.failedMessage}
    />
  );
}
