import { AimOutlined, EllipsisOutlined, PoweroffOutlined, UndoOutlined } from '@ant-design/icons';
import {
  MAINTENANCE_ACTION_INFO,
  MAINTENANCE_ACTIONS,
  type MaintenanceAction,
  maintenanceRefusalReason,
} from '@netloom/domain';
import { Button, Dropdown, type MenuProps, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useScreenSize } from '../../browser/screenSize';
import { useMaintenance } from './useMaintenance';
import type { MaintenanceDevice } from './words';

export const ACTION_ICONS: Record<MaintenanceAction, ReactNode> = {
  reboot: <PoweroffOutlined />,
  locate: <AimOutlined />,
  reset: <UndoOutlined />,
};

interface Props {
  projectId: number;
  device: MaintenanceDevice;
  /** The device feature's own items of the "…" menu (Delete, with its confirmation). */
  more?: MenuProps['items'];
}

/**
 * The device drawer's actions (issue 13 §1): Restart, Locate and Reset, each disabled with the
 * reason before the click when the rule refuses it (offline, rebooting, local mode…), and a "…"
 * menu for the rarer ones the device feature adds (Delete).
 */
export function DeviceActions({ projectId, device, more }: Props) {
  const flow = useMaintenance(projectId);
  const screen = useScreenSize();
  const reasons = MAINTENANCE_ACTIONS.map((action) => ({
    action,
    reason: maintenanceRefusalReason(action, device),
  }));
  // A phone has no room beside the device's name: every action goes into the "…" menu, with the
  // reason of a refused one as its description.
  const inMenu = screen === 'phone';
  const menu: MenuProps['items'] = [
    ...(inMenu
      ? reasons.map(({ action, reason }) => ({
          key: action,
          icon: ACTION_ICONS[action],
          disabled: reason !== null,
          label: reason
            ? `${MAINTENANCE_ACTION_INFO[action].label} — ${reason}`
            : MAINTENANCE_ACTION_INFO[action].label,
          onClick: () => flow.start(action, [device]),
        }))
      : []),
    ...(inMenu && more && more.length > 0 ? [{ type: 'divider' as const }] : []),
    ...(more ?? []),
  ];
  return (
    <Space size={8} data-testid="device-actions">
      {inMenu
        ? null
        : reasons.map(({ action, reason }) => (
            <Tooltip
              key={action}
              title={reason ?? (screen === 'tablet' ? MAINTENANCE_ACTION_INFO[action].label : null)}
            >
              <Button
                icon={ACTION_ICONS[action]}
                disabled={reason !== null}
                onClick={() => flow.start(action, [device])}
                aria-label={MAINTENANCE_ACTION_INFO[action].label}
                data-testid={`device-action-${action}`}
              >
                {screen === 'tablet' ? null : MAINTENANCE_ACTION_INFO[action].label}
              </Button>
            </Tooltip>
          ))}
      {menu.length > 0 ? (
        <Dropdown menu={{ items: menu }} trigger={['click']} placement="bottomRight">
          <Button icon={<EllipsisOutlined />} aria-label="More actions" data-testid="device-more" />
        </Dropdown>
      ) : null}
      {flow.dialogs}
    </Space>
  );
}
