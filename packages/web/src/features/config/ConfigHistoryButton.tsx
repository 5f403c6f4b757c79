import { HistoryOutlined } from '@ant-design/icons';
import type { ConfigKind } from '@netloom/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { ConfigHistoryDrawer } from './ConfigHistoryDrawer';

interface ConfigHistoryButtonProps {
  projectId: number;
  kind: ConfigKind;
  /** The device of a per-device document (bridge, switching, radio). */
  device?: { id: number; name: string };
  /** The version the page shows: a restore is based on it (414 if someone saved after). */
  currentVersion: number;
}

/** "History" action of a settings page: versions, diff and restore in a drawer. */
export function ConfigHistoryButton({ projectId, kind, device, currentVersion }: ConfigHistoryButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)} disabled={currentVersion === 0}>
        History
      </Button>
      <ConfigHistoryDrawer
        projectId={projectId}
        kind={kind}
        {...(device ? { deviceId: device.id, deviceName: device.name } : {})}
        currentVersion={currentVersion}
        open={open}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
