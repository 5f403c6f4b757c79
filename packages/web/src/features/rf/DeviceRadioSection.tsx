import { MESH_NODE_TYPES } from '@netloom/domain';
import { Alert, Typography } from 'antd';
import { DEMO_DISABLED_TITLE, useIsDemoProject } from '../../session/demoProject';
import { RadioSettingsPanel } from './RadioSettingsPanel';

/**
 * Device kinds whose radios a person sets here: APs, wireless routers and mesh units (CPE bridges
 * have their own screen). A secondary mesh node runs its primary node's radios (§6: not configurable).
 */
const RADIO_SETTING_KINDS = ['ap', 'wrouter', 'mesh'];

/** Whether the device is a secondary mesh node (read-only: managed by its primary node). */
export function isSecondaryMeshNode(device: { type: string; meshRole?: number | null }): boolean {
  return device.type === 'mesh' && device.meshRole === MESH_NODE_TYPES.SECONDARY;
}

/** The "Radio settings" section of the device drawer, for APs, wireless routers and mesh units. */
export function DeviceRadioSection({
  projectId,
  device,
  canWrite,
}: {
  projectId: number;
  device: { id: number; type: string; meshRole?: number | null };
  canWrite: boolean;
}) {
  const demo = useIsDemoProject();
  if (!RADIO_SETTING_KINDS.includes(device.type)) return null;
  if (isSecondaryMeshNode(device)) {
    return (
      <section>
        <Typography.Title level={5}>Radio settings</Typography.Title>
        <Alert
          type="info"
          showIcon
          message="Managed by the primary node"
          description="A secondary mesh node runs the radios and Wi-Fi networks of its primary node; set them on the primary node."
          data-testid="secondary-node-radios"
        />
      </section>
    );
  }
  return (
    <section>
      <Typography.Title level={5}>Radio settings</Typography.Title>
      <RadioSettingsPanel
        projectId={projectId}
        deviceId={device.id}
        canEdit={canWrite && !demo}
        disabledReason={demo ? DEMO_DISABLED_TITLE : canWrite ? undefined : 'You can only view this project.'}
      />
    </section>
  );
}
