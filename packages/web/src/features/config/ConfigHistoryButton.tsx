import { HistoryOutlined } from '@ant-design/icons';
import type { ConfigKind } from '@netloom/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { ConfigHistoryDrawer } from './ConfigHistoryDrawer';

interface ConfigHistoryButtonProps {
  projectId: number;
  kind: ConfigKind;
  deviceId?: number;
  deviceName?: string | null;
  /** The version the page shows: a restore is based on it (414 if someone saved after). */
  currentVersion: number;
}

/** "History" action of a settings page: versions, diff and restore in a drawer. */
export function ConfigHistoryButton({ currentVersion, ...doc }: ConfigHistoryButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)} disabled={currentVersion === 0}>
        History
      </Button>
      <ConfigHistoryDrawer
        {...doc}
        currentVersion={currentVersion}
        open={open}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
