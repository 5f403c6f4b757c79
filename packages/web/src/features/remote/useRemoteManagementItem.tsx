import { GlobalOutlined } from '@ant-design/icons';
import { remoteRefusalReason } from '@netloom/domain';
import { App, type MenuProps } from 'antd';
import { ApiError } from '../../api/client';
import { changeBlockedReason } from '../../session/projectRights';
import { useCurrentProject } from '../../session/session';
import { useOpenRemote } from './api';

/** What the item needs of a device (the drawer's detail has it all). */
export interface RemoteDevice {
  id: number;
  name: string;
  type: string;
  model: string | null;
  status: number;
  managementMode: number | null;
  meshRole: number | null;
}

type MenuItem = NonNullable<MenuProps['items']>[number];

/** The placeholder the new tab shows while the device opens its tunnel. */
function waitingTab(tab: Window, deviceName: string): void {
  tab.document.title = 'Remote management';
  const p = tab.document.createElement('p');
  p.textContent = `Connecting to “${deviceName}”…`;
  p.style.cssText = 'font:15px system-ui,sans-serif;color:#4b5563;margin:20vh auto;text-align:center';
  tab.document.body.appendChild(p);
}

/**
 * "Remote management" for one device, as an item of the device drawer's "…" menu (issue 13 §3):
 * the device's own web page in a new tab, through the console. Disabled with the reason before the
 * click (a read-only share, a demo project, offline, local management mode…); a refusal after it
 * (the device refused, no tunnel in time, too many sessions) closes the tab and says why.
 */
export function useRemoteManagementItem(projectId: number, device: RemoteDevice): MenuItem {
  const { project } = useCurrentProject();
  const open = useOpenRemote(projectId);
  const { message } = App.useApp();
  const reason = changeBlockedReason(project) ?? remoteRefusalReason(device);
  return {
    key: 'remote',
    icon: <GlobalOutlined />,
    disabled: reason !== null || open.isPending,
    label: reason ? `Remote management — ${reason}` : 'Remote management',
    onClick: () => {
      // Opened now, inside the click (a tab opened after the answer would be blocked as a pop-up).
      const tab = window.open('', '_blank');
      if (tab) {
        tab.opener = null;
        waitingTab(tab, device.name);
      }
      open.mutate(device.id, {
        onSuccess: (session) => {
          if (tab) tab.location.replace(session.url);
          else window.open(session.url, '_blank', 'noopener');
        },
        onError: (err) => {
          tab?.close();
          if (err instanceof ApiError && err.shownGlobally) return;
          message.error(err instanceof Error ? err.message : 'Remote management could not be opened.');
        },
      });
    },
  };
}
