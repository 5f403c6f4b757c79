import { MenuOutlined, PlusOutlined } from '@ant-design/icons';
import { canConfigure } from '@netloom/domain';
import { Button, Flex, Layout, Tooltip } from 'antd';
import { useState } from 'react';
import { useScreenSize } from '../../browser/screenSize';
import { AlarmBell } from '../../features/alarms';
import { PendingConfigIndicator } from '../../features/config';
import { LazyAddDeviceModal, PendingBell } from '../../features/devices';
import { useProjectLocked } from '../../features/projects';
import { GlobalSearch } from '../../features/search';
import { useCurrentProject } from '../../session/session';
import { AccountMenu } from './AccountMenu';
import { LiveIndicator } from './LiveIndicator';
import { ProjectSwitcher } from './ProjectSwitcher';

interface HeaderBarProps {
  /** On a phone: opens the menu drawer (the header then starts with a menu button). */
  onOpenMenu?: () => void;
}

/**
 * Header (UI.md): project switcher left; add device, alarms and the account menu right. On a phone
 * it stays one row: a menu button first, and "Add device" as an icon, so the bell, the delivery
 * state and the account menu (with Log out) always fit.
 */
export function HeaderBar({ onOpenMenu }: HeaderBarProps) {
  const [addOpen, setAddOpen] = useState(false);
  const phone = useScreenSize() === 'phone';
  const { project } = useCurrentProject();
  // Adding needs the manage right on the current project (§6); without a project the modal explains.
  const readOnly = project !== null && !canConfigure(project.right);
  const locked = useProjectLocked();
  return (
    <Layout.Header className="nl-header">
      <Flex align="center" gap={4} className="nl-header-start">
        {onOpenMenu ? (
          <Button
            type="text"
            icon={<MenuOutlined />}
            onClick={onOpenMenu}
            aria-label="Open menu"
            className="nl-header-menu-button"
          />
        ) : null}
        <ProjectSwitcher />
        <GlobalSearch />
      </Flex>
      <Flex align="center" gap={phone ? 2 : 12} className="nl-header-end">
        <LiveIndicator />
        <Tooltip
          title={
            readOnly
              ? 'You can only view this project: adding devices needs the manage right.'
              : locked
                ? 'This project is read-only: its owner locked the configuration.'
                : phone
                  ? 'Add device'
                  : undefined
          }
        >
          <Button
            type="primary"
            shape={phone ? 'circle' : 'default'}
            icon={<PlusOutlined />}
            disabled={readOnly || locked}
            onClick={() => setAddOpen(true)}
            aria-label={phone ? 'Add device' : undefined}
          >
            {phone ? null : 'Add device'}
          </Button>
        </Tooltip>
        <PendingConfigIndicator />
        <PendingBell />
        <AlarmBell />
        <AccountMenu />
      </Flex>
      <LazyAddDeviceModal open={addOpen} onClose={() => setAddOpen(false)} />
    </Layout.Header>
  );
}
