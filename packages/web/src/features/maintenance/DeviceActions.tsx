import { AimOutlined, EllipsisOutlined, PoweroffOutlined, UndoOutlined } from '@ant-design/icons';
import {
  MAINTENANCE_ACTION_INFO,
  MAINTENANCE_ACTIONS,
  type MaintenanceAction,
  maintenanceRefusalReason,
} from '@netloom/domain';
import { Button, Dropdown, type MenuProps, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
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
  return (
    <Space size={8} data-testid="device-actions">
      {MAINTENANCE_ACTIONS.map((action) => {
        const reason = maintenanceRefusalReason(action, device);
        return (
          <Tooltip key={action} title={reason}>
            <Button
              icon={ACTION_ICONS[action]}
              disabled={reason !== null}
              onClick={() => flow.start(action, [device])}
              data-testid={`device-action-${action}`}
            >
              {MAINTENANCE_ACTION_INFO[action].label}
            </Button>
          </Tooltip>
        );
      })}
      {more && more.length > 0 ? (
        <Dropdown menu={{ items: more }} trigger={['click']} placement="bottomRight">
          <Button icon={<EllipsisOutlined />} aria-label="More actions" data-testid="device-more" />
        </Dropdown>
      ) : null}
      {flow.dialogs}
    </Space>
  );
}
