import { Typography } from 'antd';
import { DEMO_DISABLED_TITLE, useIsDemoProject } from '../demo/useDemoProject';
import { RadioSettingsPanel } from './RadioSettingsPanel';

/** Device kinds whose radios a person sets here (CPE bridges and mesh nodes have their own screens). */
const RADIO_SETTING_KINDS = ['ap', 'wrouter'];

/** The "Radio settings" section of the device drawer, for APs and wireless routers. */
export function DeviceRadioSection({
  projectId,
  device,
  canWrite,
}: {
  projectId: number;
  device: { id: number; type: string };
  canWrite: boolean;
}) {
  const demo = useIsDemoProject();
  if (!RADIO_SETTING_KINDS.includes(device.type)) return null;
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
