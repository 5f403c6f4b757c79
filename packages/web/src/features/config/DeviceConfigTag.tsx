import type { ConfigTargetStatus } from '@netloom/domain';
import { useConfigStatus } from './api';
import { ConfigStatusTag } from './ConfigStatusTag';

/** One device's delivery state, from the project's delivery status (kept fresh by live events). */
export function useDeviceDelivery(projectId: number, deviceId: number): ConfigTargetStatus | undefined {
  const status = useConfigStatus(projectId);
  return status.data?.devices.find((d) => d.deviceId === deviceId);
}

/**
 * A device's config delivery state (applied / pending with age / failed with reason) next to its
 * name (UI.md). Nothing while no settings document targets the device.
 */
export function DeviceConfigTag({ projectId, deviceId }: { projectId: number; deviceId: number }) {
  const t = useDeviceDelivery(projectId, deviceId);
  return t ? <ConfigStatusTag {...t} /> : null;
}
