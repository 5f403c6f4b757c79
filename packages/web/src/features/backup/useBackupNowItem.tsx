import { CloudUploadOutlined } from '@ant-design/icons';
import { backupRefusal, errorMessage, NET_MODES } from '@netloom/domain';
import { App, type MenuProps } from 'antd';
import { ApiError } from '../../api/client';
import { changeBlockedReason } from '../../session/projectRights';
import { useCurrentProject } from '../../session/session';
import { useBackupActions } from './api';

/** What the item needs of a device (the drawer's detail has it all). */
export interface BackupNowDevice {
  id: number;
  name: string;
  type: string;
  model: string | null;
  status: number;
  managementMode: number | null;
  meshRole: number | null;
}

type MenuItem = NonNullable<MenuProps['items']>[number];

/**
 * "Back up now" for one device, as an item of the device drawer's "…" menu: disabled with the
 * reason before the click, answered with the server's message (187 within 3 minutes). Null in a
 * mesh project, which has no configuration backup (§2).
 */
export function useBackupNowItem(projectId: number, device: BackupNowDevice): MenuItem | null {
  const { project } = useCurrentProject();
  const { create } = useBackupActions(projectId);
  const { message } = App.useApp();
  if (project?.netMode !== NET_MODES.WLAN) return null;
  const code = backupRefusal(device);
  const reason = changeBlockedReason(project) ?? (code === null ? null : errorMessage(code));
  return {
    key: 'backup',
    icon: <CloudUploadOutlined />,
    disabled: reason !== null,
    label: reason ? `Back up now — ${reason}` : 'Back up now',
    onClick: () =>
      create.mutate([device.id], {
        onSuccess: (r) => {
          const out = r.results[0];
          if (out?.ok) message.success(`Backing up “${device.name}”: see Configuration backup.`);
          else message.error(out?.message ?? 'The backup could not be started.');
        },
        onError: (err) => {
          if (err instanceof ApiError && err.shownGlobally) return;
          message.error(err instanceof Error ? err.message : 'The backup could not be started.');
        },
      }),
  };
}
